#!/usr/bin/env bash
# A resumable perft campaign: the shards of `regelwerk perft DEPTH` split N
# ways (docs/scale.md), run one after the other at low priority; a shard
# whose results file has its `end` line is skipped, so running the script
# again resumes where it stopped (a shard cut short starts again). Progress
# (one line per shard, with its wall time) goes to DIR/progress.log; when
# every shard is done, the merged count goes to DIR/merged.txt.
#
#   tools/records/campaign.sh DIR N DEPTH [VARIANT] [REGELWERK]
#
# e.g. MONARCHIE perft 8 in 64 shards:
#   nohup tools/records/campaign.sh records/monarchie-8 64 8 &
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 DIR N DEPTH [VARIANT] [REGELWERK]" >&2; exit 2; }
dir=$1 shards=$2 depth=$3 variant=${4:-monarchie}
binary=${5:-$(dirname "$0")/../../target/release/regelwerk}
mkdir -p "$dir"
log() { echo "$(date -u +%FT%TZ) $*" >> "$dir/progress.log"; }
log "campaign: $variant perft $depth in $shards shards with $binary ($("$binary" --version))"
for i in $(seq 1 "$shards"); do
    out=$dir/perft-$i.jsonl
    if grep -q '"record":"end"' "$out" 2>/dev/null; then
        continue
    fi
    started=$(date +%s)
    nice -n 15 "$binary" perft "$depth" --variant "$variant" --max-nodes none \
        --shard "$i/$shards" --output "$out" > /dev/null
    nodes=$(python3 -c 'import json,sys; print(sum(json.loads(l)["result"]["nodes"] for l in open(sys.argv[1]) if "\"unit\"" in l))' "$out")
    log "shard $i/$shards: $nodes nodes in $(( $(date +%s) - started )) s"
done
"$binary" merge "$dir"/perft-*.jsonl > "$dir/merged.txt"
log "done: $(head -n 1 "$dir/merged.txt")"
