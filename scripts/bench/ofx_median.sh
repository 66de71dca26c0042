#!/usr/bin/env bash
# Issue 22's OFX measure: the CLI's dry run of 100,000 generated OFX transactions against
# ofxtools' parse and convert of the same file, turn about, RUNS rounds; prints each run and the
# medians. Each run is checked: ledgerport must read 100,000 transactions, ofxtools count them.
# OTHER, when given, is another ledgerport binary (an older build) run in each round too.
#
#   scripts/bench/ofx_median.sh [RUNS] [OTHER]        (default 5; builds the release binary)
#   pip install ofxtools
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
other=${2:-}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
mkdir -p "$out"
swift build -c release --product ledgerport >/dev/null
bin=.build/release/ledgerport
file="$out/ofx-100000.ofx"
[ -f "$file" ] || python3 scripts/bench/gen_ofx.py 100000 "$file"
python3 -c 'import ofxtools' 2>/dev/null || bench_abort "ofxtools is not installed (pip install ofxtools)"
ofxtools='
import sys
from ofxtools.Parser import OFXTree
tree = OFXTree(); tree.parse(sys.argv[1]); ofx = tree.convert()
print(sum(len(s.transactions) for s in ofx.statements))'
declare -A times
timed() { # label command...
    local label=$1
    shift
    /usr/bin/time -o "$out/time.txt" -f '%e %U %S %M' "$@" >"$out/last.out" 2>"$out/last.err" ||
        bench_abort "$label exited $? ($*): $(head -3 "$out/last.err")"
    read -r seconds user system kb <"$out/time.txt"
    printf '%-12s %6s s wall %6.2f s CPU %6.0f MB\n' "$label" "$seconds" "$(echo "$user + $system" | bc -l)" \
        "$(echo "$kb / 1024" | bc -l)"
    times[$label]+="$seconds "
}
for _ in $(seq "$runs"); do
    for label in ledgerport other; do
        binary=$bin
        [ "$label" = other ] && binary=$other
        [ -n "$binary" ] || continue
        rm -f "$out"/ofx-none.sqlite*
        timed "$label" "$binary" --db "$out/ofx-none.sqlite" import "$file" --dry-run --json
        grep -Eq '"read": ?100000,' "$out/last.out" || bench_abort "$label read: $(grep '"read"' "$out/last.out")"
    done
    timed ofxtools python3 -W ignore -c "$ofxtools" "$file"
    expect_count ofxtools "$(cat "$out/last.out")" 100000
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ours=$(echo "${times[ledgerport]}" | median)
theirs=$(echo "${times[ofxtools]}" | median)
echo "medians: ledgerport $ours s, ofxtools $theirs s: $(echo "$theirs / $ours" | bc -l | cut -c1-5) times"
[ -n "$other" ] && echo "other ($other): $(echo "${times[other]}" | median) s"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
