#!/usr/bin/env python3
"""Concurrency: two imports of overlapping exports into one database at once, two syncs of one feed
at once, and an import beside readers.

Two writers queue on SQLite's lock (every write is BEGIN IMMEDIATE, with a busy timeout): both
must finish, or one must fail clearly after waiting; either way the database must then hold
exactly the union of the two files, no row twice and none lost. A reader (`accounts --json`,
`transactions --json`) running beside an import never waits for it and always sees whole
batches: a row count that is a multiple of the batch size, with the balance of exactly those rows.
Two syncs of one feed started together apply each batch once between them (the batches their
reports count add up to the feed's) and leave the ledger one sync leaves.

    concurrency.py [--short] [--bin PATH] [--work DIR] [--seed N]
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import lib  # noqa: E402

BATCH = 100


def main() -> None:
    args = lib.arguments(__doc__)
    results = lib.Results()
    work = lib.fresh(os.path.join(args.work, "concurrency"))
    overlapping_imports(args, results, work)
    concurrent_syncs(args, results, work)
    import_beside_readers(args, results, work)
    results.exit()


def overlapping_imports(args, results: lib.Results, work: str) -> None:
    rows = 40_000 if args.short else 120_000
    rounds = 6 if args.short else 12
    first = os.path.join(work, "first.csv")
    second = os.path.join(work, "second.csv")
    union = os.path.join(work, "union.csv")
    lib.generic_csv(first, rows)  # rows 0 ..< rows
    lib.generic_csv(second, rows, first=rows // 2)  # rows rows/2 ..< 3 rows/2: half overlaps
    lib.generic_csv(union, rows + rows // 2)
    reference_db = os.path.join(work, "reference.sqlite")
    done = lib.cli(args.bin, reference_db, "import", union, "--account", "Checking", "--currency", "USD")
    reference = rows_by_identity(reference_db)
    sequential_db = os.path.join(work, "sequential.sqlite")
    lib.cli(args.bin, sequential_db, "import", first, "--account", "Checking", "--currency", "USD")
    lib.cli(args.bin, sequential_db, "import", second, "--account", "Checking", "--currency", "USD")
    checkpoint_days = sorted((row[1], row[3]) for row in lib.snapshot(sequential_db)["checkpoints"])
    expected_rows = rows + rows // 2
    results.check("concurrency: reference import of the union, and of both files one after the other",
                  done.returncode == 0 and len(reference) == expected_rows
                  and rows_by_identity(sequential_db) == reference, f"{expected_rows} rows")

    problems = []
    outcomes = {"both finished": 0, "one failed clearly": 0}
    waits = []
    for round_number in range(rounds):
        db = os.path.join(work, f"both-{round_number}.sqlite")
        if round_number % 2 == 1:  # every other round on an existing database; else both create it
            lib.create_ledger(args.bin, db)
        processes = []
        started = time.monotonic()
        order = (first, second) if round_number % 3 else (second, first)
        for path in order:
            processes.append(subprocess.Popen(
                [args.bin, "--db", db, "import", path, "--account", "Checking", "--currency", "USD", "--json"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=lib.env()))
        finished = [(p.wait(), p.stdout.read(), p.stderr.read()) for p in processes]
        waits.append(time.monotonic() - started)
        codes = [code for code, _, _ in finished]
        if codes == [0, 0]:
            outcomes["both finished"] += 1
        elif sorted(codes) == [0, 1] and any(b"is locked by another process" in err for _, _, err in finished):
            outcomes["one failed clearly"] += 1
            if time.monotonic() - started < 4.5:  # the default busy timeout is 5 s
                problems.append(f"round {round_number}: one import failed without waiting for the lock: "
                                + " | ".join(err.decode(errors="replace")[:300] for _, _, err in finished))
            failed = [i for i, (code, _, _) in enumerate(finished) if code == 1][0]
            lib.cli(args.bin, db, "import", order[failed], "--account", "Checking", "--currency", "USD")
        else:
            problems.append(f"round {round_number}: exit codes {codes}: "
                            + " | ".join(err.decode(errors="replace")[:200] for _, _, err in finished))
            continue
        got = rows_by_identity(db)
        if got != reference:
            stored = set(got)
            missing = len([r for r in reference if r not in stored])
            problems.append(f"round {round_number}: {len(got)} rows, {missing} of the union missing")
        if lib.duplicates(db) or lib.integrity(db) != "ok" or not lib.totals_consistent(db):
            problems.append(f"round {round_number}: duplicates, integrity or totals")
        checkpoints = lib.snapshot(db)["checkpoints"]
        if sorted((row[1], row[3]) for row in checkpoints) != checkpoint_days:
            problems.append(f"round {round_number}: checkpoints {checkpoints}, expected days {checkpoint_days}")
        if any(row[5] == "discrepancy" for row in checkpoints):
            problems.append(f"round {round_number}: a checkpoint shows a discrepancy: {checkpoints}")
    lib.Results.info(f"concurrency: {rounds} rounds of two imports of {rows} rows each, half overlapping: "
                     f"{outcomes}; longest round {max(waits):.2f} s")
    results.check("concurrency: two overlapping imports at once leave exactly the union, no duplicate, no loss",
                  not problems, "; ".join(problems[:3]) or f"{rounds} rounds, {expected_rows} rows each")


def concurrent_syncs(args, results: lib.Results, work: str) -> None:
    transactions = 60_000 if args.short else 300_000
    rounds = 3 if args.short else 6
    feed = os.path.join(work, "feed")
    generator = os.path.join(lib.ROOT, "scripts", "bench", "gen_feed.py")
    made = subprocess.run([sys.executable, generator, feed, "--transactions", str(transactions), "--batches",
                           str(transactions // 200)], capture_output=True)
    if not results.check("concurrency: the feed is generated", made.returncode == 0,
                         made.stderr.decode(errors="replace")[-300:].strip()):
        return
    reference_db = os.path.join(work, "sync-reference.sqlite")
    done = lib.cli(args.bin, reference_db, "sync", feed, "--json")
    total = applied_batches(done.stdout) if done.returncode == 0 else -1
    reference = lib.snapshot(reference_db)
    if not results.check("concurrency: reference sync of the feed", done.returncode == 0 and total > 0,
                         done.stderr.decode(errors="replace")[:300] or f"{total} batches"):
        return
    problems = []
    applications = []
    for round_number in range(rounds):
        db = os.path.join(work, f"sync-{round_number}.sqlite")
        if round_number % 2 == 1:  # every other round on an existing database; else both create it
            lib.create_ledger(args.bin, db)
        processes = [subprocess.Popen([args.bin, "--db", db, "sync", feed, "--json"], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, env=lib.env()) for _ in range(2)]
        finished = [(p.communicate()[0], p.returncode) for p in processes]
        codes = [code for _, code in finished]
        if codes != [0, 0]:
            problems.append(f"round {round_number}: exit codes {codes}")
            continue
        count = sum(applied_batches(out) for out, _ in finished)
        applications.append(count)
        if count != total:
            problems.append(f"round {round_number}: {count} batch applications for {total} batches")
        got = lib.snapshot(db)
        if got != reference or lib.duplicates(db) or not lib.totals_consistent(db):
            problems.append(f"round {round_number}: {lib.differences(got, reference)}")
    lib.Results.info(f"concurrency: {rounds} rounds of two syncs at once of a feed of {transactions} transactions in "
                     f"{total} batches: {applications} batch applications per round")
    results.check("concurrency: two syncs of one feed at once apply each batch once between them and leave the "
                  "ledger one sync leaves", not problems, "; ".join(problems[:3]) or f"{rounds} rounds")


def applied_batches(output: bytes) -> int:
    """The batches a `sync --json` report says it applied."""
    return sum(stream["batches"] for stream in json.loads(output)["streams"])


def import_beside_readers(args, results: lib.Results, work: str) -> None:
    rows = 150_000 if args.short else 400_000
    export = os.path.join(work, "large.csv")
    signed = lib.generic_csv(export, rows, balance=False)
    prefix = [0]
    for cents in signed:
        prefix.append(prefix[-1] + cents)
    db = os.path.join(work, "readers.sqlite")
    lib.create_ledger(args.bin, db)
    writer = subprocess.Popen([args.bin, "--db", db, "import", export, "--account", "Checking", "--currency", "USD"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=lib.env())
    reads = listings = 0
    counts = set()
    problems = []
    slowest = 0.0
    while True:
        running = writer.poll() is None
        started = time.monotonic()
        done = lib.cli(args.bin, db, "accounts", "--json", timeout=60)
        slowest = max(slowest, time.monotonic() - started)
        reads += 1
        if done.returncode != 0:
            problems.append(f"accounts exit {done.returncode}: {done.stderr.decode(errors='replace')[:200]}")
        else:
            accounts = json.loads(done.stdout)
            count = accounts[0]["transactions"] if accounts else 0
            balance = cents_of(accounts[0]["balance"]) if accounts else 0
            counts.add(count)
            if count % BATCH and count != rows:
                problems.append(f"a reader saw {count} rows: not whole batches")
            elif balance != prefix[count]:
                problems.append(f"a reader saw {count} rows with balance {balance}, not {prefix[count]}")
        if reads % 5 == 0:
            done = lib.cli(args.bin, db, "transactions", "--json", timeout=60)
            listings += 1
            if done.returncode != 0:
                problems.append(f"transactions exit {done.returncode}")
            else:
                listed = json.loads(done.stdout)
                total = sum(cents_of(t["amount"]) * (1 if t["direction"] == "credit" else -1) for t in listed)
                if len(listed) % BATCH and len(listed) != rows or total != prefix[len(listed)]:
                    problems.append(f"transactions listed {len(listed)} rows summing to {total}")
        if not running:
            break
    code = writer.wait()
    results.check("concurrency: the import beside readers completes", code == 0,
                  writer.stderr.read().decode(errors="replace")[:300])
    lib.Results.info(f"concurrency: {reads} `accounts --json` and {listings} `transactions --json` reads beside an "
                     f"import of {rows} rows saw {len(counts)} different row counts; slowest read {slowest:.2f} s")
    results.check("concurrency: every reader beside the import succeeded and saw whole batches only",
                  not problems and len(counts) > 2, "; ".join(problems[:3]) or f"{reads + listings} reads")
    got = lib.snapshot(db)
    results.check("concurrency: after the readers, every row once", len(got["transactions"]) == rows
                  and lib.duplicates(db) == 0, f"{len(got['transactions'])} rows")


def rows_by_identity(db: str) -> list:
    """Every row by identity and content, leaving out where it was read from: the line of an
    overlapping row depends on which file stored it first."""
    return sorted(row[:13] for row in lib.snapshot(db)["transactions"])


def cents_of(text: str) -> int:
    negative = text.startswith("-")
    whole, _, fraction = text.lstrip("-").partition(".")
    value = int(whole) * 100 + int((fraction + "00")[:2])
    return -value if negative else value


if __name__ == "__main__":
    main()
