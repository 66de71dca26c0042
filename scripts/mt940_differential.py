#!/usr/bin/env python3
"""Compares ledgerport's reading of MT940/MT942 files with the PyPI `mt-940` package's.

    pip install mt-940                     # once (scripts/install-deps.sh); the check needs no network
    swift build --product ledgerport
    scripts/mt940_differential.py [--ledgerport PATH] [FILE ...]   # default: Tests/Fixtures/MT940/*

Our reading is `ledgerport extract FILE` (the adapter's events as JSON Lines, no database).
mt-940's is `mt940.parse_statements` (one block per `:20:`) with every opt-in fix of
`mt940.Options.all()` (among them `reversal_sign`, RC as money out, and `applicant_iban`, `?31`
kept out of the name) and its German `:86:` post-processor.

For every transaction, in file order: the booking day (mt-940's entry date, else its value date),
the direction and exact amount, the currency and the bank reference (`//`, our
externalID without its `@<booking day>`); for `:86:` fields in the German subfield layout, which is the one mt-940 takes apart,
also the description (its `purpose`) and the payee (its `applicant_name`). For every statement:
the `:60F:` opening amount and the `:62F:` closing day and amount.

A difference is either explained by a rule in KNOWN_FIELD_DIFFERENCES or KNOWN_FILE_DIFFERENCES
(printed as `known`, with the reason, and listed in docs/formats/mt940.md) or a failure. Exits 1
on any unexplained difference, 0 otherwise.
"""
import argparse
import decimal
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Whole files on which the two readers disagree by design: one refuses what the other reads.
KNOWN_FILE_DIFFERENCES = {
    "pl-caret.sta": "mt-940 refuses the Polish :28C: statement number 045/2024/BPL (its pattern is 5n[/5n]); "
                    "ledgerport does not read :28C:, which no draft or balance needs",
    "error-bad-amount.sta": "20.50 with a decimal point: mt-940 reads 20 (it stops at the point), "
                            "ledgerport refuses an amount that is not digits with one decimal comma",
    "error-too-precise.sta": "20,005 EUR: mt-940 keeps three decimals, ledgerport refuses an amount finer than the currency",
    "error-balance-chain.sta": "mt-940 does not check that a statement opens at the previous one's closing balance",
    "error-totals.sta": "mt-940 does not check MT942 :90D:/:90C: totals against the lines",
    "error-truncated.sta": "mt-940 reads a statement that ends without :62F:; ledgerport stops: the file was cut short",
    "error-not-mt940.txt": "mt-940 reads a file without any tag as an empty statement; ledgerport refuses it as not MT940",
    "error-no-header.sta": "a fragment that starts at :60F: without :20:/:25:: mt-940 reads it with no account, "
                           "ledgerport refuses it (no account to book into) with MT940's own error, not CSV's",
    "error-utf16.sta": "UTF-16 text: mt-940 decodes it, ledgerport stops at 1:1 and asks for UTF-8 "
                       "(docs/formats/mt940.md, Encoding)",
}


def compact(text):
    return "".join((text or "").split())


def normal(text):
    return " ".join((text or "").split())


# Field differences by design: (field, name, rule(ours, theirs, context) -> bool, reason).
KNOWN_FIELD_DIFFERENCES = [
    ("description", "spacing",
     lambda ours, theirs, context: compact(ours) == compact(theirs),
     "spacing where ?2x subfields or :86: lines join: mt-940 joins subfields without a space and drops the "
     "space a line cut at 65 characters ends with; ledgerport keeps that space and puts one after a subfield "
     "shorter than the 27 characters SEPA fills (`Kontoführung Abrechnung 02/2024`, not `KontoführungAbrechnung`)"),
]


def ours_reading(path, ledgerport):
    output = subprocess.run([ledgerport, "extract", path], capture_output=True, text=True)
    records = [json.loads(line) for line in output.stdout.splitlines() if line.strip()]
    error = next((r["message"] for r in records if r["type"] == "error"), None)
    transactions = [r for r in records if r["type"] == "transaction"]
    balances = [r for r in records if r["type"] == "balance"]
    openings = [decimal.Decimal(b["amount"]) for b in balances if b.get("kind") == "opening"]
    closings = [(b["day"], decimal.Decimal(b["amount"])) for b in balances if "kind" not in b]
    rows = []
    for t in transactions:
        amount = decimal.Decimal(t["amount"])
        rows.append({
            "day": t["bookingDay"],
            "amount": -amount if t["direction"] == "debit" else amount,
            "currency": t["currency"],
            # The id is `<reference>@<booking day>`; mt-940 gives the reference alone.
            "reference": (t.get("externalID") or "").rsplit("@", 1)[0] or None,
            "description": t.get("description", ""),
            "payee": t.get("payee"),
        })
    return {"error": error, "rows": rows, "openings": openings, "closings": closings}


def text_of(path):
    data = open(path, "rb").read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


def theirs_reading(path):
    import mt940
    statements = mt940.parse_statements(
        text_of(path), options=mt940.Options.all(),
        processors=dict(post_transaction_details=[mt940.processors.transaction_details_post_processor]))
    rows, openings, closings = [], [], []
    for statement in statements:
        opening = statement.data.get("final_opening_balance")
        closing = statement.data.get("final_closing_balance")
        if opening is not None:
            openings.append(opening.amount.amount)
        if closing is not None:
            closings.append((closing.date.isoformat(), closing.amount.amount))
        for t in statement:
            d = t.data
            reference = d.get("bank_reference")
            rows.append({
                "day": (d.get("entry_date") or d["date"]).isoformat(),
                "amount": d["amount"].amount,
                "currency": d["amount"].currency,
                "reference": None if reference in (None, "", "NONREF") else reference,
                "description": d.get("purpose"),
                "payee": d.get("applicant_name"),
                "structured": d.get("transaction_code") is not None,
            })
    return {"rows": rows, "openings": openings, "closings": closings}


def compare(name, ours, theirs):
    """Returns (failures, known) lists of lines."""
    failures, known = [], []
    if len(ours["rows"]) != len(theirs["rows"]):
        return ["%s: mt-940 has %d transactions, we have %d" % (name, len(theirs["rows"]), len(ours["rows"]))], []
    for index, (a, b) in enumerate(zip(ours["rows"], theirs["rows"])):
        fields = ["day", "amount", "currency", "reference"]
        if b["structured"] and b["description"] is not None:
            fields += ["description", "payee"]
        for field in fields:
            left, right = a[field], b[field]
            if field in ("description", "payee"):
                left, right = normal(left), normal(right)
            if left == right:
                continue
            rule = next((r for r in KNOWN_FIELD_DIFFERENCES if r[0] == field and r[2](left, right, a)), None)
            line = "%s: row %d %s: ours %r, mt-940 %r" % (name, index + 1, field, left, right)
            if rule:
                known.append(line + " (%s)" % rule[1])
            else:
                failures.append(line)
    if ours["openings"] != theirs["openings"]:
        failures.append("%s: opening balances: ours %s, mt-940 %s" % (name, ours["openings"], theirs["openings"]))
    if ours["closings"] != theirs["closings"]:
        failures.append("%s: closing balances: ours %s, mt-940 %s" % (name, ours["closings"], theirs["closings"]))
    return failures, known


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--ledgerport", help="the ledgerport binary (default: .build/release, else .build/debug)")
    args = parser.parse_args()
    try:
        import mt940  # noqa: F401
    except ImportError:
        sys.exit("mt-940 is not installed: pip install mt-940 (scripts/install-deps.sh)")
    ledgerport = args.ledgerport or next(
        (p for p in (os.path.join(ROOT, ".build", c, "ledgerport") for c in ("release", "debug")) if os.path.exists(p)),
        None)
    if ledgerport is None:
        sys.exit("build ledgerport first: swift build --product ledgerport")
    files = args.files or sorted(
        f for f in glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "MT940", "*")) if not f.endswith(".expected"))

    failures = known_count = 0
    for path in files:
        name = os.path.basename(path)
        ours = ours_reading(path, ledgerport)
        try:
            theirs = theirs_reading(path)
            their_error = None
        except Exception as error:  # mt-940 refuses the file
            theirs, their_error = None, "%s: %s" % (type(error).__name__, str(error).splitlines()[0][:100])
        if ours["error"] or their_error:
            reason = KNOWN_FILE_DIFFERENCES.get(name)
            if ours["error"] and their_error:
                print("ok   %s: both refuse it (ours: %s)" % (name, ours["error"][:90]))
            elif reason:
                known_count += 1
                print("known %s: %s" % (name, reason))
            else:
                failures += 1
                print("FAIL %s: ours %s; mt-940 %s" % (name, ours["error"] or "reads it", their_error or "reads it"))
            continue
        problems, known = compare(name, ours, theirs)
        for line in known:
            print("known " + line)
        known_count += len(known)
        if problems:
            failures += 1
            for line in problems:
                print("FAIL " + line)
        else:
            print("ok   %s: %d transactions, %d statements agree" % (name, len(ours["rows"]), len(ours["closings"])))
    for _, label, _, reason in KNOWN_FIELD_DIFFERENCES:
        print("(%s) %s" % (label, reason))
    print("%d files, %d failed, %d known differences (docs/formats/mt940.md)" % (len(files), failures, known_count))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
