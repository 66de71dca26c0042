#!/usr/bin/env bash
# The reliability suite in one command: bad command lines, crash safety under SIGKILL, concurrent
# imports and readers, storage faults, hostile inputs and fuzzing. docs/reliability.md describes
# each part and records results.
#
#   scripts/reliability.sh [--short] [--fuzz-seconds N] [--keep] [PART...]
#
#   --short           the CI version (well under 5 minutes): smaller files, 20 kills, 10 s of fuzzing per target
#   --fuzz-seconds N  how long each fuzz target runs (default 10 with --short, else 300)
#   PART              any of: usage crash concurrency faults hostile fuzz (default: all)
#
# Builds what it needs (the release CLI, the fuzzers), prints every check as PASS or FAIL, and
# ends with a summary whose last line is "N passed, N failed". Exit status 1 when any check
# failed. Needs root for the fault cases (chattr, mount -t tmpfs) and python3.
set -uo pipefail
cd "$(dirname "$0")/.."
short=""
fuzz_seconds=""
parts=()
while [ $# -gt 0 ]; do
    case "$1" in
        --short) short="--short"; shift ;;
        --fuzz-seconds) fuzz_seconds=$2; shift 2 ;;
        -h|--help) sed -n 2,16p "$0"; exit 0 ;;
        -*) echo "reliability.sh: unknown option $1; see --help" >&2; exit 2 ;;
        *) parts+=("$1"); shift ;;
    esac
done
[ ${#parts[@]} -eq 0 ] && parts=(usage crash concurrency faults hostile fuzz)
[ -n "$fuzz_seconds" ] || fuzz_seconds=$([ -n "$short" ] && echo 10 || echo 300)

work=${RELIABILITY_WORK:-/tmp/ledgerport-reliability}
mkdir -p "$work"
log=$work/results.txt
: >"$log"
started=$(date +%s)

step() { printf '== %s\n' "$*" | tee -a "$log"; }

step "building the release CLI"
if ! swift build -c release --product ledgerport >"$work/build.log" 2>&1; then
    # Never run the parts against a stale binary.
    echo "FAIL build: swift build -c release failed; see $work/build.log" | tee -a "$log"
    parts=()
fi
bin=$PWD/.build/release/ledgerport

# Runs one Python part, showing and logging its output, and turns a broken script into a FAIL
# line of its own: an uncaught exception (exit 3 from lib.py, or any traceback, say one raised
# before lib was imported or in a thread), a death by signal or any other status above 1, and
# an exit 1 (a finding) that printed no FAIL line. An exit 0 after a FAIL line, or without a
# single check, fails too.
run_python() { # label script-args...
    local label=$1 out
    shift
    out=$work/part-${label// /-}.out
    python3 "$@" 2>&1 | tee "$out" | tee -a "$log"
    local code=${PIPESTATUS[0]}
    local fails
    fails=$(grep -c '^FAIL' "$out")
    if grep -q '^Traceback (most recent call last):' "$out"; then
        # lib.py's hook has said so already (one FAIL line per failure); anything else has not.
        grep -q '^FAIL [^ ]*: uncaught ' "$out" \
            || echo "FAIL $label: the script raised an uncaught exception (exit $code; traceback above)" | tee -a "$log"
    elif [ "$code" -gt 1 ]; then
        echo "FAIL $label: the script itself crashed (exit $code)" | tee -a "$log"
    elif [ "$code" -eq 1 ] && [ "$fails" -eq 0 ]; then
        echo "FAIL $label: the script exited 1 without a FAIL line" | tee -a "$log"
    elif [ "$code" -eq 0 ] && [ "$fails" -gt 0 ]; then
        echo "FAIL $label: the script exited 0 after $fails FAIL lines" | tee -a "$log"
    elif [ "$code" -eq 0 ] && ! grep -q '^PASS' "$out"; then
        echo "FAIL $label: the script made no check" | tee -a "$log"
    fi
}

# Runs the fuzz targets; a target without a PASS or FAIL line (fuzz.sh died before reporting it)
# and a non-zero fuzz.sh status with no failed target both count as failures.
run_fuzz() {
    local out=$work/part-fuzz.out
    scripts/reliability/fuzz.sh --seconds "$fuzz_seconds" 2>&1 | while IFS= read -r line; do
        case "$line" in
            "fuzz "*": ok,"*) echo "PASS $line" ;;
            "fuzz "*": "*) echo "FAIL $line" ;;
            *) echo "$line" ;;
        esac
    done | tee "$out" | tee -a "$log"
    local code=${PIPESTATUS[0]}
    local target missing=0
    for target in Fuzz/*/; do
        target=$(basename "$target")
        if ! grep -q "^\(PASS\|FAIL\) fuzz $target:" "$out"; then
            echo "FAIL fuzz $target: no result (fuzz.sh stopped before reporting it; exit $code)" | tee -a "$log"
            missing=1
        fi
    done
    if [ "$code" -ne 0 ] && [ "$missing" -eq 0 ] && ! grep -q '^FAIL' "$out"; then
        echo "FAIL fuzz: fuzz.sh exited $code though every target reported ok" | tee -a "$log"
    elif [ "$code" -eq 0 ] && grep -q '^FAIL' "$out"; then
        echo "FAIL fuzz: fuzz.sh exited 0 after a failed target" | tee -a "$log"
    fi
}

for part in ${parts[@]+"${parts[@]}"}; do
    part_started=$(date +%s)
    case "$part" in
        usage|crash|concurrency|faults|hostile)
            step "$part"
            run_python "$part" "scripts/reliability/$part.py" $short --bin "$bin" --work "$work"
            if [ "$part" = crash ]; then  # and a large feed sync, killed the same way
                run_python "crash --sync" scripts/reliability/crash.py --sync $short --bin "$bin" --work "$work"
            fi
            ;;
        fuzz)
            step "fuzz ($fuzz_seconds s per target)"
            run_fuzz
            ;;
        *) echo "FAIL $part: no such part (usage crash concurrency faults hostile fuzz)" | tee -a "$log" ;;
    esac
    echo "INFO $part took $(($(date +%s) - part_started)) s" | tee -a "$log"
done

passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
echo
echo "reliability summary ($(($(date +%s) - started)) s${short:+, short}; the whole log is $log):"
grep '^FAIL' "$log" | sed 's/^/  /' | cut -c1-200
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
