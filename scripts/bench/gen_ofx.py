#!/usr/bin/env python3
"""Writes a synthetic OFX 1.02 checking statement with N transactions (about 175 bytes each: 100,000 make about 17 MB).

    scripts/bench/gen_ofx.py N OUT.ofx          OFX 1.02 (SGML)
    scripts/bench/gen_ofx.py --xml N OUT.ofx    the same statement as OFX 2.2 (XML)

Deterministic (a fixed seed): the same N gives the same file. The LEDGERBAL is the exact sum of
the transactions, so a complete import reconciles to a zero discrepancy. Names and numbers are
invented.
"""
import datetime
import random
import sys

NAMES = ["CORNER GROCERY", "CITY POWER AND LIGHT", "BLUE DOOR CAFE", "RIVERSIDE FUEL", "ONLINE BOOKS",
         "ACME PAYROLL", "ATM WITHDRAWAL", "TRANSFER TO SAVINGS", "MOUNTAIN AIR TRAVEL", "PHARMACY 24"]
TYPES = ["DEBIT", "POS", "ATM", "PAYMENT", "CHECK", "XFER", "FEE"]


def xml(text):
    """The SGML statement as OFX 2.2 XML: an XML header, and every leaf closed."""
    body = text[text.index("<OFX>"):]
    lines = []
    for line in body.split("\n"):
        if line.startswith("<") and not line.startswith("</") and ">" in line and not line.endswith(">"):
            name = line[1:line.index(">")]
            value = line[line.index(">") + 1:].replace("&", "&amp;")
            line = "<%s>%s</%s>" % (name, value, name)
        lines.append(line)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" '
            'OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' + "\n".join(lines))


def main():
    args = sys.argv[1:]
    as_xml = args[0] == "--xml"
    if as_xml:
        args = args[1:]
    count = int(args[0])
    out = args[1]
    if as_xml:
        import io
        import os
        import tempfile
        with tempfile.NamedTemporaryFile("r", suffix=".ofx", delete=False) as sgml:
            path = sgml.name
        sys.argv = [sys.argv[0], str(count), path]
        main()
        with open(path, newline="") as f:
            text = f.read().replace("\r\n", "\n")
        os.remove(path)
        with open(out, "w") as f:
            f.write(xml(text))
        return
    rng = random.Random(20240101)
    start = datetime.date(2020, 1, 1)
    total_cents = 0
    with open(out, "w", newline="\r\n") as f:
        f.write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n"
                "COMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n")
        f.write("<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n"
                "<DTSERVER>20240101120000.000[-5:EST]\n<LANGUAGE>ENG\n<FI>\n<ORG>Bench Bank\n<FID>1\n</FI>\n"
                "</SONRS>\n</SIGNONMSGSRSV1>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n"
                "<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>011000015\n"
                "<ACCTID>000099990000\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n"
                "<DTSTART>20200101\n<DTEND>20991231\n")
        last = start
        for i in range(count):
            day = start + datetime.timedelta(days=i * 3650 // max(count, 1))
            last = day
            cents = rng.randint(1, 250000)
            credit = rng.random() < 0.2
            signed = cents if credit else -cents
            total_cents += signed
            amount = ("-" if signed < 0 else "") + f"{abs(signed) // 100}.{abs(signed) % 100:02d}"
            kind = "CREDIT" if credit else rng.choice(TYPES)
            f.write(f"<STMTTRN>\n<TRNTYPE>{kind}\n<DTPOSTED>{day:%Y%m%d}120000.000[-5:EST]\n<DTUSER>{day:%Y%m%d}\n"
                    f"<TRNAMT>{amount}\n<FITID>{i:012d}\n<NAME>{rng.choice(NAMES)}\n"
                    f"<MEMO>REF {rng.randint(100000, 999999)}\n</STMTTRN>\n")
        sign = "-" if total_cents < 0 else ""
        balance = f"{sign}{abs(total_cents) // 100}.{abs(total_cents) % 100:02d}"
        f.write(f"</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>{balance}\n<DTASOF>{last:%Y%m%d}\n</LEDGERBAL>\n"
                "</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n")


if __name__ == "__main__":
    main()
