#!/usr/bin/env bash
# Runs "$@" with other sessions' compilers, linkers, test runners, valgrind, Python and
# PostgreSQL paused (SIGSTOP) for the whole run, new ones included (looked for twice a second),
# then resumes them. Excluded: descendants of this script, and processes (or their ancestors)
# whose command line names KEEP (default: ledgerport-bench/pg-import, the bench's own server).
# For a machine shared with other work (the benchmarks' figures in docs/performance.md name it):
#
#   scripts/bench/quiet.sh scripts/bench/pg-median.sh 1000000 5
keep=${KEEP:-ledgerport-bench/pg-import}
# One quiet run at a time: two would pause each other's benchmarks.
exec 8>/tmp/quiet2.lock
flock 8
self=$$
list=/tmp/quiet2.$$.pids
: > "$list"
pattern='^(swiftc|swift-frontend|swift-build|swift-driver|swift-autolink|swift-test|swift-package|clang|ld|ld\.gold|ld\.lld|callgrind|memcheck|valgrind|python3|ofxdump|hledger|ledgerport|lp-|OFXInspect|xctest|ledgerportPacka|postgres|RulesBench|PostgresImport|initdb|pg_ctl|psql)'
excluded() {
    local p=$1
    while [ -n "$p" ] && [ "$p" -gt 1 ]; do
        [ "$p" = "$self" ] && return 0
        tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null | grep -q "$keep" && return 0
        p=$(awk '{print $4}' /proc/$p/stat 2>/dev/null)
    done
    return 1
}
pause_new() {
    ps -eo pid=,stat=,comm= | while read -r pid stat comm; do
        [[ $stat == T* ]] && continue
        [[ $comm =~ $pattern ]] || continue
        excluded "$pid" && continue
        kill -STOP "$pid" 2>/dev/null && echo "$pid" >> "$list"
    done
}
resume() { kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null; [ -s "$list" ] && kill -CONT $(sort -u "$list") 2>/dev/null; rm -f "$list"; }
pause_new
( while true; do sleep 0.5; pause_new; done ) &
watcher=$!
trap resume EXIT
trap "exit 130" INT TERM HUP
sleep 2
echo "paused: $(sort -u "$list" | wc -l) processes; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$@"
