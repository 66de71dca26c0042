#!/usr/bin/env python3
"""Hostile inputs: files crafted to hurt the reader. Each must be refused with a clear error
(exit 1, a short `FILE:LINE:COLUMN: error: ...` message on stderr) in bounded time and memory,
and leave nothing partial in the ledger. Time and peak memory come from /usr/bin/time -v.

    hostile.py [--short] [--bin PATH] [--work DIR] [--only NAME]
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import lib  # noqa: E402

MB = 1024 * 1024
HEADER = b"Date,Description,Amount\n"


def cases(short: bool) -> list:
    """(name, file name, writer, extra arguments, seconds allowed, megabytes allowed)."""
    big = 100 * MB
    return [
        ("a 100 MB single line (one field)", "long-field.csv",
         lambda f: f.write(HEADER + b"2024-01-02," + b"x" * big + b",-1.00\n"), [], 60, 600),
        ("a 100 MB single line (no line break at all)", "one-line.csv",
         lambda f: f.write(b"Date,Description,Amount" + b",x" * (big // 2)), [], 60, 600),
        ("NUL bytes in a row", "nul.csv",
         lambda f: f.write(HEADER + b"2024-01-02,Cof\x00fee,-1.00\n2024-01-03,Tea\x00,-2.00\n"), [], 10, 100),
        ("NUL bytes instead of text", "nul-only.csv", lambda f: f.write(b"\x00" * (MB)), [], 10, 100),
        ("100 MB of NUL bytes read as CSV (--format csv)", "nul-forced-large.csv",
         lambda f: f.write(b"\x00" * (100 * MB)), ["--format", "csv"], 60, 600),
        ("invalid UTF-8 after valid UTF-8", "mixed-encoding.csv",
         lambda f: f.write(HEADER + b"2024-01-02,Caf\xc3\xa9,-1.00\n2024-01-03,Caf\xe9 \xff,-2.00\n"), [], 10, 100),
        ("bytes invalid in UTF-8 and in Windows-1252", "no-encoding.csv",
         lambda f: f.write(HEADER + b"2024-01-02,Caf\xe9 \x81\x8d,-1.00\n"), [], 10, 100),
        ("NUL bytes in a row read as CSV (--format csv)", "nul-forced.csv",
         lambda f: f.write(HEADER + b"2024-01-02,Cof\x00fee,-1.00\n"), ["--format", "csv"], 10, 100),
        ("a row with a million columns", "million-columns.csv",
         lambda f: f.write(HEADER + b"2024-01-02,Coffee,-1.00" + b",9" * 1_000_000 + b"\n"), [], 30, 400),
        ("a header with a million columns", "million-header.csv",
         lambda f: f.write(b"Date,Description,Amount" + b",Extra" * 1_000_000 + b"\n2024-01-02,Coffee,-1.00\n"),
         [], 30, 400),
        ("an amount with ten thousand digits", "ten-thousand-digits.csv",
         lambda f: f.write(HEADER + b"2024-01-02,Coffee,-" + b"9" * 10_000 + b"\n"), [], 10, 100),
        ("an amount of ten thousand zeros after the point", "ten-thousand-zeros.csv",
         lambda f: f.write(HEADER + b"2024-01-02,Coffee,-1." + b"0" * 10_000 + b"1\n"), [], 10, 100),
        ("a day that does not exist", "february-30.csv",
         lambda f: f.write(HEADER + b"2024-02-30,Coffee,-1.00\n"), [], 10, 100),
        ("a row cut short", "short-row.csv", lambda f: f.write(HEADER + b"2024-01-02,Coffee\n"), [], 10, 100),
        ("an empty file", "empty.csv", lambda f: None, [], 10, 100),
    ]


def main() -> None:
    args = lib.arguments(__doc__)
    only = os.environ.get("HOSTILE_ONLY", "")
    results = lib.Results()
    work = lib.fresh(os.path.join(args.work, "hostile"))
    for name, file_name, write, extra, seconds, megabytes in cases(args.short):
        if only and only not in name:
            continue
        path = os.path.join(work, file_name)
        with open(path, "wb") as f:
            write(f)
        attempt(args, results, work, name, path, ["import", path, "--account", "Checking", "--currency", "USD", *extra], seconds,
                megabytes)
        os.remove(path)
    # A feed's untouched streams sync whatever one hostile batch does: count what they hold.
    clean = lib.fresh(os.path.join(work, "clean"))
    clean_db = os.path.join(clean, "clean.sqlite")
    lib.cli(args.bin, clean_db, "sync", copied_feed(clean))
    feed_rows = stored_rows(clean_db)
    for name, build, seconds, megabytes, forbidden in xml_and_feed_cases(args.short):
        if only and only not in name:
            continue
        folder = lib.fresh(os.path.join(work, "case"))
        path, command = build(folder)
        # A feed folder's other streams sync (or, when the folder's own listing is refused, none).
        rows = (0, feed_rows) if command[0] == "sync" and os.path.isdir(path) else (0,)
        attempt(args, results, work, name, path, command, seconds, megabytes, forbidden, rows=rows)
    results.exit()


def attempt(args, results: lib.Results, work: str, name: str, path: str, command: list, seconds: float,
            megabytes: float, forbidden: bytes = b"", rows: tuple = (0,)) -> None:
    """Runs one hostile input and checks: exit 1, a one-screen message naming the input, and the
    time and memory within bounds. `rows` lists the row counts the database may hold afterwards
    (a feed's untouched streams may sync); `forbidden` must appear in no output and not in the
    database."""
    size = apparent_size(path)
    db = os.path.join(work, "hostile.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    code, out, err, took, peak = lib.timed([args.bin, "--db", db, *command], timeout=seconds * 3)
    message = err.decode(errors="replace").strip()
    first = message.splitlines()[0] if message else "(no message)"
    stored = stored_rows(db)
    clear = code == 1 and f"{path}" in first and "error" in first and len(message) < 4000
    leaked = bool(forbidden) and (forbidden in out or forbidden in err or forbidden in database_bytes(db))
    bounded = code is not None and took <= seconds and peak <= megabytes
    lib.Results.info(f"hostile: {name}: {size / MB:.1f} MB, exit {code}, {took:.2f} s, peak {peak:.0f} MB, "
                     f"{len(message)} bytes on stderr, {stored} rows stored")
    results.check(f"hostile: {name}: a clear error",
                  clear and stored in rows and not leaked,
                  f"exit {code}, {stored} rows stored (expected {' or '.join(map(str, rows))})"
                  f"{', LEAKED what it must not read' if leaked else ''}: {first[:240]}")
    results.check(f"hostile: {name}: bounded time and memory", bounded,
                  f"{took:.2f} s (at most {seconds}), {peak:.0f} MB (at most {megabytes})")


def apparent_size(path: str) -> int:
    if os.path.isfile(path):
        return os.path.getsize(path)
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            full = os.path.join(folder, name)
            if os.path.isfile(full):
                total += os.path.getsize(full)
    return total


def database_bytes(db: str) -> bytes:
    data = b""
    for suffix in ("", "-wal"):
        if os.path.exists(db + suffix):
            with open(db + suffix, "rb") as f:
                data += f.read()
    return data


SAMPLES = os.path.join(lib.ROOT, "samples")
SECRET = b"ledgerport-secret-do-not-read"


def ofx2(body_prefix: str, memo: str) -> bytes:
    """The OFX 2 sample with a DOCTYPE (or anything) before <OFX> and a MEMO's text replaced."""
    with open(os.path.join(SAMPLES, "ofx", "checking-v220.ofx"), "rb") as f:
        text = f.read()
    head, _, rest = text.partition(b"<OFX>")
    rest = rest.replace(b"<NAME>", b"<MEMO>" + memo.encode() + b"</MEMO><NAME>", 1)
    return head + body_prefix.encode() + b"<OFX>" + rest


def ofx_case(name: str, content) -> tuple:
    def build(folder: str) -> tuple:
        path = os.path.join(folder, name)
        data = content(folder)
        with open(path, "wb") as f:
            if isinstance(data, bytes):
                f.write(data)
            else:
                for part in data:
                    f.write(part)
        return path, ["import", path, "--format", "ofx"]
    return build


def xxe_file(folder: str) -> bytes:
    secret = os.path.join(folder, "secret.txt")
    with open(secret, "wb") as f:
        f.write(SECRET + b"\n")
    return ofx2(f'<!DOCTYPE OFX [<!ENTITY xxe SYSTEM "file://{secret}">]>', "&xxe;")


def xxe_fifo(folder: str) -> bytes:
    fifo = os.path.join(folder, "blocks-if-opened")
    os.mkfifo(fifo)
    return ofx2(f'<!DOCTYPE OFX [<!ENTITY xxe SYSTEM "file://{fifo}">]>', "&xxe;")


def billion_laughs(folder: str) -> bytes:
    entities = '<!ENTITY lol0 "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10))
    return ofx2(f"<!DOCTYPE OFX [{entities}]>", "&lol9;")


def quadratic_blowup(folder: str) -> bytes:
    return ofx2(f'<!DOCTYPE OFX [<!ENTITY a "{"a" * 100_000}">]>', "&a;" * 100_000)


def external_dtd(folder: str) -> bytes:
    return ofx2('<!DOCTYPE OFX SYSTEM "http://192.0.2.1/ofx.dtd">', "network")


def deep_sgml(folder: str):
    with open(os.path.join(SAMPLES, "ofx", "checking-v102.ofx"), "rb") as f:
        text = f.read()
    head, _, _ = text.partition(b"<OFX>")
    return [head, b"<OFX>", b"<BANKMSGSRSV1>" * 1_000_000, b"\n"]


def deep_xml(folder: str):
    head = ofx2("", "x").partition(b"<OFX>")[0]
    return [head, b"<OFX>", b"<BANKMSGSRSV1>" * 1_000_000, b"</BANKMSGSRSV1>" * 1_000_000, b"</OFX>\n"]


def deep_in_statement(sample: str, closed: bool):
    """A million aggregates nested inside a statement's transaction list."""
    def content(folder: str):
        with open(os.path.join(SAMPLES, "ofx", sample), "rb") as f:
            before, tag, after = f.read().partition(b"<BANKTRANLIST>")
        closing = [b"</BANKTRANLIST></STMTTRN>" * 500_000] if closed else []
        return [before, tag, b"<STMTTRN><BANKTRANLIST>" * 500_000, *closing, after]
    return content


def long_sgml_value(folder: str):
    with open(os.path.join(SAMPLES, "ofx", "checking-v102.ofx"), "rb") as f:
        text = f.read()
    before, _, after = text.partition(b"<NAME>")
    return [before, b"<NAME>", b"x" * (100 * MB), after]


def copied_feed(folder: str) -> str:
    feed = os.path.join(folder, "feed")
    subprocess.run(["cp", "-r", os.path.join(SAMPLES, "feed"), feed], check=True)
    return feed


def next_batch(feed: str) -> str:
    stream = os.path.join(feed, "transactions", "7C9E6679-7425-40DE-944B-E07FC1F90AE7")
    last = max(int(name.split(".")[0]) for name in os.listdir(stream) if name.endswith(".json"))
    return os.path.join(stream, f"{last + 1:012d}.json")


def sparse_batch(folder: str) -> tuple:
    feed = copied_feed(folder)
    with open(next_batch(feed), "wb") as f:
        f.truncate(1024 * MB)  # a gigabyte claimed, nothing written: a sparse file of zeros
    return feed, ["sync", feed]


def sparse_jsonl(folder: str) -> tuple:
    path = os.path.join(folder, "feed.jsonl")
    with open(os.path.join(SAMPLES, "feed.jsonl"), "rb") as source, open(path, "wb") as f:
        f.write(source.readline())
        f.truncate(1024 * MB)
    return path, ["sync", path]


def outside_link(folder: str) -> tuple:
    feed = copied_feed(folder)
    outside = os.path.join(folder, "outside.json")
    with open(os.path.join(feed, "transactions", "7C9E6679-7425-40DE-944B-E07FC1F90AE7", "000000000001.json"),
              "rb") as f:
        batch = f.read()
    with open(outside, "wb") as f:
        f.write(batch.replace(b"Salary", SECRET))
    os.symlink(outside, next_batch(feed))
    return feed, ["sync", feed]


def outside_stream(folder: str) -> tuple:
    feed = copied_feed(folder)
    stream = os.path.join(feed, "transactions", "7C9E6679-7425-40DE-944B-E07FC1F90AE7")
    outside = os.path.join(folder, "elsewhere")
    subprocess.run(["mv", stream, outside], check=True)
    for name in os.listdir(outside):  # what lies outside must never reach the ledger
        with open(os.path.join(outside, name), "rb") as f:
            batch = f.read()
        with open(os.path.join(outside, name), "wb") as f:
            f.write(batch.replace(b"Salary", SECRET))
    os.symlink(outside, stream)
    return feed, ["sync", feed]


def deep_json(folder: str) -> tuple:
    feed = copied_feed(folder)
    with open(next_batch(feed), "wb") as f:
        f.write(b'{"stream": "transactions", "inserted": ' + b"[" * 1_000_000 + b"]" * 1_000_000 + b"}")
    return feed, ["sync", feed]


def fifo_batch(folder: str) -> tuple:
    feed = copied_feed(folder)
    os.mkfifo(next_batch(feed))  # opening it for reading would wait for a writer forever
    return feed, ["sync", feed]


def fifo_manifest(folder: str) -> tuple:
    feed = copied_feed(folder)
    os.remove(os.path.join(feed, "feed.json"))
    os.mkfifo(os.path.join(feed, "feed.json"))
    return feed, ["sync", feed]


def fifo_file(name: str, command: list):
    def build(folder: str) -> tuple:
        path = os.path.join(folder, name)
        os.mkfifo(path)
        return path, [command[0], path, *command[1:]]
    return build


def xml_and_feed_cases(short: bool) -> list:
    """(name, build(folder) -> (input path, command), seconds allowed, megabytes allowed, bytes that
    must appear nowhere: not in the output, not in the database)."""
    return [
        ("OFX 2: an external entity (XXE) naming a local file", ofx_case("xxe.ofx", xxe_file), 10, 100, SECRET),
        ("OFX 2: an external entity naming a FIFO (blocks if ever opened)", ofx_case("fifo.ofx", xxe_fifo), 10, 100,
         b""),
        ("OFX 2: nested entity expansion (billion laughs)", ofx_case("laughs.ofx", billion_laughs), 10, 100,
         b"lollollol"),
        ("OFX 2: one 100 KB entity referenced 100,000 times", ofx_case("quadratic.ofx", quadratic_blowup), 10, 200,
         b"aaaaaaaaaaaaaaaaaaaa"),
        ("OFX 2: an external DTD over the network", ofx_case("dtd.ofx", external_dtd), 10, 100, b""),
        ("OFX 1: SGML aggregates nested a million deep, never closed", ofx_case("deep.ofx", deep_sgml), 20, 300,
         b""),
        ("OFX 1: a million SGML aggregates nested in a statement",
         ofx_case("deep-stmt.ofx", deep_in_statement("checking-v102.ofx", closed=False)), 20, 300, b""),
        ("OFX 2: a million XML elements nested in a statement",
         ofx_case("deep-stmt.xml.ofx", deep_in_statement("checking-v220.ofx", closed=True)), 20, 300, b""),
        ("OFX 2: XML elements nested a million deep, no statement", ofx_case("deep.xml.ofx", deep_xml), 20, 300,
         b""),
        ("OFX 1: a 100 MB value on one line", ofx_case("long.ofx", long_sgml_value), 30, 400, b""),
        ("feed: a batch file claiming 1 GB (sparse, nothing written)", sparse_batch, 10, 100, b""),
        ("feed: a JSON Lines feed claiming 1 GB (sparse)", sparse_jsonl, 30, 300, b""),
        ("feed: a batch that is a symbolic link out of the feed folder", outside_link, 10, 100, SECRET),
        ("feed: a stream folder that is a symbolic link out of the feed folder", outside_stream, 10, 100, SECRET),
        ("feed: a batch nested a million arrays deep", deep_json, 10, 200, b""),
        ("feed: a FIFO as a batch file", fifo_batch, 10, 100, b""),
        ("feed: a FIFO as feed.json", fifo_manifest, 10, 100, b""),
        ("feed: a FIFO as the JSON Lines feed", fifo_file("feed.jsonl", ["sync"]), 10, 100, b""),
        ("import: a FIFO as the file", fifo_file("statement.csv", ["import", "--account", "Checking", "--currency", "USD"]), 10, 100, b""),
    ]


def stored_rows(db: str) -> int:
    if not os.path.exists(db):
        return 0
    from contextlib import closing
    with closing(lib.connect(db)) as con:
        try:
            return con.execute("SELECT count(*) FROM transactions").fetchone()[0]
        except Exception:
            return 0


if __name__ == "__main__":
    main()
