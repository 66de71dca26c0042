#!/usr/bin/env python3
"""Bad command lines against the built binary: each must exit 2 with a message saying what was
expected, print nothing on stdout, and touch no ledger. (Tests/LedgerCLITests has the same cases
in process; this checks the real executable, its exit status and its streams.)

    usage.py [--bin PATH] [--work DIR]
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import lib  # noqa: E402

CASES = [
    (["frobnicate"], "unknown command 'frobnicate'; expected one of"),
    (["import", "x.csv", "--bogus"], "unknown option --bogus for `import`"),
    (["transactions", "-q"], "unknown option -q"),
    (["import", "x.csv", "--account"], "--account needs a value: --account NAME"),
    (["transactions", "--from", "--json"], "--from needs a value: --from DAY"),
    (["--db"], "--db needs a value: --db PATH"),
    (["transactions", "--from", "2024-02-30"], "--from 2024-02-30 is not a calendar day; expected YYYY-MM-DD"),
    (["transactions", "--to", "2023-02-29"], "expected YYYY-MM-DD"),
    (["import", "x.csv", "--batch-size", "0"], "expected a whole number from 1 to 1000000"),
    (["import", "x.csv", "--format", "xyz"], "is not a known format; expected one of"),
    (["reconcile", "Checking", "--balance", "12.00"], "--balance (or --opening) and --as-of go together"),
]


def main() -> None:
    args = lib.arguments(__doc__)
    results = lib.Results()
    work = lib.fresh(os.path.join(args.work, "usage"))
    db = os.path.join(work, "ledger.sqlite")
    export = os.path.join(work, "jan.csv")
    lib.generic_csv(export, 3)
    lib.cli(args.bin, db, "import", export, "--account", "Checking", "--currency", "USD")
    before = lib.snapshot(db)
    for arguments, message in CASES:
        done = lib.cli(args.bin, db, *arguments)
        err = done.stderr.decode(errors="replace")
        results.check(f"usage: ledgerport {' '.join(arguments)}",
                      done.returncode == 2 and message in err and not done.stdout,
                      f"exit {done.returncode}: {err.strip()[:200]}")
    for amount in ["12,34.5", "1e3", "12.345", "9" * 10_000]:
        done = lib.cli(args.bin, db, "reconcile", "Checking", "--balance", amount, "--as-of", "2024-01-31")
        err = done.stderr.decode(errors="replace")
        shown = amount if len(amount) < 20 else f"{amount[:8]}… ({len(amount)} digits)"
        results.check(f"usage: ledgerport reconcile Checking --balance {shown}",
                      done.returncode == 2 and "expected digits with one '.'" in err,
                      f"exit {done.returncode}: {err.strip()[:160]}")
    done = lib.cli(args.bin, db, "accounts", LEDGERPORT_BUSY_TIMEOUT_MS="soon")
    results.check("usage: LEDGERPORT_BUSY_TIMEOUT_MS=soon", done.returncode == 2 and b"expected whole milliseconds"
                  in done.stderr, f"exit {done.returncode}")
    results.check("usage: no bad command line changed the ledger", lib.snapshot(db) == before)
    results.exit()


if __name__ == "__main__":
    main()
