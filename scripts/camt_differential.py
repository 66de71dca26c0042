#!/usr/bin/env python3
"""Compares ledgerport's reading of ISO 20022 camt files with pycamt's, entry by entry.

    pip install pycamt                        # once (scripts/install-deps.sh does it); no network after
    swift build --product ledgerport
    scripts/camt_differential.py [FILE ...]   # default: samples/camt/, Tests/Fixtures/camt/ (not error-*),
                                              # Tests/Fixtures/camt-large/, a generated .001.02 statement

Our reading is `ledgerport extract FILE` (the adapter's events as JSON Lines, no database; the
newest of .build/release and .build/debug, or --ledgerport PATH). pycamt's is
`Camt053Parser.get_transactions()` and `get_statement_info()`.

Per account (paired by the last four characters of the IBAN: extract shows only those), the rows
of both readers are lined up in document order on (status, booking day, direction, amount) and
compared: their number, each amount with its sign at the currency's minor unit (exact decimals,
never floats), the booking day, booked or pending, and the reference (`externalID` against
pycamt's `TransactionID`, the entry's `AcctSvcrRef`). pycamt's INFO entries are left out (not
transactions, for either reader). Then each statement's OPBD and CLBD as pycamt reports them
(it reads no other balance) against ledgerport's opening and closing balances: the same amount,
CLBD on its date, OPBD as of the day before its date (ledgerport's opening balance holds at the
end of that day). Balances pycamt doesn't read (PRCD, ITBD, available ones) are not compared.

Every disagreement is classified (the kinds are in KINDS below, with the reason). A disagreement
listed in EXPECTED for its file, with the same kind and exactly that count, is printed as
expected; any other one, or an expected one that no longer occurs, fails. The reasons are
explained in docs/formats/camt.md, "Differential check". Files ledgerport refuses (error-*) are
not compared: pycamt checks nothing there.

Exits 1 on any unexpected difference, 0 when everything agrees or differs as expected. Without
pycamt it says so and exits 0, or 1 under CI=true (CI never skips a check).
"""
import argparse
import datetime
import decimal
import difflib
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Minor-unit digits of the ISO 4217 currencies that don't have two (ledgerport's table).
MINOR_DIGITS = {"JPY": 0, "KRW": 0, "ISK": 0, "CLP": 0, "VND": 0, "XAF": 0, "XOF": 0,
                "BHD": 3, "KWD": 3, "OMR": 3, "JOD": 3, "TND": 3, "LYD": 3, "IQD": 3}

# Each kind of disagreement, with who is right and why (docs/formats/camt.md, "Differential check").
KINDS = {
    "unreadable": "pycamt reads only Stmt and Rpt (053 and 052): a camt.054's Ntfctn raises Camt053ParseError",
    "unreadable-xml": "lxml refuses what ledgerport reads on purpose, as banks write it: a bare & in a name, "
                      "Latin-1 bytes under an encoding=\"UTF-8\" label (docs/formats/camt.md, Encoding and XML)",
    "batch-reference": "a batch split into its transactions: pycamt repeats the entry's AcctSvcrRef on every row, "
                       "ledgerport gives each row its own id (<entry id>/<n>); a repeated id would make the store keep one "
                       "payment of the batch and drop the others as duplicates, so ledgerport is right",
    "batch-repeated-amount": "a batch whose transactions carry no amount of their own: pycamt makes one row per "
                             "TxDtls, each with the whole entry's amount (the entry counted N times); ledgerport keeps "
                             "one row for the entry, so ledgerport is right",
    "batch-sum-differs": "a batch whose transactions' amounts do not add up to the entry's: pycamt makes a row "
                         "of each, so its rows differ from what the bank booked; ledgerport keeps one row for the "
                         "entry's amount with the transactions in the memo, so ledgerport is right",
    "instructed-amount": "a transaction with AmtDtls/InstdAmt in another currency (.001.02 has no TxDtls/Amt): "
                         "pycamt takes the first Amt under TxDtls, the instructed foreign amount, as the booked one, "
                         "in the entry's currency; ledgerport books TxAmt/Ntry Amt and notes the instructed amount in "
                         "the memo, so ledgerport is right",
    "reference-none-theirs": "the entry has no AcctSvcrRef: pycamt has no reference, ledgerport uses NtryRef@day "
                             "(or EndToEndId@day for a split row)",
    "reference-repeated": "an AcctSvcrRef that another entry of the account already had with another day or amount: "
                          "ledgerport does not use it as the id (it would merge two payments), pycamt reports it",
    "day-missing-theirs": "an entry without BookgDt (a pending one): pycamt has no booking day, ledgerport takes ValDt",
    "opening-day": "the bank dates OPBD with the last closing day (FrDtTm after it): ledgerport keeps that day",
}

# The disagreements each file is expected to show: {file name: {kind: count}}. A file not listed
# must agree entirely.
GENERATED = "generated-053-v02.xml"  # gen_camt.py 600 --version 2 --statements 3

EXPECTED = {
    "bare-ampersand.xml": {"unreadable-xml": 1},
    "batch-reversal-v13.xml": {"batch-reference": 3},
    "batch-without-amounts-v04.xml": {"batch-repeated-amount": 1, "batch-sum-differs": 1},
    "encoding-utf8-label-latin1-bytes.xml": {"unreadable-xml": 1},
    "notification-v13.xml": {"unreadable": 1},
    "report-intraday-v08.xml": {"day-missing-theirs": 1},
    "year-2024-monthly-v08.xml": {"batch-reference": 554},
    GENERATED: {"batch-reference": 95, "instructed-amount": 13},
}


# Fixtures the script can't line up, with the reason; their behaviour is tested in Swift instead.
NOT_COMPARED = {
    "same-reference-standing-orders-v08.xml": "two different entries under one AcctSvcrRef: this script pairs "
    "pycamt's rows with ours by that reference, so it sees one entry where there are two; that both are kept is "
    "tested in CamtIdentityTests",
}


def unit(currency):
    return decimal.Decimal(1).scaleb(-MINOR_DIGITS.get((currency or "").upper(), 2))


def exact(value, currency):
    """A decimal string at the currency's minor unit, or the text itself when it is not a number."""
    try:
        return format(decimal.Decimal(value).quantize(unit(currency)), "f")
    except (decimal.InvalidOperation, TypeError):
        return str(value)


def last4(text):
    return (text or "")[-4:]


def find_ledgerport():
    candidates = [os.path.join(ROOT, ".build", c, "ledgerport") for c in ("release", "debug")]
    present = [p for p in candidates if os.path.exists(p)]
    return max(present, key=os.path.getmtime) if present else None


def ours(path, ledgerport):
    """{last4: {"rows": [...], "balances": [(kind, day, signed amount)]}} from `ledgerport extract`."""
    output = subprocess.run([ledgerport, "extract", path], capture_output=True, text=True)
    if output.returncode != 0:
        raise RuntimeError((output.stderr or output.stdout).strip()[:300])
    accounts, currencies, reading = {}, {}, {}
    for line in output.stdout.splitlines():
        record = json.loads(line)
        kind = record["type"]
        if kind == "account":
            key = last4(record.get("number") or record["name"])
            accounts[record["key"]] = key
            currencies[record["key"]] = record.get("currency")
            reading.setdefault(key, {"rows": [], "balances": []})
        elif kind == "transaction":
            account = reading[accounts[record["account"]]]
            currency = record.get("currency") or currencies[record["account"]]
            account["rows"].append(Row(record.get("status", "booked"), record["bookingDay"], record["direction"],
                                       exact(record["amount"], currency), record.get("externalID"), record.get("memo", "")))
        elif kind == "balance":
            currency = record.get("currency") or currencies[record["account"]]
            reading[accounts[record["account"]]]["balances"].append(
                (record.get("kind", "ledger"), record["day"], exact(record["amount"], currency)))
    return reading


class Row(tuple):
    """(status, day, direction, amount) compared in line, and the reference beside it."""

    def __new__(cls, status, day, direction, amount, reference, memo=""):
        row = super().__new__(cls, (status, day, direction, amount))
        row.reference = reference
        row.memo = memo
        return row


STATUS = {"BOOK": "booked", "PDNG": "pending", "FUTR": "pending"}


def theirs(path):
    """pycamt's reading in the same shape, and the number of INFO entries it reported."""
    from pycamt.parser import Camt053Parser
    parser = Camt053Parser.from_file(path)
    reading, info = {}, 0
    for row in parser.get_transactions():
        status = (row.get("Status") or "").upper()
        if status == "INFO":
            info += 1
            continue
        day = (row.get("BookingDate") or "")[:10] or None
        direction = {"CRDT": "credit", "DBIT": "debit"}.get(row.get("CreditDebitIndicator"), row.get("CreditDebitIndicator"))
        account = reading.setdefault(last4(row.get("AccountIBAN")), {"rows": [], "statements": []})
        account["rows"].append(Row(STATUS.get(status, status or None), day, direction,
                                   exact(row.get("Amount"), row.get("Currency")), row.get("TransactionID")))
    for statement in parser.get_statement_info():
        account = reading.setdefault(last4(statement.get("IBAN")), {"rows": [], "statements": []})
        account["statements"].append(statement)
    return reading, info


def reference_base(reference):
    """An id without ledgerport's `/<n>` of a split batch row (`A1/2` -> `A1`)."""
    if reference and "/" in reference:
        base, _, sub = reference.rpartition("/")
        if sub.isdigit():
            return base
    return reference


def entries(rows, base):
    """Rows grouped into entries: consecutive rows with one (base) reference form one entry."""
    groups = []
    for row in rows:
        key = base(row.reference)
        if groups and key is not None and base(groups[-1][-1].reference) == key:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def entry_key(group, base):
    """What lines two readers' entries up: the reference, status, day and direction (and the amount
    when there is no reference, which is then the only thing that tells entries apart)."""
    first = group[0]
    reference = base(first.reference)
    return (reference,) + tuple(first[:3]) if reference is not None else (None,) + tuple(first)


def add(found, kind, count=1):
    found[kind] = found.get(kind, 0) + count


def compare_entry(mine, their, found, problems, checked):
    """One entry as both readers read it."""
    if [tuple(r) for r in mine] == [tuple(r) for r in their]:
        for a, b in zip(mine, their):
            checked[0] += 4
            if a.reference == b.reference:
                checked[0] += 1
            elif b.reference is not None and reference_base(a.reference) == b.reference:
                add(found, "batch-reference")
            elif b.reference is None and a.reference is not None:
                add(found, "reference-none-theirs")
            elif a.reference is None and b.reference is not None:
                add(found, "reference-repeated")
            else:
                problems.append("row %s: reference ours %r, pycamt %r" % (list(a), a.reference, b.reference))
        return
    if len(mine) == 1 and len(their) >= 2 and all(r[:3] == mine[0][:3] for r in their):
        amounts = [decimal.Decimal(r[3]) for r in their]
        if all(r[3] == mine[0][3] for r in their):
            add(found, "batch-repeated-amount")
            return
        if sum(amounts) != decimal.Decimal(mine[0][3]):
            add(found, "batch-sum-differs")
            return
    if len(mine) == len(their) and all(a[:3] == b[:3] and (a[3] == b[3] or "instructed %s " % b[3] in a.memo)
                                       for a, b in zip(mine, their)):
        # pycamt's amount is the one ledgerport's memo names as instructed (in another currency).
        add(found, "instructed-amount", sum(1 for a, b in zip(mine, their) if a[3] != b[3]))
        return
    if len(mine) == len(their) and all(a[0] == b[0] and a[2:] == b[2:] and b[1] is None for a, b in zip(mine, their)):
        add(found, "day-missing-theirs", len(mine))
        return
    problems.append("entry differs: ours %s, pycamt %s" % (
        [list(r) + [r.reference] for r in mine][:4], [list(r) + [r.reference] for r in their][:4]))


def compare_rows(mine, their, found, problems, checked):
    """Lines both readers' entries up in document order and compares each pair."""
    ours_entries = entries(mine, reference_base)
    their_entries = entries(their, lambda reference: reference)
    matcher = difflib.SequenceMatcher(a=[entry_key(g, reference_base) for g in ours_entries],
                                      b=[entry_key(g, lambda r: r) for g in their_entries], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (i2 - i1) == (j2 - j1):
            for a, b in zip(ours_entries[i1:i2], their_entries[j1:j2]):
                compare_entry(a, b, found, problems, checked)
        else:
            problems.append("entries differ (%s): ours %s, pycamt %s" % (
                tag, [list(r) + [r.reference] for g in ours_entries[i1:i2] for r in g][:4],
                [list(r) + [r.reference] for g in their_entries[j1:j2] for r in g][:4]))


def compare_balances(mine, statements, currency_of, found, problems, checked):
    openings = [(day, amount) for kind, day, amount in mine if kind == "opening"]
    closings = [(day, amount) for kind, day, amount in mine if kind == "ledger"]
    for statement in statements:
        currency = statement.get("Currency") or currency_of
        if statement.get("OpeningBalance") is not None:
            day = (statement.get("OpeningBalanceDate") or "")[:10]
            amount = exact(statement["OpeningBalance"], currency)
            before = (datetime.date.fromisoformat(day) - datetime.timedelta(days=1)).isoformat() if day else None
            if (before, amount) in openings:
                checked[0] += 2
            elif (day, amount) in openings:
                found["opening-day"] = found.get("opening-day", 0) + 1
            else:
                problems.append("OPBD %s %s (ours as of %s): ours has openings %s" % (day, amount, before, openings[:4]))
        if statement.get("ClosingBalance") is not None:
            day = (statement.get("ClosingBalanceDate") or "")[:10]
            amount = exact(statement["ClosingBalance"], currency)
            if (day, amount) in closings:
                checked[0] += 2
            else:
                problems.append("CLBD %s %s: ours has closing balances %s" % (day, amount, closings[:4]))


def compare_file(path, ledgerport):
    """(found kinds with counts, unexpected problems, fields checked, rows)."""
    mine = ours(path, ledgerport)
    found, problems, checked = {}, [], [0]
    try:
        their, _ = theirs(path)
    except Exception as error:  # pycamt's own failure on a file ledgerport reads
        kind = {"Camt053ParseError": "unreadable", "XMLSyntaxError": "unreadable-xml"}.get(type(error).__name__)
        if kind is None:
            raise
        return {kind: 1}, [], 0, sum(len(a["rows"]) for a in mine.values())
    keys = [(k, k) for k in sorted(set(mine) & set(their))]
    left_mine, left_theirs = sorted(set(mine) - set(their)), sorted(set(their) - set(mine))
    if len(left_mine) == 1 and len(left_theirs) == 1:
        # pycamt reads only Acct/Id/IBAN: an account identified by Othr/Id has none ("").
        keys.append((left_mine[0], left_theirs[0]))
    else:
        keys += [(k, None) for k in left_mine] + [(None, k) for k in left_theirs]
    for my_key, their_key in keys:
        a, b = mine.get(my_key) if my_key is not None else None, their.get(their_key) if their_key is not None else None
        if a is None or b is None:
            problems.append("account ••••%s: read by %s only" % (my_key or their_key, "ledgerport" if b is None else "pycamt"))
            continue
        compare_rows(a["rows"], b["rows"], found, problems, checked)
        compare_balances(a["balances"], b["statements"], None, found, problems, checked)
    return found, problems, checked[0], sum(len(a["rows"]) for a in mine.values())


def default_files(scratch):
    """The sample, the fixtures ledgerport reads, the large fixture, and a generated .001.02 statement
    (scripts/bench/gen_camt.py: AmtDtls without TxDtls/Amt, foreign card payments, batches)."""
    fixtures = [p for p in sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "camt", "*.xml")))
                if not os.path.basename(p).startswith("error-") and os.path.basename(p) not in NOT_COMPARED]
    for name, reason in sorted(NOT_COMPARED.items()):
        print("not compared: %s (%s)" % (name, reason))
    generated = os.path.join(scratch, GENERATED)
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench", "gen_camt.py"), "600", generated,
                    "--version", "2", "--statements", "3"], check=True, capture_output=True)
    return (sorted(glob.glob(os.path.join(ROOT, "samples", "camt", "*.xml"))) + fixtures
            + sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "camt-large", "*.xml"))) + [generated])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--ledgerport", help="the ledgerport binary (default: the newest of .build/release and .build/debug)")
    args = parser.parse_args()
    try:
        import pycamt.parser  # noqa: F401
        from importlib.metadata import version
        label = "pycamt %s" % version("pycamt")
    except ImportError:
        print("skip camt differential: pycamt is not installed (pip install pycamt; scripts/install-deps.sh does it)")
        sys.exit(1 if os.environ.get("CI") == "true" else 0)
    ledgerport = args.ledgerport or find_ledgerport()
    if ledgerport is None:
        sys.exit("build ledgerport first: swift build --product ledgerport")

    scratch = tempfile.mkdtemp(prefix="camt-differential-")
    passed = failed = 0
    for path in args.files or default_files(scratch):
        name = os.path.basename(path)
        try:
            found, problems, checked, rows = compare_file(path, ledgerport)
        except Exception as error:
            print("FAIL %s: %s: %s" % (os.path.relpath(path, ROOT), type(error).__name__, str(error)[:300]))
            failed += 1
            continue
        expected = EXPECTED.get(name, {})
        for kind in sorted(set(found) | set(expected)):
            if found.get(kind, 0) != expected.get(kind, 0):
                problems.append("%d × %s, expected %d (%s)" % (found.get(kind, 0), kind, expected.get(kind, 0), KINDS[kind]))
        if problems:
            failed += 1
            for problem in problems[:20]:
                print("FAIL %s: %s" % (name, problem))
            if len(problems) > 20:
                print("FAIL %s: ... and %d more" % (name, len(problems) - 20))
            continue
        passed += 1
        notes = ", ".join("%d × %s" % (count, kind) for kind, count in sorted(found.items()))
        print("ok   %s: %d rows, %d fields agree with %s%s" % (name, rows, checked, label,
                                                               "; expected: " + notes if notes else ""))
    shutil.rmtree(scratch, ignore_errors=True)
    print("camt differential: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
