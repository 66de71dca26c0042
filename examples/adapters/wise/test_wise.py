"""The Wise example adapter, checked without ledgerport: python3 -m unittest discover -s examples/adapters/wise."""

import glob
import json
import os
import sys
import unittest
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import adaptercheck as check  # noqa: E402

NAME = "wise"
TESTS = check.tests_folder(NAME)


def path(name):
    return os.path.join(TESTS, name)


def transactions(records):
    return [r for r in records if r["type"] == "transaction"]


class DescribeAndIdentify(unittest.TestCase):
    def test_describe_names_the_adapter_and_protocol_1(self):
        description = json.loads(check.run(NAME, "describe").stdout)
        self.assertEqual((description["name"], description["extensions"]), (NAME, ["json"]))
        self.assertIn(1, description["protocols"])

    def test_identify_is_confident_on_statements_and_zero_on_other_json_csv_ofx_and_bai2(self):
        for own in ("statement-eur-january.json", "statement-jpy.json", "statement-gbp-no-activity.json"):
            self.assertGreaterEqual(int(check.run(NAME, "identify", path(own)).stdout), 90, own)
        others = glob.glob(os.path.join(check.ROOT, "samples", "**", "*.*"), recursive=True)
        others += glob.glob(os.path.join(check.ROOT, "examples", "adapters", "bai2", "tests", "*.bai"))
        self.assertTrue(any(other.endswith(".json") for other in others))
        for other in others:
            self.assertEqual(check.run(NAME, "identify", other).stdout.strip(), b"0", other)


class Extract(unittest.TestCase):
    def test_every_input_gives_a_well_formed_stream(self):
        for input_path in check.inputs(NAME):
            records, status, _ = check.extract(NAME, input_path)
            self.assertEqual(status, 1 if any(r["type"] == "error" for r in records) else 0, input_path)

    def test_rows_come_oldest_first_and_the_running_balances_reconcile(self):
        records, status, stderr = check.extract(NAME, path("statement-eur-january.json"))
        self.assertEqual((status, stderr), (0, ""))
        rows = transactions(records)
        self.assertEqual([r["bookingDay"] for r in rows], sorted(r["bookingDay"] for r in rows))
        opening = next(r for r in records if r["type"] == "balance" and r["kind"] == "opening")
        balance = Decimal(opening["amount"])
        for row in rows:
            balance += check.signed(row)
            self.assertEqual(balance, Decimal(row["balance"]), row)
        self.assertEqual(check.reconciles(records), {"64:EUR": (Decimal("740.01"), Decimal("740.01"))})

    def test_amounts_are_exact_decimal_strings_from_the_numbers_text(self):
        records, _, _ = check.extract(NAME, path("statement-eur-january.json"))
        self.assertEqual(
            [(r["amount"], r["direction"]) for r in transactions(records)],
            [("1500.00", "credit"), ("7.76", "debit"), ("820.00", "debit"), ("200.00", "debit"),
             ("7.76", "credit"), ("39.99", "debit"), ("50.00", "credit")],
        )
        jpy, _, _ = check.extract(NAME, path("statement-jpy.json"))
        self.assertEqual([r["amount"] for r in transactions(jpy)], ["50000", "15000", "1380"])

    def test_payee_memo_and_a_repeated_reference(self):
        records, _, _ = check.extract(NAME, path("statement-eur-january.json"))
        card, refund = [r for r in transactions(records) if r["externalID"].startswith("CARD-249281")]
        self.assertEqual((card["externalID"], refund["externalID"]), ("CARD-249281", "CARD-249281#2"))
        self.assertEqual(card["payee"], "Tfl.gov.uk/cp")
        self.assertEqual(card["memo"], "fees 0.04 EUR; for 6.8 GBP; rate 0.87945")

    def test_each_row_is_located_at_its_object(self):
        records, _, _ = check.extract(NAME, path("statement-eur-january.json"))
        newest = transactions(records)[-1]
        self.assertEqual(newest["source"], {"line": 24, "column": 5})

    def test_a_statement_without_transactions_states_its_end_balance(self):
        records, status, _ = check.extract(NAME, path("statement-gbp-no-activity.json"))
        self.assertEqual(status, 0)
        self.assertEqual([(r["type"], r.get("amount")) for r in records], [("account", None), ("balance", "12.34")])

    def test_byte_order_mark_windows_lines_and_escaped_unicode(self):
        records, status, _ = check.extract(NAME, path("bom-crlf-unicode.json"))
        self.assertEqual(status, 0)
        deposit = transactions(records)[0]
        self.assertEqual(deposit["payee"], "Zoë Dupré")
        self.assertEqual(deposit["memo"], "Lieferung \U0001F680 \U0001F680")
        self.assertEqual(transactions(records)[1]["payee"], "Bäckerei Müller")

    def test_three_decimals_in_euros_is_an_error_at_the_number(self):
        records, status, stderr = check.extract(NAME, path("bad-amount.json"))
        self.assertEqual(status, 1)
        self.assertEqual(records[-1]["source"], {"line": 155, "column": 18})
        self.assertIn("-820.005", records[-1]["message"])
        self.assertIn("-820.005", stderr)

    def test_a_byte_that_is_not_utf8_is_an_error_at_that_byte(self):
        records, status, _ = check.extract(NAME, path("not-utf8.json"))
        self.assertEqual(status, 1)
        self.assertEqual(records, [{"type": "error", "message": "byte 0xF6 is not UTF-8; a Wise statement is UTF-8 JSON", "source": {"line": 2, "column": 56}}])

    def test_a_truncated_download_is_an_error_and_writes_no_row(self):
        records, status, _ = check.extract(NAME, path("truncated.json"))
        self.assertEqual(status, 1)
        self.assertEqual([r["type"] for r in records], ["error"])

    def test_the_account_name_option(self):
        records, _, _ = check.extract(NAME, path("statement-jpy.json"), options={"account-name": "Wise Japan trip"})
        self.assertEqual(records[0]["name"], "Wise Japan trip")

    def test_truncated_and_garbled_copies_end_in_a_located_error_or_a_complete_read(self):
        for name in ("statement-eur-january.json", "bom-crlf-unicode.json"):
            check.survives_damage(self, NAME, path(name))


if __name__ == "__main__":
    unittest.main()
