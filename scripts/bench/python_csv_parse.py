#!/usr/bin/env python3
"""Parse a generated bank export with plain Python: the csv module and decimal.Decimal.

This is the comparison point for ledgerport's CSV adapter: it reads the same columns and does
the same normalising (day, exact amount, direction, description), with no database. Run it on
the files scripts/bench/gen_csv.py writes:

    scripts/bench/python_csv_parse.py --style de bench-out/de-1m.csv
    scripts/bench/python_csv_parse.py --style dc bench-out/dc-1m.csv
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


def german_decimal(text):
    return decimal.Decimal(text.replace(".", "").replace(",", "."))


def parse_debit_credit(path):
    """Soll and Haben amount columns; the Kontostand footer checked against the opening + net."""
    rows = []
    opening = None
    with open(path, encoding="cp1252", newline="") as f:
        reader = csv.reader(f, delimiter=";", quotechar='"')
        for fields in reader:                       # preamble, up to the header
            if fields and fields[0] == "Alter Kontostand":
                opening = german_decimal(fields[4])
            if fields and fields[0] == "Buchungstag":
                break
        balance = opening
        for fields in reader:
            if fields and fields[0].startswith("Kontostand"):
                closing = german_decimal(fields[4])
                if closing != balance:
                    raise SystemExit(f"closing balance {closing} is not {balance}")
                break
            day, month, year = fields[0].split(".")
            booked = datetime.date(int(year), int(month), int(day))
            debit, credit = fields[5], fields[6]
            if bool(debit) == bool(credit):
                raise SystemExit(f"line {reader.line_num}: one of Soll and Haben must hold the amount")
            amount = -abs(german_decimal(debit)) if debit else german_decimal(credit)
            balance += amount
            description = f"{fields[3].strip()} / {fields[4].strip()}"
            rows.append((booked, amount, description, fields[2].strip(), fields[7]))
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
    parser.add_argument("--style", choices=["de", "dc", "generic", "quoted", "utf16"], default="de")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.style == "de":
        rows = parse_german(args.file)
    elif args.style == "dc":
        rows = parse_debit_credit(args.file)
    else:
        rows = parse_generic(args.file, encoding="utf-16" if args.style == "utf16" else "utf-8")
    elapsed = time.perf_counter() - start
    net = sum((row[1] for row in rows), decimal.Decimal(0))
    print(f"python csv+Decimal: {len(rows)} rows, net {net}, {elapsed:.3f} s, {len(rows) / elapsed:,.0f} rows/s")


if __name__ == "__main__":
    main()
