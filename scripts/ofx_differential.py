#!/usr/bin/env python3
"""Compares ledgerport's reading of OFX files with ofxtools' and ofxparse's, field by field.

    pip install ofxtools ofxparse          # once; the check itself needs no network
    swift build -c release --product OFXInspect
    scripts/ofx_differential.py [FILE ...]  # default: samples/ofx/ and the issue-14 fixtures

For each file and each reader that can read it, compares per statement account: the number of
transactions, their ids (FITID), booking days, amounts (exact decimals), directions, and the
LEDGERBAL/AVAILBAL amounts and days. Amounts are compared at the currency's minor unit, the
other readers' exact decimals rounded half to even (Python's default), so an amount finer than
the minor unit (`<TRNAMT>-8.4850` USD, `0.50` JPY), which ledgerport rounds half to even, is
checked against the same rounding of what they read. Exits 1 on any difference, 0 when all agree; a reader
that is not installed, or that refuses a file, is reported and skipped.

Our reading comes from `OFXInspect FILE` (OFXFormat.readingJSON, no database), or with
`--cli PATH/TO/ledgerport` from the CLI itself: each file is imported into a fresh temporary
database (`ledgerport import FILE --db TMP --json`, whose checkpoints give the LEDGERBAL) and read
back with `ledgerport transactions --db TMP --json`. The CLI does not show AVAILBAL, so only
ledger balances are compared in that mode. Statements are paired by their FITIDs and rows
compared in id order, so the order a reader lists them in does not matter.

Days: OFX datetimes carry their zone (`20240131213000[-5:EST]`). ledgerport keeps the calendar
day in that zone; ofxtools returns the instant in UTC and ofxparse a naive UTC time. To compare
like with like, the script moves their instant back into the zone the file states for that
element (read from the raw text, in document order) before taking the day. A reader that put
the transaction on the UTC day would therefore still be caught.
"""
import argparse
import datetime
import decimal
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def stated_offsets(path, element):
    """The offset (a timedelta, or None) stated by each <element> in document order."""
    raw = open(path, "rb").read().decode("latin-1")
    offsets = []
    for match in re.finditer(r"<%s>\s*([^<\r\n]*)" % element, raw, re.IGNORECASE):
        value = match.group(1).strip()
        bracket = re.search(r"\[\s*([+-]?)(\d+(?:\.\d+)?)", value)
        if not bracket:
            offsets.append(None)
            continue
        hours = decimal.Decimal(bracket.group(2))
        minutes = int(hours * 60)
        delta = datetime.timedelta(minutes=minutes)
        offsets.append(-delta if bracket.group(1) == "-" else delta)
    return offsets


def zone_day(instant, offset, naive_is_utc=True):
    if instant is None:
        return None
    if isinstance(instant, datetime.date) and not isinstance(instant, datetime.datetime):
        return instant.isoformat()
    if instant.tzinfo is not None:
        instant = instant.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    if offset is not None:
        instant = instant + offset
    return instant.date().isoformat()


# Minor-unit digits of the ISO 4217 currencies that don't have two (ledgerport's table).
MINOR_DIGITS = {"JPY": 0, "KRW": 0, "ISK": 0, "CLP": 0, "VND": 0, "XAF": 0, "XOF": 0, "HUF": 2,
                "BHD": 3, "KWD": 3, "OMR": 3, "JOD": 3, "TND": 3, "LYD": 3, "IQD": 3}

# The hand-made fixtures of issue 14's OFX tolerances that hold transactions (read by default).
ISSUE14_FIXTURES = ["amounts-finer-than-cents.ofx", "amounts-finer-than-yen.ofx", "empty-balamt.ofx",
                    "time-zone-names.ofx", "xml-bare-ampersand.ofx", "xml-utf16-label-8bit-body.ofx",
                    "xml-utf8-label-latin1-body.ofx"]


# Fixtures whose unit is a commodity beyond ISO 4217, with the decimals a ledger declares for it:
# passed to OFXInspect as --commodity CODE=DIGITS (with --cli, `ledgerport commodities add` first).
# ofxtools refuses a CURDEF outside ISO 4217, so these are compared with ofxparse only.
COMMODITY_FIXTURES = {"commodity-btc-cash.ofx": {"BTC": 8}}

# The commodities declared for the file being compared.
DECLARED = {}


def unit(currency):
    code = (currency or "").upper()
    return decimal.Decimal(1).scaleb(-MINOR_DIGITS.get(code, DECLARED.get(code, 2)))


def money(value, currency=None):
    value = decimal.Decimal(value)
    return ("debit" if value < 0 else "credit"), format(abs(value).quantize(unit(currency), rounding=decimal.ROUND_HALF_EVEN), "f")


def ours(path, command):
    declared = [word for item in sorted(DECLARED.items()) for word in ("--commodity", "%s=%d" % item)]
    output = subprocess.run(command + declared + [path], capture_output=True, text=True)
    if output.returncode != 0:
        raise RuntimeError(output.stderr.strip())
    data = json.loads(output.stdout)
    result = {}
    for t in data["transactions"]:
        if t["status"] != "booked":
            continue
        result.setdefault(t["account"], {"transactions": [], "balances": {}})
        amount = t["amount"]
        result[t["account"]]["transactions"].append(
            (t["externalID"], t["date"], t["direction"], format(decimal.Decimal(amount).quantize(unit(t["currency"])), "f")))
    for b in data["balances"]:
        result.setdefault(b["account"], {"transactions": [], "balances": {}})
        result[b["account"]]["balances"][b["kind"]] = (b["asOf"], b["amount"])
    # Keyed by account order, because each reader names accounts its own way.
    return [result[a["name"]] for a in data["accounts"] if a["name"] in result]


def ours_cli(path, ledgerport):
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "ledger.sqlite")
        for code, digits in sorted(DECLARED.items()):
            added = subprocess.run([ledgerport, "commodities", "add", code, "--digits", str(digits), "--db", db],
                                   capture_output=True, text=True)
            if added.returncode != 0:
                raise RuntimeError(added.stderr.strip())
        imported = subprocess.run([ledgerport, "import", path, "--db", db, "--json"], capture_output=True, text=True)
        if imported.returncode != 0:
            raise RuntimeError((imported.stderr or imported.stdout).strip()[:300])
        report = json.loads(imported.stdout)
        if isinstance(report, list):
            report = report[0]
        listed = subprocess.run([ledgerport, "transactions", "--db", db, "--json"], capture_output=True, text=True)
        if listed.returncode != 0:
            raise RuntimeError(listed.stderr.strip())
        result = {}
        for t in json.loads(listed.stdout):
            if t["status"] != "booked":
                continue
            result.setdefault(t["account"], {"transactions": [], "balances": {}})
            result[t["account"]]["transactions"].append(
                (t["externalID"], t["date"], t["direction"], format(decimal.Decimal(t["amount"]).quantize(unit(t.get("currency"))), "f")))
        for checkpoint in report.get("checkpoints", []):
            result.setdefault(checkpoint["account"], {"transactions": [], "balances": {}})
            result[checkpoint["account"]]["balances"]["ledger"] = (checkpoint["asOf"], checkpoint["actual"])
        return list(result.values())


def ofxtools_reading(path):
    from ofxtools.Parser import OFXTree
    tree = OFXTree()
    tree.parse(path)
    ofx = tree.convert()
    posted = iter(stated_offsets(path, "DTPOSTED"))
    asof = iter(stated_offsets(path, "DTASOF"))
    readings = []
    for stmt in ofx.statements:
        reading = {"transactions": [], "balances": {}}
        transactions = stmt.transactions
        for t in transactions:
            kind = type(t).__name__
            if kind == "INVBANKTRAN":
                trn = t.stmttrn
            elif kind == "STMTTRN":
                trn = t
            else:
                continue  # a security trade: not a cash line (ledgerport reports these as skipped)
            direction, amount = money(trn.trnamt, getattr(stmt, "curdef", None))
            reading["transactions"].append((trn.fitid, zone_day(trn.dtposted, next(posted)), direction, amount))
        if type(stmt).__name__ == "INVSTMTRS":
            # No LEDGERBAL in an investment statement: AVAILCASH as of the statement's DTASOF.
            offset = next(asof)
            if stmt.invbal is not None:
                value = decimal.Decimal(stmt.invbal.availcash)
                reading["balances"]["available"] = (zone_day(stmt.dtasof, offset), format(value.quantize(unit(getattr(stmt, "curdef", None))), "f"))
            readings.append(reading)
            continue
        for kind, name in (("ledger", "ledgerbal"), ("available", "availbal")):
            bal = getattr(stmt, name, None)
            if bal is not None:
                offset = next(asof)
                value = decimal.Decimal(bal.balamt)
                reading["balances"][kind] = (zone_day(bal.dtasof, offset), format(value.quantize(unit(getattr(stmt, "curdef", None))), "f"))
        readings.append(reading)
    return readings


def ofxparse_reading(path):
    import ofxparse
    with open(path, "rb") as f:
        ofx = ofxparse.OfxParser.parse(f)
    posted = iter(stated_offsets(path, "DTPOSTED"))
    asof = iter(stated_offsets(path, "DTASOF"))
    readings = []
    for account in ofx.accounts:
        reading = {"transactions": [], "balances": {}}
        stmt = account.statement
        for t in stmt.transactions:
            if not hasattr(t, "amount") or not hasattr(t, "date") or type(t).__name__ != "Transaction":
                continue
            direction, amount = money(t.amount, getattr(stmt, "currency", None))
            reading["transactions"].append((t.id, zone_day(t.date, next(posted)), direction, amount))
        if getattr(stmt, "balance", None) is not None and getattr(stmt, "balance_date", None) is not None:
            offset = next(asof)
            reading["balances"]["ledger"] = (zone_day(stmt.balance_date, offset), format(decimal.Decimal(stmt.balance).quantize(unit(getattr(stmt, "currency", None))), "f"))
        readings.append(reading)
    return readings


def paired(mine, theirs):
    """Pairs each of their statements with ours by shared FITIDs (then by position)."""
    pairs = []
    left = list(range(len(mine)))
    for b in theirs:
        ids = {t[0] for t in b["transactions"]}
        best = max(left, key=lambda i: len(ids & {t[0] for t in mine[i]["transactions"]}), default=None)
        if best is None:
            break
        left.remove(best)
        pairs.append((mine[best], b))
    return pairs


def compare(name, mine, theirs, reader, fields_checked, kinds):
    problems = []
    if len(mine) != len(theirs):
        return ["%s: %s sees %d statements, we see %d" % (name, reader, len(theirs), len(mine))]
    for index, (a, b) in enumerate(paired(mine, theirs)):
        ta, tb = sorted(a["transactions"], key=str), sorted(b["transactions"], key=str)
        if len(ta) != len(tb):
            problems.append("%s: statement %d: %s has %d transactions, we have %d" % (name, index + 1, reader, len(tb), len(ta)))
            continue
        for row, (x, y) in enumerate(zip(ta, tb)):
            for field, left, right in zip(("id", "day", "direction", "amount"), x, y):
                if left != right:
                    problems.append("%s: statement %d row %d %s: ours %r, %s %r" % (name, index + 1, row + 1, field, left, reader, right))
        for kind in kinds:
            if kind not in b["balances"]:
                continue
            if a["balances"].get(kind) != b["balances"][kind]:
                problems.append("%s: statement %d %s balance: ours %r, %s %r" % (name, index + 1, kind, a["balances"].get(kind), reader, b["balances"][kind]))
        fields_checked[0] += 4 * len(ta) + 2 * len([k for k in kinds if k in b["balances"]])
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--ours", help="command that prints our JSON reading of FILE (default: OFXInspect)")
    parser.add_argument("--cli", help="read through the ledgerport CLI at this path instead")
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "samples", "ofx", "*"))) + [
        os.path.join(ROOT, "Tests", "Fixtures", "OFX", name) for name in ISSUE14_FIXTURES + sorted(COMMODITY_FIXTURES)]
    kinds = ("ledger",) if args.cli else ("ledger", "available")
    if args.cli:
        command = None
    elif args.ours:
        command = args.ours.split()
    else:
        binary = next((p for p in (os.path.join(ROOT, ".build", c, "OFXInspect") for c in ("release", "debug")) if os.path.exists(p)), None)
        if binary is None:
            sys.exit("build OFXInspect first: swift build -c release --product OFXInspect")
        command = [binary]

    readers = []
    for label, module, function in (("ofxtools", "ofxtools", ofxtools_reading), ("ofxparse", "ofxparse", ofxparse_reading)):
        try:
            __import__(module)
            readers.append((label, function))
        except ImportError:
            print("skip %s: not installed (pip install %s)" % (label, module))
    if not readers:
        sys.exit("neither ofxtools nor ofxparse is installed")

    failures = 0
    for path in files:
        name = os.path.relpath(path, ROOT)
        DECLARED.clear()
        DECLARED.update(COMMODITY_FIXTURES.get(os.path.basename(path), {}))
        try:
            mine = ours_cli(path, args.cli) if args.cli else ours(path, command)
        except Exception as error:
            print("FAIL %s: ledgerport refused it: %s" % (name, error))
            failures += 1
            continue
        compared = []
        for label, function in readers:
            try:
                theirs = function(path)
            except Exception as error:
                print("  %s: %s could not read it (%s: %s); skipped" % (name, label, type(error).__name__, str(error)[:120]))
                continue
            checked = [0]
            problems = compare(name, mine, theirs, label, checked, kinds)
            if problems:
                failures += 1
                for problem in problems:
                    print("FAIL " + problem)
            else:
                compared.append("%s (%d fields)" % (label, checked[0]))
        if compared:
            print("ok   %s: %d transactions agree with %s" % (name, sum(len(s["transactions"]) for s in mine), ", ".join(compared)))
    print("%d passed, %d failed" % (len(files) - failures, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
