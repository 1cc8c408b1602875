#!/usr/bin/env bash
# The outside implementations (implementations/, docs/implementations.md):
# installs each library from its registry, runs `regelwerk conform` on it
# for every variant it plays (and a short `fuzz` for the fast ones), and
# prints the conformance matrix. Exits non-zero on a NEW difference (one
# that is neither a declared known difference nor a declared reading), on
# a declared difference that no longer fails, or on a run that gave no
# result. Called from .ci/run; runs on its own too (from the repository).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
began=$(date +%s.%N)
out=target/implementations
rm -rf "$out" && mkdir -p "$out"
bin=${REGELWERK:-target/release/regelwerk}
[ -x "$bin" ] || cargo build --release

echo "== implementations: installing from the registries (Debian, PyPI, npm, crates.io)"
if ! command -v /usr/games/fairy-stockfish >/dev/null; then
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y fairy-stockfish
fi
python3 -m pip install --quiet chess==1.11.2 pyffish==0.0.90
command -v npm >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }
(cd implementations/chessops && npm ci --no-audit --no-fund --silent)
(cd implementations/ffish && npm ci --no-audit --no-fund --silent)
(cd implementations/shakmaty && cargo build --release --locked --quiet)
installed=$(date +%s.%N)

seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# run NAME VARIANT ROUTE COMMAND FUZZ_GAMES TIMEOUT
run() {
    local name=$1 variant=$2 route=$3 command=$4 games=$5 timeout=$6
    local folder="implementations/$name"
    local list known
    list=$(sed -n 's/^expected_failures: *//p' "$folder/implementation.yaml")
    known=$(sed -n 's/^known_differences: *//p' "$folder/implementation.yaml")
    echo "== $name on $variant (--$route)"
    local t0 t1 t2 fuzz_exit=0
    t0=$(date +%s.%N)
    "$bin" conform --variant "$variant" "--$route" "$command" --timeout "$timeout" \
        --expected-failures "$folder/$list" --strict \
        --format json --output "$out/$name-$variant.json" || echo "conform exit $? ($name, $variant)"
    t1=$(date +%s.%N)
    if [ "$games" -gt 0 ]; then
        "$bin" fuzz --variant "$variant" "--$route" "$command" --games "$games" --max-plies 80 \
            --timeout "$timeout" --known-differences "$folder/$known" --out "$out/fuzz-$name" \
            | tail -n 2 || fuzz_exit=$?
    fi
    t2=$(date +%s.%N)
    printf '{"conform_seconds": %s, "fuzz_games": %s, "fuzz_seconds": %s, "fuzz_exit": %s}\n' \
        "$(seconds "$t0" "$t1")" "$games" "$(seconds "$t1" "$t2")" "$fuzz_exit" \
        > "$out/$name-$variant.time.json"
}

run python-chess    racingkings engine "python3 implementations/python-chess/adapter.py" 20 120
run chessops        racingkings engine "node implementations/chessops/adapter.mjs" 20 30
run shakmaty        racingkings engine "implementations/shakmaty/target/release/regelwerk-impl-shakmaty" 20 30
run ffish           racingkings engine "node implementations/ffish/adapter.mjs" 10 60
run ffish           grand       engine "node implementations/ffish/adapter.mjs" 10 60
# pyffish has no perft and answers slowly: no fuzz, a longer timeout; its
# perft cases above PYFFISH_PERFT_BUDGET inner nodes are answered `skipped`.
run pyffish         racingkings engine "python3 implementations/pyffish/adapter.py" 0 120
run pyffish         grand       engine "python3 implementations/pyffish/adapter.py" 0 120
run fairy-stockfish racingkings uci    /usr/games/fairy-stockfish 20 30
run fairy-stockfish grand       uci    /usr/games/fairy-stockfish 20 30

echo "== the conformance matrix (docs/implementations.md); JSON: $out/matrix.json; pages: target/report/implementations*.html"
status=0
"$bin" matrix --results "$out" --json "$out/matrix.json" --html target/report || status=$?
ended=$(date +%s.%N)
echo "implementations: install $(seconds "$began" "$installed") s, runs $(seconds "$installed" "$ended") s, in all $(seconds "$began" "$ended") s"
if [ "$status" -ne 0 ]; then
    echo "the matrix shows a new difference, a stale declaration or a missing result (exit $status); see above" >&2
fi
exit "$status"
