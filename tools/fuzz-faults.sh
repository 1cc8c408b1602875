#!/usr/bin/env bash
# Issue 47: every buildable misreading differs from the reference somewhere
# in play. For each misreading of spec/<variant>/misreadings.yaml (both
# codings; those with `not_in_play:` aside) `regelwerk fuzz --fault ID`
# plays a few random games of the reference against the reference playing
# the misreading, then, if they never part, one short game from the start
# of every scenario of the variant's suite (--from-suite). Exit 1 names
# the misreadings that never differed. Those listed in
# tests/data/fuzz-faults-blind.txt (state the position text does not
# carry) are expected never to differ; one of them that does differ fails
# too (its line is stale).
#
# Usage: tools/fuzz-faults.sh [VARIANT...]   (default: all five)
# Env:   REGELWERK (the binary; default target/debug/regelwerk),
#        GAMES (random games, default 2), PLIES (actions per game, default 40);
#        a misreading that did not differ is tried once more with
#        RETRY_GAMES (default 200) games of RETRY_PLIES (default 400).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${REGELWERK:-target/debug/regelwerk}
games=${GAMES:-2}
plies=${PLIES:-40}
retry_games=${RETRY_GAMES:-200}
retry_plies=${RETRY_PLIES:-400}
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(monarchie grand racingkings threekingdoms sovereign)
quiet=()
stale=()
blind_seen=0
total=0
blind_list=tests/data/fuzz-faults-blind.txt
is_blind() { grep -q "^$1 :" "$blind_list"; }
began=$SECONDS
for variant in "${variants[@]}"; do
    # The IDs of the kept misreadings, with `-` for one held out of play.
    ids=$(awk '
        /^misreadings:/ { kept = 1; next }
        /^[a-z]/ { if (id != "") print id, held; kept = 0; id = "" }
        kept && /^  - id: / { if (id != "") print id, held; id = $3; held = "-" }
        kept && /^    not_in_play:/ { held = "held" }
        END { if (id != "") print id, held }
    ' "spec/$variant/misreadings.yaml")
    while read -r id held; do
        [ -z "$id" ] && continue
        [ "$held" = "held" ] && continue
        total=$((total + 1))
        # A listed coding gets the short run only (enough to see it stale).
        retry=("$bin" fuzz --variant "$variant" --fault "$id" --games "$retry_games" --max-plies "$retry_plies" --from-suite -q)
        is_blind "$id" && retry=(true)
        if "$bin" fuzz --variant "$variant" --fault "$id" --games "$games" --max-plies "$plies" --from-suite -q >/dev/null 2>&1 \
            && "${retry[@]}" >/dev/null 2>&1; then
            if is_blind "$id"; then
                blind_seen=$((blind_seen + 1))
            else
                quiet+=("$id")
            fi
        else
            code=$?
            if [ "$code" -ne 1 ]; then
                quiet+=("$id (error, exit $code)")
            elif is_blind "$id"; then
                stale+=("$id")
            fi
        fi
    done <<< "$ids"
done
echo "fuzz-faults: $total misreadings in $((SECONDS - began)) s, ${#quiet[@]} never differed${quiet[*]:+: ${quiet[*]}}; $blind_seen listed in $blind_list as invisible to the driver"
if [ ${#stale[@]} -gt 0 ]; then
    echo "fuzz-faults: listed as invisible but differed (delete their lines in $blind_list): ${stale[*]}" >&2
fi
[ ${#quiet[@]} -eq 0 ] && [ ${#stale[@]} -eq 0 ]
