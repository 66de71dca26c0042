#!/usr/bin/env python3
"""Storage faults: a database that can't be written, a folder that can't be created, a lock held
past the busy timeout, a full disk.

Each must give a clear message and exit code 1, roll the failing batch back (the database holds
whole batches only, its integrity check says ok, its per-day totals match its rows) and, once the
fault is gone, let a rerun finish with exactly the rows an undisturbed import stores. Needs root
for `chattr` and `mount -t tmpfs`; a case whose tool is refused is reported as a failure that
says so, never skipped silently.

    faults.py [--short] [--bin PATH] [--work DIR]
"""
import os
from contextlib import closing
import sqlite3
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
import lib  # noqa: E402

BATCH = 100


class Case:
    """One fault: its folder, the export, and the undisturbed run's rows to compare with."""

    def __init__(self, args, results: lib.Results, work: str, export: str, reference: list, rows: int) -> None:
        self.args, self.results, self.work, self.export, self.reference, self.rows = (
            args, results, work, export, reference, rows)

    def run(self, db: str, *extra: str, timeout: float = 300, **environment: str) -> subprocess.CompletedProcess:
        return lib.cli(self.args.bin, db, "import", self.export, "--account", "Checking", "--currency", "USD", *extra,
                       timeout=timeout, **environment)

    def expect_clear_failure(self, name: str, done: subprocess.CompletedProcess, words: list, db: str = "") -> None:
        err = done.stderr.decode(errors="replace")
        first = err.strip().splitlines()[0] if err.strip() else "(no message)"
        ok = done.returncode == 1 and all(word in err for word in words) and len(err) < 4000
        state = ""
        if db and os.path.exists(db):
            count = rows_in(db)
            whole = count % BATCH == 0 or count == self.rows
            healthy = lib.integrity(db) == "ok" and lib.totals_consistent(db)
            ok = ok and whole and healthy
            state = f"; {count} rows kept, {'whole batches' if whole else 'A PARTIAL BATCH'}, " + (
                "integrity ok" if healthy else "INTEGRITY OR TOTALS BROKEN")
        self.results.check(f"faults: {name}: exit 1 with a clear message, nothing partial", ok,
                           f"exit {done.returncode}: {first[:300]}{state}")

    def expect_recovery(self, name: str, db: str) -> None:
        done = self.run(db)
        got = sorted(row[:13] for row in lib.snapshot(db)["transactions"]) if done.returncode == 0 else []
        self.results.check(f"faults: {name}: after the fault, a rerun completes with every row once",
                           done.returncode == 0 and got == self.reference and lib.duplicates(db) == 0,
                           f"exit {done.returncode}, {len(got)} rows of {len(self.reference)}")


def main() -> None:
    args = lib.arguments(__doc__)
    results = lib.Results()
    work = lib.fresh(os.path.join(args.work, "faults"))
    rows = 50_000 if args.short else 200_000
    export = os.path.join(work, "export.csv")
    lib.generic_csv(export, rows)
    reference_db = os.path.join(work, "reference.sqlite")
    lib.cli(args.bin, reference_db, "import", export, "--account", "Checking", "--currency", "USD")
    reference = sorted(row[:13] for row in lib.snapshot(reference_db)["transactions"])
    case = Case(args, results, work, export, reference, rows)
    for fault in (read_only_file, read_only_mount, folder_under_a_file, immutable_folder, lock_before_start,
                  lock_mid_import, lock_released_in_time, full_disk):
        try:
            fault(case)
        except Exception as error:  # a broken case is a failure, not a crash of the suite
            results.check(f"faults: {fault.__name__}", False, f"the case itself failed: {error!r}")
    results.exit()


def read_only_file(case: Case) -> None:
    """chattr +i on the database file: even root can't open it for writing."""
    folder = lib.fresh(os.path.join(case.work, "immutable-file"))
    db = os.path.join(folder, "ledger.sqlite")
    case.run(db, "--batch-size", "1000")  # a complete ledger first; then make it read-only
    before = lib.snapshot(db)
    chattr("+i", db)
    try:
        other = os.path.join(case.work, "other.csv")
        lib.generic_csv(other, 500, first=case.rows)
        done = lib.cli(case.args.bin, db, "import", other, "--account", "Checking", "--currency", "USD")
        case.expect_clear_failure("a read-only database file (chattr +i)", done, ["the ledger", "can't be written"])
        case.results.check("faults: a read-only database file: unchanged", lib.snapshot(db) == before)
    finally:
        chattr("-i", db)


def read_only_mount(case: Case) -> None:
    """A tmpfs holding the ledger, remounted read-only."""
    folder = lib.fresh(os.path.join(case.work, "ro-mount"))
    mount("tmpfs", folder, "size=64m")
    try:
        db = os.path.join(folder, "ledger.sqlite")
        lib.create_ledger(case.args.bin, db)
        subprocess.run(["mount", "-o", "remount,ro", folder], check=True)
        done = case.run(db)
        case.expect_clear_failure("a database on a read-only file system", done, ["the ledger", "read-only"])
        subprocess.run(["mount", "-o", "remount,rw", folder], check=True)
        case.expect_recovery("a database on a read-only file system", db)
    finally:
        subprocess.run(["umount", folder], check=False)


def folder_under_a_file(case: Case) -> None:
    folder = lib.fresh(os.path.join(case.work, "under-a-file"))
    plain = os.path.join(folder, "plain-file")
    with open(plain, "w") as f:
        f.write("not a folder\n")
    done = case.run(os.path.join(plain, "ledgers", "ledger.sqlite"))
    case.expect_clear_failure("a database folder under a regular file", done, ["can't create the folder"])


def immutable_folder(case: Case) -> None:
    """chattr +i on a folder: no file or folder can be created in it, even by root."""
    folder = lib.fresh(os.path.join(case.work, "immutable-folder"))
    chattr("+i", folder)
    try:
        done = case.run(os.path.join(folder, "missing", "ledger.sqlite"))
        case.expect_clear_failure("a missing database folder that can't be created", done,
                                  ["can't create the folder"])
        done = case.run(os.path.join(folder, "ledger.sqlite"))
        case.expect_clear_failure("a database file that can't be created in its folder", done,
                                  ["can't open the ledger"])
    finally:
        chattr("-i", folder)


def lock_before_start(case: Case) -> None:
    """Another process holds BEGIN EXCLUSIVE for longer than the busy timeout."""
    folder = lib.fresh(os.path.join(case.work, "locked"))
    db = os.path.join(folder, "ledger.sqlite")
    lib.create_ledger(case.args.bin, db)
    waits = [("200", 0.2)] + ([] if case.args.short else [("", 5.0)])
    for setting, seconds in waits:
        holder = lib.connect(db)
        holder.execute("BEGIN EXCLUSIVE")
        started = time.monotonic()
        done = case.run(db, **({"LEDGERPORT_BUSY_TIMEOUT_MS": setting} if setting else {}))
        waited = time.monotonic() - started
        holder.execute("ROLLBACK")
        holder.close()
        label = f"a lock held past a busy timeout of {seconds:g} s"
        case.expect_clear_failure(label, done, ["is locked by another process", "waited"], db)
        case.results.check(f"faults: {label}: waited the timeout, not much longer",
                           seconds * 0.9 <= waited < seconds + 3, f"{waited:.2f} s")
        lib.Results.info(f"faults: {label}: failed after {waited:.2f} s")
    case.expect_recovery("a lock held past the busy timeout", db)


def lock_mid_import(case: Case) -> None:
    """The lock is taken halfway through an import and held past its busy timeout.

    Taking the lock races the import: on a fast machine the import can finish, or commit its last
    batch, before the lock is granted. Such a try tests nothing, so it is thrown away and run again
    on a fresh ledger; a try counts only when the lock is held while rows are still to be written."""
    folder = lib.fresh(os.path.join(case.work, "locked-mid"))
    db = os.path.join(folder, "ledger.sqlite")
    tries = 0
    while True:
        tries += 1
        for name in os.listdir(folder):
            os.remove(os.path.join(folder, name))
        lib.create_ledger(case.args.bin, db)
        process = subprocess.Popen([case.args.bin, "--db", db, "import", case.export, "--account", "Checking",
                                    "--currency", "USD"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=lib.env(LEDGERPORT_BUSY_TIMEOUT_MS="300"))
        while process.poll() is None and rows_in(db) < BATCH:
            time.sleep(0.001)
        holder = lib.connect(db, timeout=10)
        holder.execute("BEGIN EXCLUSIVE")
        held_at = holder.execute("SELECT count(*) FROM transactions").fetchone()[0]
        mid_way = process.poll() is None and held_at < case.rows
        out, err = process.communicate(timeout=120)
        holder.execute("ROLLBACK")
        holder.close()
        if mid_way or tries == 5:
            break
        lib.Results.info(f"faults: lock mid-import, try {tries}: the import had written {held_at} of "
                         f"{case.rows} rows before the lock was granted; trying again")
    case.results.check("faults: a lock taken mid-import: the lock was granted while rows were still to come",
                       mid_way, f"{held_at} of {case.rows} rows written when it was granted, try {tries}")
    done = subprocess.CompletedProcess(process.args, process.returncode, out, err)
    case.expect_clear_failure("a lock taken mid-import and held past the busy timeout", done,
                              ["is locked by another process"], db)
    with closing(lib.connect(db)) as con:
        status = con.execute("SELECT status FROM imports ORDER BY id DESC LIMIT 1").fetchone()[0]
    lib.Results.info(f"faults: the import stopped by a lock mid-way is logged `{status}` "
                     "(the log row can't be closed while the lock is still held)")
    case.expect_recovery("a lock taken mid-import", db)


def lock_released_in_time(case: Case) -> None:
    """A lock held for 1 s, within the default 5 s busy timeout: the import waits and finishes."""
    folder = lib.fresh(os.path.join(case.work, "locked-briefly"))
    db = os.path.join(folder, "ledger.sqlite")
    lib.create_ledger(case.args.bin, db)
    holder = lib.connect(db)
    holder.execute("BEGIN EXCLUSIVE")
    release = threading.Timer(1.0, lambda: holder.execute("ROLLBACK"))
    release.start()
    started = time.monotonic()
    done = case.run(db)
    waited = time.monotonic() - started
    release.join()
    holder.close()
    got = sorted(row[:13] for row in lib.snapshot(db)["transactions"])
    case.results.check("faults: a lock held 1 s, within the busy timeout: the import waits and completes",
                       done.returncode == 0 and got == case.reference and waited >= 0.9,
                       f"exit {done.returncode} after {waited:.2f} s")


def full_disk(case: Case) -> None:
    """The ledger on a tmpfs too small for the import; then the tmpfs grows and the import is rerun."""
    folder = lib.fresh(os.path.join(case.work, "full"))
    size_kb = 2048 if case.args.short else 8192
    mount("tmpfs", folder, f"size={size_kb}k")
    try:
        db = os.path.join(folder, "ledger.sqlite")
        done = case.run(db)
        case.expect_clear_failure(f"a full disk ({size_kb} KB tmpfs)", done, ["full"], db)
        with closing(lib.connect(db)) as con:
            status = con.execute("SELECT status FROM imports ORDER BY id DESC LIMIT 1").fetchone()
        lib.Results.info(f"faults: full disk: {rows_in(db)} of {case.rows} rows kept; the import is logged "
                         f"`{status[0] if status else 'nothing'}`")
        subprocess.run(["mount", "-o", "remount,size=256m", folder], check=True)
        case.expect_recovery("a full disk", db)
    finally:
        subprocess.run(["umount", folder], check=False)


def rows_in(db: str) -> int:
    try:
        with closing(lib.connect(db)) as con:
            return con.execute("SELECT count(*) FROM transactions").fetchone()[0]
    except sqlite3.Error:
        return 0


def chattr(flag: str, path: str) -> None:
    subprocess.run(["chattr", flag, path], check=True, capture_output=True)


def mount(kind: str, folder: str, options: str) -> None:
    subprocess.run(["mount", "-t", kind, "-o", options, kind, folder], check=True, capture_output=True)


if __name__ == "__main__":
    main()
