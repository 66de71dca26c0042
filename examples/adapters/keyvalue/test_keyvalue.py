"""The README's 30-line adapter, checked without ledgerport: python3 -m unittest discover -s examples/adapters/keyvalue."""

import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import adaptercheck as check  # noqa: E402

NAME = "keyvalue"


class KeyValue(unittest.TestCase):
    def test_it_is_at_most_30_lines_and_is_the_one_in_the_readme(self):
        with open(check.adapter_path(NAME), encoding="utf-8") as handle:
            source = handle.read()
        self.assertLessEqual(source.count("\n"), 30)
        with open(os.path.join(check.ROOT, "README.md"), encoding="utf-8") as handle:
            readme = handle.read()
        self.assertIn("```python\n" + source + "```", readme)

    def test_a_month_reads_whole(self):
        records, status, _ = check.extract(NAME, os.path.join(check.tests_folder(NAME), "girokonto-january.txt"))
        self.assertEqual(status, 0)
        self.assertEqual([r["type"] for r in records], ["account"] + ["transaction"] * 4)
        self.assertEqual(records[2]["amount"], "12.50")
        self.assertEqual(records[2]["direction"], "debit")

    def test_a_bad_amount_is_an_error_at_its_column(self):
        records, status, _ = check.extract(NAME, os.path.join(check.tests_folder(NAME), "bad-amount.txt"))
        self.assertEqual(status, 1)
        self.assertEqual(records[-1]["source"], {"line": 3, "column": 17})

    def test_truncated_and_garbled_copies_end_in_a_located_error_or_a_complete_read(self):
        check.survives_damage(self, NAME, os.path.join(check.tests_folder(NAME), "girokonto-january.txt"))


if __name__ == "__main__":
    unittest.main()
