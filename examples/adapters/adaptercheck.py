"""Checks every example adapter's output against protocol 1 without ledgerport (docs/plugins.md).

Used by each adapter's test_NAME.py (`python3 -m unittest discover -s examples/adapters -p
'test_*.py'`). The host's own validation is stricter and is exercised by
scripts/test-example-adapters.sh; this catches a broken adapter in a second, in Python alone.
"""

import json
import os
import random
import re
import subprocess
import tempfile
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENVIRONMENT = {"LEDGERPORT_PROTOCOL": "1", "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
DECIMAL = re.compile(r"[0-9]+(\.[0-9]+)?")
SIGNED = re.compile(r"-?[0-9]+(\.[0-9]+)?")
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
ZERO = set("BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split())


def adapter_path(name):
    return os.path.join(ROOT, "examples", "adapters", name, "ledgerport-adapter-" + name)


def tests_folder(name):
    return os.path.join(ROOT, "examples", "adapters", name, "tests")


def inputs(name):
    folder = tests_folder(name)
    return sorted(
        os.path.join(folder, entry)
        for entry in os.listdir(folder)
        if not entry.startswith(".") and not entry.endswith((".expected.jsonl", ".options.json"))
    )


def run(name, *arguments, options=None):
    environment = dict(ENVIRONMENT)
    for key, value in (options or {}).items():
        environment["LEDGERPORT_OPTION_" + key.upper().replace("-", "_")] = value
    with tempfile.TemporaryDirectory() as directory:
        return subprocess.run(
            [adapter_path(name), *arguments], capture_output=True, env=environment, cwd=directory, timeout=20
        )


def extract(name, path, options=None):
    """(records, exit status, stderr) of `extract PATH`; asserts the stream's shape as the host would."""
    result = run(name, "extract", path, options=options)
    text = result.stdout.decode("utf-8")
    assert text.endswith("\n"), "output must end with a newline: %r" % text[-80:]
    lines = text[:-1].split("\n")
    records = [json.loads(line) for line in lines]
    assert all(isinstance(record, dict) and "type" in record for record in records)
    assert records[-1] == {"type": "end", "records": len(records) - 1}, records[-1]
    check_records(records[:-1], path)
    return records[:-1], result.returncode, result.stderr.decode("utf-8", errors="replace")


def check_records(records, path):
    with open(path, "rb") as handle:
        data = handle.read()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    accounts = {}
    errors = 0
    for record in records:
        kind = record["type"]
        assert errors == 0, "a record after the error: %r" % record
        if "source" in record:
            line, column = record["source"]["line"], record["source"]["column"]
            assert 1 <= line <= len(lines), "line %d outside the input's %d lines" % (line, len(lines))
            assert 0 <= column <= len(lines[line - 1].rstrip(b"\r")) + 1, "column %d outside line %d" % (column, line)
        if kind == "account":
            assert record["key"] not in accounts, "account %s declared twice" % record["key"]
            accounts[record["key"]] = record.get("currency")
        elif kind in ("transaction", "balance"):
            assert record["account"] in accounts, "account %r not declared before" % record["account"]
            assert "source" in record
            currency = record.get("currency") or accounts[record["account"]]
            pattern = DECIMAL if kind == "transaction" or "direction" in record else SIGNED
            assert isinstance(record["amount"], str) and pattern.fullmatch(record["amount"]), record
            digits = 0 if "." not in record["amount"] else len(record["amount"].split(".")[1])
            assert digits <= (0 if currency in ZERO else 3), record
            day = record["bookingDay"] if kind == "transaction" else record["day"]
            assert DAY.fullmatch(day), record
            if kind == "transaction":
                assert record["direction"] in ("credit", "debit")
                assert isinstance(record["description"], str)
                assert record.get("status", "booked") in ("booked", "pending")
                if "balance" in record:
                    assert SIGNED.fullmatch(record["balance"]), record
        elif kind == "error":
            errors += 1
            assert isinstance(record["message"], str) and record["message"]
        else:
            assert kind in ("skipped", "mapping", "correction"), "unknown type %r" % kind


def signed(record):
    value = Decimal(record["amount"])
    return -value if record.get("direction") == "debit" else value


def reconciles(records):
    """{account: (opening + booked net, last ledger balance)} for accounts with both."""
    result = {}
    for account in {r["account"] for r in records if r["type"] == "balance"}:
        rows = [r for r in records if r.get("account") == account]
        opening = next((signed(r) for r in rows if r["type"] == "balance" and r["kind"] == "opening"), None)
        ledgers = [signed(r) for r in rows if r["type"] == "balance" and r.get("kind", "ledger") == "ledger"]
        if opening is None or not ledgers:
            continue
        net = sum((signed(r) for r in rows if r["type"] == "transaction" and r.get("status", "booked") == "booked"), Decimal(0))
        result[account] = (opening + net, ledgers[-1])
    return result


def damaged_copies(path, count=40, seed=13):
    """Truncations at every few bytes and copies with a few bytes garbled."""
    with open(path, "rb") as handle:
        data = handle.read()
    step = max(1, len(data) // 40)
    for end in range(0, len(data), step):
        yield data[:end]
    generator = random.Random(seed)
    for _ in range(count):
        copy = bytearray(data)
        for _ in range(generator.randint(1, 4)):
            if copy:
                copy[generator.randrange(len(copy))] = generator.choice(
                    [0x00, 0x2C, 0x2F, 0x0A, 0x22, 0x7B, 0x5D, 0xFF, 0xC3, generator.randrange(256)]
                )
        yield bytes(copy)


def survives_damage(test, name, path):
    """Every damaged copy ends in a complete read or one located error, exit 1, and no traceback."""
    for data in damaged_copies(path):
        with tempfile.NamedTemporaryFile(suffix=os.path.splitext(path)[1]) as handle:
            handle.write(data)
            handle.flush()
            records, status, stderr = extract(name, handle.name)
        errors = [r for r in records if r["type"] == "error"]
        test.assertNotIn("Traceback", stderr)
        test.assertEqual(status, 1 if errors else 0, (data[:200], records[-2:], stderr))
        for error in errors:
            test.assertNotIn("adapter failed", error["message"])
