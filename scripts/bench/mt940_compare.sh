#!/usr/bin/env bash
# Times reading generated MT940 statements: `ledgerport import --dry-run` against the PyPI mt-940
# reader, in the same run.
#
#   scripts/bench/mt940_compare.sh [SIZES...]        default: 100000 1000000
#
# Each row is "read and normalise every statement line" of scripts/bench/gen_mt940.py's file,
# timed with /usr/bin/time -v for the wall clock and the peak resident memory; ledgerport's run is
# a release `import --dry-run --json` (reading, checking, identity lookups, no database written)
# and must report SIZE records read, or the benchmark stops (check.sh). mt-940 runs
# `mt940.parse_statements` with its German :86: post-processor (as the differential check does)
# and must count SIZE transactions; a missing mt-940 (pip install mt-940) is a row saying so.
#
# Environment:
#   OURS            the command that reads FILE (default: the release ledgerport --db OUT/none.sqlite
#                   import --dry-run --json, a ledger that doesn't exist)
#   COMPETITOR_MAX  the largest size mt-940 is run on (default 1000000)
#   RUNS            runs per row; the row shows the fastest wall clock and its memory (default 3)
#   OUT             where generated files go (default bench-out/mt940)
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("${@:-100000 1000000}")
read -r -a sizes <<<"${sizes[*]}"
out=${OUT:-bench-out/mt940}
competitor_max=${COMPETITOR_MAX:-1000000}
runs=${RUNS:-3}
mkdir -p "$out"
source scripts/bench/check.sh

if [[ -z "${OURS:-}" ]]; then
    swift build -c release --product ledgerport >&2
    # A ledger path that doesn't exist: the dry run reads and checks every line against no ledger
    # (the default ledger in ~/.local/share would make it a comparison with whatever that holds).
    OURS="$(swift build -c release --show-bin-path)/ledgerport --db $out/none.sqlite import --dry-run --json"
fi

python_reader='
import sys, mt940
text = open(sys.argv[1], encoding="utf-8").read()
statements = mt940.parse_statements(text, processors=dict(
    post_transaction_details=[mt940.processors.transaction_details_post_processor]))
print(sum(len(s) for s in statements))'

# best LABEL SIZE WANT COMMAND...: the fastest of RUNS runs as one table row; every run must exit
# 0 and count WANT (ledgerport: the dry run's "read"; mt-940: the number it prints).
best() {
    local label=$1 size=$2 want=$3
    shift 3
    local best_wall="" best_rss="" log counted
    for _ in $(seq "$runs"); do
        rm -f "$out/none.sqlite"
        log=$(mktemp)
        if ! /usr/bin/time -v "$@" >"$out/last.out" 2>"$log"; then
            sed -E '/^(Command exited with non-zero status|\tCommand being timed:)/,$d' "$log" >"$out/last.err"
            bench_abort "$label on $size exited non-zero ($*)"
        fi
        if [ "$label" = ledgerport ]; then counted=$(dry_run_read); else counted=$(tail -1 "$out/last.out"); fi
        expect_count "$label on $size: records" "$counted" "$want"
        local wall rss
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.2f", s}' "$log")
        rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$log")
        if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN {exit !(a < b)}'; then
            best_wall=$wall best_rss=$rss
        fi
        rm -f "$log"
    done
    printf '| %-10s | %9s | %8s s | %6s MB |\n' "$label" "$size" "$best_wall" "$best_rss"
    echo "$best_wall" >"$out/$label-$size.seconds"
}

echo "| reader     |      size |     wall   |     peak  |"
echo "| ---------- | --------: | ---------: | --------: |"
for size in "${sizes[@]}"; do
    file="$out/bench-$size.sta"
    [[ -f "$file" ]] || python3 scripts/bench/gen_mt940.py "$size" "$file"
    # shellcheck disable=SC2086
    best ledgerport "$size" "$size" $OURS "$file"
    if ((size <= competitor_max)); then
        if python3 -c "import mt940" 2>/dev/null; then
            best mt-940 "$size" "$size" python3 -c "$python_reader" "$file"
            awk -v a="$(cat "$out/ledgerport-$size.seconds")" -v b="$(cat "$out/mt-940-$size.seconds")" \
                'BEGIN {printf "ledgerport is %.0f times faster than mt-940 at '"$size"'\n", b / a}'
        else
            echo "| mt-940     | $size | skipped: pip install mt-940 | |"
        fi
    fi
done
