#!/usr/bin/env python3
"""Writes a generic CSV export (Date,Description,Amount[,Balance]) of N rows for benchmarks.

Usage: gen_generic_csv.py ROWS OUT [--balance]
Days advance every 300 rows from 2020-01-01; amounts are exact decimal strings.
"""
import datetime
import sys


def main() -> None:
    rows, out = int(sys.argv[1]), sys.argv[2]
    with_balance = "--balance" in sys.argv[3:]
    start = datetime.date(2020, 1, 1)
    balance = 10_000_000_00
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("Date,Description,Amount,Balance\n" if with_balance else "Date,Description,Amount\n")
        for i in range(rows):
            day = start + datetime.timedelta(days=i // 300)
            cents = (i * 7919) % 100000 + 1
            signed = cents if i % 5 == 0 else -cents
            balance += signed
            amount = f"{'-' if signed < 0 else ''}{abs(signed) // 100}.{abs(signed) % 100:02d}"
            line = f"{day.isoformat()},Shop {i % 977} purchase {i % 13},{amount}"
            if with_balance:
                line += f",{'-' if balance < 0 else ''}{abs(balance) // 100}.{abs(balance) % 100:02d}"
            f.write(line + "\n")


if __name__ == "__main__":
    main()
