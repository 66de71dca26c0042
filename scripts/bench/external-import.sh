#!/usr/bin/env bash
# Import through an external adapter beside the native import (issue 13): the same generated
# 1,000,000-row generic CSV imported (a) natively and (b) through a tiny external adapter that
# prints the same records as pre-made JSON Lines (`exec cat`), batches of 100, fresh ledgers.
# The adapter object is built directly by a small bench executable (ExternalImportBench), so no
# trust store is involved; the host still copies the input to the adapter's private directory,
# spawns it sandboxed and checks every line. Goal: external / native >= 0.70.
#
#   scripts/bench/external-import.sh [ROWS] [RUNS]     (defaults 1000000 and 3; release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
runs=${2:-3}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
mkdir -p "$out"
swift build -c release --product ExternalImportBench >/dev/null
bin=.build/release/ExternalImportBench
csv="$out/generic-$rows.csv"
jsonl="$out/generic-$rows.jsonl"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"
[ -f "$jsonl" ] && [ "$jsonl" -nt "$csv" ] || python3 scripts/bench/gen_adapter_jsonl.py "$csv" "$jsonl"
adapters="$out/adapters"
mkdir -p "$adapters"
adapter="$adapters/ledgerport-adapter-benchcat"
cat >"$adapter" <<SCRIPT
#!/bin/sh
case "\$1" in
describe) echo '{"protocols":[1],"name":"benchcat","version":"1","summary":"pre-made JSON Lines","extensions":["csv"]}' ;;
identify) echo 0 ;;
extract) exec cat "$jsonl" ;;
esac
SCRIPT
chmod +x "$adapter"

printf '%-10s %-10s %10s %12s\n' run case seconds rows/s
best_native=0
best_external=0
for run in $(seq 1 "$runs"); do
    for mode in native external; do
        rm -f "$out"/ext-db.sqlite*
        extra=$([ "$mode" = native ] && echo mappings || echo "$adapter")
        checked "$mode import" "$bin" "$mode" "$csv" "$out/ext-db.sqlite" "$extra"
        read -r stored seconds rate <"$out/last.out"
        expect_count "$mode import: stored" "$stored" "$rows"
        expect_count "$mode import: in the ledger" "$(stored_rows "$out/ext-db.sqlite")" "$rows"
        printf '%-10s %-10s %10s %12s\n' "$run" "$mode" "$seconds" "$rate"
        if [ "$mode" = native ]; then
            [ "$rate" -gt "$best_native" ] && best_native=$rate
        else
            [ "$rate" -gt "$best_external" ] && best_external=$rate
        fi
    done
done
printf 'best native %s rows/s, best external %s rows/s, ratio %.2f (goal >= 0.70)\n' \
    "$best_native" "$best_external" "$(echo "$best_external / $best_native" | bc -l)"
