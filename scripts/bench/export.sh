#!/usr/bin/env bash
# Exports (issue 17): `ledgerport export --to hledger|ledger|beancount|csv` of one account of ROWS
# rows (the generated generic CSV of transactions.sh, imported once), each checked to write every
# row; `transactions --json` of the same rows (the listing shares the export's query path); and
# `hledger print` of the same rows read from the CSV through CSV rules, in the same run. Wall
# clock, CPU and peak memory from /usr/bin/time.
#
#   scripts/bench/export.sh [ROWS]     (default 1000000; needs a release build; HLEDGER=0 skips hledger)
#   HLEDGER=only HLEDGER_NICE=19 scripts/bench/export.sh   (only `hledger print`, no build, import or
#                                  export, under `nice -n 19`: the million rows need about 7 GB and
#                                  over half an hour, so it can run in the background beside the rest;
#                                  give it its own BENCH_OUT, as each run writes $BENCH_OUT/last.out)
#   HLEDGER_ROWS=100000 scripts/bench/export.sh   (hledger reads only the first N rows: it holds every
#                                                  transaction in memory, about 7.5 KB each)
#   BIN=/path/to/other/ledgerport scripts/bench/export.sh   (the same runs with another build)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
bin=${BIN:-.build/release/ledgerport}
mkdir -p "$out"
csv="$out/generic-$rows.csv"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"
hledger_only=0
[ "${HLEDGER:-1}" != only ] || hledger_only=1
if [ "$hledger_only" = 0 ]; then
    [ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
    db="$out/transactions-$rows.sqlite"
    if [ "$(sqlite3 "$db" 'SELECT count(*) FROM transactions' 2>/dev/null || true)" != "$rows" ]; then
        rm -f "$db"*
        checked "import" "$bin" --db "$db" import "$csv" --account Bench --currency EUR --batch-size 10000
    fi
    expect_count "the ledger" "$(stored_rows "$db")" "$rows"
fi

printf '%-52s %10s %10s %10s\n' "case ($rows rows)" "seconds" "CPU s" "peak MB"
run() { # label want-rows count-command command...
    local label=$1 want=$2 count=$3 code=0
    shift 3
    /usr/bin/time -o "$out/time.txt" -f '%e %U %S %M' "$@" >"$out/last.out" 2>"$out/last.err" || code=$?
    [ "$code" -eq 0 ] || bench_abort "$label exited $code ($*)"
    expect_count "$label" "$(eval "$count")" "$want"
    read -r seconds user system kb <"$out/time.txt"
    printf '%-52s %10s %10s %10.1f\n' "$label" "$seconds" "$(echo "$user + $system" | bc -l)" "$(echo "$kb / 1024" | bc -l)"
}
journal_rows='grep -c "lp-id: [0-9]" "$out/last.out" || true'
[ "$hledger_only" = 1 ] || {
    for format in hledger ledger; do
        run "export --to $format" "$rows" "$journal_rows" "$bin" --db "$db" export --to "$format"
    done
    run "export --to beancount" "$rows" 'grep -c "lp_id: \"[0-9]" "$out/last.out" || true' \
        "$bin" --db "$db" export --to beancount
    run "export --to csv" "$rows" 'echo $(( $(wc -l <"$out/last.out") - 1 ))' "$bin" --db "$db" export --to csv
    run "transactions --account Bench --json" "$rows" 'grep -c "^    \"id\": " "$out/last.out" || true' \
        "$bin" --db "$db" transactions --account Bench --json
}
if [ "${HLEDGER:-1}" != 0 ] && command -v hledger >/dev/null; then
    rules="$out/generic.rules"
    printf 'skip 1\nfields date, description, amount\ncurrency EUR\naccount1 assets:bank:bench\naccount2 expenses:unknown\n' >"$rules"
    hrows=${HLEDGER_ROWS:-$rows}
    hcsv="$csv"
    if [ "$hrows" != "$rows" ]; then
        hcsv="$out/generic-$rows-first-$hrows.csv"
        head -n $((hrows + 1)) "$csv" >"$hcsv"
    fi
    niced=()
    [ -z "${HLEDGER_NICE:-}" ] || niced=(nice -n "$HLEDGER_NICE")
    run "hledger print (the same rows from CSV, first $hrows${HLEDGER_NICE:+, nice $HLEDGER_NICE})" "$hrows" \
        'grep -c "^20" "$out/last.out" || true' "${niced[@]}" hledger print -f "$hcsv" --rules-file "$rules"
fi
