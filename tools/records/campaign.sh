#!/usr/bin/env bash
# A resumable perft campaign: the shards of `regelwerk perft DEPTH` split N
# ways (docs/scale.md), run one after the other at low priority; a shard
# whose results file has its `end` line is skipped, so running the script
# again resumes where it stopped (a shard cut short starts again). Progress
# (one line per shard, with its wall time) goes to DIR/progress.log; when
# every shard is done, the merged count goes to DIR/merged.txt. JOBS=K
# (default 1) runs K shards at a time: worker k takes the unfinished shards
# k+1, k+1+K, ... so two workers never run the same shard.
#
#   [JOBS=K] tools/records/campaign.sh DIR N DEPTH [VARIANT] [REGELWERK]
#
# e.g. MONARCHIE perft 8 in 64 shards:
#   nohup tools/records/campaign.sh records/monarchie-8 64 8 &
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 DIR N DEPTH [VARIANT] [REGELWERK]" >&2; exit 2; }
dir=$1 shards=$2 depth=$3 variant=${4:-monarchie}
binary=${5:-$(dirname "$0")/../../target/release/regelwerk}
mkdir -p "$dir"
log() { echo "$(date -u +%FT%TZ) $*" >> "$dir/progress.log"; }
jobs=${JOBS:-1}
case $jobs in ''|*[!0-9]*|0) echo "$0: JOBS must be a positive whole number, not '$jobs'" >&2; exit 2 ;; esac
log "campaign: $variant perft $depth in $shards shards, $jobs at a time, with $binary ($("$binary" --version))"
pending=()
for i in $(seq 1 "$shards"); do
    grep -q '"record":"end"' "$dir/perft-$i.jsonl" 2>/dev/null || pending+=("$i")
done
run_shard() {
    local i=$1 out=$dir/perft-$1.jsonl started nodes
    started=$(date +%s)
    nice -n 15 "$binary" perft "$depth" --variant "$variant" --max-nodes none \
        --shard "$i/$shards" --output "$out" > /dev/null
    nodes=$(python3 -c 'import json,sys; print(sum(json.loads(l)["result"]["nodes"] for l in open(sys.argv[1]) if "\"unit\"" in l))' "$out")
    log "shard $i/$shards: $nodes nodes in $(( $(date +%s) - started )) s"
}
worker() {
    local k=$1 n
    for (( n = k; n < ${#pending[@]}; n += jobs )); do
        run_shard "${pending[$n]}"
    done
}
workers=()
for (( k = 0; k < jobs; k++ )); do
    worker "$k" &
    workers+=("$!")
done
for w in "${workers[@]}"; do
    wait "$w"
done
"$binary" merge "$dir"/perft-*.jsonl > "$dir/merged.txt"
log "done: $(head -n 1 "$dir/merged.txt")"
