#!/usr/bin/env python3
"""Writes a synthetic Quicken-style QIF register with N records (about 75 bytes each: 1,000,000 make
about 75 MB).

    scripts/bench/gen_qif.py N OUT.qif

One `!Type:Bank` register, US Quicken's apostrophe dates (`1/31'24`, so the order settles on the
first day above 12), amounts with thousands separators, payees, memos on some records, cheque
numbers, cleared marks, categories and transfers, and a three-line split on every 50th record.
Deterministic (a fixed seed): the same N gives the same file. Names are invented.
"""
import datetime
import random
import sys

PAYEES = ["Corner Grocery", "City Power and Light", "Blue Door Cafe", "Riverside Fuel", "Online Books",
          "Acme Payroll", "ATM Withdrawal", "Transfer to Savings", "Mountain Air Travel", "Pharmacy 24"]
CATEGORIES = ["Groceries", "Utilities:Electric", "Dining", "Auto:Fuel", "Books", "Salary", "Cash",
              "[Savings]", "Travel", "Medical"]


def amount_text(cents):
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return "%s%s.%02d" % (sign, "{:,}".format(whole), frac)


def main():
    count, path = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(20240131)
    day = datetime.date(2020, 1, 13)
    with open(path, "w", newline="\n") as out:
        out.write("!Type:Bank\n")
        for index in range(count):
            if index % 40 == 39:
                day += datetime.timedelta(days=1)
            which = rng.randrange(len(PAYEES))
            cents = rng.randrange(100, 250000) if which == 5 else -rng.randrange(100, 40000)
            lines = ["D%d/%2d'%02d" % (day.month, day.day, day.year % 100), "T" + amount_text(cents)]
            if which == 6:
                lines.append("NATM")
            elif index % 7 == 0:
                lines.append("N%d" % (1000 + index % 9000))
            if index % 3 == 0:
                lines.append("C*")
            lines.append("P" + PAYEES[which])
            if index % 5 == 0:
                lines.append("MRef %06d" % index)
            if index % 50 == 49 and cents < -300:
                first = cents // 3
                second = cents // 3
                lines.append("L" + CATEGORIES[which])
                for category, part in ((CATEGORIES[which], first), ("Household", second),
                                       ("Misc", cents - first - second)):
                    lines += ["S" + category, "$" + amount_text(part)]
            else:
                lines.append("L" + CATEGORIES[which])
            lines.append("^")
            out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
