#!/usr/bin/env bash
# Discrepancy diagnostics over a statement period of N rows (issue 6): a checkpoint that is off by
# an amount no single row explains, so every search runs, the pair search included.
#
#   scripts/bench/diagnostics.sh [ROWS]        (default 100000; needs a release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-100000}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
bin=.build/release/ledgerport
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null
csv="$out/generic-$rows.csv"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"
db="$out/diagnostics.sqlite"
rm -f "$db"*
checked "import" "$bin" --db "$db" import "$csv" --account Period --currency USD --batch-size 10000
expect_count "import: stored" "$(stored_rows "$db")" "$rows"
checked "reconcile --opening" "$bin" --db "$db" reconcile Period --opening 0 --as-of 2019-12-31
last_day=$(tail -1 "$csv" | cut -d, -f1)
balance=$("$bin" --db "$db" accounts --json | python3 -c '
import json, sys
from decimal import Decimal
print(Decimal(json.load(sys.stdin)[0]["balance"]) + Decimal("1500.01"))')
start=$(date +%s%N)
checked "reconcile --balance" "$bin" --db "$db" reconcile Period --balance "$balance" --as-of "$last_day" --json
end=$(date +%s%N)
cp "$out/last.out" "$out/diagnosis.json"
candidates=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["candidates"]), d["status"])' "$out/diagnosis.json")
printf '%-52s %8.3f s  (%s)\n' "checkpoint with diagnostics over $rows rows" "$(echo "($end - $start) / 1000000000" | bc -l)" \
    "candidates, status: $candidates"
