#!/usr/bin/env python3
"""Crash safety: a large import (or, with --sync, a large feed sync) SIGKILLed at random moments,
then run to completion.

After every kill the database must pass `PRAGMA integrity_check`, hold only whole batches (the
row count is a multiple of the batch size) and per-day totals equal to its rows; the killed run
must stay `running` in the imports log (which `ledgerport imports` shows as `interrupted`, its
process being gone). The final database must equal an uninterrupted run's:
the same rows by identity, no duplicates, the same statement balances, checkpoints and totals.

A sync resumes where the killed one stopped, so it is killed in rounds: each round starts from an
empty ledger, kills syncs until one finishes, and compares the result with an uninterrupted
sync's; after every kill the database must pass the integrity check and its per-day totals must
match its rows.

    crash.py [--short] [--sync] [--bin PATH] [--work DIR] [--seed N] [--kills N] [--rows N]
"""
import os
from contextlib import closing
import random
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import lib  # noqa: E402

BATCH = 100


def main() -> None:
    args = lib.arguments(__doc__, kills=0, rows=0, sync=None)
    if args.sync:
        sync_crash(args)
        return
    rows = args.rows or (100_000 if args.short else 300_000)
    wanted = args.kills or (20 if args.short else 50)
    results = lib.Results()
    random.seed(args.seed)
    work = lib.fresh(os.path.join(args.work, "crash"))
    export = os.path.join(work, "large.csv")
    lib.generic_csv(export, rows)
    command = ["import", export, "--account", "Checking", "--currency", "USD", "--batch-size", str(BATCH)]
    lib.Results.info(f"crash: seed {args.seed}, {rows} rows, batches of {BATCH}")

    reference_db = os.path.join(work, "reference.sqlite")
    started = time.monotonic()
    done = lib.cli(args.bin, reference_db, *command)
    full = time.monotonic() - started
    if not results.check("crash: uninterrupted reference import", done.returncode == 0,
                         f"{rows} rows in {full:.2f} s"):
        print(done.stderr.decode(errors="replace")[:2000])
        results.exit()
    reference = lib.snapshot(reference_db)
    started = time.monotonic()
    lib.cli(args.bin, reference_db, *command)
    rerun = time.monotonic() - started
    lib.Results.info(f"crash: a fresh import takes {full:.2f} s, a rerun of duplicates {rerun:.2f} s")

    db = os.path.join(work, "killed.sqlite")
    kills = interrupted = before_start = after_finish = finished_first = 0
    problems = []
    last_import_id = 0
    while interrupted < wanted and kills < wanted * 4:
        # Mostly anywhere in a run; one in five in its first tenth (opening, migrating, first batches).
        span = rerun if row_count(db) == rows else full
        delay = random.uniform(0, span * 0.1) if random.random() < 0.2 else random.uniform(0, span * 1.05)
        process = subprocess.Popen([args.bin, "--db", db, *command], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=lib.env())
        time.sleep(delay)
        if process.poll() is not None:
            finished_first += 1
            last_import_id = max(last_import_id, newest_import(db, last_import_id)[1] or 0)
            continue
        process.send_signal(signal.SIGKILL)
        process.wait()
        kills += 1
        if not os.path.exists(db):
            before_start += 1
            continue
        status, new_id = newest_import(db, last_import_id)
        if status is None:
            before_start += 1
        elif status == "running":
            interrupted += 1
        else:
            after_finish += 1
        last_import_id = max(last_import_id, new_id or 0)
        check = lib.integrity(db)
        count = row_count(db)
        if check != "ok":
            problems.append(f"kill {kills}: integrity {check}")
        if count % BATCH != 0 and count != rows:
            problems.append(f"kill {kills}: {count} rows, not whole batches")
        if not lib.totals_consistent(db):
            problems.append(f"kill {kills}: per-day totals differ from the rows")
    lib.Results.info(
        f"crash: {kills} SIGKILLs: {interrupted} mid-import, {before_start} before the import began, "
        f"{after_finish} after it finished; {finished_first} runs ended before their kill")
    results.check(f"crash: at least {wanted} imports killed mid-way", interrupted >= wanted,
                  f"{interrupted} of {kills} kills")
    results.check("crash: after every kill, integrity ok, whole batches only, totals match the rows",
                  not problems, "; ".join(problems[:5]) or f"{kills} databases checked")

    done = lib.cli(args.bin, db, *command)
    results.check("crash: the run after the kills completes", done.returncode == 0,
                  done.stderr.decode(errors="replace")[:300])
    results.check("crash: final integrity_check", lib.integrity(db) == "ok", lib.integrity(db))
    final = lib.snapshot(db)
    results.check("crash: final database equals the uninterrupted run's (rows, balances, checkpoints, totals)",
                  final == reference,
                  lib.differences(final, reference) or f"{len(final['transactions'])} rows, "
                  f"{len(final['checkpoints'])} checkpoints")
    results.check("crash: no duplicates", lib.duplicates(db) == 0 and len(final["transactions"]) == rows,
                  f"{len(final['transactions'])} rows for {rows} in the file")
    statuses = import_statuses(db)
    results.check("crash: the imports log shows every interrupted run as running (not complete)",
                  statuses.get("running", 0) == interrupted and statuses.get("complete", 0) == after_finish + 1
                  + finished_first, f"{statuses}")
    listed = lib.cli(args.bin, db, "imports", "--json")
    results.check("crash: `ledgerport imports` lists them as interrupted (their process is gone)",
                  listed.returncode == 0
                  and listed.stdout.count(b'"status": "interrupted"') + listed.stdout.count(b'"status":"interrupted"')
                  == interrupted, f"{interrupted} interrupted rows expected")
    after_last_batch(args, results, command, rows, reference)
    results.exit()


def after_last_batch(args, results: lib.Results, command: list, rows: int, reference: dict) -> None:
    """Kills fresh imports as soon as their last batch is visible: in the checkpoint and log phase."""
    tries = 3 if args.short else 6
    landed = 0
    problems = []
    for attempt in range(tries):
        db = os.path.join(args.work, "crash", f"late-{attempt}.sqlite")
        process = subprocess.Popen([args.bin, "--db", db, *command], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=lib.env())
        while process.poll() is None and row_count(db) < rows:
            time.sleep(0.002)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            status, _ = newest_import(db, 0)
            landed += status == "running"
        if lib.integrity(db) != "ok" or not lib.totals_consistent(db):
            problems.append(f"attempt {attempt}: integrity or totals")
        done = lib.cli(args.bin, db, *command)
        final = lib.snapshot(db)
        if done.returncode != 0 or final != reference:
            problems.append(f"attempt {attempt}: {lib.differences(final, reference)}")
    lib.Results.info(f"crash: {landed} of {tries} kills after the last batch landed before the import was logged complete")
    results.check("crash: killed after the last batch (checkpoint phase), then rerun: equal to the reference",
                  not problems, "; ".join(problems[:3]) or f"{tries} runs")


def sync_crash(args) -> None:
    transactions = args.rows or (100_000 if args.short else 300_000)
    wanted = args.kills or (20 if args.short else 50)
    results = lib.Results()
    random.seed(args.seed)
    work = lib.fresh(os.path.join(args.work, "crash-sync"))
    feed = os.path.join(work, "feed")
    generator = os.path.join(lib.ROOT, "scripts", "bench", "gen_feed.py")
    made = subprocess.run([sys.executable, generator, feed, "--transactions", str(transactions), "--batches",
                           str(max(10, transactions // 200))], capture_output=True)
    if not results.check("crash sync: the feed is generated", made.returncode == 0,
                         made.stderr.decode(errors="replace")[-300:]):
        results.exit()
    lib.Results.info(f"crash sync: seed {args.seed}, a feed of {transactions} transactions")
    reference_db = os.path.join(work, "reference.sqlite")
    started = time.monotonic()
    done = lib.cli(args.bin, reference_db, "sync", feed)
    full = time.monotonic() - started
    if not results.check("crash sync: uninterrupted reference sync", done.returncode == 0, f"{full:.2f} s"):
        print(done.stderr.decode(errors="replace")[:2000])
        results.exit()
    reference = lib.snapshot(reference_db)

    kills = rounds = 0
    problems = []
    while kills < wanted and rounds < wanted:
        rounds += 1
        db = os.path.join(work, f"round-{rounds}.sqlite")
        while True:
            process = subprocess.Popen([args.bin, "--db", db, "sync", feed], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL, env=lib.env())
            time.sleep(random.uniform(0, full * 0.1) if random.random() < 0.2 else random.uniform(0, full * 0.7))
            if process.poll() is not None:
                break
            process.send_signal(signal.SIGKILL)
            process.wait()
            kills += 1
            if os.path.exists(db) and (lib.integrity(db) != "ok" or not lib.totals_consistent(db)):
                problems.append(f"kill {kills}: integrity {lib.integrity(db)} or totals")
        done = lib.cli(args.bin, db, "sync", feed)
        final = lib.snapshot(db)
        if done.returncode != 0 or final != reference or lib.duplicates(db):
            problems.append(f"round {rounds}: exit {done.returncode}; {lib.differences(final, reference)}")
    lib.Results.info(f"crash sync: {kills} SIGKILLs in {rounds} rounds, each round synced to the end")
    results.check(f"crash sync: at least {wanted} syncs killed mid-way", kills >= wanted, f"{kills} kills")
    results.check("crash sync: after every kill integrity ok and totals match; every round ends equal to the "
                  "uninterrupted sync (rows, balances, checkpoints, totals, stream positions)",
                  not problems, "; ".join(problems[:4]) or f"{len(reference['transactions'])} rows, "
                  f"{len(reference.get('sync_state', []))} streams")
    results.exit()


def newest_import(db: str, after: int) -> tuple:
    with closing(lib.connect(db)) as con:
        try:
            row = con.execute("SELECT status, id FROM imports WHERE id > ? ORDER BY id DESC LIMIT 1",
                              (after,)).fetchone()
        except Exception:  # the schema was never created: killed while opening
            return (None, None)
    return (row[0], row[1]) if row else (None, None)


def row_count(db: str) -> int:
    with closing(lib.connect(db)) as con:
        try:
            return con.execute("SELECT count(*) FROM transactions").fetchone()[0]
        except Exception:
            return 0


def import_statuses(db: str) -> dict:
    with closing(lib.connect(db)) as con:
        return dict(con.execute("SELECT status, count(*) FROM imports GROUP BY status").fetchall())


if __name__ == "__main__":
    main()
