#!/usr/bin/env bash
# Issue 21's single-importer goals as medians: RUNS rounds (default 5), each timing in turn, into
# fresh ledgers of one throwaway server, the door (PostgresLedger.save, as pg-import.sh) and the
# floor (pg_floor.c: the same rows copied by the plainest libpq client, a transaction per batch),
# with batches of 100 and of 10,000. Prints every run, then each median and the door's share of the
# floor's. Every run must store every row, or the benchmark stops.
#
#   scripts/bench/pg-median.sh [ROWS] [RUNS]     (defaults 1000000 and 5; SKIP_BUILD=1 as pg-import.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
runs=${2:-5}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
mkdir -p "$out"
[ -n "${SKIP_BUILD:-}" ] || swift build -c release --product PostgresImportBench >/dev/null
bench=$PWD/.build/release/PostgresImportBench
cc -O2 -o "$out/pg_floor" scripts/bench/pg_floor.c -I/usr/include/postgresql -lpq
server=$(mktemp -d "$out/pg-import.XXXXXX")
trap 'scripts/pg-test-server.sh stop "$server" >/dev/null 2>&1 || true' EXIT
target=$(scripts/pg-test-server.sh start "$server")
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, PostgreSQL $(psql --version | awk '{print $3}')"
"$bench" --target "$target" --ledger rows --rows "$rows" --write-copy "$out/pg-floor.tsv"

# Stops the benchmark unless the ledger holds every row.
expect_rows() { # ledger
    local stored
    stored=$(psql "$target" -At -c "SELECT count(*) FROM $1.transactions")
    [ "$stored" = "$rows" ] || { echo "bench: FAILED: $1 stored $stored rows, expected $rows" >&2; exit 1; }
}
declare -A rates
for run in $(seq 1 "$runs"); do
    for batch in 100 10000; do
        line=$("$bench" --target "$target" --ledger "door_${batch}_$run" --rows "$rows" --batch "$batch")
        expect_rows "door_${batch}_$run"
        echo "run $run, door, batches of $batch: $line"
        rates[door_$batch]+="$(echo "$line" | sed -E 's/.*: ([0-9]+) rows\/s.*/\1/') "
        "$bench" --target "$target" --ledger "floor_${batch}_$run" --rows 0 >/dev/null
        line=$("$out/pg_floor" "$target" "floor_${batch}_$run" "$out/pg-floor.tsv" "$batch")
        expect_rows "floor_${batch}_$run"
        echo "run $run, floor: $line"
        rates[floor_$batch]+="$(echo "$line" | sed -E 's/.*: ([0-9]+) rows\/s.*/\1/') "
    done
done
rm -f "$out/pg-floor.tsv"
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
for batch in 100 10000; do
    door=$(echo "${rates[door_$batch]}" | median)
    floor=$(echo "${rates[floor_$batch]}" | median)
    echo "batches of $batch, medians of $runs: door $door rows/s, floor $floor rows/s, door/floor $(awk -v a="$door" -v b="$floor" 'BEGIN { printf "%.2f", a / b }')"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
