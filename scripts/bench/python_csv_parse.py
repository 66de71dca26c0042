#!/usr/bin/env python3
"""Parse a generated bank export with plain Python: the csv module and decimal.Decimal.

This is the comparison point for ledgerport's CSV adapter: it reads the same columns and does
the same normalising (day, exact amount, direction, description), with no database. Run it on
the files scripts/bench/gen_csv.py writes:

    scripts/bench/python_csv_parse.py --style de bench-out/de-1m.csv
    scripts/bench/python_csv_parse.py --style generic bench-out/generic-1m.csv
    scripts/bench/python_csv_parse.py --style quoted bench-out/quoted-1m.csv   (read as generic)
    scripts/bench/python_csv_parse.py --style utf16 bench-out/utf16-1m.csv     (generic, UTF-16)

It prints the row count, the net sum (to check against ledgerport's) and rows per second.
"""
import argparse
import csv
import datetime
import decimal
import time


def parse_german(path):
    rows = []
    with open(path, encoding="cp1252", newline="") as f:
        reader = csv.reader(f, delimiter=";", quotechar='"')
        for fields in reader:                       # preamble, up to the header
            if fields and fields[0] == "Buchungstag":
                break
        for fields in reader:
            if not fields or not any(fields):       # blank line before the footer
                break
            if fields[0].startswith("Endsaldo"):
                break
            day, month, year = fields[0].split(".")
            booked = datetime.date(int(year), int(month), int(day))
            amount = decimal.Decimal(fields[4].replace(".", "").replace(",", "."))
            debit = fields[5] == "S"
            description = f"{fields[2].strip()} / {fields[3].strip()}"
            rows.append((booked, -amount if debit else amount, description, fields[6]))
    return rows


def parse_generic(path, encoding="utf-8"):
    rows = []
    # "utf-16" reads the byte-order mark and decodes in the order it names.
    with open(path, encoding=encoding, newline="") as f:
        reader = csv.reader(f)
        next(reader)                                # header
        for fields in reader:
            booked = datetime.date.fromisoformat(fields[0])
            amount = decimal.Decimal(fields[2])
            balance = decimal.Decimal(fields[3])
            rows.append((booked, amount, fields[1].strip(), balance))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file")
    parser.add_argument("--style", choices=["de", "generic", "quoted", "utf16"], default="de")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.style == "de":
        rows = parse_german(args.file)
    else:
        rows = parse_generic(args.file, encoding="utf-16" if args.style == "utf16" else "utf-8")
    elapsed = time.perf_counter() - start
    net = sum((row[1] for row in rows), decimal.Decimal(0))
    print(f"python csv+Decimal: {len(rows)} rows, net {net}, {elapsed:.3f} s, {len(rows) / elapsed:,.0f} rows/s")


if __name__ == "__main__":
    main()
