#!/usr/bin/env python3
"""Writes an MT940 file with N statement lines (`:61:` + `:86:`) for the MT940 benchmark.

    scripts/bench/gen_mt940.py N FILE

German Sparkasse-style daily statements of 100 lines each, CRLF, one account, the balance chain
intact (each `:60F:` equals the previous `:62F:`): SEPA `:86:` fields with GVC, `?00` booking
text, `?20`-`?2x` purpose with EREF+/MREF+/SVWZ+ cut at 27 characters, `?30`/`?31` counterparty
bank and IBAN and `?32` name, wrapped at 65 characters as banks write them (about 300 bytes per
line). Every third line carries a unique bank reference after `//`. Deterministic: the same N
gives the same bytes.
"""
import datetime
import random
import sys

NAMES = ["Stadtwerke Musterstadt GmbH", "Erika Mustermann", "Beispiel Versand AG", "Funknetz Beispiel GmbH",
         "Baeckerei Korn", "Wohnungsbau eG Nord", "Max Beispiel", "Versicherung Muster AG"]
PURPOSES = ["Stromabschlag Vertragskonto 4711", "Miete Whg. 3 OG links", "Rechnung 2024-{n} vom Vormonat",
            "Mobilfunk Rechnung Kundennummer 88{n}", "Kartenzahlung Filiale {n}", "Beitrag Mitgliedschaft {n}"]


def wrap(text, first=61, width=65):
    lines = [text[:first]]
    text = text[first:]
    while text:
        lines.append(text[:width])
        text = text[width:]
    return lines


def main():
    count, path = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(940)
    day = datetime.date(2020, 1, 1)
    balance = 100_000_00
    out = open(path, "w", encoding="ascii", newline="")
    written = 0
    statement = 0
    while written < count:
        statement += 1
        lines = min(100, count - written)
        out.write(":20:STARTUMSE\r\n:25:10050000/0123456789\r\n:28C:%05d/001\r\n" % (statement % 100000))
        out.write(":60F:%s%s%sEUR%d,%02d\r\n" % ("C" if balance >= 0 else "D", "", day.strftime("%y%m%d"),
                                              abs(balance) // 100, abs(balance) % 100))
        day += datetime.timedelta(days=1)
        for _ in range(lines):
            written += 1
            cents = rng.randint(100, 250_000)
            credit = rng.random() < 0.3
            balance += cents if credit else -cents
            reference = "//B%011d" % written if written % 3 == 0 else ""
            out.write(":61:%s%s%sR%d,%02dNTRFNONREF%s\r\n" % (day.strftime("%y%m%d"), day.strftime("%m%d"),
                                                             "C" if credit else "D", cents // 100, cents % 100,
                                                             reference))
            purpose = rng.choice(PURPOSES).format(n=written)
            sepa = "EREF+E2E-%010dMREF+M-%06dSVWZ+%s" % (written, written % 999_983, purpose)
            pieces = [sepa[i:i + 27] for i in range(0, len(sepa), 27)]
            text = "%s?00%s?10%04d" % ("166" if credit else "105", "GUTSCHRIFT" if credit else "LASTSCHRIFT",
                                        written % 10_000)
            text += "".join("?%d%s" % (20 + i, piece) for i, piece in enumerate(pieces[:10]))
            text += "?30BYLADEM1001?31DE02120300000000202051?32%s" % rng.choice(NAMES)
            body = wrap(text)
            out.write(":86:" + "\r\n".join(body) + "\r\n")
        out.write(":62F:%s%sEUR%d,%02d\r\n-\r\n" % ("C" if balance >= 0 else "D", day.strftime("%y%m%d"),
                                                   abs(balance) // 100, abs(balance) % 100))
    out.close()


if __name__ == "__main__":
    main()
