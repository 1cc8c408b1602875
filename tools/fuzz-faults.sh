#!/usr/bin/env bash
# Issue 47: every buildable misreading differs from the reference somewhere
# in play. For each misreading of spec/<variant>/misreadings.yaml (both
# codings; those with `not_in_play:` aside) `regelwerk fuzz --fault ID`
# plays a few random games of the reference against the reference playing
# the misreading, then, if they never part, one short game from the start
# of every scenario of the variant's suite (--from-suite). Exit 1 names
# the misreadings that never differed.
#
# Usage: tools/fuzz-faults.sh [VARIANT...]   (default: all five)
# Env:   REGELWERK (the binary; default target/debug/regelwerk),
#        GAMES (random games, default 2), PLIES (actions per game, default 40)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${REGELWERK:-target/debug/regelwerk}
games=${GAMES:-2}
plies=${PLIES:-40}
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(monarchie grand racingkings threekingdoms sovereign)
quiet=()
total=0
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
        if "$bin" fuzz --fault "$id" --games "$games" --max-plies "$plies" --from-suite -q >/dev/null 2>&1; then
            quiet+=("$id")
        elif [ $? -ne 1 ]; then
            quiet+=("$id (error)")
        fi
    done <<< "$ids"
done
echo "fuzz-faults: $total misreadings in $((SECONDS - began)) s, ${#quiet[@]} never differed${quiet[*]:+: ${quiet[*]}}"
[ ${#quiet[@]} -eq 0 ]
