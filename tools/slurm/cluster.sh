#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, from Debian's packages, for CI
# (docs/scale.md, "Slurm: an array job"). No systemd: munged, slurmctld and
# slurmd are started directly, with their state, logs and pid files in DIR.
#
#   tools/slurm/cluster.sh start DIR   # install if needed, write slurm.conf, start, wait for the node
#   tools/slurm/cluster.sh stop DIR    # stop the three daemons started by `start`
#
# `start` prints `export SLURM_CONF=DIR/slurm.conf`'s value on its last line
# (the client commands read it). A daemon that does not come up fails with
# its log printed.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)

logs() {
    for log in "$dir"/munged.log "$dir"/slurmctld.log "$dir"/slurmd.log; do
        [ -f "$log" ] && { echo "---- $log" >&2; tail -n 40 "$log" >&2; }
    done
    return 0
}

fail() {
    echo "slurm: $*" >&2
    logs
    exit 1
}

stop_pid() {
    local file=$1
    [ -f "$file" ] || return 0
    local pid
    pid=$(cat "$file")
    if kill -0 "$pid" 2>/dev/null; then
        kill "$pid"
        for _ in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$file"
}

case "$action" in
stop)
    stop_pid "$dir/slurmd.pid"
    stop_pid "$dir/slurmctld.pid"
    stop_pid "$dir/munged.pid"
    echo "slurm: daemons stopped"
    exit 0
    ;;
start) ;;
*) usage ;;
esac

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    apt-get update >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge >/dev/null ||
        fail "apt-get install slurm-wlm munge failed"
fi

host=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"

# munge: its own key, socket and pid file, so a system munged is not needed.
key=$dir/munge/munge.key
[ -s "$key" ] || { dd if=/dev/urandom of="$key" bs=1024 count=1 status=none; chmod 400 "$key"; }
socket=$dir/munge/munge.socket
munged --force --key-file="$key" --socket="$socket" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munge/munge.seed" ||
    fail "munged did not start"

cat > "$dir/slurm.conf" <<CONF
# Written by tools/slurm/cluster.sh: one node, this machine.
ClusterName=regelwerk-ci
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=6817
SlurmdPort=6818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MaxArraySize=1001
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf

# Another controller on the ports would answer for this one: refuse.
if (exec 3<>/dev/tcp/127.0.0.1/6817) 2>/dev/null; then
    fail "port 6817 is in use (another slurmctld?)"
fi
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
sleep 1
alive "$dir/munged.pid" || fail "munged exited"
alive "$dir/slurmctld.pid" || fail "slurmctld exited"
alive "$dir/slurmd.pid" || fail "slurmd exited"

# Wait (at most 60 s) for the node to be idle.
for _ in $(seq 1 120); do
    state=$(sinfo -h -n "$host" -o '%t' 2>/dev/null || true)
    case "$state" in
    idle*) echo "slurm: node $host up with $cpus CPUs ($(sinfo --version))" >&2
        echo "$SLURM_CONF"
        exit 0 ;;
    esac
    sleep 0.5
done
fail "node $host not idle after 60 s (state: ${state:-none})"
