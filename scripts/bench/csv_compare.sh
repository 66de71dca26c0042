#!/usr/bin/env bash
# Parsing and normalising a German-style CSV export (semicolons, decimal comma, quoted fields,
# Windows-1252, preamble and footer): `ledgerport import --dry-run` beside a plain Python csv +
# decimal.Decimal parse of the same columns, and hledger's CSV rules (Debian's hledger, after
# converting the file to UTF-8, which hledger needs).
#
#   scripts/bench/csv_compare.sh [ROWS] [HLEDGER_ROWS]     (defaults 1000000 and 100000)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
hledger_rows=${2:-100000}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
bin=.build/release/ledgerport
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
file="$out/de-$rows.csv"
[ -f "$file" ] || python3 scripts/bench/gen_csv.py --style de --rows "$rows" --out "$file" >/dev/null

timed() { # label rows command...
    local label=$1 count=$2
    shift 2
    /usr/bin/time -o "$out/time.txt" -f '%e %M' "$@" >/dev/null 2>&1 || true
    read -r seconds kb <"$out/time.txt"
    printf '%-46s %9s %10s %12.0f %9.1f\n' "$label" "$count" "$seconds" "$(echo "$count / $seconds" | bc -l)" \
        "$(echo "$kb / 1024" | bc -l)"
}

printf '%-46s %9s %10s %12s %9s\n' "reader" "rows" "seconds" "rows/s" "peak MB"
timed "ledgerport import --dry-run" "$rows" "$bin" import "$file" --dry-run
timed "python csv + decimal.Decimal" "$rows" python3 scripts/bench/python_csv_parse.py --style de "$file"
if command -v hledger >/dev/null; then
    small="$out/de-$hledger_rows.csv"
    [ -f "$small" ] || python3 scripts/bench/gen_csv.py --style de --rows "$hledger_rows" --out "$small" >/dev/null
    iconv -f WINDOWS-1252 -t UTF-8 "$small" >"$out/de-$hledger_rows-utf8.csv"
    timed "ledgerport import --dry-run" "$hledger_rows" "$bin" import "$small" --dry-run
    timed "hledger print (rules: scripts/bench/de-bank.rules)" "$hledger_rows" \
        hledger -f "$out/de-$hledger_rows-utf8.csv" --rules-file scripts/bench/de-bank.rules print
else
    echo "hledger is not installed (apt-get install -y hledger): skipped"
fi
