#!/usr/bin/env bash
# Runs every fuzz target one after the other for RUNS executions (at
# most SECONDS seconds each), each input within a 10 s timeout and 2 GiB.
# Usage: fuzz/campaign.sh [RUNS] [SECONDS] [TARGET...]
# CI runs it short: fuzz/campaign.sh 100000000 12
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
seconds=${2:-600}
shift 2 2>/dev/null || shift $#
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    # Every target in fuzz/fuzz_targets/, so that a new one is never left out.
    for file in fuzz/fuzz_targets/*.rs; do
        targets+=("$(basename "$file" .rs)")
    done
fi
mkdir -p fuzz/logs
status=0
for target in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$target"
    echo "== fuzz $target: $runs runs, at most $seconds s"
    RUSTC_BOOTSTRAP=1 cargo fuzz run -s none "$target" "fuzz/corpus/$target" -- \
        -runs="$runs" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=8192 -print_final_stats=1 > "fuzz/logs/$target.log" 2>&1 || status=1
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+ *DONE|cov:' "fuzz/logs/$target.log" | tail -n 3
done
exit "$status"
