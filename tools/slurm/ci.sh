#!/usr/bin/env bash
# CI: the Slurm recipe of docs/scale.md run on a real one-node cluster.
# Starts the cluster (cluster.sh), submits tools/slurm/perft.sbatch and
# tools/slurm/fuzz.sbatch as they are written (array jobs, 8 shards each),
# then tools/slurm/merge.sbatch after both, and compares each merged report
# with the single run's (timing fields aside). Stops the daemons at the end,
# also on failure. Needs the binary: $REGELWERK, else
# target/release/regelwerk (cargo build --release).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$root/target/slurm-ci
rm -rf "$work" && mkdir -p "$work/run/results"
binary=${REGELWERK:-target/release/regelwerk}
case $binary in /*) ;; *) binary=$root/$binary ;; esac
[ -x "$binary" ] || { echo "slurm: build $binary first (cargo build --release)" >&2; exit 1; }

trap '"$root/tools/slurm/cluster.sh" stop "$work/cluster" >&2' EXIT
SLURM_CONF=$(tools/slurm/cluster.sh start "$work/cluster")
export SLURM_CONF
export PATH="$(dirname "$binary"):$PATH"

# The campaigns: small enough for CI, the recipe files unchanged.
export DEPTH=${SLURM_CI_DEPTH:-4} VARIANT=${SLURM_CI_VARIANT:-monarchie} GAMES=${SLURM_CI_GAMES:-48} SEED=7
cd "$work/run"
perft_job=$(sbatch --parsable "$root/tools/slurm/perft.sbatch")
fuzz_job=$(sbatch --parsable "$root/tools/slurm/fuzz.sbatch")
echo "slurm: submitted perft array $perft_job and fuzz array $fuzz_job (8 tasks each)"
started=$(date +%s)
if ! sbatch --parsable --wait --dependency="afterok:$perft_job:$fuzz_job" \
    "$root/tools/slurm/merge.sbatch" > merge-job.txt; then
    echo "slurm: the merge job failed or a shard did not finish" >&2
    squeue -a >&2 || true
    tail -n 20 results/*.log >&2 || true
    for log in "$work"/cluster/slurmctld.log "$work"/cluster/slurmd.log; do echo "---- $log" >&2; tail -n 30 "$log" >&2; done
    exit 1
fi
echo "slurm: all jobs done in $(( $(date +%s) - started )) s"
for shard in results/perft-*.jsonl; do
    python3 -c 'import json,sys
units=[json.loads(l) for l in open(sys.argv[1])]
print(sys.argv[1] + ":", sum(u["result"]["nodes"] for u in units if u["record"] == "unit"), "nodes below", sum(u["record"] == "unit" for u in units), "root sequences")' "$shard"
done
for shard in results/fuzz-*.jsonl; do
    printf '%s: %s games\n' "$shard" "$(grep -c '"record":"unit"' "$shard")"
done

# The single runs, and the comparison: the same report, timing aside
# (" in N s" and what follows on a line, as tests/harness/scale.rs).
regelwerk perft "$DEPTH" --variant "$VARIANT" --max-nodes none > single-perft.txt 2>/dev/null
regelwerk fuzz --variant "$VARIANT" --games "$GAMES" --seed "$SEED" > single-fuzz.txt 2>/dev/null
status=0
for campaign in perft fuzz; do
    untimed() { sed -E 's/ in [0-9.]+ s.*$//' "$1"; }
    if [ "$(untimed "results/$campaign-merged.txt")" = "$(untimed "single-$campaign.txt")" ]; then
        echo "slurm: the merged $campaign report equals the single run's:"
        sed 's/^/    /' "results/$campaign-merged.txt"
    else
        echo "slurm: the merged $campaign report DIFFERS from the single run's" >&2
        diff "results/$campaign-merged.txt" "single-$campaign.txt" >&2 || true
        status=1
    fi
done
exit "$status"
