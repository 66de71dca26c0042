#!/usr/bin/env bash
# Times reading generated OFX 1.02 statements: ledgerport against ofxtools, ofxparse and libofx.
#
#   scripts/bench/ofx_compare.sh [SIZES...]        default: 10000 100000 1000000
#
# Each run is "parse and normalise every transaction", timed with /usr/bin/time -v for the wall
# clock and the peak resident memory. A competitor that is not installed is skipped with a note:
#   pip install ofxtools ofxparse      apt-get install -y ofx     (ofxdump)
#
# Environment:
#   OURS            the command that reads FILE (default: the release OFXInspect --count; once the
#                   CLI has landed, e.g. "ledgerport import --dry-run --json")
#   COMPETITOR_MAX  the largest size the competitors are run on (default 100000: ofxtools takes
#                   ~20 s there, libofx minutes)
#   OFXPARSE_MAX    the largest size for ofxparse, whose time grows quadratically (default 10000)
#   OFXDUMP_MAX     the largest size for libofx's ofxdump (default COMPETITOR_MAX; ~3.5 minutes at 100,000)
#   OUT             where generated files go (default bench-out/ofx)
#
# ledgerport's run must exit 0 and count SIZE drafts, or the benchmark stops (check.sh); a
# competitor that fails shows "failed" in its row, untimed.
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("${@:-10000 100000 1000000}")
read -r -a sizes <<<"${sizes[*]}"
out=${OUT:-bench-out/ofx}
competitor_max=${COMPETITOR_MAX:-100000}
ofxparse_max=${OFXPARSE_MAX:-10000}
ofxdump_max=${OFXDUMP_MAX:-$competitor_max}
mkdir -p "$out"
source scripts/bench/check.sh

if [[ -z "${OURS:-}" ]]; then
    swift build -c release --product OFXInspect >&2
    OURS="$(swift build -c release --show-bin-path)/OFXInspect --count"
fi

# ours SIZE COMMAND...: ledgerport's row; aborts unless the run exits 0 and counts SIZE drafts
# (OFXInspect --count prints "drafts N ...", `import --dry-run --json` a "read" count).
ours() {
    local size=$1 log
    shift
    log=$(mktemp)
    if ! /usr/bin/time -v "$@" >"$out/last.out" 2>"$log"; then
        sed -E '/^(Command exited with non-zero status|\tCommand being timed:)/,$d' "$log" >"$out/last.err"  # time's own report
        bench_abort "ledgerport on $size exited non-zero ($*)"
    fi
    local counted
    counted=$(sed -nE 's/^drafts ([0-9]+) .*/\1/p' "$out/last.out")
    [ -n "$counted" ] || counted=$(dry_run_read)
    expect_count "ledgerport on $size: drafts" "$counted" "$size"
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$log")
    printf '| %-10s | %9s | %12s | %8s MB |\n' ledgerport "$size" "$wall" "$rss"
    rm -f "$log"
}

# run LABEL SIZE COMMAND...: prints one table row with seconds and peak MB (a competitor's).
run() {
    local label=$1 size=$2
    shift 2
    local log
    log=$(mktemp)
    if /usr/bin/time -v "$@" >/dev/null 2>"$log"; then
        local wall rss
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
        rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$log")
        printf '| %-10s | %9s | %12s | %8s MB |\n' "$label" "$size" "$wall" "$rss"
    else
        printf '| %-10s | %9s | %12s | %11s |\n' "$label" "$size" "failed" "-"
        tail -3 "$log" >&2
    fi
    rm -f "$log"
}

have_python_module() { python3 -c "import $1" 2>/dev/null; }

ofxtools_script='
import sys
from ofxtools.Parser import OFXTree
tree = OFXTree(); tree.parse(sys.argv[1]); ofx = tree.convert()
n = sum(len(s.transactions) for s in ofx.statements)
print(n)'
ofxparse_script='
import sys, ofxparse
with open(sys.argv[1], "rb") as f: ofx = ofxparse.OfxParser.parse(f)
print(sum(len(a.statement.transactions) for a in ofx.accounts))'

echo "| reader     |      size | wall (m:ss)  |     peak    |"
echo "| ---------- | --------: | -----------: | ----------: |"
for size in "${sizes[@]}"; do
    file="$out/bench-$size.ofx"
    [[ -f "$file" ]] || python3 scripts/bench/gen_ofx.py "$size" "$file"
    # shellcheck disable=SC2086
    ours "$size" $OURS "$file"
    if ((size <= competitor_max)); then
        if have_python_module ofxtools; then
            run ofxtools "$size" python3 -W ignore -c "$ofxtools_script" "$file"
        else
            echo "| ofxtools  | $size | skipped: pip install ofxtools | |"
        fi
        if ((size <= ofxparse_max)) && have_python_module ofxparse; then
            run ofxparse "$size" python3 -W ignore -c "$ofxparse_script" "$file"
        elif ! have_python_module ofxparse; then
            echo "| ofxparse  | $size | skipped: pip install ofxparse | |"
        fi
        if ((size <= ofxdump_max)) && command -v ofxdump >/dev/null; then
            run ofxdump "$size" ofxdump "$file"
        elif ! command -v ofxdump >/dev/null; then
            echo "| ofxdump   | $size | skipped: apt-get install ofx | |"
        fi
    fi
done
