#!/usr/bin/env bash
# Times `ledgerport report reconcile` on one account of 1,000,000 rows over ten years (2015-2024,
# 274 rows a day, one pending in 5,000) with 120 month-end checkpoints, 17 of them 45.00 off
# (docs/report-html.md, issue 20's goal: under 2 s, a file under 5 MB).
#
#     bash scripts/bench/report-reconcile.sh .build/release/ledgerport
#
# The rows are written with sqlite3 straight into a ledger the binary created (and the per-day
# totals rebuilt as the migration does): importing a million rows is another benchmark
# (scripts/bench/import.sh). The checkpoints go through `ledgerport reconcile --balance`.
# Prints CPU and wall time of three runs, and the file's size.
set -euo pipefail
ledgerport=$(realpath "${1:?usage: scripts/bench/report-reconcile.sh LEDGERPORT}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LEDGERPORT_DB="$work/ledger.sqlite"
printf 'Date,Description,Amount\n2015-01-01,Seed,1.00\n' >"$work/seed.csv"
"$ledgerport" import "$work/seed.csv" --account Big --currency USD >/dev/null
sqlite3 "$LEDGERPORT_DB" <<'SQL'
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999999)
INSERT INTO transactions (account_id, day, amount, direction, currency, description, status, fingerprint,
    discriminator, import_id, source_line, source_column)
SELECT 1, date('2015-01-02', '+' || (i / 274) || ' days'), (i * 7919) % 20000 + 1,
    CASE WHEN i % 3 = 0 THEN 'credit' ELSE 'debit' END, 'USD', 'Row ' || i || ' <b>"shop"</b>',
    CASE WHEN i % 5000 = 0 THEN 'pending' ELSE 'booked' END, i + 10, 1, 1, i + 2, 1 FROM n;
DELETE FROM daily_totals;
INSERT INTO daily_totals (account_id, day, booked_net)
    SELECT account_id, day, sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END)
    FROM transactions WHERE status = 'booked' GROUP BY account_id, day;
COMMIT;
SQL
python3 - "$ledgerport" <<'PY'
import datetime, os, sqlite3, subprocess, sys
rows = sqlite3.connect(os.environ["LEDGERPORT_DB"]).execute(
    "SELECT day, booked_net FROM daily_totals ORDER BY day").fetchall()
balance, index, drift, month = 0, 0, 0, datetime.date(2015, 1, 1)
for k in range(120):
    following = (month + datetime.timedelta(days=32)).replace(day=1)
    end = following - datetime.timedelta(days=1)
    while index < len(rows) and rows[index][0] <= end.isoformat():
        balance += rows[index][1]
        index += 1
    if k % 7 == 3:
        drift += 4500
    amount = balance + drift
    text = ("-" if amount < 0 else "") + f"{abs(amount) // 100}.{abs(amount) % 100:02d}"
    subprocess.run([sys.argv[1], "reconcile", "Big", "--balance", text, "--as-of", end.isoformat()],
                   check=True, stdout=subprocess.DEVNULL)
    month = following
PY
for run in 1 2 3; do
    /usr/bin/time -f '%e s wall %U+%S s cpu %M KB' "$ledgerport" report reconcile Big -o "$work/big.html" >/dev/null
done
echo "file: $(stat -c %s "$work/big.html") bytes"
