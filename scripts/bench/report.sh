#!/usr/bin/env bash
# Reports (issue 18): ROWS rows over about nine years (gen_generic_csv.py: 300 rows a day from
# 2020-01-01), filed under 12 categories by a rules file on import (one row in 13 has none), then
# each report timed as a whole process, three runs each, with /usr/bin/time's wall clock and CPU.
# Every report's rows must add up to the rows imported before a figure counts.
#
#   scripts/bench/report.sh [ROWS]        (default 1000000; builds a release binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
mkdir -p "$out"
swift build -c release --product ledgerport >/dev/null
bin=${BIN:-.build/release/ledgerport}
csv="$out/generic-$rows.csv"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"
rules="$out/report-rules.json"
python3 - "$rules" <<'PY'
import json, sys
names = ["Food:Groceries", "Food:Eating out", "Housing:Rent", "Housing:Utilities", "Transport:Fuel",
         "Transport:Rail", "Health", "Clothing", "Leisure", "Gifts", "Bank:Fees", "Income:Sales"]
rules = [{"id": f"purchase-{k}", "when": {"description": f"purchase {k}$"}, "set": {"category": name}}
         for k, name in enumerate(names)]
json.dump({"rules": rules}, open(sys.argv[1], "w"), indent=1)
PY
db="$out/report.sqlite"
if [ ! -f "$db" ] || [ "$(stored_rows "$db")" != "$rows" ]; then
    rm -f "$db"*
    checked "import --rules" "$bin" --db "$db" import "$csv" --account Bench --currency USD --batch-size 10000 \
        --rules "$rules"
    expect_count "import: stored" "$(stored_rows "$db")" "$rows"
fi

printf '%-48s %28s %28s\n' "report over $rows rows (whole process)" "wall s (3 runs)" "CPU s (3 runs)"
timed() { # label arguments...
    local label=$1 walls="" cpus=""
    shift
    for _ in 1 2 3; do
        TIME_FORMAT='%e %U %S' timed_checked "$label" "$bin" --db "$db" report "$@"
        read -r seconds user system <"$out/time.txt"
        walls+="$seconds "
        cpus+="$(echo "$user + $system" | bc -l | sed 's/^\./0./') "
    done
    printf '%-48s %28s %28s\n' "$label" "$walls" "$cpus"
}
counted() { # label arguments...: the report's rows must add up to every row
    checked "$1" "$bin" --db "$db" report "${@:2}" --json
    local sum
    sum=$(python3 -c 'import json,sys; print(sum(l["rows"] for l in json.load(sys.stdin)["lines"]))' <"$out/last.out")
    expect_count "$1: rows counted" "$sum" "$rows"
}
counted "by category, monthly" --by category --monthly
counted "by payee" --by payee
timed "report --by category --monthly" --by category --monthly
timed "report --by category" --by category
timed "report --by month" --by month
timed "report --by category --from 2024-01-01 --to 2024-12-31" --by category --from 2024-01-01 --to 2024-12-31
timed "report --by payee (reads the rows)" --by payee
timed "report --net-worth --monthly" --net-worth --monthly
echo "report_totals rows: $(sqlite3 "$db" 'SELECT count(*) FROM report_totals')"
