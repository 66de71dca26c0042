#!/usr/bin/env bash
# Issue 22's import rows as medians: `ledgerport import` of a generated generic CSV beside the C
# floor on today's schema (sqlite_floor.c `ledger` mode, a ledger ledgerport made with one seed
# row, filled as an import fills it), turn about, RUNS times for each batch size. Every run must
# exit 0 and store every row (check.sh), or the benchmark stops. Prints each run, the medians and
# ledgerport's rate as a fraction of the floor's.
#
#   scripts/bench/import_median.sh [ROWS [RUNS]]    (default 1000000 5; needs a release build)
#
#   BIN=path      the ledgerport binary to time (default .build/release/ledgerport)
#   BATCHES="…"   the batch sizes (default "100 10000")
#   BENCH_OUT=dir where files go (default /tmp/ledgerport-bench-median)
#
# Seconds are wall clock: ledgerport's whole process (/usr/bin/time), the floor's insert loop as it
# reports it (as scripts/bench/import.sh compares them). Which of the two runs first alternates
# from one run to the next.
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
runs=${2:-5}
out=${BENCH_OUT:-/tmp/ledgerport-bench-median}
bin=${BIN:-.build/release/ledgerport}
batches=${BATCHES:-100 10000}
source scripts/bench/check.sh
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
cc -O2 -o "$out/sqlite_floor" scripts/bench/sqlite_floor.c -lsqlite3
csv="$out/generic-$rows.csv"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"
printf 'Date,Description,Amount\n2019-12-31,Seed row,0.01\n' >"$out/seed.csv"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

ours_run() { # batch → seconds
    rm -f "$out"/db.sqlite*
    timed_checked "import, batches of $1" "$bin" --db "$out/db.sqlite" import "$csv" --account Bench --currency USD \
        --batch-size "$1"
    expect_count "import, batches of $1: stored" "$(stored_rows "$out/db.sqlite")" "$rows"
    cut -d' ' -f1 "$out/time.txt"
}

floor_run() { # batch → seconds
    rm -f "$out"/floor.sqlite*
    checked "seed ledger" "$bin" --db "$out/floor.sqlite" import "$out/seed.csv" --account Bench --currency USD
    local result
    result=$("$out/sqlite_floor" "$out/floor.sqlite" "$rows" "$1" ledger) || bench_abort "the C floor, commits of $1"
    expect_count "C floor, commits of $1, ledger schema: stored" "$(stored_rows "$out/floor.sqlite")" "$((rows + 1))"
    echo "$result" | sed -E 's/.* in ([0-9.]+) s.*/\1/'
}

echo "$(date -u '+%Y-%m-%d %H:%M:%S UTC'), $rows rows, $runs runs, $bin; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %4s %12s %12s %8s\n' batch run "ours s" "floor s" ratio
summary=()
for batch in $batches; do
    : >"$out/ours.$batch"
    : >"$out/floor.$batch"
    for run in $(seq 1 "$runs"); do
        if [ $((run % 2)) -eq 1 ]; then
            ours=$(ours_run "$batch")
            floor=$(floor_run "$batch")
        else
            floor=$(floor_run "$batch")
            ours=$(ours_run "$batch")
        fi
        echo "$ours" >>"$out/ours.$batch"
        echo "$floor" >>"$out/floor.$batch"
        printf '%-8s %4s %12s %12s %8.2f\n' "$batch" "$run" "$ours" "$floor" "$(echo "$floor / $ours" | bc -l)"
    done
    ours=$(median <"$out/ours.$batch")
    floor=$(median <"$out/floor.$batch")
    summary+=("$(printf '%-8s %12s %12s %10.0f %10.0f %8.2f' "$batch" "$ours" "$floor" \
        "$(echo "$rows / $ours" | bc -l)" "$(echo "$rows / $floor" | bc -l)" "$(echo "$floor / $ours" | bc -l)")")
done
echo "medians, load $(cut -d' ' -f1-3 /proc/loadavg):"
printf '%-8s %12s %12s %10s %10s %8s\n' batch "ours s" "floor s" "ours r/s" "floor r/s" ratio
printf '%s\n' "${summary[@]}"
