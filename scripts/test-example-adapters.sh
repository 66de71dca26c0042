#!/usr/bin/env bash
# The example external adapters (examples/adapters/NAME/ledgerport-adapter-NAME, Python 3) run
# through ledgerport as a user runs them, in a scratch configuration and a scratch ledger:
#   1. each adapter's own self-checks, in Python alone (examples/adapters/NAME/test_*.py);
#   2. `ledgerport adapters trust NAME`, then `ledgerport adapters test NAME
#      examples/adapters/NAME/tests` (the golden files, X beside X.expected.jsonl);
#   3. a real import of an example statement: accounts, rows and checkpoints that match; the same
#      file again adds nothing (every row a duplicate); a generated statement of 250 rows is kept
#      in 3 batches of 100; a file with a bad amount stops at its line and column, exit 1.
# Uses the debug binary `swift build` leaves in .build/debug (builds it when missing or stale). Stops with a
# non-zero status at the first step that fails. Run by .ci/run after `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
ledgerport="$root/.build/debug/ledgerport"
# Built when missing, or older than a source file (so a stale binary is never what is tested).
if [ ! -x "$ledgerport" ] || [ -n "$(find Sources Package.swift -newer "$ledgerport" -print -quit)" ]; then
    swift build --product ledgerport
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME="$scratch/config"
export LEDGERPORT_DB="$scratch/ledger.sqlite"
export PYTHONDONTWRITEBYTECODE=1

step() { printf '\n== %s\n' "$*"; }
fail() {
    echo "test-example-adapters: $*" >&2
    exit 1
}

# Every folder with an executable ledgerport-adapter-NAME is searched (absolute paths only).
names=()
adapter_path=""
for folder in "$root"/examples/adapters/*/; do
    folder="${folder%/}"
    name="$(basename "$folder")"
    [ -x "$folder/ledgerport-adapter-$name" ] || continue
    names+=("$name")
    adapter_path="${adapter_path:+$adapter_path:}$folder"
done
[ "${#names[@]}" -ge 2 ] || fail "expected at least two example adapters in examples/adapters, found ${#names[@]}"
export LEDGERPORT_ADAPTER_PATH="$adapter_path"

for name in "${names[@]}"; do
    step "$name: self-checks (python3 -m unittest)"
    python3 -m unittest discover -s "examples/adapters/$name" -p 'test_*.py'
    step "ledgerport adapters trust $name"
    "$ledgerport" adapters trust "$name"
    step "ledgerport adapters test $name examples/adapters/$name/tests"
    "$ledgerport" adapters test "$name" "examples/adapters/$name/tests"
done
step "ledgerport adapters"
"$ledgerport" adapters

# check REPORT EXPRESSION...: each Python expression over the import's JSON report `r` holds.
check() {
    python3 - "$@" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as handle:
    r = json.load(handle)
for expression in sys.argv[2:]:
    if not eval(expression, {"r": r}):
        shown = json.dumps(r, indent=1, ensure_ascii=False)[:4000]
        sys.exit("test-example-adapters: expected %s in the import report:\n%s" % (expression, shown))
print("   ok: " + "; ".join(sys.argv[2:]))
PY
}
matched='all(c["status"] == "reconciled" and c["discrepancy"] == "0.00" for c in r["checkpoints"])'

statement="examples/adapters/bai2/tests/previous-day.bai"
step "ledgerport import $statement --option bank='Example Bank'"
"$ledgerport" import "$statement" --option bank="Example Bank" --json | tee "$scratch/first.json"
check "$scratch/first.json" 'r["status"] == "complete"' 'r["format"] == "bai2"' 'r["inserted"] == 7' \
    'r["batches"] == 1' 'len(r["checkpoints"]) == 2' "$matched"

step "ledgerport import $statement --option bank='Example Bank' (again: only duplicates)"
"$ledgerport" import "$statement" --option bank="Example Bank" | tee "$scratch/again.txt"
"$ledgerport" import "$statement" --option bank="Example Bank" --json >"$scratch/again.json"
check "$scratch/again.json" 'r["inserted"] == 0' 'r["duplicates"] == 7'

step "a generated Wise statement of 250 rows: 3 batches of 100"
python3 - "$scratch/wise-2025.json" <<'PY'
import json, sys
cents, rows = 100000, []
for n in range(250):
    amount = (n * 7919) % 20000 - 9000 or 1          # in cents, credits and debits
    cents += amount
    value = "%s%d.%02d" % ("-" if amount < 0 else "", abs(amount) // 100, abs(amount) % 100)
    balance = "%d.%02d" % (cents // 100, cents % 100)
    day = "2025-%02d-%02dT12:00:00.000Z" % (1 + n // 25, 1 + n % 25)
    rows.append('{"type": "%s", "date": "%s", "amount": {"value": %s, "currency": "EUR"}, '
                '"details": {"type": "CARD", "description": "Card transaction %d"}, '
                '"runningBalance": {"value": %s, "currency": "EUR"}, "referenceNumber": "CARD-%d"}'
                % ("DEBIT" if amount < 0 else "CREDIT", day, value, n, balance, 900000 + n))
end = "%d.%02d" % (cents // 100, cents % 100)
with open(sys.argv[1], "w", encoding="utf-8") as handle:
    handle.write('{"transactions": [\n' + ",\n".join(reversed(rows)) + '\n],\n'
                 '"endOfStatementBalance": {"value": %s, "currency": "EUR"},\n'
                 '"query": {"intervalEnd": "2025-10-31T23:59:59.999Z", "currency": "EUR"},\n'
                 '"request": {"balanceId": 9001}}\n' % end)
PY
"$ledgerport" import "$scratch/wise-2025.json" --format wise --option account-name="Wise EUR 2025" --json >"$scratch/wise.json"
check "$scratch/wise.json" 'r["status"] == "complete"' 'r["inserted"] == 250' 'r["batches"] == 3' \
    'len(r["checkpoints"]) == 1' "$matched"

step "a bad amount stops the import at its line and column"
bad="examples/adapters/wise/tests/bad-amount.json"
status=0
"$ledgerport" import "$bad" --option account-name="Wise EUR bad" >"$scratch/bad.out" 2>"$scratch/bad.err" || status=$?
cat "$scratch/bad.err"
[ "$status" -eq 1 ] || fail "importing $bad exited $status; expected 1"
grep -q "bad-amount.json:155:18: error: .*-820.005" "$scratch/bad.err" ||
    fail "importing $bad: expected the error at bad-amount.json:155:18 naming -820.005"

step "the example adapters pass"
