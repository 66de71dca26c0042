#!/usr/bin/env bash
# End to end through the command line (issue 13): `ledgerport import FILE` of a generated generic
# CSV, (a) natively (`--account Bench --currency USD`) and (b) `--format benchcat`, a trusted
# external adapter whose `extract` is `exec cat` of the same records pre-made as protocol JSON
# Lines. Unlike external-import.sh (ExternalImportBench builds the adapter object itself), (b)
# pays everything a user's import pays: finding the adapter in its folders, hashing the
# executable against its pin in the trust file, running `describe`, copying and hashing the
# input, the sandboxed `extract`, every line decoded and checked. Batches of 100, a fresh ledger
# each run, native and external in turn; each run's rows are counted in the ledger.
#
#   scripts/bench/external-import-cli.sh [ROWS] [RUNS]     (defaults 200000 and 3; release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-200000}
runs=${2:-3}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
source scripts/bench/check.sh
mkdir -p "$out"
swift build -c release --product ledgerport >/dev/null
bin="$PWD/.build/release/ledgerport"
csv="$out/generic-$rows.csv"
jsonl="$out/generic-$rows.jsonl"
[ -f "$csv" ] || python3 scripts/bench/gen_generic_csv.py "$rows" "$csv"
[ -f "$jsonl" ] && [ "$jsonl" -nt "$csv" ] || python3 scripts/bench/gen_adapter_jsonl.py "$csv" "$jsonl"

export XDG_CONFIG_HOME="$out/cli-config"
rm -rf "$XDG_CONFIG_HOME"
mkdir -p "$XDG_CONFIG_HOME/ledgerport/adapters"
unset LEDGERPORT_ADAPTER_PATH
adapter="$XDG_CONFIG_HOME/ledgerport/adapters/ledgerport-adapter-benchcat"
cat >"$adapter" <<SCRIPT
#!/bin/sh
case "\$1" in
describe) echo '{"protocols":[1],"name":"benchcat","version":"1","summary":"pre-made JSON Lines","extensions":["csv"]}' ;;
identify) echo 0 ;;
extract) exec cat "$jsonl" ;;
esac
SCRIPT
chmod +x "$adapter"
checked "adapters trust benchcat" "$bin" adapters trust benchcat

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-10s %10s %12s %9s\n' run case seconds rows/s "peak MB"
for run in $(seq 1 "$runs"); do
    for mode in native external; do
        rm -f "$out"/cli-db.sqlite*
        if [ "$mode" = native ]; then
            timed_checked "native import" "$bin" --db "$out/cli-db.sqlite" import "$csv" --account Bench --currency USD
        else
            timed_checked "external import" "$bin" --db "$out/cli-db.sqlite" import "$csv" --format benchcat
        fi
        read -r seconds kb <"$out/time.txt"
        expect_count "$mode import: in the ledger" "$(stored_rows "$out/cli-db.sqlite")" "$rows"
        printf '%-6s %-10s %10s %12.0f %9.1f\n' "$run" "$mode" "$seconds" "$(echo "$rows / $seconds" | bc -l)" \
            "$(echo "$kb / 1024" | bc -l)"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
