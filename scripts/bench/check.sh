# Checks shared by the benchmarks (sourced, not run): a run that fails, or stores or reads a
# different number of rows than it was given, stops the benchmark with a message saying which
# run and why. A failed run is never timed: its seconds would describe an error path.
#
#   checked LABEL COMMAND...        runs COMMAND, its output in $out/last.out and $out/last.err;
#                                    aborts unless it exits 0
#   timed_checked LABEL COMMAND...  the same under /usr/bin/time; "seconds peakKB" in $out/time.txt
#                                    (TIME_FORMAT, /usr/bin/time's -f, may ask for more fields)
#   stored_rows DB                  the transactions a ledger holds (sqlite3)
#   expect_count LABEL GOT WANT     aborts unless GOT equals WANT
#   dry_run_read                    the records a `ledgerport import --dry-run --json` read ($out/last.out)

bench_abort() { # message
    echo "bench: FAILED: $*; the benchmark stops here (no timing of a failed run)" >&2
    if [ -s "$out/last.err" ]; then
        echo "bench: its last lines on stderr:" >&2
        tail -5 "$out/last.err" | sed 's/^/    /' >&2
    fi
    exit 1
}

checked() { # label command...
    local label=$1 code=0
    shift
    "$@" >"$out/last.out" 2>"$out/last.err" || code=$?
    [ "$code" -eq 0 ] || bench_abort "$label exited $code ($*)"
}

timed_checked() { # label command...
    local label=$1 code=0
    shift
    /usr/bin/time -o "$out/time.txt" -f "${TIME_FORMAT:-%e %M}" "$@" >"$out/last.out" 2>"$out/last.err" || code=$?
    [ "$code" -eq 0 ] || bench_abort "$label exited $code ($*)"
}

stored_rows() { # db
    sqlite3 "$1" 'SELECT count(*) FROM transactions' 2>>"$out/last.err" || bench_abort "cannot count the rows in $1"
}

expect_count() { # label got want
    [ "$2" = "$3" ] || bench_abort "$1: ${2:-no} rows, expected $3"
}

dry_run_read() {
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["read"])' "$out/last.out" 2>>"$out/last.err" \
        || bench_abort "the dry run printed no JSON report with a \"read\" count"
}
