#!/usr/bin/env bash
# The batch farm on a real Slurm (issue 17): brings up a single-node Slurm from Debian's packages
# (munged, slurmctld and slurmd as plain daemons of this test on localhost, a generated
# slurm.conf in a temporary folder, no service of the system touched), submits
# `sbatch --array=0-2` of `splatwright-cli batch` over three small models (each array task takes
# its shard from SLURM_ARRAY_TASK_ID/COUNT), and checks the three exports and the merged summary.
# Exits 77 (SKIPPED) with a message where Slurm cannot start (not root, packages missing, the
# daemons do not come up).
#
# Usage: slurm_batch.sh <splatwright-cli> <work dir> <model>... -- <batch flags>...
set -uo pipefail

cli=$1 work=$2
shift 2
models=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do models+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
flags=("$@")

skip() { echo "SKIPPED: Slurm cannot start here: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "not root (munged, slurmctld and slurmd run as root in this test)"
for tool in munged slurmctld slurmd sbatch sinfo squeue; do
  command -v "$tool" >/dev/null || skip "$tool is missing (scripts/deps.sh installs munge, slurmctld, slurmd, slurm-client)"
done

rm -rf "$work"
mkdir -p "$work"/{munge,state,spool,logs}
work=$(cd "$work" && pwd)
out=$work/out
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  [ -f "$work/munge/munged.pid" ] && kill "$(cat "$work/munge/munged.pid")" 2>/dev/null
  sleep 0.5
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
}
trap cleanup EXIT

# munge: our own key and socket.
chmod 700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.sock" \
       --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
       --seed-file="$work/munge/munged.seed" 2>"$work/logs/munged.err" ||
  skip "munged did not start: $(tail -n 2 "$work/logs/munged.err" "$work/munge/munged.log" 2>/dev/null | tr '\n' ' ')"

host=$(hostname -s)
cpus=$(nproc)
port=$(( 20000 + RANDOM % 20000 ))
cat > "$work/slurm.conf" <<EOF
ClusterName=swbatch
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
PlugStackConfig=$work/plugstack.conf
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=swbatch Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
: > "$work/plugstack.conf"
export SLURM_CONF=$work/slurm.conf

slurmctld -D -i -f "$SLURM_CONF" >"$work/logs/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$work/logs/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 1 60); do
  state=$(sinfo -h -n "$host" -o %T 2>/dev/null | head -n 1)
  [ "$state" = idle ] && break
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || break 2; done
  sleep 0.5
done
if [ "$state" != idle ]; then
  skip "the node did not come up idle (state '${state:-none}'): $(tail -n 3 "$work"/logs/slurmctld.log "$work"/logs/slurmd.log "$work"/logs/*.out 2>/dev/null | tr '\n' ' ')"
fi
echo "slurm: single-node cluster up on $host ($cpus CPUs), SLURM_CONF=$SLURM_CONF"

# The farm: one array task per shard, each on one CPU.
script=$work/batch.sbatch
{
  echo '#!/bin/bash'
  echo "#SBATCH --array=0-2 --cpus-per-task=1 --output=$work/logs/task-%a.txt"
  printf '%q ' "$cli" batch "${models[@]}" -o "$out" "${flags[@]}"
  echo
} > "$script"
if ! sbatch --wait --parsable "$script" > "$work/logs/sbatch.txt" 2>&1; then
  echo "FAILED: sbatch --wait reported a failed array task"
  cat "$work/logs/sbatch.txt" "$work"/logs/task-*.txt 2>/dev/null
  exit 1
fi
echo "slurm: array job $(head -n 1 "$work/logs/sbatch.txt") finished"
cat "$work"/logs/task-*.txt

fail=0
for m in "${models[@]}"; do
  name=$(basename "${m%.*}")
  if [ -f "$out/$name/$name.bin" ]; then echo "export: $out/$name/$name.bin"; else echo "FAILED: no export $out/$name/$name.bin"; fail=1; fi
done
for i in 1 2 3; do
  grep -q "\"status\": \"done\"" "$out/summary-$i-of-3.json" 2>/dev/null || { echo "FAILED: shard $i of 3 has no summary"; fail=1; }
done
if [ -f "$out/summary.json" ]; then
  done_jobs=$(grep -c '"status": "done"' "$out/summary.json")
  echo "merged summary: $out/summary.json, $done_jobs jobs done"
  cat "$out/summary.txt"
  [ "$done_jobs" = "${#models[@]}" ] || { echo "FAILED: the merged summary lists $done_jobs done jobs, not ${#models[@]}"; fail=1; }
else
  echo "FAILED: no merged summary $out/summary.json"; fail=1
fi
exit $fail
