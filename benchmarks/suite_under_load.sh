#!/usr/bin/env bash
# The README's test command, RUNS times in a row, each beside HOGS busy processes (a shared CI
# runner, a laptop doing other work): prints each run's exit status, seconds and load average.
# Usage, from the repository root with its venv active: bash benchmarks/suite_under_load.sh [RUNS] [HOGS]
set -u
runs=${1:-3}
hogs=${2:-2}
logs=$(mktemp -d -t cs20-suite-under-load-XXXXXX)  # each run's whole output, kept for reading
echo "logs in $logs"
for i in $(seq 1 "$runs"); do
  pids=()
  for _ in $(seq 1 "$hogs"); do
    sh -c 'while :; do :; done' &
    pids+=($!)
  done
  start=$(date +%s)
  pytest > "$logs/run_$i.log" 2>&1 < /dev/null
  status=$?
  end=$(date +%s)
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  kill "${pids[@]}"
  wait "${pids[@]}" 2> /dev/null
  echo "run $i beside $hogs busy processes: exit $status, $((end - start)) s, load average $load;" \
       "$(tail -n 1 "$logs/run_$i.log")"
done
