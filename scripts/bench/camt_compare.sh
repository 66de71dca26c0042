#!/usr/bin/env bash
# Reading a large camt.053: `ledgerport import --dry-run` beside pycamt (the Python camt reader
# scripts/camt_differential.py compares with), on the same generated file, in the same run.
#
#   scripts/bench/camt_compare.sh [ENTRIES]        (default 100000; needs a release build)
#
# Two files, both scripts/bench/gen_camt.py ENTRIES --compact --statements 366 (one account's
# year of daily statements in one file): the issue's size, `--profile plain` (entries shaped like
# the hand-made fixtures, about 620 bytes an entry: 62 MB for 100,000), on which issue 15's goals
# are judged; and the richer German DK profile (about 850 bytes an entry: 85 MB), reported beside
# it (docs/performance.md). pycamt reads the issue's file (PYCAMT=0 leaves it out); it looks each
# entry's account up from its statement again, so its time grows with the square of a
# statement's length, and daily statements keep it linear. ledgerport also reads the DK entries
# as one statement (ledgerport only: pycamt would take hours there).
#
# Each reader runs RUNS times (default 3), turn about; the table gives the fastest and the median
# run and the peak resident memory (/usr/bin/time). Every run must exit 0 and read every row
# (ledgerport's dry-run `read`, pycamt's row count), or the benchmark stops (check.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
entries=${1:-100000}
runs=${RUNS:-3}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
bin=.build/release/ledgerport
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
pycamt=${PYCAMT:-1}
[ "$pycamt" = 0 ] || python3 -c 'import pycamt' 2>/dev/null || bench_abort "pycamt is not installed (pip install pycamt, or scripts/install-deps.sh)"

plain="$out/camt-$entries-plain-daily.xml"
daily="$out/camt-$entries-daily.xml"
single="$out/camt-$entries-one.xml"
# The rows an import makes (one per entry, one per transaction of an itemised batch), as the generator says.
generate() { # file arguments...
    local file=$1
    shift
    python3 scripts/bench/gen_camt.py "$entries" "$file" --compact "$@" 2>"$file.summary" \
        || bench_abort "gen_camt.py $entries $*"
}
[ -f "$plain.summary" ] || generate "$plain" --statements 366 --profile plain
[ -f "$daily.summary" ] || generate "$daily" --statements 366
[ -f "$single.summary" ] || generate "$single"
# The same entries in both profiles (the generator draws the same numbers), so the same rows.
rows=$(sed -nE 's/.*, ([0-9]+) rows, .*/\1/p' "$daily.summary" | head -1)

pycamt_rows() { sed -nE 's/^pycamt: ([0-9]+) rows.*/\1/p' "$out/last.out"; }
pycamt_script='
import sys
from pycamt.parser import Camt053Parser
parser = Camt053Parser.from_file(sys.argv[1])
rows = parser.get_transactions()
statements = parser.get_statement_info()
print("pycamt: %d rows, %d statements" % (len(rows), len(statements)))'

run() { # list want counter command...
    local list=$1 want=$2 counter=$3
    shift 3
    timed_checked "$list" "$@"
    expect_count "$list: read" "$($counter)" "$want"
    cat "$out/time.txt" >>"$out/$list"
}

rm -f "$out"/camt-*.runs "$out/none.sqlite"
for _ in $(seq "$runs"); do
    run camt-ledgerport-plain.runs "$rows" dry_run_read "$bin" --db "$out/none.sqlite" import "$plain" --dry-run --json
    [ "$pycamt" = 0 ] || run camt-pycamt.runs "$rows" pycamt_rows python3 -c "$pycamt_script" "$plain"
    run camt-ledgerport.runs "$rows" dry_run_read "$bin" --db "$out/none.sqlite" import "$daily" --dry-run --json
    run camt-ledgerport-one.runs "$rows" dry_run_read "$bin" --db "$out/none.sqlite" import "$single" --dry-run --json
done

stats() { sort -n "$out/$1" | awk '{ s[NR] = $1; if ($2 > m) m = $2 } END { printf "%s %s %.1f", s[1], s[int((NR + 1) / 2)], m / 1024 }'; }
megabytes() { echo "$(stat -c %s "$1") / 1000000" | bc -l; }
printf '%-52s %8s %8s %8s %8s %9s %9s\n' "reader ($entries entries, $rows rows)" "MB" "fastest" "median" "MB/s" "rows/s" "peak MB"
line() { # label file list
    read -r fastest median peak <<<"$(stats "$3")"
    printf '%-52s %8.1f %8s %8s %8.0f %9.0f %9s\n' "$1" "$(megabytes "$2")" "$fastest" "$median" \
        "$(echo "$(megabytes "$2") / $fastest" | bc -l)" "$(echo "$rows / $fastest" | bc -l)" "$peak"
}
line "ledgerport --dry-run, issue's size (plain), daily" "$plain" camt-ledgerport-plain.runs
[ "$pycamt" = 0 ] || line "pycamt $(python3 -c 'import importlib.metadata as m; print(m.version("pycamt"))'), issue's size (plain), daily" "$plain" camt-pycamt.runs
line "ledgerport --dry-run, DK profile, daily" "$daily" camt-ledgerport.runs
line "ledgerport --dry-run, DK profile, one statement" "$single" camt-ledgerport-one.runs
if [ "$pycamt" != 0 ]; then
    read -r ours _ _ <<<"$(stats camt-ledgerport-plain.runs)"
    read -r python _ _ <<<"$(stats camt-pycamt.runs)"
    printf '\nledgerport is %.1f times faster than pycamt (fastest runs, the issue-size file)\n' "$(echo "$python / $ours" | bc -l)"
fi
