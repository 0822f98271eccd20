#!/usr/bin/env bash
# ctest slurm.sweep: starts a single-node Slurm cluster on this machine, submits a 3-shard head
# ranking of the demo transformer through gna-slurm-sweep, requeues a shard mid-way
# (scontrol requeue), waits for the merge job and checks that the merged result is the unsharded
# run's, byte for byte: result.json, result.csv and summary.csv (no field is excluded: a result
# holds no timings, and both runs name the same model folder). Exit 77 (skipped) without Slurm.
# Usage: sweep.sh GNA_BINARY SOURCE_DIR
set -euo pipefail
gna=$(readlink -f "$1") src=$(readlink -f "$2")
for b in munged slurmctld slurmd sbatch squeue scontrol sinfo scancel; do
  command -v "$b" >/dev/null || { echo "SKIP: $b is not installed (apt-get install slurmctld slurmd munge)"; exit 77; }
done
[ "$(id -u)" -eq 0 ] || { echo "SKIP: starting munged, slurmctld and slurmd needs root"; exit 77; }
source "$src/tests/slurm/cluster.sh"
work=$(mktemp -d /tmp/gna-slurm-test.XXXXXX)
ok=0
finish() {
  cluster_stop
  if [ "$ok" != 1 ]; then
    for f in "$work"/slurmctld.log "$work"/slurmd.log "$work"/sweep/logs/*.out; do
      [ -f "$f" ] && { echo "---- $f (last lines)"; tail -n 25 "$f"; }
    done
  fi
  rm -rf "$work"
}
trap finish EXIT
trap 'exit 1' INT TERM
t0=$SECONDS
export GNA_DATA_DIR=$src/resources/data
model=$src/resources/demo-models/transformer
cat > "$work/spec.json" <<'SPEC'
{"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10, 20, 30, 40], "samples_per_size": 12, "seed": 5},
 "batch_rows": 16}
SPEC

cluster_start "$work"
echo "cluster up after $((SECONDS - t0)) s ($(sinfo -h -N -o '%N %c CPUs %T'))"

submitted=$("$src/packaging/slurm/gna-slurm-sweep" "$work/spec.json" --model "$model" --shards 3 --cpus 1 \
  --out "$work/sweep" --gna "$gna")
echo "$submitted"
array_job=$(sed -n 's/^array_job=//p' <<<"$submitted")
merge_job=$(sed -n 's/^merge_job=//p' <<<"$submitted")
[ -n "$array_job" ] && [ -n "$merge_job" ] || { echo "FAIL: gna-slurm-sweep printed no job ids"; exit 1; }

job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }

# requeue shard 0 once it has saved some samples but not all
partial=$work/sweep/shard-0/result.json
requeued=0
for _ in $(seq 1 1200); do
  if [ -f "$partial" ] && grep -q '"complete": false' "$partial" && grep -q '"id"' "$partial"; then
    scontrol requeue "${array_job}_0" && requeued=1
    echo "requeued ${array_job}_0 after $((SECONDS - t0)) s with $(grep -c '"id"' "$partial") samples saved"
    break
  fi
  [ "$(job_state "${array_job}_0")" = COMPLETED ] && break
  sleep 0.1
done
[ "$requeued" = 1 ] || { echo "FAIL: shard 0 finished before it could be requeued mid-way"; exit 1; }

state=""
for _ in $(seq 1 480); do
  state=$(job_state "$merge_job")
  case $state in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
echo "merge job $merge_job: $state after $((SECONDS - t0)) s"
[ "$state" = COMPLETED ] || { echo "FAIL: the merge job ended $state"; exit 1; }
grep -q "restart 1" "$work/sweep/logs/shard-0.out" || { echo "FAIL: shard 0 did not run a second time"; exit 1; }
grep -q "resumed)" "$work/sweep/logs/shard-0.out" || { echo "FAIL: shard 0 did not resume its saved samples"; exit 1; }
echo "shard 0 restarted and resumed: $(grep -o '([0-9]* resumed)' "$work/sweep/logs/shard-0.out" | head -n 1)"

"$gna" experiment "$work/spec.json" --model "$model" --out "$work/unsharded" --threads 1 --quiet >/dev/null
for f in result.json result.csv summary.csv; do
  cmp "$work/unsharded/$f" "$work/sweep/merged/$f" || { echo "FAIL: merged $f differs from the unsharded run's"; exit 1; }
done
echo "merged result.json, result.csv, summary.csv equal the unsharded run's byte for byte ($((SECONDS - t0)) s)"

if "$gna" serve --help >/dev/null 2>&1; then
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir -p "$work/home"
  serve_job=$(sbatch --parsable --export=ALL,HOME="$work/home" --output="$work/serve.out" \
    "$src/packaging/slurm/gna-serve.sbatch" "$src/resources/demo-models" "$port" "$gna")
  for _ in $(seq 1 600); do
    grep -q "listening on" "$work/serve.out" 2>/dev/null && break
    sleep 0.1
  done
  grep -q "listening on 127.0.0.1:$port" "$work/serve.out" || { echo "FAIL: gna-serve.sbatch started no server"; cat "$work/serve.out"; exit 1; }
  grep -q "ssh -N -L $port:127.0.0.1:$port" "$work/serve.out" || { echo "FAIL: gna-serve.sbatch printed no tunnel command"; exit 1; }
  token_file=$work/home/.gna/token-$serve_job
  [ "$(stat -c %a "$token_file")" = 600 ] || { echo "FAIL: the token file is not private"; exit 1; }
  "$gna" info transformer --server "127.0.0.1:$port" --token-file "$token_file" --json | grep -q '"architecture": "LlamaForCausalLM"' ||
    { echo "FAIL: gna info --server did not reach the server of job $serve_job"; exit 1; }
  scancel "$serve_job"
  echo "gna-serve.sbatch: job $serve_job served the demo models on port $port; gna info --server reached it"
fi
ok=1
