#!/usr/bin/env bash
# Parsing and normalising CSV exports with `ledgerport import --dry-run` beside a plain Python
# csv + decimal.Decimal parse of the same columns, in four dialects, and hledger's CSV rules on
# the German one (Debian's hledger, after converting the file to UTF-8, which hledger needs):
#
#   de      a German export: semicolons, decimal comma, every field quoted, Windows-1252,
#           preamble and footer, Soll/Haben column (mappings/de-girokonto.json)
#   dc      a German export with separate Soll and Haben amount columns: semicolons, decimal comma,
#           Windows-1252, a field quoted only when it must be, preamble (period, opening balance)
#           and a Kontostand footer (mappings/de-girokonto-soll-haben.json)
#   quoted  Date,Description,Amount,Balance in UTF-8, each description quoted and holding a
#           comma (mappings/generic.json, with --account and --currency)
#   utf16   the quoted rows in UTF-16 little-endian with a byte-order mark (the same mapping;
#           Python decodes with the "utf-16" codec, which reads the mark)
#
#   scripts/bench/csv_compare.sh [ROWS] [HLEDGER_ROWS]     (defaults 1000000 and 100000)
#
# ledgerport and Python run RUNS times each (default 5), turn about, so that both see the same
# machine; the table gives the fastest and the median run, in wall-clock seconds and in CPU
# seconds (user + system, all threads), and the ratios compare medians. On a busy machine CPU
# time is the fairer measure: ledgerport reads on two threads and waits for a core when others
# have them. Every dry run gets a fresh ledger path (--db, a file that doesn't exist), so it never
# compares with an old default ledger. hledger runs HLEDGER_RUNS times (default 1: it takes a
# quarter of a minute per 100,000 rows). Every run must exit 0 and read every row (ledgerport's
# `read`, Python's row count, hledger's transaction count), or the benchmark stops (check.sh).
# STYLES (default "de dc quoted utf16") picks the dialects; BIN=/path/to/ledgerport measures another
# build.
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
hledger_rows=${2:-100000}
runs=${RUNS:-5}
hledger_runs=${HLEDGER_RUNS:-1}
styles=${STYLES:-de dc quoted utf16}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
bin=${BIN:-.build/release/ledgerport}
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
for style in $styles; do
    file="$out/$style-$rows.csv"
    [ -f "$file" ] || python3 scripts/bench/gen_csv.py --style "$style" --rows "$rows" --out "$file" >/dev/null
done
small="$out/de-$hledger_rows.csv"
[ -f "$small" ] || python3 scripts/bench/gen_csv.py --style de --rows "$hledger_rows" --out "$small" >/dev/null
db="$out/csv-dry-run.sqlite"

# One run: appends "seconds peakKB userCPU systemCPU" to the named list file, once the run exited
# 0 and read the expected rows (counted by the named function from the run's output).
run() { # list rows counter command...
    local list=$1 want=$2 counter=$3
    shift 3
    rm -f "$db" "$db-wal" "$db-shm"
    TIME_FORMAT='%e %M %U %S' timed_checked "$list" "$@"
    expect_count "$list: read" "$($counter)" "$want"
    cat "$out/time.txt" >>"$out/$list"
}
python_rows() { sed -nE 's/^python csv\+Decimal: ([0-9]+) rows.*/\1/p' "$out/last.out"; }
hledger_rows() { grep -c '^[0-9]' "$out/last.out" || true; }
# What ledgerport needs told for a style: the generic mapping names no account or currency.
style_options() { case $1 in de | dc) ;; *) echo "--account Bench --currency EUR" ;; esac; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$out"/*.runs
for _ in $(seq "$runs"); do
    for style in $styles; do
        # shellcheck disable=SC2046
        run "ledgerport-$style.runs" "$rows" dry_run_read \
            "$bin" --db "$db" import "$out/$style-$rows.csv" --dry-run --json $(style_options "$style")
        run "python-$style.runs" "$rows" python_rows \
            python3 scripts/bench/python_csv_parse.py --style "$style" "$out/$style-$rows.csv"
    done
    run ledgerport-small.runs "$hledger_rows" dry_run_read "$bin" --db "$db" import "$small" --dry-run --json
done
if command -v hledger >/dev/null && [ "$hledger_runs" -gt 0 ]; then
    iconv -f WINDOWS-1252 -t UTF-8 "$small" >"$out/de-$hledger_rows-utf8.csv"
    for _ in $(seq "$hledger_runs"); do
        run hledger.runs "$hledger_rows" hledger_rows \
            hledger -f "$out/de-$hledger_rows-utf8.csv" --rules-file scripts/bench/de-bank.rules print
    done
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# fastest and median wall clock, fastest and median CPU (user + system), peak MB of a list
stats() {
    local list="$out/$1" middle
    middle=$((($(wc -l <"$list") + 1) / 2))
    local walls cpus
    walls=$(awk '{ print $1 }' "$list" | sort -n)
    cpus=$(awk '{ printf "%.2f\n", $3 + $4 }' "$list" | sort -n)
    echo "$(head -1 <<<"$walls") $(sed -n "${middle}p" <<<"$walls") $(head -1 <<<"$cpus")" \
        "$(sed -n "${middle}p" <<<"$cpus") $(awk '{ if ($2 > m) m = $2 } END { printf "%.1f", m / 1024 }' "$list")"
}

printf '%-50s %9s %7s %7s %7s %7s %12s %8s\n' "reader" "rows" "wall" "median" "CPU" "median" "rows/s" "peak MB"
line() { # label rows list
    read -r fastest median cpu cpu_median peak <<<"$(stats "$3")"
    printf '%-50s %9s %7s %7s %7s %7s %12.0f %8s\n' "$1" "$2" "$fastest" "$median" "$cpu" "$cpu_median" \
        "$(echo "$2 / $median" | bc -l)" "$peak"
}
for style in $styles; do
    line "ledgerport import --dry-run ($style)" "$rows" "ledgerport-$style.runs"
    line "python csv + decimal.Decimal ($style)" "$rows" "python-$style.runs"
done
line "ledgerport import --dry-run (de)" "$hledger_rows" ledgerport-small.runs
if [ -f "$out/hledger.runs" ]; then
    line "hledger print (rules: scripts/bench/de-bank.rules)" "$hledger_rows" hledger.runs
elif [ "$hledger_runs" -gt 0 ]; then
    echo "hledger is not installed (apt-get install -y hledger): skipped"
fi
echo
for style in $styles; do
    read -r _ ours _ ours_cpu _ <<<"$(stats "ledgerport-$style.runs")"
    read -r _ python _ python_cpu _ <<<"$(stats "python-$style.runs")"
    printf '%s: ledgerport is %.1f times faster than the Python parse in CPU time, %.1f times in wall clock (medians)\n' \
        "$style" "$(echo "$python_cpu / $ours_cpu" | bc -l)" "$(echo "$python / $ours" | bc -l)"
done
if [ -f "$out/hledger.runs" ]; then
    read -r _ hledger _ _ _ <<<"$(stats hledger.runs)"
    read -r _ ours _ _ _ <<<"$(stats ledgerport-de.runs)"
    # hledger's seconds per row over ledgerport's on the large file, medians.
    printf 'de: ledgerport is %.0f times faster than hledger per row (wall clock, medians)\n' \
        "$(echo "($hledger / $hledger_rows) / ($ours / $rows)" | bc -l)"
fi
