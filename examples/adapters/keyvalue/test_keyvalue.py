"""The README's 60-line adapter, checked without ledgerport: python3 -m unittest discover -s examples/adapters/keyvalue."""

import os
import re
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import adaptercheck as check  # noqa: E402

NAME = "keyvalue"


class KeyValue(unittest.TestCase):
    def test_it_is_at_most_60_short_lines_and_is_the_one_in_the_readme(self):
        with open(check.adapter_path(NAME), encoding="utf-8") as handle:
            source = handle.read()
        self.assertLessEqual(source.count("\n"), 60)
        self.assertEqual([line for line in source.split("\n") if len(line) > 100], [])
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

    def test_a_line_that_is_not_key_value_is_an_error_at_its_line_not_dropped(self):
        records, status, _ = check.extract(NAME, os.path.join(check.tests_folder(NAME), "stray-line.txt"))
        self.assertEqual(status, 1)
        self.assertEqual([r["type"] for r in records], ["account", "transaction", "error"])
        self.assertEqual(records[-1]["source"], {"line": 3, "column": 1})
        self.assertIn("'Seite 2 von 3' is not key=value", records[-1]["message"])

    def test_a_file_with_a_byte_order_mark_is_recognised_and_read(self):
        with open(os.path.join(check.tests_folder(NAME), "girokonto-january.txt"), "rb") as handle:
            data = handle.read()
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "bom.txt")
            with open(path, "wb") as handle:
                handle.write(b"\xef\xbb\xbf" + data)
            result = check.run(NAME, "identify", path)
            self.assertEqual((result.stdout.strip(), result.returncode), (b"90", 0))
            records, status, _ = check.extract(NAME, path)
            self.assertEqual((status, records[0]["key"]), (0, "DE89370400440532013000"))

    def test_truncated_and_garbled_copies_end_in_a_located_error_or_a_complete_read(self):
        check.survives_damage(self, NAME, os.path.join(check.tests_folder(NAME), "girokonto-january.txt"))


if __name__ == "__main__":
    unittest.main()
