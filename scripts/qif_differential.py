#!/usr/bin/env python3
"""Compares ledgerport's reading of QIF files with quiffen's, row by row.

    pip install quiffen==4.0.1            # once (scripts/install-deps.sh); no network after
    swift build --product ledgerport       # or -c release; --ledgerport names the binary
    scripts/qif_differential.py [--ledgerport PATH] [FILE ...]   # default: Tests/Fixtures/QIF/*.qif

Each file is imported into a fresh temporary ledger (`ledgerport import FILE --format qif
--db TMP --currency USD --json`, with `--account Default` for a register without `!Account` and the
options below) and read back with `ledgerport transactions --db TMP --json`, so categories and
split lines are compared as stored. quiffen reads the same file (`Qif.parse`, with `day_first`
and the encoding below). Per account, rows are paired in (day, amount, payee) order and compared:
day, signed amount (exact decimals), payee (ledgerport's description), memo and `N` number (the
memo's parts), the address (quiffen keeps only the last `A` line, which must end ledgerport's),
category (a transfer as `[Account]`) and split lines (category, signed amount, memo).

Files where the two disagree by design are listed in DISAGREEMENTS with the reason (and in
docs/formats/qif.md); for those the script checks that they still disagree, and says so if they
no longer do. Exits 1 on any other difference, 0 when everything is as expected. With CI=true a
missing quiffen is a failure; otherwise the check is skipped with a note.
"""
import argparse
import decimal
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Per fixture: quiffen's day_first and encoding, and ledgerport's extra arguments.
SETTINGS = {
    "dates-day-first.qif": {"day_first": True},
    "dates-iso.qif": {"day_first": True},
    "windows-1252.qif": {"encoding": "cp1252"},
    "error-day-first-then-month-first.qif": {"day_first": True},
}

# Files the two readers read differently on purpose, and why (docs/formats/qif.md says the same).
DISAGREEMENTS = {
    "error-day-first-then-month-first.qif":
        "told day_first, quiffen still reads 12/31/1999 as 31 December (dateutil falls back), and "
        "01/02/1999 beside it as 1 February: two orders in one file, chosen row by row. ledgerport "
        "settles the order once (31/12/1998 says day first) and stops at 12/31/1999 with a located "
        "error; which row is wrong is the person's call, not a reader's guess",
    "error-ambiguous-dates.qif":
        "every date reads both ways; quiffen reads them month-first unless told, ledgerport refuses "
        "the file until --option date-order says",
    "error-contradicting-date.qif":
        "1/31/2024 settles month-first; quiffen reads 13/02/2024 as 13 February anyway, ledgerport "
        "stops there with a located error",
    "error-bad-amount.qif":
        "quiffen reads T-12,50 as -1250 (it drops every comma); ledgerport refuses a comma that "
        "isn't between groups of three rather than guess a decimal comma",
    "error-bad-cleared.qif": "quiffen keeps any C value; ledgerport accepts only *, c, X, R (or none)",
    "error-split-without-amount.qif":
        "quiffen keeps a split line without $ as an empty split; ledgerport refuses it",
    "error-splits-sum.qif":
        "quiffen keeps split lines that add up to -140.00 under a -150.00 total; ledgerport refuses "
        "them at the T line",
    "error-t-u-disagree.qif": "quiffen keeps the last of T and U (-1205.00); ledgerport refuses the pair",
    "error-truncated.qif":
        "quiffen imports the last record though no ^ closes it; ledgerport stops: the file may be cut",
    "error-unknown-type.qif":
        "quiffen reads !Type:Bnak as an empty file without a word; ledgerport names the unknown type",
    "crlf-bom-mixed.qif":
        "quiffen refuses a file that starts with a UTF-8 byte-order mark (no header found); "
        "ledgerport skips the mark",
    "invst-skipped.qif":
        "quiffen fails on the investment records ('Investment' object has no attribute 'splits'); "
        "ledgerport reads the bank register and reports the 3 investment records as skipped",
    "dates-iso.qif":
        "told day_first (as for the rest of a day-first file), quiffen reads the year-first "
        "2024-01-05 as 1 May (dateutil's dayfirst applies to it too); a year-first date needs no "
        "order, and ledgerport reads 5 January whatever the file's order",
}
# Errors both readers raise: ledgerport's located error against quiffen's exception.
BOTH_REFUSE = {"error-bad-date.qif", "error-missing-date.qif", "error-not-qif.qif"}


def ours(cli, path, has_accounts, extra):
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "ledger.sqlite")
        command = [cli, "import", path, "--format", "qif", "--db", db, "--currency", "USD", "--json"] + extra
        if not has_accounts:
            command += ["--account", "Default"]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            return None, done.stderr.strip()
        listed = subprocess.run([cli, "transactions", "--db", db, "--json"], capture_output=True, text=True,
                                check=True)
    rows = {}
    for row in json.loads(listed.stdout):
        sign = -1 if row["direction"] == "debit" else 1
        memo_parts = [part for part in row["memo"].split("; ") if part] if row["memo"] else []
        address = [part for part in memo_parts if part.startswith("address: ")]
        rows.setdefault(row["account"], []).append({
            "date": row["date"],
            "amount": sign * decimal.Decimal(row["amount"]),
            "payee": row["description"],
            "memo": [part for part in memo_parts if not part.startswith("address: ")],
            "address": address[0][len("address: "):] if address else None,
            "category": row["category"],
            "splits": [((s["category"] or ""), (-1 if s["direction"] == "debit" else 1) * decimal.Decimal(s["amount"]),
                        s["memo"]) for s in row["splits"]],
        })
    return rows, None


def theirs(path, settings):
    import quiffen
    qif = quiffen.Qif.parse(path, day_first=settings.get("day_first", False),
                            encoding=settings.get("encoding", "utf-8"))
    rows = {}
    for name, account in qif.accounts.items():
        name = "Default" if name == "Quiffen Default Account" else name
        for kind, transactions in account.transactions.items():
            if "INVEST" in str(kind):
                continue
            for tx in transactions:
                memo = []
                payee = tx.payee or ""
                if payee and tx.memo:
                    memo.append(tx.memo)
                elif not payee:
                    payee = tx.memo or ""
                if tx.check_number is not None:
                    number = str(tx.check_number)
                    memo.append(("check " if number.isdigit() else "number ") + number)
                category = "[%s]" % tx.to_account if tx.to_account else (tx.category.hierarchy if tx.category else None)
                splits = []
                for split in tx.splits or []:
                    split_category = "[%s]" % split.to_account if split.to_account else (
                        split.category.hierarchy if split.category else "")
                    splits.append((split_category, split.amount, split.memo or ""))
                rows.setdefault(name, []).append({
                    "date": tx.date.date().isoformat(), "amount": tx.amount, "payee": payee, "memo": memo,
                    "address": tx.payee_address, "category": category, "splits": splits,
                })
    return rows


def compare(ours_rows, their_rows):
    problems = []
    if sorted(ours_rows) != sorted(their_rows):
        return ["accounts %s vs quiffen's %s" % (sorted(ours_rows), sorted(their_rows))]
    for account in ours_rows:
        key = lambda row: (row["date"], row["amount"], row["payee"])
        mine, other = sorted(ours_rows[account], key=key), sorted(their_rows[account], key=key)
        if len(mine) != len(other):
            problems.append("%s: %d rows vs quiffen's %d" % (account, len(mine), len(other)))
            continue
        for a, b in zip(mine, other):
            for field in ("date", "amount", "payee", "memo", "category", "splits"):
                if a[field] != b[field]:
                    problems.append("%s %s %s: %r vs quiffen's %r" % (account, a["date"], field, a[field], b[field]))
            if b["address"] and not (a["address"] or "").endswith(b["address"]):
                problems.append("%s %s address: %r vs quiffen's last line %r" % (account, a["date"], a["address"],
                                                                                  b["address"]))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ledgerport", "--cli", dest="ledgerport", default=None,
                        help="the ledgerport binary (default: .build/release, else debug); --cli is an older name")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    try:
        import quiffen  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            print("quiffen is not installed (pip install quiffen==4.0.1)", file=sys.stderr)
            return 1
        print("quiffen is not installed; skipping the QIF differential check", file=sys.stderr)
        return 0
    cli = args.ledgerport
    if cli is None:
        for build in ("release", "debug"):
            candidate = os.path.join(ROOT, ".build", build, "ledgerport")
            if os.path.exists(candidate):
                cli = candidate
                break
    if cli is None:
        print("no ledgerport binary; build it first or pass --ledgerport", file=sys.stderr)
        return 1
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/QIF/*.qif")))
    failures = 0
    for path in files:
        name = os.path.basename(path)
        settings = SETTINGS.get(name, {})
        has_accounts = b"!Account" in open(path, "rb").read()
        mine, error = ours(cli, path, has_accounts, settings.get("options", []))
        try:
            other, their_error = theirs(path, settings), None
        except Exception as exception:  # quiffen's refusals are of many types
            other, their_error = None, "%s: %s" % (type(exception).__name__, str(exception).splitlines()[0])
        if error is not None or their_error is not None:
            problems = [] if (error and their_error) else [
                "ledgerport: %s; quiffen: %s" % (error or "read it", their_error or "read it")]
        else:
            problems = compare(mine, other)
        if name in DISAGREEMENTS:
            if problems or (error and not their_error) or (their_error and not error):
                print("explained  %s: %s" % (name, DISAGREEMENTS[name]))
            else:
                print("AGREES NOW %s: remove it from DISAGREEMENTS" % name)
                failures += 1
            continue
        if error and their_error and name in BOTH_REFUSE:
            print("both refuse %s (ledgerport: %s)" % (name, error.splitlines()[0]))
            continue
        if problems:
            failures += 1
            print("DIFFERS    %s" % name)
            for problem in problems[:20]:
                print("    " + problem)
        else:
            rows = sum(len(r) for r in (mine or {}).values())
            print("agree      %s (%d rows)" % (name, rows))
    print("%d file(s) differ unexplained" % failures if failures else "all files agree or differ as explained")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
