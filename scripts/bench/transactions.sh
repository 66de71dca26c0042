#!/usr/bin/env bash
# Listing transactions (issue 12): `transactions --account X --json` and the table over an account
# of ROWS rows, streamed; then --limit, --search and --payee. Wall clock, CPU and peak memory from
# /usr/bin/time. Every run must exit 0 and list every row it should, or the benchmark stops.
#
#   scripts/bench/transactions.sh [ROWS]     (default 1000000; needs a release build)
#   BIN=/path/to/other/ledgerport scripts/bench/transactions.sh   (the same runs with another build)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
bin=${BIN:-.build/release/ledgerport}
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
csv="$out/generic-$rows.csv"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"
db="$out/transactions-$rows.sqlite"
if [ "$(sqlite3 "$db" 'SELECT count(*) FROM transactions' 2>/dev/null || true)" != "$rows" ]; then
    rm -f "$db"*
    checked "import" "$bin" --db "$db" import "$csv" --account Bench --batch-size 10000
fi
expect_count "the ledger" "$(stored_rows "$db")" "$rows"

printf '%-52s %10s %10s %10s\n' "case ($rows rows)" "seconds" "CPU s" "peak MB"
run() { # label want-rows count-command command...
    local label=$1 want=$2 count=$3 code=0
    shift 3
    /usr/bin/time -o "$out/time.txt" -f '%e %U %M' "$@" >"$out/last.out" 2>"$out/last.err" || code=$?
    [ "$code" -eq 0 ] || bench_abort "$label exited $code ($*)"
    expect_count "$label" "$(eval "$count")" "$want"
    read -r seconds cpu kb <"$out/time.txt"
    printf '%-52s %10s %10s %10.1f\n' "$label" "$seconds" "$cpu" "$(echo "$kb / 1024" | bc -l)"
}
json_rows='grep -c "^    \"id\": " "$out/last.out" || true'
table_rows='echo $(( $(wc -l <"$out/last.out") - 1 ))'
run "transactions --account Bench --json" "$rows" "$json_rows" "$bin" --db "$db" transactions --account Bench --json
run "transactions --account Bench (table)" "$rows" "$table_rows" "$bin" --db "$db" transactions --account Bench
if "$bin" transactions --help | grep -q -- --limit; then
    run "transactions --account Bench --limit 20" 20 "$table_rows" \
        "$bin" --db "$db" transactions --account Bench --limit 20
    # gen_generic_csv.py writes "Shop {i % 977} purchase {i % 13}": one row in 977 * 13 matches.
    want=$(python3 -c "print(sum(1 for i in range($rows) if i % 977 == 976 and i % 13 == 12))")
    run "transactions --search 'SHOP 976 PURCHASE 12' --json" "$want" "$json_rows" \
        "$bin" --db "$db" transactions --account Bench --search "SHOP 976 PURCHASE 12" --json
    run "transactions --payee 'shop 976 ' --limit 10" 10 "$table_rows" \
        "$bin" --db "$db" transactions --account Bench --payee "shop 976 " --limit 10
fi
