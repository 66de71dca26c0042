"""The BAI2 example adapter, checked without ledgerport: python3 -m unittest discover -s examples/adapters -p 'test_*.py'."""

import glob
import json
import os
import sys
import unittest
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import adaptercheck as check  # noqa: E402

NAME = "bai2"
TESTS = check.tests_folder(NAME)


def path(name):
    return os.path.join(TESTS, name)


class DescribeAndIdentify(unittest.TestCase):
    def test_describe_names_the_adapter_and_protocol_1(self):
        description = json.loads(check.run(NAME, "describe").stdout)
        self.assertEqual(description["name"], NAME)
        self.assertIn(1, description["protocols"])
        self.assertEqual([option["name"] for option in description["options"]], ["bank"])

    def test_identify_is_confident_on_bai2_and_zero_on_csv_ofx_and_json(self):
        for own in glob.glob(path("*.bai")):
            self.assertGreaterEqual(int(check.run(NAME, "identify", own).stdout), 90, own)
        others = glob.glob(os.path.join(check.ROOT, "samples", "**", "*.*"), recursive=True)
        others += glob.glob(os.path.join(check.ROOT, "examples", "adapters", "wise", "tests", "*.json"))
        self.assertGreater(len(others), 10)
        for other in others:
            self.assertEqual(check.run(NAME, "identify", other).stdout.strip(), b"0", other)


class Extract(unittest.TestCase):
    def test_every_input_gives_a_well_formed_stream(self):
        for input_path in check.inputs(NAME):
            records, status, _ = check.extract(NAME, input_path)
            has_error = any(r["type"] == "error" for r in records)
            self.assertEqual(status, 1 if has_error else 0, input_path)

    def test_two_accounts_balances_reconcile_with_their_transactions(self):
        records, status, _ = check.extract(NAME, path("previous-day.bai"))
        self.assertEqual(status, 0)
        accounts = [r for r in records if r["type"] == "account"]
        self.assertEqual([(a["key"], a["currency"]) for a in accounts], [("000123456789:USD", "USD"), ("000987654321:CAD", "CAD")])
        totals = check.reconciles(records)
        self.assertEqual(set(totals), {"000123456789:USD", "000987654321:CAD"})
        for expected, stated in totals.values():
            self.assertEqual(expected, stated)
        self.assertEqual(totals["000123456789:USD"][1], Decimal("27095.01"))

    def test_amounts_are_minor_units_of_the_accounts_currency(self):
        records, _, _ = check.extract(NAME, path("windows-padded.bai"))
        amounts = {(r["account"], r["amount"]) for r in records if r["type"] == "transaction"}
        self.assertEqual(amounts, {("DE0012345678:EUR", "54.50"), ("JP0099887766:JPY", "12000")})

    def test_a_wire_continued_by_88_records_keeps_its_whole_text_and_value_date(self):
        records, _, _ = check.extract(NAME, path("previous-day.bai"))
        wire = next(r for r in records if r["type"] == "transaction" and r.get("externalID") == "FW260130-0042")
        self.assertEqual(wire["description"], "WIRE FROM GLOBEX LLC ORG=GLOBEX LLC OBI=INVOICE 117 JANUARY SERVICES")
        self.assertIn("value date 2026-01-30", wire["memo"])
        self.assertEqual(wire["source"], {"line": 6, "column": 1})

    def test_a_check_without_text_is_described_by_its_number(self):
        records, _, _ = check.extract(NAME, path("previous-day.bai"))
        descriptions = [r["description"] for r in records if r["type"] == "transaction"]
        self.assertIn("Check 1042", descriptions)

    def test_windows_1252_text_is_read_as_such(self):
        records, _, _ = check.extract(NAME, path("windows-padded.bai"))
        self.assertIn("CB CAFÉ DE LA PAIX PARIS 75009", [r.get("description") for r in records])

    def test_intraday_transactions_are_pending_and_have_no_closing_balance(self):
        records, _, _ = check.extract(NAME, path("intraday.bai"))
        rows = [r for r in records if r["type"] == "transaction"]
        self.assertEqual({r["status"] for r in rows}, {"pending"})
        self.assertEqual([r["kind"] for r in records if r["type"] == "balance"], ["opening"])

    def test_one_account_over_two_days_is_declared_once(self):
        records, _, _ = check.extract(NAME, path("two-days.bai"))
        self.assertEqual(len([r for r in records if r["type"] == "account"]), 1)
        days = [(r["kind"], r["day"]) for r in records if r["type"] == "balance"]
        self.assertEqual(
            days, [("opening", "2026-02-01"), ("ledger", "2026-02-02"), ("opening", "2026-02-02"), ("ledger", "2026-02-03")]
        )

    def test_an_account_without_activity_has_balances_only(self):
        records, status, _ = check.extract(NAME, path("no-activity.bai"))
        self.assertEqual(status, 0)
        self.assertEqual([r["type"] for r in records], ["account", "balance", "balance", "balance"])

    def test_a_bad_amount_is_an_error_at_its_line_and_column_after_the_complete_account(self):
        records, status, stderr = check.extract(NAME, path("bad-amount.bai"))
        self.assertEqual(status, 1)
        self.assertEqual(records[-1]["source"], {"line": 14, "column": 8})
        self.assertIn("'2000O0' is not an amount", records[-1]["message"])
        self.assertIn("2000O0", stderr)
        self.assertEqual([r["key"] for r in records if r["type"] == "account"], ["000123456789:USD"])

    def test_a_changed_amount_is_caught_by_the_account_control_total_before_any_row_is_written(self):
        records, status, _ = check.extract(NAME, path("damaged-total.bai"))
        self.assertEqual(status, 1)
        self.assertEqual([r["type"] for r in records], ["error"])
        self.assertEqual(records[0]["source"], {"line": 11, "column": 4})

    def test_a_truncated_file_is_an_error_at_its_last_line(self):
        records, status, _ = check.extract(NAME, path("truncated.bai"))
        self.assertEqual(status, 1)
        self.assertIn("truncated", records[-1]["message"])
        self.assertEqual(records[-1]["source"]["line"], 12)

    def test_an_empty_file_is_an_error_about_the_file_as_a_whole(self):
        empty = path("previous-day.bai") + ".empty.tmp"
        open(empty, "wb").close()
        try:
            records, status, _ = check.extract(NAME, empty)
        finally:
            os.unlink(empty)
        self.assertEqual(status, 1)
        self.assertEqual(records, [{"type": "error", "message": "the file has no BAI2 records; expected a 01 file header"}])

    def test_a_test_only_group_is_skipped_and_said_so(self):
        records, status, _ = check.extract(NAME, path("test-only-group.bai"))
        self.assertEqual(status, 0)
        self.assertEqual(records[0], {"type": "skipped", "count": 1, "reason": "group status 4 (test only)", "source": {"line": 2, "column": 1}})
        self.assertEqual([r["key"] for r in records if r["type"] == "account"], ["000555000111:USD"])

    def test_the_opening_balance_comes_before_the_rows_and_the_closing_ones_after(self):
        records, _, _ = check.extract(NAME, path("previous-day.bai"))
        cad = [r["kind"] if r["type"] == "balance" else r["type"] for r in records if "000987654321:CAD" in (r.get("account"), r.get("key"))]
        self.assertEqual(cad, ["account", "opening", "transaction", "transaction", "ledger", "available"])

    def test_the_bank_option_names_the_accounts(self):
        records, _, _ = check.extract(NAME, path("previous-day.bai"), options={"bank": "Example Bank"})
        self.assertEqual(records[0]["name"], "Example Bank USD ••••6789")

    def test_truncated_and_garbled_copies_end_in_a_located_error_or_a_complete_read(self):
        for name in ("previous-day.bai", "windows-padded.bai"):
            check.survives_damage(self, NAME, path(name))


if __name__ == "__main__":
    unittest.main()
