#!/usr/bin/env bash
# Compares two builds of the project on bench_forward, bench_sweep and bench_toggle: the runs
# alternate (old, new, old, new, ...) so that a busy machine slows both alike, each run is logged
# with the machine's 1-minute load, and a table gives each figure's median over the rounds and the
# ratio new / old (below 1: the new build is faster). Besides the benchmarks' own medians (wall
# time), each run's process CPU time (user + sys, warm-up included) is given: on a loaded machine
# the wall times mostly measure waiting for a core.
#   bench/compare_versions.sh OLD_BUILD NEW_BUILD [ROUNDS=3]
# OLD_BUILD / NEW_BUILD are build folders (e.g. build/release of two worktrees) holding
# bench/bench_forward, bench/bench_sweep and app/studio/bench_toggle.
# Environment (optional):
#   BENCHES       which of them to run (default "forward sweep toggle")
#   FORWARD_ARGS  bench_forward's arguments (default "7 512": repetitions, tokens)
#   SWEEP_ARGS    bench_sweep's arguments (default "100 256 65": prompts, hidden, batch rows)
#   TOGGLE_ARGS   bench_toggle's arguments (default "--toggles 30"; a model folder first to use one)
#   MODELS_DIR    where the generated models are cached; both builds read the same files
#                 (default <tmp>/gna_compare_models)
#   GNA_DATA_DIR  the task data bench_sweep reads, the same for both (default this checkout's
#                 resources/data)
#   LOG_DIR       where every run's output is kept (default a new temporary folder)
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 OLD_BUILD NEW_BUILD [ROUNDS=3]" >&2
    exit 2
fi
old_build=$(cd "$1" && pwd)
new_build=$(cd "$2" && pwd)
rounds=${3:-3}
forward_args=${FORWARD_ARGS:-7 512}
sweep_args=${SWEEP_ARGS:-100 256 65}
toggle_args=${TOGGLE_ARGS:---toggles 30}
models=${MODELS_DIR:-${TMPDIR:-/tmp}/gna_compare_models}
logs=${LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/gna_compare_logs.XXXXXX")}
mkdir -p "$models" "$logs"
GNA_DATA_DIR=${GNA_DATA_DIR:-$(cd "$(dirname "$0")/.." && pwd)/resources/data}
export GNA_DATA_DIR

read -r -a benches <<<"${BENCHES:-forward sweep toggle}"
binary() {  # binary BUILD BENCH
    case $2 in
        toggle) echo "$1/app/studio/bench_toggle" ;;
        *) echo "$1/bench/bench_$2" ;;
    esac
}
for b in "${benches[@]}"; do
    for build in "$old_build" "$new_build"; do
        [[ -x $(binary "$build" "$b") ]] || { echo "$0: $(binary "$build" "$b") is missing (build the target bench_$b)" >&2; exit 1; }
    done
done

# The figures read from each benchmark's output: name, benchmark, unit, sed expression.
figures=(
    "forward.plain|forward|s|s/^plain forward: *median \([0-9.]*\) s.*/\1/p"
    "forward.ablate+capture|forward|s|s/^ablate.*median \([0-9.]*\) s.*/\1/p"
    "forward.process-cpu|forward|s|cpu"
    "sweep.batched|sweep|s|s/^batched + prefix-reusing sweep: *\([0-9.]*\) s.*/\1/p"
    "sweep.naive|sweep|s|s/^naive loop.*: *\([0-9.]*\) s\$/\1/p"
    "sweep.process-cpu|sweep|s|cpu"
    "toggle.one-pass|toggle|ms|s/^toggle -> heatmaps + scores *median *\([0-9.]*\) ms.*/\1/p"
    "toggle.two-pass|toggle|ms|s/^ *same, two passes[^)]*) *median *\([0-9.]*\) ms.*/\1/p"
    "toggle.compare|toggle|ms|s/^ *same, compare mode[^)]*) *median *\([0-9.]*\) ms.*/\1/p"
    "toggle.process-cpu|toggle|s|cpu"
)
declare -A values loads

run_one() {  # run_one VERSION BUILD BENCH ROUND
    local version=$1 build=$2 b=$3 r=$4 args load log
    case $b in
        forward) args=$forward_args ;;
        sweep) args=$sweep_args ;;
        toggle) args=$toggle_args ;;
    esac
    load=$(cut -d' ' -f1 /proc/loadavg)
    log="$logs/$b.$version.$r.log"
    # shellcheck disable=SC2086  # the argument lists are split on purpose
    TMPDIR="$models" QT_QPA_PLATFORM=offscreen /usr/bin/time -f '%U %S' -o "$log.time" \
        "$(binary "$build" "$b")" $args >"$log" 2>&1 ||
        { echo "$0: $(binary "$build" "$b") failed, see $log" >&2; exit 1; }
    loads[$b.$version]+="$load "
    local line name bench expr v
    for line in "${figures[@]}"; do
        IFS='|' read -r name bench _ expr <<<"$line"
        [[ $bench == "$b" ]] || continue
        if [[ $expr == cpu ]]; then
            v=$(awk '{printf "%.2f", $1 + $2}' "$log.time")
        else
            v=$(sed -n "$expr" "$log" | head -1)
        fi
        [[ -n $v ]] || { echo "$0: no '$name' figure in $log" >&2; exit 1; }
        values[$name.$version]+="$v "
    done
    printf '%-8s %-4s round %d  load %5s  %s\n' "bench_$b" "$version" "$r" "$load" \
        "cpu $(awk '{printf "%.1f", $1 + $2}' "$log.time") s; $(grep -E '^(plain forward|ablate|batched|naive|toggle ->|  same,)' "$log" | sed 's/  */ /g' | paste -sd';' -)"
}

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR] = $1} END {print NR ? v[int(NR / 2) + 1] : 0}'; }

echo "old: $old_build (checkout at $(git -C "$old_build/../.." rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo "new: $new_build (checkout at $(git -C "$new_build/../.." rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo "rounds: $rounds; models in $models; task data in $GNA_DATA_DIR; logs in $logs"
for ((r = 1; r <= rounds; ++r)); do
    for b in "${benches[@]}"; do
        run_one old "$old_build" "$b" "$r"
        run_one new "$new_build" "$b" "$r"
    done
done

echo
echo "| figure | unit | old median | new median | new / old | load old | load new |"
echo "|---|---|---|---|---|---|---|"
for line in "${figures[@]}"; do
    IFS='|' read -r name bench unit _ <<<"$line"
    [[ -n ${values[$name.old]:-} ]] || continue
    o=$(median <<<"${values[$name.old]}")
    n=$(median <<<"${values[$name.new]}")
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$unit" "$o" "$n" \
        "$(awk -v o="$o" -v n="$n" 'BEGIN {printf (o > 0 ? "%.3f" : "-"), n / o}')" \
        "${loads[$bench.old]% }" "${loads[$bench.new]% }"
done
