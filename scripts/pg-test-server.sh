#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server in DIR, as the store's tests do for themselves
# (Tests/LedgerTestSupport/PostgresTestServer.swift): initdb into DIR/data, postgres on a Unix
# socket in DIR only (listen_addresses='', fsync=off: for tests and benchmarks, never for data
# you keep). As root the server runs as the user postgres (initdb and postgres refuse root).
#
#   scripts/pg-test-server.sh start DIR    prints the libpq connection string
#   scripts/pg-test-server.sh stop DIR     stops the server and removes DIR
set -euo pipefail
usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
command=$1 dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n | tail -1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "pg-test-server: PostgreSQL's server programs are missing: install the Debian package postgresql" >&2
    exit 1
fi
as_server() {
    if [ "$(id -u)" -eq 0 ]; then (cd "$dir" && runuser -u postgres -- "$@"); else "$@"; fi
}
case $command in
start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
    if [ ! -d "$dir/data" ]; then
        as_server "$bin/initdb" -D "$dir/data" -U ledgerport --auth=trust --no-sync -E UTF8 --locale=C >"$dir/initdb.log"
    fi
    as_server "$bin/pg_ctl" start -w -t 30 -D "$dir/data" -l "$dir/server.log" \
        -o "-k $dir -p 5432 -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        >/dev/null
    echo "host=$dir port=5432 user=ledgerport dbname=postgres"
    ;;
stop)
    dir=$(cd "$dir" && pwd)
    [ ! -f "$dir/data/postmaster.pid" ] || as_server "$bin/pg_ctl" stop -w -m fast -D "$dir/data" >/dev/null
    rm -rf "$dir"
    ;;
*) usage ;;
esac
