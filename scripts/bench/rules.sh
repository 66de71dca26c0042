#!/usr/bin/env bash
# Rules (issue 18): RULES rules applied to ROWS transactions. First the evaluator alone, on rows
# built in memory (RulesBench: CPU and wall time, and the same rules with every pattern sent to
# NSRegularExpression, on fewer rows); then through the command line on a ledger of the same
# rows' checking account: `import --no-rules`, `import --rules` and `rules apply` (first run and
# a second that changes nothing, each on RUNS fresh copies of the imported ledger, default 3), with
# /usr/bin/time's wall clock, CPU and peak memory; once on the rows in the random day order
# RulesBench writes, once on the same rows sorted by day.
#
#   scripts/bench/rules.sh [ROWS] [RULES]     (default 1000000 200; builds release binaries)
#   SKIP_CLI=1 scripts/bench/rules.sh          (the evaluator only)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
rules=${2:-200}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
mkdir -p "$out"
swift build -c release --product RulesBench >/dev/null
bench=.build/release/RulesBench
csv="$out/rules-$rows.csv"
json="$out/rules-$rules.json"
for run in 1 2 3; do
    "$bench" --rows "$rows" --rules "$rules" --regex-only-rows "$([ "$run" = 1 ] && echo 20000 || echo 0)" \
        --write-rules "$json" --write-csv "$csv"
done
[ -n "${SKIP_CLI:-}" ] && exit 0

swift build -c release --product ledgerport >/dev/null
bin=${BIN:-.build/release/ledgerport}
csv_rows=$(($(wc -l <"$csv") - 1))
printf '%-44s %10s %10s %10s\n' "case ($csv_rows rows, $rules rules)" "seconds" "CPU s" "peak MB"
timed() { # label command...
    local label=$1 code=0
    shift
    /usr/bin/time -o "$out/time.txt" -f '%e %U %S %M' "$@" >"$out/last.out" 2>"$out/last.err" || code=$?
    [ "$code" -eq 0 ] || bench_abort "$label exited $code ($*): $(head -3 "$out/last.err")"
    read -r seconds user system kb <"$out/time.txt"
    printf '%-44s %10s %10.2f %10.1f\n' "$label" "$seconds" "$(echo "$user + $system" | bc -l)" \
        "$(echo "$kb / 1024" | bc -l)"
}
# RulesBench writes its rows in random day order; a bank's export is in day order (oldest or
# newest first), which is how a ledger's rows mostly lie. Both are measured: the file's order as
# written (the worst case for the file check before the first write, which looks every row up in
# each index), and the same rows sorted by day.
by_day="$out/rules-$rows-by-day.csv"
{
    head -1 "$csv"
    tail -n +2 "$csv" | LC_ALL=C sort -t, -k1,1 -s
} >"$by_day"
for order in random by-day; do
    file=$csv
    [ "$order" = by-day ] && file=$by_day
    for mode in --no-rules --rules; do
        db="$out/rules-import$mode-$order.sqlite"
        rm -f "$db"*
        args=("$mode")
        [ "$mode" = --rules ] && args+=("$json")
        timed "import ${mode#--} ($order)" "$bin" --db "$db" import "$file" --account Bench --currency EUR \
            --batch-size 10000 "${args[@]}"
        expect_count "import $mode ($order)" "$(stored_rows "$db")" "$csv_rows"
    done
    # Each apply runs on a fresh copy of the imported ledger, RUNS times (the first run changes
    # rows, so it can't be repeated on one file), after the copy is on disk.
    imported="$out/rules-import--no-rules-$order.sqlite"
    db="$out/rules-apply-$order.sqlite"
    for run in $(seq "${RUNS:-3}"); do
        rm -f "$db"*
        cp "$imported" "$db"
        sync
        timed "rules apply (first, $order, run $run)" "$bin" --db "$db" rules apply --rules "$json"
        grep -q "^changed [1-9][0-9]* of $csv_rows transactions" "$out/last.out" ||
            bench_abort "the first apply changed nothing: $(cat "$out/last.out")"
        timed "rules apply (again, $order, run $run)" "$bin" --db "$db" rules apply --rules "$json"
        grep -q "^changed 0 of $csv_rows transactions" "$out/last.out" ||
            bench_abort "the second apply changed rows: $(cat "$out/last.out")"
    done
done
