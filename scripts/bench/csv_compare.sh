#!/usr/bin/env bash
# Parsing and normalising a German-style CSV export (semicolons, decimal comma, quoted fields,
# Windows-1252, preamble and footer): `ledgerport import --dry-run` beside a plain Python csv +
# decimal.Decimal parse of the same columns, and hledger's CSV rules (Debian's hledger, after
# converting the file to UTF-8, which hledger needs).
#
#   scripts/bench/csv_compare.sh [ROWS] [HLEDGER_ROWS]     (defaults 1000000 and 100000)
#
# ledgerport and Python run RUNS times each (default 5), turn about, so that both see the same
# machine; the table gives the fastest and the median run. hledger runs HLEDGER_RUNS times
# (default 1: it takes a quarter of a minute per 100,000 rows). The ratios compare fastest runs,
# hledger per row. Every run must exit 0 and read every row (ledgerport's `read`, Python's row
# count, hledger's transaction count), or the benchmark stops (check.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
hledger_rows=${2:-100000}
runs=${RUNS:-5}
hledger_runs=${HLEDGER_RUNS:-1}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
bin=.build/release/ledgerport
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
file="$out/de-$rows.csv"
[ -f "$file" ] || python3 scripts/bench/gen_csv.py --style de --rows "$rows" --out "$file" >/dev/null
small="$out/de-$hledger_rows.csv"
[ -f "$small" ] || python3 scripts/bench/gen_csv.py --style de --rows "$hledger_rows" --out "$small" >/dev/null

# One run: appends "seconds peakKB" to the named list file, once the run exited 0 and read the
# expected rows (counted by the named function from the run's output).
run() { # list rows counter command...
    local list=$1 want=$2 counter=$3
    shift 3
    timed_checked "$list" "$@"
    expect_count "$list: read" "$($counter)" "$want"
    cat "$out/time.txt" >>"$out/$list"
}
python_rows() { sed -nE 's/^python csv\+Decimal: ([0-9]+) rows.*/\1/p' "$out/last.out"; }
hledger_rows() { grep -c '^[0-9]' "$out/last.out" || true; }

rm -f "$out"/*.runs
for _ in $(seq "$runs"); do
    run ledgerport.runs "$rows" dry_run_read "$bin" import "$file" --dry-run --json
    run python.runs "$rows" python_rows python3 scripts/bench/python_csv_parse.py --style de "$file"
    run ledgerport-small.runs "$hledger_rows" dry_run_read "$bin" import "$small" --dry-run --json
done
if command -v hledger >/dev/null && [ "$hledger_runs" -gt 0 ]; then
    iconv -f WINDOWS-1252 -t UTF-8 "$small" >"$out/de-$hledger_rows-utf8.csv"
    for _ in $(seq "$hledger_runs"); do
        run hledger.runs "$hledger_rows" hledger_rows \
            hledger -f "$out/de-$hledger_rows-utf8.csv" --rules-file scripts/bench/de-bank.rules print
    done
fi

# fastest, median and peak MB of a list
stats() { sort -n "$out/$1" | awk '{ s[NR] = $1; if ($2 > m) m = $2 } END { printf "%s %s %.1f", s[1], s[int((NR + 1) / 2)], m / 1024 }'; }

printf '%-46s %9s %8s %8s %12s %9s\n' "reader" "rows" "fastest" "median" "rows/s" "peak MB"
line() { # label rows list
    read -r fastest median peak <<<"$(stats "$3")"
    printf '%-46s %9s %8s %8s %12.0f %9s\n' "$1" "$2" "$fastest" "$median" "$(echo "$2 / $fastest" | bc -l)" "$peak"
}
line "ledgerport import --dry-run" "$rows" ledgerport.runs
line "python csv + decimal.Decimal" "$rows" python.runs
line "ledgerport import --dry-run" "$hledger_rows" ledgerport-small.runs
if [ -f "$out/hledger.runs" ]; then
    line "hledger print (rules: scripts/bench/de-bank.rules)" "$hledger_rows" hledger.runs
elif [ "$hledger_runs" -gt 0 ]; then
    echo "hledger is not installed (apt-get install -y hledger): skipped"
fi
read -r ours _ _ <<<"$(stats ledgerport.runs)"
read -r python _ _ <<<"$(stats python.runs)"
printf '\nledgerport is %.1f times faster than the Python parse' "$(echo "$python / $ours" | bc -l)"
if [ -f "$out/hledger.runs" ]; then
    read -r hledger _ _ <<<"$(stats hledger.runs)"
    # hledger's seconds per row over ledgerport's, on the large file.
    printf ' and %.0f times faster than hledger per row' "$(echo "($hledger / $hledger_rows) / ($ours / $rows)" | bc -l)"
fi
echo
