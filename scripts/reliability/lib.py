"""Shared pieces of the reliability scripts: results, running the CLI, generated exports, and a
snapshot of a ledger database that two runs can be compared by.

Every check prints one line, `PASS name: detail` or `FAIL name: detail`; scripts/reliability.sh
counts them. Lines starting with `INFO` are figures for docs/reliability.md.

Exit status: 0 every check passed, 1 a check failed (a finding), `UNCAUGHT` (3) an exception
escaped the script (a broken script, not a finding: it prints its traceback and a FAIL line, and
reliability.sh counts it as a failure whatever the status).
"""
import argparse
import datetime
import os
from contextlib import closing
import sqlite3
import urllib.parse
import subprocess
import sys
import threading
import time
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
UNCAUGHT = 3


def _script_name() -> str:
    return os.path.splitext(os.path.basename(sys.argv[0] or "reliability"))[0]


def _uncaught(kind, error, trace) -> None:
    """An exception no case caught: the traceback, an explicit FAIL line, and exit status 3 (an
    uncaught exception would otherwise exit 1, like a clean finding)."""
    traceback.print_exception(kind, error, trace)
    sys.stderr.flush()
    print(f"FAIL {_script_name()}: uncaught {kind.__name__}: {error} (a broken script; traceback above)", flush=True)
    os._exit(UNCAUGHT)


def _uncaught_in_thread(hook) -> None:
    if hook.exc_type is SystemExit:
        return
    _uncaught(hook.exc_type, hook.exc_value, hook.exc_traceback)


sys.excepthook = _uncaught
threading.excepthook = _uncaught_in_thread


class Results:
    """Prints each check as it is made and remembers whether any failed."""

    def __init__(self) -> None:
        self.failed = 0
        self.passed = 0

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        line = f"{'PASS' if ok else 'FAIL'} {name}" + (f": {detail}" if detail else "")
        print(line, flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok

    @staticmethod
    def info(text: str) -> None:
        print(f"INFO {text}", flush=True)

    def exit(self) -> None:
        sys.exit(1 if self.failed else 0)


def arguments(description: str, **numbers: int) -> argparse.Namespace:
    """The options every script takes, plus `--NAME N` for each keyword (its default, 0 = the
    script decides; None makes `--NAME` a flag)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, default in numbers.items():
        if default is None:
            parser.add_argument(f"--{name}", action="store_true")
        else:
            parser.add_argument(f"--{name}", type=int, default=default)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/ledgerport"), help="the ledgerport binary")
    parser.add_argument("--work", default="/tmp/ledgerport-reliability", help="a scratch folder (emptied per case)")
    parser.add_argument("--short", action="store_true", help="the CI version: smaller files, fewer repetitions")
    parser.add_argument("--seed", type=int, default=int(time.time()), help="the random seed (printed)")
    return parser.parse_args()


def env(**extra: str) -> dict:
    result = dict(os.environ)
    result.pop("LEDGERPORT_DB", None)
    result["SWIFT_BACKTRACE"] = "enable=no"
    result.update(extra)
    return result


def cli(binary: str, db: str, *args: str, timeout: float = 600, **extra: str) -> subprocess.CompletedProcess:
    """Runs `ledgerport --db DB ARGS...` and captures its output as bytes."""
    return subprocess.run([binary, "--db", db, *args], capture_output=True, timeout=timeout, env=env(**extra))


def create_ledger(binary: str, db: str) -> subprocess.CompletedProcess:
    """An empty ledger at DB with its schema: ledgerport creates a ledger only when it imports or
    syncs, and `accounts` opens an existing one (and migrates it), so the SQLite file is made here."""
    os.makedirs(os.path.dirname(os.path.abspath(db)), exist_ok=True)
    with closing(sqlite3.connect(db)) as con:
        con.execute("PRAGMA journal_mode = WAL")
    done = cli(binary, db, "accounts")
    if done.returncode != 0:
        raise RuntimeError(f"`ledgerport accounts` on a new ledger failed: {done.stderr.decode(errors='replace')}")
    return done


def timed(command: list, timeout: float = 600, **extra: str) -> tuple:
    """Runs a command under /usr/bin/time -v; returns (exit code, stdout, stderr without time's
    report, wall seconds, peak RSS in MB)."""
    report = os.path.join("/tmp", f"ledgerport-time-{os.getpid()}.txt")
    started = time.monotonic()
    try:
        done = subprocess.run(
            ["/usr/bin/time", "-v", "-o", report, *command], capture_output=True, timeout=timeout, env=env(**extra))
    except subprocess.TimeoutExpired as error:
        return (None, error.stdout or b"", error.stderr or b"", time.monotonic() - started, 0.0)
    seconds = time.monotonic() - started
    peak = 0.0
    with open(report, encoding="utf-8") as f:
        for line in f:
            if "Maximum resident set size" in line:
                peak = int(line.rsplit(":", 1)[1]) / 1024
    os.remove(report)
    return (done.returncode, done.stdout, done.stderr, seconds, peak)


def generic_csv(path: str, rows: int, first: int = 0, balance: bool = True) -> list:
    """Writes rows `first` ..< `first + rows` of one endless generic export
    (Date,Description,Amount[,Balance]) and returns the signed cents of each row written.

    Row i is the same in every file that holds it, balance included, so two files of overlapping
    ranges are two overlapping exports of one account. Days advance every 250 rows from 2020-01-01.
    """
    start = datetime.date(2020, 1, 1)
    running = 1_000_000_00
    signed_cents = []
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("Date,Description,Amount,Balance\n" if balance else "Date,Description,Amount\n")
        for i in range(first + rows):
            cents = (i * 7919) % 100_000 + 1
            signed = cents if i % 4 == 0 else -cents
            running += signed
            if i < first:
                continue
            day = start + datetime.timedelta(days=i // 250)
            line = f"{day.isoformat()},Shop {i % 977} purchase {i % 13},{money(signed)}"
            if balance:
                line += f",{money(running)}"
            f.write(line + "\n")
            signed_cents.append(signed)
    return signed_cents


def money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def fresh(folder: str) -> str:
    """Empties a scratch folder and returns it, first undoing what an interrupted fault case may
    have left in it: file systems mounted inside it and immutable files."""
    folder = os.path.abspath(folder)
    with open("/proc/mounts", encoding="utf-8") as f:
        inside = [line.split()[1] for line in f if line.split()[1].startswith(folder + "/")]
    for mountpoint in sorted(inside, reverse=True):
        subprocess.run(["umount", "-l", mountpoint], check=False)
    if os.path.exists(folder):
        subprocess.run(["chattr", "-R", "-i", folder], check=False, capture_output=True)
    subprocess.run(["rm", "-rf", folder], check=True)
    os.makedirs(folder)
    return folder


def connect(db: str, timeout: float = 30) -> sqlite3.Connection:
    """A connection in autocommit mode, usable from any thread; close it (contextlib.closing).

    A missing file is never created (ledgerport refuses an existing empty file as "not a ledger"):
    it reads as an empty in-memory database instead."""
    target = f"file:{urllib.parse.quote(db)}?mode=rw" if os.path.exists(db) else ":memory:"
    return sqlite3.connect(target, timeout=timeout, isolation_level=None, check_same_thread=False,
                           uri=True)


def integrity(db: str) -> str:
    with closing(connect(db)) as con:
        result = con.execute("PRAGMA integrity_check").fetchall()
        foreign = con.execute("PRAGMA foreign_key_check").fetchall()
    text = ", ".join(row[0] for row in result)
    return text if not foreign else f"{text}; foreign key violations: {foreign[:3]}"


def snapshot(db: str) -> dict:
    """What must be equal between an interrupted and an uninterrupted run: every row by identity
    (no ids), statement balances, checkpoints, per-day totals and sync state."""
    con = connect(db)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    result = {
        "transactions": sorted(con.execute(
            """SELECT a.name, t.day, t.transaction_day, t.amount, t.direction, t.currency, t.description, t.memo,
                      t.status, t.external_id, t.fingerprint, t.discriminator, t.statement_balance,
                      t.source_line, t.source_column
               FROM transactions t JOIN accounts a ON a.id = t.account_id""").fetchall(), key=repr),
        "statement_balances": sorted(con.execute(
            """SELECT a.name, s.as_of, s.kind, s.amount FROM statement_balances s
               JOIN accounts a ON a.id = s.account_id""").fetchall()),
        "checkpoints": sorted(con.execute(
            """SELECT a.name, c.as_of, c.expected, c.actual, c.discrepancy, c.status, c.source FROM checkpoints c
               JOIN accounts a ON a.id = c.account_id""").fetchall(), key=repr),
        "accounts": sorted(con.execute("SELECT name, kind, currency FROM accounts").fetchall()),
    }
    if "daily_totals" in tables:
        result["daily_totals"] = sorted(con.execute(
            """SELECT a.name, d.day, d.booked_net FROM daily_totals d JOIN accounts a ON a.id = d.account_id
               WHERE d.booked_net != 0""").fetchall())
    if "sync_state" in tables:
        result["sync_state"] = sorted(con.execute("SELECT stream, epoch, last_seq, last_token FROM sync_state"))
    con.close()
    return result


def differences(got: dict, want: dict) -> str:
    """A short account of how two snapshots differ ('' when equal)."""
    parts = []
    for key in sorted(set(got) | set(want)):
        a, b = got.get(key, []), want.get(key, [])
        if a != b:
            extra = [r for r in a if r not in set(b)][:2] if key != "transactions" else []
            parts.append(f"{key}: {len(a)} rows vs {len(b)} expected {extra}")
    return "; ".join(parts)


def duplicates(db: str) -> int:
    """Rows whose content (not just identity) appears more often than once with one occurrence number."""
    with closing(connect(db)) as con:
        return con.execute(
            """SELECT count(*) FROM (SELECT account_id, day, fingerprint, discriminator, count(*) AS n
               FROM transactions GROUP BY 1, 2, 3, 4 HAVING n > 1)""").fetchone()[0]


def totals_consistent(db: str) -> bool:
    """Whether the per-day totals equal the booked rows' sums (a partial batch would break it)."""
    with closing(connect(db)) as con:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "daily_totals" not in tables:
            return True
        mismatches = con.execute(
            """SELECT count(*) FROM (
                 SELECT account_id, day, sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END) AS net
                 FROM transactions WHERE status = 'booked' GROUP BY 1, 2) t
               FULL OUTER JOIN (SELECT account_id, day, booked_net FROM daily_totals WHERE booked_net != 0) d
               USING (account_id, day)
               WHERE t.net IS NOT d.booked_net AND NOT (t.net = 0 AND d.booked_net IS NULL)""").fetchone()[0]
        return mismatches == 0

