#!/usr/bin/env bash
# Times reading generated QIF registers: `ledgerport import --dry-run` against quiffen, in one run.
#
#   scripts/bench/qif_compare.sh [SIZES...]        default: 10000 100000 1000000
#
# Each run is timed with /usr/bin/time -v for the wall clock and the peak resident memory.
# ledgerport's run is the release CLI's `import FILE --dry-run --json --currency USD --account
# Bench` against a ledger that doesn't exist (a dry run never creates one): read, parse, normalise,
# validate and count every record; it must exit 0 and read SIZE records, or the benchmark stops.
# quiffen's is `Qif.parse(FILE)` and a count of its transactions (pip install quiffen==4.0.1;
# skipped with a note when missing).
#
# Environment:
#   LEDGERPORT       the ledgerport binary (default: built here with swift build -c release)
#   COMPETITOR_MAX   the largest size quiffen is run on (default 100000: about 1.5 ms a record, so
#                    1,000,000 would take about half an hour)
#   OUT              where generated files go (default bench-out/qif)
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("${@:-10000 100000 1000000}")
read -r -a sizes <<<"${sizes[*]}"
out=${OUT:-bench-out/qif}
competitor_max=${COMPETITOR_MAX:-100000}
mkdir -p "$out"
source scripts/bench/check.sh

if [[ -z "${LEDGERPORT:-}" ]]; then
    swift build -c release --product ledgerport >&2
    LEDGERPORT="$(swift build -c release --show-bin-path)/ledgerport"
fi

# row LABEL SIZE LOG: one table row from /usr/bin/time -v's report.
row() {
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$3")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$3")
    printf '| %-10s | %9s | %12s | %8s MB |\n' "$1" "$2" "$wall" "$rss"
}

quiffen_script='
import sys
import quiffen
qif = quiffen.Qif.parse(sys.argv[1])
print(sum(len(rows) for account in qif.accounts.values() for rows in account.transactions.values()))
'

echo "| reader     | records   | wall clock   | peak memory |"
echo "| ---        | ---:      | ---:         | ---:        |"
for size in "${sizes[@]}"; do
    file=$out/register-$size.qif
    [ -f "$file" ] || python3 scripts/bench/gen_qif.py "$size" "$file"
    log=$(mktemp)
    rm -f "$out/none.sqlite"
    if ! /usr/bin/time -v "$LEDGERPORT" import "$file" --db "$out/none.sqlite" --dry-run --json --currency USD \
        --account Bench >"$out/last.out" 2>"$log"; then
        cp "$log" "$out/last.err"
        bench_abort "ledgerport on $size exited non-zero"
    fi
    expect_count "ledgerport on $size: records" "$(dry_run_read)" "$size"
    row ledgerport "$size" "$log"
    if [ "$size" -le "$competitor_max" ]; then
        if python3 -c "import quiffen" 2>/dev/null; then
            if /usr/bin/time -v python3 -c "$quiffen_script" "$file" >"$out/quiffen.out" 2>"$log"; then
                expect_count "quiffen on $size: transactions" "$(cat "$out/quiffen.out")" "$size"
                row "quiffen" "$size" "$log"
            else
                printf '| %-10s | %9s | %12s | %11s |\n' quiffen "$size" failed -
            fi
        else
            echo "(quiffen not installed: pip install quiffen==4.0.1)" >&2
        fi
    fi
    rm -f "$log"
done
