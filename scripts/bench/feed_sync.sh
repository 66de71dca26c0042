#!/usr/bin/env bash
# Feed sync (issue 5): an initial sync of a large generated feed, then incremental syncs of a few
# new batches each. The incremental sync must take under 1 % of the initial one, and under 200 ms.
# Every sync must exit 0, insert what the generator wrote, and leave the ledger holding what its
# report says (rows before + inserted - deleted), or the benchmark stops (check.sh).
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
source scripts/bench/check.sh
bin=.build/release/ledgerport
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product ledgerport >/dev/null

pristine="$out/feed-$transactions-$batches"
if [ ! -f "$pristine/feed.json" ] || [ ! -f "$pristine.gen" ]; then  # .gen: what the generator wrote
    rm -rf "$pristine"
    python3 scripts/bench/gen_feed.py "$pristine" --transactions "$transactions" --batches "$batches" \
        2>"$pristine.gen" || bench_abort "gen_feed.py $pristine: $(tail -1 "$pristine.gen")"
fi
feed="$out/feed-work"
rm -rf "$feed" "$out"/feed.sqlite*
cp -r "$pristine" "$feed"
sync

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# new_transactions GEN_STDERR: the transactions gen_feed.py says it wrote
new_transactions() { sed -nE 's/.*: ([0-9]+) new transactions$/\1/p' "$1" | tail -1; }
# sync_ms LABEL WRITTEN: one sync, its wall time in ms in $ms; aborts unless it exits 0, inserts
# WRITTEN transactions and leaves the ledger holding its rows before + inserted - deleted (the
# transaction streams' counts; accounts and balances are counted apart)
sync_ms() {
    local start end before reported
    before=0
    [ -f "$out/feed.sqlite" ] && before=$(stored_rows "$out/feed.sqlite")
    start=$(now_ms)
    checked "$1" "$bin" --db "$out/feed.sqlite" sync "$feed" --json
    end=$(now_ms)
    ms=$(( end - start ))
    cp "$out/last.out" "$out/sync.json"
    reported=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); t=[s for s in r["streams"] if
        s["stream"] == "transactions"]; print(sum(s["inserted"] for s in t), sum(s["deleted"] for s in t))' \
        "$out/sync.json") \
        || bench_abort "$1: its --json report has no streams"
    read -r inserted deleted <<<"$reported"
    expect_count "$1: inserted" "$inserted" "$2"
    expect_count "$1: stored" "$(stored_rows "$out/feed.sqlite")" "$((before + inserted - deleted))"
}
summary() { # the batches applied and the checkpoint statuses of the last sync
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("batches %d, rows %d, checkpoints %s" % (
        sum(s["batches"] for s in r["streams"]), sum(s["inserted"] + s["updated"] + s["deleted"] for s in r["streams"]),
        ",".join(sorted(set(c["status"] for c in r["checkpoints"])))))' "$out/sync.json"
}

sync_ms "initial sync" "$(new_transactions "$pristine.gen")"
initial=$ms
printf 'initial sync, %d transactions in %d batches: %d ms (%s)\n' "$transactions" "$batches" "$initial" "$(summary)"
times=()
for run in $(seq 1 "$runs"); do
    python3 scripts/bench/gen_feed.py "$feed" --append "$new_batches" 2>"$out/gen.err" \
        || bench_abort "gen_feed.py --append: $(tail -1 "$out/gen.err")"
    sync # the generator's files reach the disk before the clock starts, not during the sync
    sync_ms "incremental sync $run" "$(new_transactions "$out/gen.err")"
    times+=("$ms")
    printf 'incremental sync %d, %d new batches: %d ms (%s)\n' "$run" "$new_batches" "$ms" "$(summary)"
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
printf 'median incremental: %d ms = %.3f %% of the initial sync (targets: < 1 %% and < 200 ms)\n' "$median" \
    "$(echo "100 * $median / $initial" | bc -l)"
sync_ms "sync with nothing new" 0
printf 'sync with nothing new: %d ms\n' "$ms"
