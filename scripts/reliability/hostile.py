#!/usr/bin/env python3
"""Hostile inputs: files crafted to hurt the reader. Each must be refused with a clear error
(exit 1, a short `FILE:LINE:COLUMN: error: ...` message on stderr) in bounded time and memory,
and leave nothing partial in the ledger. Time and peak memory come from /usr/bin/time -v.

    hostile.py [--short] [--bin PATH] [--work DIR] [--only NAME]
"""
import os
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
        size = os.path.getsize(path)
        db = os.path.join(work, file_name + ".sqlite")
        code, out, err, took, peak = lib.timed(
            [args.bin, "--db", db, "import", path, "--account", "Checking", *extra], timeout=seconds * 3)
        message = err.decode(errors="replace").strip()
        first = message.splitlines()[0] if message else "(no message)"
        rows = stored_rows(db)
        clear = code == 1 and f"{path}:" in first and "error:" in first and len(message) < 4000
        bounded = code is not None and took <= seconds and peak <= megabytes
        lib.Results.info(f"hostile: {name}: {size / MB:.1f} MB, exit {code}, {took:.2f} s, peak {peak:.0f} MB, "
                         f"{len(message)} bytes on stderr, {rows} rows stored")
        results.check(f"hostile: {name}: a clear error", clear and rows == 0,
                      f"exit {code}, {rows} rows stored: {first[:240]}")
        results.check(f"hostile: {name}: bounded time and memory", bounded,
                      f"{took:.2f} s (at most {seconds}), {peak:.0f} MB (at most {megabytes})")
        os.remove(path)
    results.exit()


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
