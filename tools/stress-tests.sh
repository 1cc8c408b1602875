#!/bin/sh
# The integration tests three times in a row with two busy loops beside
# them (issue 46 §2): a test that depends on timing fails here first.
# Usage: tools/stress-tests.sh [RUNS]   (default 3; exit 1 on any failure)
set -u
runs=${1:-3}
cd "$(dirname "$0")/.." || exit 2
cargo test --test main --no-run || exit 2
busy() { while :; do :; done; }
busy & one=$!
busy & two=$!
trap 'kill "$one" "$two" 2>/dev/null' EXIT INT TERM
status=0
run=1
while [ "$run" -le "$runs" ]; do
    echo "stress run $run of $runs (two busy loops beside)"
    log=$(mktemp)
    began=$(date +%s)
    if ! cargo test --test main >"$log" 2>&1; then
        status=1
        grep -E '^(failures|    |test .* FAILED)' "$log" | head -n 40
    fi
    tail -n 3 "$log"
    echo "stress run $run took $(( $(date +%s) - began )) s"
    rm -f "$log"
    run=$((run + 1))
done
exit "$status"
