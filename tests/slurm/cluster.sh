# A throw-away single-node Slurm cluster (munged, slurmctld, slurmd) under one folder, for the
# slurm tests. Source it, then: cluster_start DIR; ... ; cluster_stop (idempotent, for a trap).
# Runs as root with no systemd: every daemon is started here, in the foreground, and stopped by
# its process id. A requeued job may start again once its credential has expired: cred_expire=10
# (Slurm's default, 120 s, would make the requeue test wait two minutes). Ports are picked free at random so that two runs on one machine do not meet.

CLUSTER_PIDS=()

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 30000))
    port_free "$p" && port_free "$((p + 1))" && { echo "$p"; return 0; }
  done
  echo "cluster: no free TCP port found" >&2
  return 1
}

cluster_start() {
  local dir=$1 host port
  host=$(hostname -s)
  port=$(free_port)
  mkdir -p "$dir/state" "$dir/spool"
  chmod 700 "$dir"
  dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge.key"
  cat > "$dir/slurm.conf" <<CONF
ClusterName=gnatest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket,cred_expire=10
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
JobRequeue=1
MinJobAge=600
KillWait=5
InactiveLimit=0
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$dir/slurm.conf
  munged --foreground --force --key-file="$dir/munge.key" --socket="$dir/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" >"$dir/munged.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  for _ in $(seq 1 50); do [ -S "$dir/munge.socket" ] && break; sleep 0.1; done
  [ -S "$dir/munge.socket" ] || { echo "cluster: munged did not start (see $dir/munged.log)" >&2; return 1; }
  slurmctld -D -i -f "$dir/slurm.conf" >"$dir/slurmctld.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  slurmd -D -f "$dir/slurm.conf" -N "$host" >"$dir/slurmd.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  local state=""
  for _ in $(seq 1 120); do
    state=$(sinfo -h -N -o %T 2>/dev/null | head -n 1 || true)
    [ "$state" = idle ] && return 0
    sleep 0.5
  done
  echo "cluster: the node did not become idle (state '$state'); see $dir/slurmctld.log and $dir/slurmd.log" >&2
  return 1
}

cluster_stop() {
  local p
  if [ ${#CLUSTER_PIDS[@]} -gt 0 ] && [ -n "${SLURM_CONF:-}" ]; then  # end the jobs first, then the daemons
    scancel --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 1 100); do [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break; sleep 0.1; done
  fi
  # last started first: slurmd, slurmctld, munged
  for ((k = ${#CLUSTER_PIDS[@]} - 1; k >= 0; k--)); do
    p=${CLUSTER_PIDS[$k]}
    kill "$p" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  CLUSTER_PIDS=()
}
