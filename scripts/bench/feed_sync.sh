#!/usr/bin/env bash
# Feed sync (issue 5): an initial sync of a large generated feed, then incremental syncs of a few
# new batches each. The incremental sync must take under 1 % of the initial one, and under 200 ms.
#
#   scripts/bench/feed_sync.sh [TRANSACTIONS] [BATCHES] [NEW_BATCHES] [RUNS]
#       defaults: 1000000 10000 10 5        (needs python3; builds the release CLI if missing)
#
# Times are wall-clock for the whole `ledgerport sync` process (start-up, reading, SQLite,
# checkpoints, exit). Each incremental run appends NEW_BATCHES batches (about 100 transactions
# each, with their pending bookings and balances) with scripts/bench/gen_feed.py, then syncs.
set -euo pipefail
cd "$(dirname "$0")/../.."
transactions=${1:-1000000}
batches=${2:-10000}
new_batches=${3:-10}
runs=${4:-5}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
bin=.build/release/ledgerport
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null

pristine="$out/feed-$transactions-$batches"
if [ ! -f "$pristine/feed.json" ]; then
    rm -rf "$pristine"
    python3 scripts/bench/gen_feed.py "$pristine" --transactions "$transactions" --batches "$batches" 2>/dev/null
fi
feed="$out/feed-work"
rm -rf "$feed" "$out"/feed.sqlite*
cp -r "$pristine" "$feed"
sync

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
sync_ms() { # prints the wall time of one sync in ms; fails unless the sync completed
    local start end
    start=$(now_ms)
    "$bin" --db "$out/feed.sqlite" sync "$feed" --json >"$out/sync.json"
    end=$(now_ms)
    echo $(( end - start ))
}
summary() { # the batches applied and the checkpoint statuses of the last sync
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("batches %d, rows %d, checkpoints %s" % (
        sum(s["batches"] for s in r["streams"]), sum(s["inserted"] + s["updated"] + s["deleted"] for s in r["streams"]),
        ",".join(sorted(set(c["status"] for c in r["checkpoints"])))))' "$out/sync.json"
}

initial=$(sync_ms)
printf 'initial sync, %d transactions in %d batches: %d ms (%s)\n' "$transactions" "$batches" "$initial" "$(summary)"
times=()
for run in $(seq 1 "$runs"); do
    python3 scripts/bench/gen_feed.py "$feed" --append "$new_batches" 2>/dev/null
    sync # the generator's files reach the disk before the clock starts, not during the sync
    ms=$(sync_ms)
    times+=("$ms")
    printf 'incremental sync %d, %d new batches: %d ms (%s)\n' "$run" "$new_batches" "$ms" "$(summary)"
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
printf 'median incremental: %d ms = %.3f %% of the initial sync (targets: < 1 %% and < 200 ms)\n' "$median" \
    "$(echo "100 * $median / $initial" | bc -l)"
nothing=$(sync_ms)
printf 'sync with nothing new: %d ms\n' "$nothing"
