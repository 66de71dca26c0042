#!/usr/bin/env bash
# Import throughput (issue 2) and checkpoint cost (issue 6), beside the machine's floor: the same
# rows, schema and commit size inserted by a minimal C program against libsqlite3 (sqlite_floor.c),
# twice: with the schema of 2026-11-29 that issue 22 was filed against, and on today's schema (a
# ledger ledgerport made, with each batch's totals, account volume and import counts written as an
# import writes them). The ratio issue 22 asks for is the second.
#
#   scripts/bench/import.sh [ROWS]        (default 1000000; needs a release build)
#
# Every run must exit 0 and store (or, dry, read) every row, or the benchmark stops (check.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
bin=.build/release/ledgerport
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
cc -O2 -o "$out/sqlite_floor" scripts/bench/sqlite_floor.c -lsqlite3
csv="$out/generic-$rows.csv"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"

printf '%-44s %10s %12s %10s\n' "case ($rows rows)" "seconds" "rows/s" "peak MB"
for batch in 100 10000; do
    rm -f "$out"/db.sqlite*
    timed_checked "import, batches of $batch" "$bin" --db "$out/db.sqlite" import "$csv" --account Bench --currency USD --batch-size "$batch"
    read -r seconds kb <"$out/time.txt"
    expect_count "import, batches of $batch: stored" "$(stored_rows "$out/db.sqlite")" "$rows"
    printf '%-44s %10s %12.0f %10.1f\n' "ledgerport import, batches of $batch" "$seconds" \
        "$(echo "$rows / $seconds" | bc -l)" "$(echo "$kb / 1024" | bc -l)"
    ours=$(echo "$rows / $seconds" | bc -l)
    rm -f "$out"/floor.sqlite*
    floor=$("$out/sqlite_floor" "$out/floor.sqlite" "$rows" "$batch") || bench_abort "the C floor, commits of $batch"
    printf '%-44s %10s %12s\n' "C floor, commits of $batch" "$(echo "$floor" | sed -E 's/.* in ([0-9.]+) s.*/\1/')" \
        "$(echo "$floor" | sed -E 's/.*: ([0-9]+) rows\/s.*/\1/')"
    # The floor on today's schema: a ledger ledgerport made, holding one row of account Bench
    # (dated before the floor's first day), which the floor then fills as an import would.
    rm -f "$out"/floor.sqlite* "$out/seed.csv"
    printf 'Date,Description,Amount\n2019-12-31,Seed row,0.01\n' >"$out/seed.csv"
    checked "seed ledger" "$bin" --db "$out/floor.sqlite" import "$out/seed.csv" --account Bench --currency USD
    floor=$("$out/sqlite_floor" "$out/floor.sqlite" "$rows" "$batch" ledger) || bench_abort "the C floor on the ledger's schema"
    expect_count "C floor on the ledger's schema, commits of $batch: stored" "$(stored_rows "$out/floor.sqlite")" "$((rows + 1))"
    floor_rate=$(echo "$floor" | sed -E 's/.*: ([0-9]+) rows\/s.*/\1/')
    printf '%-44s %10s %12s\n' "C floor, commits of $batch, ledger schema" \
        "$(echo "$floor" | sed -E 's/.* in ([0-9.]+) s.*/\1/')" "$floor_rate"
    printf '%-44s %10.2f\n' "ledgerport / floor (ledger schema)" "$(echo "$ours / $floor_rate" | bc -l)"
done
rm -f "$out"/floor.sqlite*
floor=$("$out/sqlite_floor" "$out/floor.sqlite" "$rows" 100 scattered) || bench_abort "the C floor, scattered"
printf '%-44s %10s %12s\n' "C floor, commits of 100, scattered index" "$(echo "$floor" | sed -E 's/.* in ([0-9.]+) s.*/\1/')" \
    "$(echo "$floor" | sed -E 's/.*: ([0-9]+) rows\/s.*/\1/')"
timed_checked "import --dry-run" "$bin" import "$csv" --account Bench --currency USD --dry-run --json
read -r seconds kb <"$out/time.txt"
expect_count "import --dry-run: read" "$(dry_run_read)" "$rows"
printf '%-44s %10s %12.0f %10.1f\n' "ledgerport import --dry-run" "$seconds" "$(echo "$rows / $seconds" | bc -l)" \
    "$(echo "$kb / 1024" | bc -l)"

# A checkpoint on the account now holding all the rows (the database of the last import).
rm -f "$out"/db.sqlite*
checked "import, batches of 10000" "$bin" --db "$out/db.sqlite" import "$csv" --account Bench --currency USD --batch-size 10000
expect_count "import, batches of 10000: stored" "$(stored_rows "$out/db.sqlite")" "$rows"
checked "reconcile --opening" "$bin" --db "$out/db.sqlite" reconcile Bench --opening 0 --as-of 2019-12-31
last_day=$(tail -1 "$csv" | cut -d, -f1)
balance=$("$bin" --db "$out/db.sqlite" accounts --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["balance"])')
start=$(date +%s%N)
checked "reconcile --balance" "$bin" --db "$out/db.sqlite" reconcile Bench --balance "$balance" --as-of "$last_day"
end=$(date +%s%N)
printf '%-44s %10.3f\n' "checkpoint over $rows rows (whole process)" "$(echo "($end - $start) / 1000000000" | bc -l)"
