#!/usr/bin/env python3
"""Writes a real-shaped ISO 20022 camt.053 bank statement with N entries (about 1.1 KB each
indented, 0.85 KB with --compact: 100,000 make about 113 or 85 MB; with --profile plain about
0.62 KB compact, 62 MB).

    scripts/bench/gen_camt.py N OUT.xml [--version 2|4|8] [--statements K] [--seed S] [--compact]
                              [--profile dk|plain]

Two profiles draw the same entries (the same amounts, days and counterparties) and differ only in
what each entry carries. dk (the default), as German banks send camt.053 under the DK profile: the
proprietary transaction code beside the ISO one (BkTxCd/Prtry), the counterparty's IBAN and BIC,
a direct debit's mandate and creditor id, an NtryRef. plain leaves those out, and the AmtDtls of
an entry's only transaction when it is in the entry's currency: entries shaped like the hand-made
fixtures in Tests/Fixtures/camt (380-720 bytes), the size issue 15's "about 60 MB" assumes.

Deterministic: the same arguments give the same bytes. One account (a German IBAN), EUR, entries
spread over 2024 (one day of bookings after another), in K consecutive statements (default 1;
calendar months or quarters when K divides 12, else even shares of the year),
each with an OPBD and a CLBD that add up: OPBD + the entries' signed amounts = CLBD, and each
statement's OPBD is the previous one's CLBD. A CLAV (available) balance follows the CLBD.

The mix, drawn per entry: incoming SEPA credit transfers (some with EndToEndId NOTPROVIDED),
outgoing SEPA credit transfers, SEPA direct debits (mandate and creditor id), card payments
(about one in ten of them in a foreign currency: AmtDtls/InstdAmt in USD, GBP or CHF with
CcyXchg, TxAmt in EUR), bank fees with no details, batch entries whose TxDtls each carry
their own amount that sum to the entry (salary runs; `NtryDtls/Btch` with NbOfTxs and TtlAmt),
batch entries with `Btch` alone (a collector entry with no itemisation), and returned direct
debits (CRDT with RvslInd true). Counterparty IBANs (DE, AT, NL) have valid check digits; names
include non-ASCII letters and `&`. Element paths follow the version: `Sts` as text or `Sts/Cd` (.08),
`TxDtls/Amt` beside `AmtDtls` (.04 on), `BIC` or `BICFI` (.04 on), `RltdPties/Dbtr/Nm` or
`RltdPties/Dbtr/Pty/Nm` (.08). Every entry has a unique AcctSvcrRef and an NtryRef; all
entries are booked. Names and numbers are invented.

Amounts are integers of cents; no float ever holds money. On stderr it prints what it wrote:
entries, rows (one per entry, or one per TxDtls of a batch whose TxDtls carry amounts, the way
ledgerport imports them), and each statement's OPBD and CLBD.
"""
import argparse
import datetime
import io
import random
import sys

FIRST_NAMES = ["Anna", "Jürgen", "Sophie", "Lukas", "Marie", "Zoë", "Mehmet", "Ewa", "Jan", "Chloé", "Björn", "Léa"]
LAST_NAMES = ["Müller", "Schmidt", "de Vries", "Kowalski", "Öztürk", "Weiß", "Janssen", "Dubois", "Nowak", "Huber"]
COMPANIES = ["Stadtwerke Musterstadt GmbH", "Müller & Söhne KG", "Telekabel Nord AG", "Versicherung Westfalia VaG",
             "Bäckerei Kornblume", "Hausverwaltung Lindenhof", "Fitnessstudio Kraftwerk", "Ökostrom Süd eG",
             "Verlag Blauer Reiter", "Logistik Van den Berg B.V.", "Apotheke am Markt", "Autohaus Sonnenschein"]
MERCHANTS = ["REWE SAGT DANKE 4411", "ARAL STATION 2231", "DM DROGERIE MARKT", "AMAZON EU SARL", "IKEA MUENCHEN",
             "DB VERTRIEB GMBH", "LIDL DIENSTL. 0815", "SPOTIFY P1A2B3C4", "APOTHEKE AM MARKT", "EDEKA CENTER 117"]
FOREIGN = [("USD", "1.0871"), ("GBP", "0.8553"), ("CHF", "0.9412")]  # units of currency per EUR


def iban(country, bban):
    """An IBAN with valid check digits (ISO 13616: mod 97 of the rearranged digits is 1)."""
    digits = "".join(str(int(c, 36)) for c in bban + country + "00")
    return "%s%02d%s" % (country, 98 - int(digits) % 97, bban)


def random_iban(rng):
    country = rng.choice(["DE", "DE", "DE", "AT", "NL"])
    if country == "DE":
        return iban("DE", "%08d%010d" % (rng.randint(10000000, 89999999), rng.randint(0, 9999999999)))
    if country == "AT":
        return iban("AT", "%05d%011d" % (rng.randint(10000, 99999), rng.randint(0, 99999999999)))
    return iban("NL", rng.choice(["ABNA", "INGB", "RABO", "TRIO"]) + "%010d" % rng.randint(0, 9999999999))


def random_bic(rng):
    return rng.choice(["COBADEFFXXX", "DEUTDEFFXXX", "GENODEM1GLS", "INGBNL2AXXX", "RABONL2U", "BKAUATWWXXX"])


def person(rng):
    return "%s %s" % (rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES))


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def decimal(cents):
    return "%d.%02d" % (cents // 100, cents % 100)


class Writer:
    """Writes one statement's XML in the layout and element names of a camt.053 version."""

    def __init__(self, out, version, indent=2, rich=True):
        self.out = out
        self.version = version
        self.rich = rich  # the DK profile's extras (--profile dk)
        self.indent = " " * indent
        self.bic = "BIC" if version < 4 else "BICFI"  # FinInstnId/BIC became BICFI in .001.04

    def w(self, depth, text):
        self.out.write(self.indent * depth + text + "\n")

    def amount(self, depth, cents, currency="EUR", tag="Amt"):
        self.w(depth, '<%s Ccy="%s">%s</%s>' % (tag, currency, decimal(cents), tag))

    def status(self, depth):
        if self.version < 8:
            self.w(depth, "<Sts>BOOK</Sts>")
        else:  # .001.08 and later: a choice of a code or a proprietary one
            self.w(depth, "<Sts><Cd>BOOK</Cd></Sts>")

    def bank_code(self, depth, domain, family, sub, proprietary):
        extra = "<Prtry><Cd>%s</Cd></Prtry>" % proprietary if self.rich else ""
        self.w(depth, "<BkTxCd><Domn><Cd>%s</Cd><Fmly><Cd>%s</Cd><SubFmlyCd>%s</SubFmlyCd></Fmly></Domn>%s</BkTxCd>"
               % (domain, family, sub, extra))

    def party(self, depth, role, name, account=None, extra=None):
        party = "<Nm>%s</Nm>%s" % (escape(name), (extra if self.rich else None) or "")
        if self.version >= 8:  # .001.08 on: a choice of a party or an agent
            party = "<Pty>%s</Pty>" % party
        self.w(depth, "<%s>%s</%s>" % (role, party, role))
        if account and self.rich:
            self.w(depth, "<%sAcct><Id><IBAN>%s</IBAN></Id></%sAcct>" % (role, account, role))

    def agent(self, depth, role, bic):
        self.w(depth, "<%s><FinInstnId><%s>%s</%s></FinInstnId></%s>" % (role, self.bic, bic, self.bic, role))


class Generator:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.account = iban("DE", "37040044%010d" % 532013000)
        self.owner = "Muster Handel GmbH"
        self.reference = 0
        self.rows = 0

    def next_reference(self, day):
        self.reference += 1
        return "%s%010d" % (day.strftime("%Y%m%d"), self.reference)

    def entry(self, w, day, index):
        """Writes one Ntry; returns its signed amount in cents."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.30:
            return self.card(w, day, index)
        if roll < 0.50:
            return self.transfer(w, day, index, incoming=True)
        if roll < 0.68:
            return self.transfer(w, day, index, incoming=False)
        if roll < 0.90:
            return self.direct_debit(w, day, index)
        if roll < 0.96:
            return self.fee(w, day, index)
        if roll < 0.98:
            return self.batch(w, day, index, itemised=True)
        if roll < 0.99:
            return self.batch(w, day, index, itemised=False)
        return self.returned_debit(w, day, index)

    def open_entry(self, w, day, index, cents, credit, reversal=False, value_day=None):
        w.w(3, "<Ntry>")
        if w.rich:
            w.w(4, "<NtryRef>%d</NtryRef>" % index)
        w.amount(4, cents)
        w.w(4, "<CdtDbtInd>%s</CdtDbtInd>" % ("CRDT" if credit else "DBIT"))
        if reversal:
            w.w(4, "<RvslInd>true</RvslInd>")
        w.status(4)
        w.w(4, "<BookgDt><Dt>%s</Dt></BookgDt>" % day.isoformat())
        w.w(4, "<ValDt><Dt>%s</Dt></ValDt>" % (value_day or day).isoformat())
        w.w(4, "<AcctSvcrRef>%s</AcctSvcrRef>" % self.next_reference(day))

    def tx_amount(self, w, depth, cents, credit, instructed=None, single=True):
        """A TxDtls's own amount: Amt and CdtDbtInd (.001.04 and later), then AmtDtls (which the
        plain profile leaves out for an entry's only transaction in the entry's currency, as the
        hand-made fixtures do)."""
        if w.version >= 4:
            w.amount(depth, cents)
            w.w(depth, "<CdtDbtInd>%s</CdtDbtInd>" % ("CRDT" if credit else "DBIT"))
        if single and not instructed and not w.rich:
            return
        w.w(depth, "<AmtDtls>")
        if instructed:
            currency, foreign_units, rate = instructed
            w.w(depth + 1, '<InstdAmt><Amt Ccy="%s">%s</Amt><CcyXchg><SrcCcy>%s</SrcCcy><TrgtCcy>EUR</TrgtCcy>'
                           "<UnitCcy>EUR</UnitCcy><XchgRate>%s</XchgRate></CcyXchg></InstdAmt>"
                % (currency, decimal(foreign_units), currency, rate))
        w.w(depth + 1, '<TxAmt><Amt Ccy="EUR">%s</Amt></TxAmt>' % decimal(cents))
        w.w(depth, "</AmtDtls>")

    def card(self, w, day, index):
        rng = self.rng
        cents = rng.randint(150, 25000)
        instructed = None
        if rng.random() < 0.1:
            currency, rate = rng.choice(FOREIGN)
            # The foreign amount the card was charged, and the EUR it cost at that rate (whole cents).
            foreign = rng.randint(150, 30000)
            rate_units = int(rate.replace(".", ""))  # rate in 1/10000
            cents = max(1, (foreign * 10000 + rate_units // 2) // rate_units)
            instructed = (currency, foreign, rate)
        merchant = rng.choice(MERCHANTS)
        self.open_entry(w, day, index, cents, credit=False, value_day=day - datetime.timedelta(days=rng.randint(0, 2)))
        w.bank_code(4, "PMNT", "CCRD", "POSD", "NTRF+106")
        w.w(4, "<NtryDtls>")
        w.w(5, "<TxDtls>")
        w.w(6, "<Refs><AcctSvcrRef>K%012d</AcctSvcrRef></Refs>" % index)
        self.tx_amount(w, 6, cents, False, instructed)
        w.w(6, "<RltdPties>")
        w.party(7, "Cdtr", merchant)
        w.w(6, "</RltdPties>")
        text = "%s//%s/DE %s Debitk.%d %s" % (merchant, "MUENCHEN", day.strftime("%Y-%m-%dT%H:%M"), rng.randint(1, 9),
                                             "2027-12" if rng.random() < 0.5 else "2028-06")
        if instructed:
            text += " Original %s %s 1 EUR %s %s" % (decimal(instructed[1]), instructed[0], instructed[2], instructed[0])
        w.w(6, "<RmtInf><Ustrd>%s</Ustrd></RmtInf>" % escape(text[:140]))
        w.w(5, "</TxDtls>")
        w.w(4, "</NtryDtls>")
        w.w(4, "<AddtlNtryInf>Kartenzahlung</AddtlNtryInf>")
        w.w(3, "</Ntry>")
        self.rows += 1
        return -cents

    def transfer(self, w, day, index, incoming):
        rng = self.rng
        cents = rng.randint(500, 1000000) if incoming else rng.randint(1000, 250000)
        counterparty = person(rng) if rng.random() < 0.6 else rng.choice(COMPANIES)
        self.open_entry(w, day, index, cents, credit=incoming)
        if incoming:
            w.bank_code(4, "PMNT", "RCDT", "ESCT", "NTRF+166")
        else:
            w.bank_code(4, "PMNT", "ICDT", "ESCT", "NTRF+116")
        w.w(4, "<NtryDtls>")
        w.w(5, "<TxDtls>")
        end_to_end = "NOTPROVIDED" if incoming and rng.random() < 0.3 else "E2E-%d-%06d" % (day.year, index)
        w.w(6, "<Refs><EndToEndId>%s</EndToEndId></Refs>" % end_to_end)
        self.tx_amount(w, 6, cents, incoming)
        w.w(6, "<RltdPties>")
        w.party(7, "Dbtr" if incoming else "Cdtr", counterparty, random_iban(rng))
        w.w(6, "</RltdPties>")
        bic = random_bic(rng)
        if w.rich:
            w.w(6, "<RltdAgts>")
            w.agent(7, "DbtrAgt" if incoming else "CdtrAgt", bic)
            w.w(6, "</RltdAgts>")
        w.w(6, "<RmtInf>")
        if rng.random() < 0.15:
            w.w(7, "<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF%02d%012d</Ref></CdtrRefInf></Strd>"
                % (rng.randint(10, 99), index))
        else:
            w.w(7, "<Ustrd>Rechnung %d-%05d vom %s</Ustrd>" % (day.year, index % 100000, day.strftime("%d.%m.%Y")))
            if rng.random() < 0.3:
                w.w(7, "<Ustrd>Kundennr. %08d Danke</Ustrd>" % rng.randint(0, 99999999))
        w.w(6, "</RmtInf>")
        w.w(5, "</TxDtls>")
        w.w(4, "</NtryDtls>")
        w.w(4, "<AddtlNtryInf>%s</AddtlNtryInf>" % ("SEPA Gutschrift" if incoming else "SEPA Überweisung"))
        w.w(3, "</Ntry>")
        self.rows += 1
        return cents if incoming else -cents

    def direct_debit(self, w, day, index):
        rng = self.rng
        cents = rng.randint(499, 60000)
        creditor = rng.choice(COMPANIES)
        creditor_id = "DE%02dZZZ%011d" % (rng.randint(10, 99), rng.randint(0, 99999999999))
        self.open_entry(w, day, index, cents, credit=False)
        w.bank_code(4, "PMNT", "IDDT", "ESDD", "NDDT+105")
        w.w(4, "<NtryDtls>")
        w.w(5, "<TxDtls>")
        mandate = "<MndtId>MD-%07d</MndtId>" % rng.randint(0, 9999999)
        w.w(6, "<Refs><EndToEndId>LS%d%08d</EndToEndId>%s</Refs>" % (day.year, index, mandate if w.rich else ""))
        self.tx_amount(w, 6, cents, False)
        w.w(6, "<RltdPties>")
        w.party(7, "Cdtr", creditor, random_iban(rng),
                "<Id><PrvtId><Othr><Id>%s</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id>" % creditor_id)
        w.w(6, "</RltdPties>")
        w.w(6, "<RmtInf><Ustrd>%s Beitrag %s Vertrag %06d</Ustrd></RmtInf>" % (
            escape(creditor.split(" ")[0]), day.strftime("%m/%Y"), rng.randint(0, 999999)))
        w.w(5, "</TxDtls>")
        w.w(4, "</NtryDtls>")
        w.w(4, "<AddtlNtryInf>SEPA Lastschrift</AddtlNtryInf>")
        w.w(3, "</Ntry>")
        self.rows += 1
        return -cents

    def fee(self, w, day, index):
        cents = self.rng.choice([250, 490, 990, 1500])
        self.open_entry(w, day, index, cents, credit=False)
        w.bank_code(4, "ACMT", "MDOP", "CHRG", "NMSC+805")
        w.w(4, "<AddtlNtryInf>Entgelt Kontofuehrung %s</AddtlNtryInf>" % day.strftime("%m/%Y"))
        w.w(3, "</Ntry>")
        self.rows += 1
        return -cents

    def batch(self, w, day, index, itemised):
        rng = self.rng
        count = rng.randint(3, 8)
        parts = [rng.randint(150000, 450000) for _ in range(count)]
        total = sum(parts)
        self.open_entry(w, day, index, total, credit=False)
        w.bank_code(4, "PMNT", "ICDT", "ESCT", "NSTO+191")
        w.w(4, "<NtryDtls>")
        w.w(5, "<Btch>")
        w.w(6, "<PmtInfId>LOHN-%s-%04d</PmtInfId>" % (day.strftime("%Y%m"), index % 10000))
        w.w(6, "<NbOfTxs>%d</NbOfTxs>" % count)
        w.amount(6, total, tag="TtlAmt")
        w.w(6, "<CdtDbtInd>DBIT</CdtDbtInd>")
        w.w(5, "</Btch>")
        if itemised:
            for sub, cents in enumerate(parts):
                employee = person(rng)
                w.w(5, "<TxDtls>")
                w.w(6, "<Refs><EndToEndId>LOHN-%s-%04d-%d</EndToEndId></Refs>" % (day.strftime("%Y%m"), index % 10000, sub + 1))
                self.tx_amount(w, 6, cents, False, single=False)
                w.w(6, "<RltdPties>")
                w.party(7, "Cdtr", employee, random_iban(rng))
                w.w(6, "</RltdPties>")
                w.w(6, "<RmtInf><Ustrd>Lohn/Gehalt %s %s</Ustrd></RmtInf>" % (day.strftime("%m/%Y"), escape(employee)))
                w.w(5, "</TxDtls>")
            self.rows += count
        else:
            self.rows += 1
        w.w(4, "</NtryDtls>")
        w.w(4, "<AddtlNtryInf>SAMMLER-UEBERWEISUNG %d POSTEN</AddtlNtryInf>" % count)
        w.w(3, "</Ntry>")
        return -total

    def returned_debit(self, w, day, index):
        """A direct debit returned by the payer's bank: money back in, CRDT with RvslInd."""
        rng = self.rng
        cents = rng.randint(499, 60000)
        self.open_entry(w, day, index, cents, credit=True, reversal=True)
        w.bank_code(4, "PMNT", "IDDT", "UPDD", "NRLS+109")
        w.w(4, "<NtryDtls>")
        w.w(5, "<TxDtls>")
        w.w(6, "<Refs><EndToEndId>LS%d%08d</EndToEndId></Refs>" % (day.year, max(1, index - rng.randint(1, 50))))
        self.tx_amount(w, 6, cents, True)
        w.w(6, "<RltdPties>")
        w.party(7, "Cdtr", rng.choice(COMPANIES), random_iban(rng))
        w.w(6, "</RltdPties>")
        w.w(6, "<RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>")
        w.w(6, "<RmtInf><Ustrd>Ruecklastschrift Konto erloschen</Ustrd></RmtInf>")
        w.w(5, "</TxDtls>")
        w.w(4, "</NtryDtls>")
        w.w(4, "<AddtlNtryInf>Retoure SEPA Lastschrift</AddtlNtryInf>")
        w.w(3, "</Ntry>")
        self.rows += 1
        return cents

    def balance(self, w, code, cents, day):
        w.w(3, "<Bal>")
        w.w(4, "<Tp><CdOrPrtry><Cd>%s</Cd></CdOrPrtry></Tp>" % code)
        w.amount(4, abs(cents))
        w.w(4, "<CdtDbtInd>%s</CdtDbtInd>" % ("DBIT" if cents < 0 else "CRDT"))
        w.w(4, "<Dt><Dt>%s</Dt></Dt>" % day.isoformat())
        w.w(3, "</Bal>")

    def write(self):
        args = self.args
        version = args.version
        namespace = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.%02d" % version
        first = datetime.date(2024, 1, 1)
        days = 366
        per_statement = [args.entries // args.statements + (1 if s < args.entries % args.statements else 0)
                         for s in range(args.statements)]
        opening = 1234567  # cents
        summary = []
        with open(args.out, "w", encoding="utf-8", newline="\n") as out:
            w = Writer(out, version, 0 if args.compact else 2)
            out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
            w.w(0, '<Document xmlns="%s" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' % namespace)
            w.w(1, "<BkToCstmrStmt>")
            w.w(2, "<GrpHdr>")
            w.w(3, "<MsgId>STMT-%d-%d</MsgId>" % (args.entries, args.seed))
            w.w(3, "<CreDtTm>2025-01-02T06:15:00+01:00</CreDtTm>")
            w.w(3, "<MsgPgntn><PgNb>1</PgNb><LastPgInd>true</LastPgInd></MsgPgntn>")
            w.w(2, "</GrpHdr>")
            index = 0
            for number, count in enumerate(per_statement):
                # The statement's days: an even share of the year, at least one day.
                start, end = period(first, days, number, args.statements)
                span = (end - start).days + 1
                total = 0
                w.w(2, "<Stmt>")
                w.w(3, "<Id>%s-%03d</Id>" % (start.strftime("%Y%m%d"), number + 1))
                w.w(3, "<ElctrncSeqNb>%d</ElctrncSeqNb>" % (number + 1))
                w.w(3, "<CreDtTm>%sT22:00:00+01:00</CreDtTm>" % end.isoformat())
                w.w(3, "<FrToDt><FrDtTm>%sT00:00:00+01:00</FrDtTm><ToDtTm>%sT23:59:59+01:00</ToDtTm></FrToDt>"
                    % (start.isoformat(), end.isoformat()))
                w.w(3, "<Acct>")
                w.w(4, "<Id><IBAN>%s</IBAN></Id>" % self.account)
                w.w(4, "<Ccy>EUR</Ccy>")
                w.w(4, "<Ownr><Nm>%s</Nm></Ownr>" % self.owner)
                w.w(4, "<Svcr><FinInstnId><%s>COBADEFFXXX</%s><Nm>Musterbank AG</Nm></FinInstnId></Svcr>" % (w.bic, w.bic))
                w.w(3, "</Acct>")
                # The entries go to a buffer first: the balances and the summary come before them.
                body = io.StringIO()
                inner = Writer(body, version, 0 if args.compact else 2, rich=args.profile == "dk")
                credits = debits = credit_count = debit_count = 0
                for i in range(count):
                    day = start + datetime.timedelta(days=i * span // max(count, 1))
                    index += 1
                    signed = self.entry(inner, day, index)
                    total += signed
                    if signed > 0:
                        credits += signed
                        credit_count += 1
                    else:
                        debits -= signed
                        debit_count += 1
                closing = opening + total
                self.balance(w, "OPBD", opening, start)
                self.balance(w, "CLBD", closing, end)
                self.balance(w, "CLAV", closing, end)
                w.w(3, "<TxsSummry>")
                w.w(4, "<TtlNtries><NbOfNtries>%d</NbOfNtries><Sum>%s</Sum></TtlNtries>" % (count, decimal(credits + debits)))
                w.w(4, "<TtlCdtNtries><NbOfNtries>%d</NbOfNtries><Sum>%s</Sum></TtlCdtNtries>" % (credit_count, decimal(credits)))
                w.w(4, "<TtlDbtNtries><NbOfNtries>%d</NbOfNtries><Sum>%s</Sum></TtlDbtNtries>" % (debit_count, decimal(debits)))
                w.w(3, "</TxsSummry>")
                out.write(body.getvalue())
                w.w(2, "</Stmt>")
                summary.append((start, opening, end, closing, count))
                opening = closing
            w.w(1, "</BkToCstmrStmt>")
            w.w(0, "</Document>")
        print("%s: camt.053.001.%02d, %d entries, %d rows, %d statements" % (args.out, version, args.entries, self.rows, args.statements),
              file=sys.stderr)
        for start, opening, end, closing, count in summary:
            print("  %s OPBD %s, %s CLBD %s, %d entries" % (start, signed_decimal(opening), end, signed_decimal(closing), count),
                  file=sys.stderr)


def period(first, days, number, count):
    """The first and last day of statement `number` of `count` over the year: calendar months when
    `count` divides 12 (monthly, quarterly statements), else an even share of the days."""
    if 12 % count == 0:
        months = 12 // count
        start = datetime.date(first.year, 1 + number * months, 1)
        following = datetime.date(first.year + 1, 1, 1) if number == count - 1 else datetime.date(first.year, 1 + (number + 1) * months, 1)
        return start, following - datetime.timedelta(days=1)
    start = first + datetime.timedelta(days=days * number // count)
    end = first + datetime.timedelta(days=max(days * (number + 1) // count - 1, days * number // count))
    return start, end


def signed_decimal(cents):
    return ("-" if cents < 0 else "") + decimal(abs(cents))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("entries", type=int)
    parser.add_argument("out")
    parser.add_argument("--version", type=int, default=2, choices=[2, 4, 8], help="camt.053.001.NN (default 02)")
    parser.add_argument("--statements", type=int, default=1)
    parser.add_argument("--seed", type=int, default=20240101)
    parser.add_argument("--compact", action="store_true", help="no indentation (one element per line), as many banks write")
    parser.add_argument("--profile", choices=["dk", "plain"], default="dk",
                        help="dk (default): German DK profile extras (BkTxCd/Prtry, counterparty IBAN and BIC, "
                             "mandate and creditor id); plain: without them, entries shaped like Tests/Fixtures/camt")
    args = parser.parse_args()
    if args.entries < 0 or args.statements < 1:
        parser.error("entries must be at least 0 and statements at least 1")
    Generator(args).write()


if __name__ == "__main__":
    main()
