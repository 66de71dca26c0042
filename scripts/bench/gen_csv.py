#!/usr/bin/env python3
"""Generate large CSV bank exports for ledgerport's CSV benchmarks.

Five styles:
  de       German bank giro export, as mappings/de-girokonto.json reads it: Windows-1252,
           semicolons, every field quoted, preamble lines (Kontonummer, Zeitraum, Anfangssaldo),
           dd.MM.yyyy days, decimal comma with '.' thousands, Soll/Haben column, Endsaldo footer.
  dc       German bank giro export with separate Soll and Haben amount columns, as
           mappings/de-girokonto-soll-haben.json reads it: Windows-1252, semicolons, a field
           quoted only when it holds a semicolon or a quote, preamble (Umsätze Girokonto with
           the period, Kontonummer, Alter Kontostand), dd.MM.yyyy days, Umsatzart, the Soll
           amount written negative and the Haben cell empty for money out (the reverse for money
           in), Kontostand footer.
  generic  Date,Description,Amount,Balance with ISO days and signed amounts (mappings/generic.json).
  quoted   the generic columns in UTF-8 with every description quoted and holding a comma
           ("Bäckerei Müller, Kartenzahlung girocard"), as most banks' English exports write them.
  utf16    the quoted style's rows in UTF-16 little-endian with a byte-order mark, as Windows
           programs save "Unicode text".

Amounts are built from integer cents, so the opening balance plus the rows equals the closing
balance exactly. The output is deterministic for a given --seed.

    scripts/bench/gen_csv.py --style de --rows 1000000 --out bench-out/de-1m.csv
    scripts/bench/gen_csv.py --style dc --rows 1000000 --out bench-out/dc-1m.csv
    scripts/bench/gen_csv.py --style generic --rows 1000000 --out bench-out/generic-1m.csv
    scripts/bench/gen_csv.py --style quoted --rows 1000000 --out bench-out/quoted-1m.csv
    scripts/bench/gen_csv.py --style utf16 --rows 1000000 --out bench-out/utf16-1m.csv
"""
import argparse
import datetime
import os
import random

PAYEES = ["Stadtwerke Musterstadt", "Bäckerei Müller", "Beispiel GmbH", "Hausverwaltung Süd",
          "Drogerie Fröhlich", "Versicherung AG", "Supermarkt Nord", "Tankstelle Weiß",
          "Buchhandlung Lesezeichen", "Café Größenwahn", "Apotheke am Markt", "Sparkonto"]
PURPOSES = ["Kartenzahlung girocard", "Abschlag Strom", "Gehalt", "Miete; Whg. 3",
            "Einkauf \"Hygieneartikel\"", "Beitrag Haftpflicht", "Rückerstattung", "Übertrag Sparen",
            "SEPA-Lastschrift Mandat 0042", "Dauerauftrag", "Überweisung Rechnung 2024-117"]


def german_amount(cents):
    """1234567 -> '12.345,67' (no sign)."""
    cents = abs(cents)
    units, rest = divmod(cents, 100)
    grouped = f"{units:,}".replace(",", ".")
    return f"{grouped},{rest:02d}"


def quoted(text):
    return '"' + text.replace('"', '""') + '"'


def amounts(rng, rows):
    for _ in range(rows):
        if rng.random() < 0.12:
            yield rng.randint(10_00, 4_000_00)       # money in, cents
        else:
            yield -rng.randint(50, 800_00)           # money out, cents


def days(rows, start):
    # About 40 rows a day, so a million rows span a few decades of days.
    for index in range(rows):
        yield start + datetime.timedelta(days=index // 40)


def statement(rng, rows):
    """A German statement's first day, opening balance, rows' cents, last day and closing balance."""
    start = datetime.date(1990, 1, 1)
    opening = 1_234_56
    cents = list(amounts(rng, rows))
    last_day = start + datetime.timedelta(days=(rows - 1) // 40) if rows else start
    return start, opening, cents, last_day, opening + sum(cents)


def write_german(out, rows, rng):
    start, opening, cents, last_day, closing = statement(rng, rows)
    sign = "-" if closing < 0 else ""
    with open(out, "w", encoding="cp1252", newline="") as f:
        f.write('"Kontonummer:";"1234567890";\r\n')
        f.write(f'"Zeitraum:";"{start:%d.%m.%Y} - {last_day:%d.%m.%Y}";\r\n')
        f.write(f'"Anfangssaldo:";"{german_amount(opening)} EUR";\r\n\r\n')
        f.write('"Buchungstag";"Valuta";"Auftraggeber/Empfänger";"Verwendungszweck";"Betrag";"Soll/Haben";"Währung"\r\n')
        for day, amount in zip(days(rows, start), cents):
            text = day.strftime("%d.%m.%Y")
            payee = PAYEES[rng.randrange(len(PAYEES))]
            purpose = PURPOSES[rng.randrange(len(PURPOSES))]
            f.write(f'"{text}";"{text}";{quoted(payee)};{quoted(purpose)};"{german_amount(amount)}";'
                    f'"{"S" if amount < 0 else "H"}";"EUR"\r\n')
        f.write(f'\r\n"Endsaldo:";"{sign}{german_amount(closing)} EUR";\r\n')


KINDS = ["Kartenzahlung", "SEPA-Lastschrift von", "SEPA-Überweisung an", "Dauerauftrag", "Gutschrift"]


def minimal_quoted(text):
    """A field quoted only when it must be (as Python's csv writer and many banks do)."""
    return quoted(text) if ";" in text or '"' in text else text


def write_debit_credit(out, rows, rng):
    start, opening, cents, last_day, closing = statement(rng, rows)

    def signed(value):
        return ("-" if value < 0 else "") + german_amount(value)

    with open(out, "w", encoding="cp1252", newline="") as f:
        f.write(f"Umsätze Girokonto;Zeitraum: {start:%d.%m.%Y} - {last_day:%d.%m.%Y};\r\n")
        f.write("Kontonummer:;1234567890;\r\n")
        f.write(f"Alter Kontostand;{start - datetime.timedelta(days=1):%d.%m.%Y};;;{signed(opening)};EUR\r\n\r\n")
        f.write("Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Verwendungszweck;Soll;Haben;Währung\r\n")
        for day, amount in zip(days(rows, start), cents):
            text = day.strftime("%d.%m.%Y")
            kind = KINDS[rng.randrange(len(KINDS))]
            payee = PAYEES[rng.randrange(len(PAYEES))]
            purpose = PURPOSES[rng.randrange(len(PURPOSES))]
            debit, credit = (signed(amount), "") if amount < 0 else ("", german_amount(amount))
            f.write(f"{text};{text};{kind};{minimal_quoted(payee)};{minimal_quoted(purpose)};"
                    f"{debit};{credit};EUR\r\n")
        f.write(f"Kontostand;{last_day:%d.%m.%Y};;;{signed(closing)};EUR\r\n")


def write_generic(out, rows, rng, quote=False, encoding="utf-8"):
    start = datetime.date(1990, 1, 1)
    balance = 1_000_00
    # "utf-16" writes the byte-order mark, then little-endian code units.
    with open(out, "w", encoding=encoding, newline="") as f:
        f.write("Date,Description,Amount,Balance\n")
        for day, amount in zip(days(rows, start), amounts(rng, rows)):
            balance += amount
            payee = PAYEES[rng.randrange(len(PAYEES))]
            if quote:
                payee = quoted(f"{payee}, {PURPOSES[rng.randrange(len(PURPOSES))]}")
            f.write(f"{day.isoformat()},{payee},{format_cents(amount)},"
                    f"{format_cents(balance)}\n")


def format_cents(cents):
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}.{rest:02d}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--style", choices=["de", "dc", "generic", "quoted", "utf16"], default="de")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    rng = random.Random(args.seed)
    if args.style == "de":
        write_german(args.out, args.rows, rng)
    elif args.style == "dc":
        write_debit_credit(args.out, args.rows, rng)
    elif args.style == "utf16":
        write_generic(args.out, args.rows, rng, quote=True, encoding="utf-16")
    else:
        write_generic(args.out, args.rows, rng, quote=args.style == "quoted")


if __name__ == "__main__":
    main()
