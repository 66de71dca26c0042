#!/usr/bin/env python3
"""Turns a generic CSV (gen_generic_csv.py) into the external adapter protocol's JSON Lines:
one account, a transaction per row (source = the row's line), and end.

Usage: gen_adapter_jsonl.py CSV OUT
"""
import json
import sys


def main() -> None:
    source, out = sys.argv[1], sys.argv[2]
    records = 0
    with open(source, encoding="utf-8") as f, open(out, "w", encoding="utf-8", newline="\n") as w:
        w.write('{"type":"account","key":"bench","name":"Bench","currency":"USD"}\n')
        records += 1
        next(f)
        for number, line in enumerate(f, 2):
            day, description, amount = line.rstrip("\n").split(",")
            record = {
                "type": "transaction", "account": "bench", "bookingDay": day, "amount": amount.lstrip("-"),
                "direction": "debit" if amount.startswith("-") else "credit", "description": description,
                "source": {"line": number, "column": 1},
            }
            w.write(json.dumps(record, separators=(",", ":")) + "\n")
            records += 1
        w.write('{"type":"end","records":%d}\n' % records)


if __name__ == "__main__":
    main()
