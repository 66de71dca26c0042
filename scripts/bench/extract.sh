#!/usr/bin/env bash
# `ledgerport extract` of a generated 1,000,000-row generic CSV (Date,Description,Amount,Balance;
# every description quoted and holding a comma), stdout to /dev/null: the adapter protocol's JSON Lines
# for every row, written as they are read. Release build. Five runs with hyperfine when it is
# installed (apt-get install -y hyperfine), else a timing loop; prints the median and the records
# a second (the rows plus the account, mapping, balance and end records that `extract` writes).
#
#   scripts/bench/extract.sh [ROWS]        (default 1000000; RUNS=5)
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
runs=${RUNS:-5}
out=${BENCH_OUT:-/tmp/ledgerport-bench}
bin=.build/release/ledgerport
mkdir -p "$out"
swift build -c release --product ledgerport >/dev/null
file="$out/extract-$rows.csv"
[ -f "$file" ] || python3 - "$rows" "$file" <<'PY'
import datetime
import sys

rows, path = int(sys.argv[1]), sys.argv[2]
start = datetime.date(2020, 1, 1)
balance = 10_000_000_00
with open(path, "w", encoding="utf-8", newline="\n") as f:
    f.write("Date,Description,Amount,Balance\n")
    for i in range(rows):
        day = start + datetime.timedelta(days=i // 300)
        cents = (i * 7919) % 100000 + 1
        signed = cents if i % 5 == 0 else -cents
        balance += signed
        amount = f"{'-' if signed < 0 else ''}{abs(signed) // 100}.{abs(signed) % 100:02d}"
        total = f"{'-' if balance < 0 else ''}{abs(balance) // 100}.{abs(balance) % 100:02d}"
        f.write(f'{day.isoformat()},"Shop {i % 977}, purchase {i % 13}",{amount},{total}\n')
PY

command=("$bin" extract "$file" --account Bench --currency EUR)
# One checked run first: it must succeed and write a record per row (and an end record).
records=$("$bin" extract "$file" --account Bench --currency EUR | tail -1 | sed -nE 's/^\{"type":"end","records":([0-9]+)\}$/\1/p')
[ -n "$records" ] && [ "$records" -ge "$rows" ] || { echo "extract: no end record counting $rows rows" >&2; exit 1; }

if command -v hyperfine >/dev/null; then
    # hyperfine sends the command's stdout to /dev/null.
    hyperfine --runs "$runs" --warmup 1 --export-json "$out/extract.json" "${command[*]}" >&2
    median=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$out/extract.json")
else
    times=()
    for _ in $(seq "$runs"); do
        start=$(date +%s.%N)
        "${command[@]}" >/dev/null
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
fi
python3 -c 'import sys; r, m = int(sys.argv[1]), float(sys.argv[2]); print(f"extract: {r} records in {m:.3f} s (median of {sys.argv[3]} runs): {r / m:,.0f} records/s")' \
    "$records" "$median" "$runs"
