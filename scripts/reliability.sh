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

for part in ${parts[@]+"${parts[@]}"}; do
    part_started=$(date +%s)
    case "$part" in
        usage|crash|concurrency|faults|hostile)
            step "$part"
            python3 "scripts/reliability/$part.py" $short --bin "$bin" --work "$work" 2>&1 | tee -a "$log"
            [ "${PIPESTATUS[0]}" -le 1 ] || echo "FAIL $part: the script itself crashed" | tee -a "$log"
            if [ "$part" = crash ]; then  # and a large feed sync, killed the same way
                python3 scripts/reliability/crash.py --sync $short --bin "$bin" --work "$work" 2>&1 | tee -a "$log"
                [ "${PIPESTATUS[0]}" -le 1 ] || echo "FAIL crash --sync: the script itself crashed" | tee -a "$log"
            fi
            ;;
        fuzz)
            step "fuzz ($fuzz_seconds s per target)"
            scripts/reliability/fuzz.sh --seconds "$fuzz_seconds" 2>&1 | while IFS= read -r line; do
                case "$line" in
                    "fuzz "*": ok,"*) echo "PASS $line" ;;
                    "fuzz "*) echo "FAIL $line" ;;
                    *) echo "$line" ;;
                esac
            done | tee -a "$log"
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
