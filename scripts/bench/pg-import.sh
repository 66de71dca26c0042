#!/usr/bin/env bash
# The PostgreSQL import door (issue 21): ROWS generated rows (as sqlite_floor.c makes them) saved
# through PostgresLedger.save into a throwaway local server (scripts/pg-test-server.sh: Unix
# socket, fsync off), in batches of 100 and of 10,000, each into a fresh ledger; the floor, psql's
# \copy of the same rows into the same table (no totals, no identity decisions); and 8 concurrent
# importers of distinct row sets (ROWS/8 each, one account each, one ledger), timed together by
# the wall clock from the moment all have built their rows and start saving to the last end (as
# the single importer's figure times only its saves). Also the first import again, every row a
# duplicate (a file imported twice), and the floor at each batch size: the same rows copied by the
# plainest libpq client, a transaction per batch (pg_floor.c). Rates count every row sent, new or
# duplicate.
#
#   scripts/bench/pg-import.sh [ROWS]      (default 1000000; builds the release PostgresImportBench)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
mkdir -p "$out"
[ -n "${SKIP_BUILD:-}" ] || swift build -c release --product PostgresImportBench >/dev/null
bench=$PWD/.build/release/PostgresImportBench
server=$(mktemp -d "$out/pg-import.XXXXXX")
trap 'scripts/pg-test-server.sh stop "$server" >/dev/null 2>&1 || true' EXIT
target=$(scripts/pg-test-server.sh start "$server")
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, PostgreSQL $(psql --version | awk '{print $3}')"

for batch in 100 10000; do
    echo -n "door, batches of $batch: "
    "$bench" --target "$target" --ledger "door_$batch" --rows "$rows" --batch "$batch"
done
# The same rows again, every one a duplicate (a file imported twice).
echo -n "door, the same rows again, batches of 100: "
"$bench" --target "$target" --ledger door_100 --rows "$rows" --batch 100

# The floor: the same rows, COPY'd into the same table of a fresh ledger, whole by psql, then by
# the plainest libpq client in transactions of 100 and of 10,000 rows (pg_floor.c), each into a
# fresh ledger.
"$bench" --target "$target" --ledger floor --rows "$rows" --write-copy "$out/pg-floor.tsv"
cc -O2 -o "$out/pg_floor" scripts/bench/pg_floor.c -I/usr/include/postgresql -lpq
for batch in 100 10000; do
    "$bench" --target "$target" --ledger "floor_$batch" --rows 0 >/dev/null
    echo -n "floor, pg_floor.c, "
    "$out/pg_floor" "$target" "floor_$batch" "$out/pg-floor.tsv" "$batch"
    stored=$(psql "$target" -At -c "SELECT count(*) FROM floor_$batch.transactions")
    [ "$stored" = "$rows" ] || { echo "bench: FAILED: pg_floor.c stored $stored rows, expected $rows" >&2; exit 1; }
done
columns="account_id, day, transaction_day, amount, direction, currency, description, memo, status, external_id,"
columns+=" fingerprint, discriminator, statement_balance, import_id, source_line, source_column"
began=$(date +%s.%N)
psql "$target" -q -v ON_ERROR_STOP=1 -c "SET search_path TO floor" \
    -c "\\copy transactions ($columns) FROM '$out/pg-floor.tsv'"
ended=$(date +%s.%N)
echo "floor, psql \\copy of the same rows: $(awk -v r="$rows" -v a="$began" -v b="$ended" \
    'BEGIN { printf "%.2f s: %d rows/s", b - a, r / (b - a) }')"
rm -f "$out/pg-floor.tsv"

# 8 concurrent importers of distinct rows, batches of 100, then of 10,000.
each=$((rows / 8))
for batch in 100 10000; do
    "$bench" --target "$target" --ledger "eight_$batch" --account "Bench 0" --rows 0 >/dev/null
    go="$out/pg-eight-go"
    rm -f "$go" "$go".ready.*
    pids=()
    for i in 0 1 2 3 4 5 6 7; do
        "$bench" --target "$target" --ledger "eight_$batch" --account "Bench $i" --rows "$each" \
            --first $((i * each)) --batch "$batch" --start-file "$go" >"$out/pg-eight-$i.txt" &
        pids+=($!)
    done
    # Every importer has built its rows: they start saving at once, and only that is timed.
    while [ "$(ls "$go".ready.* 2>/dev/null | wc -l)" -lt 8 ]; do sleep 0.01; done
    began=$(date +%s.%N)
    touch "$go"
    for pid in "${pids[@]}"; do wait "$pid"; done
    ended=$(date +%s.%N)
    rm -f "$go" "$go".ready.*
    stored=$(psql "$target" -At -c "SELECT count(*) FROM eight_$batch.transactions")
    [ "$stored" = "$((each * 8))" ] || { echo "bench: FAILED: 8 importers stored $stored rows, expected $((each * 8))" >&2; exit 1; }
    echo "8 importers, batches of $batch, $each rows each: $(awk -v r=$((each * 8)) -v a="$began" -v b="$ended" \
        'BEGIN { printf "%.2f s: %d rows/s together", b - a, r / (b - a) }')"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
