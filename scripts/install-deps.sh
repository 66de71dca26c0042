#!/usr/bin/env bash
# Installs what ledgerport builds against, from Debian: SQLite and libxml2 headers; the journal
# tools the export tests run (hledger and ledger, from Debian; Tests/LedgerCLITests/ExportToolTests);
# libpq's headers (libpq-dev) and the PostgreSQL server the store's PostgreSQL tests start
# (postgresql; Tests/LedgerTestSupport/PostgresTestServer.swift); xmllint (libxml2-utils), which
# validates the HTML report (ReportHTMLValidationTests), and Chromium, which renders it (scripts/check-report-render.sh);
# and, from PyPI, the readers the differential checks compare ledgerport with (test tools, not
# dependencies of the product; pinned, because each check lists that version's known disagreements):
# ofxtools and ofxparse (scripts/ofx_differential.py), pycamt (scripts/camt_differential.py), mt-940 (scripts/mt940_differential.py) and quiffen
# (scripts/qif_differential.py), and beancount (bean-check, for the export tests). Harmless where
# they are present. Needs root (or sudo) only when a Debian package is missing. Under CI=true a
# tool that can't be installed fails the run.
set -euo pipefail
missing=()
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
[ -f /usr/include/libxml2/libxml/parser.h ] || missing+=(libxml2-dev)
[ -n "$(command -v pkg-config)" ] || missing+=(pkg-config)
[ -f /usr/include/postgresql/libpq-fe.h ] || missing+=(libpq-dev)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -n "$(command -v hledger)" ] || missing+=(hledger)
[ -n "$(command -v ledger)" ] || missing+=(ledger)
[ -n "$(command -v xmllint)" ] || missing+=(libxml2-utils)
[ -n "$(command -v chromium)" ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    $sudo apt-get install -y "${missing[@]}"
fi

# pip_pinned DISTRIBUTION VERSION: installs the version unless it is already there.
pip_pinned() {
    local name=$1 version=$2
    if python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('$name') != '$version')" 2>/dev/null; then
        return 0
    fi
    if ! python3 -m pip install --quiet "$name==$version" 2>/dev/null \
        && ! python3 -m pip install --quiet --break-system-packages "$name==$version"; then
        echo "install-deps: could not install $name (pip install $name==$version)" >&2
        [ "${CI:-}" = "true" ] && exit 1
    fi
    return 0
}
pip_pinned ofxtools 1.1.1
pip_pinned ofxparse 0.21
pip_pinned pycamt 1.1.1
pip_pinned mt-940 5.1.1
pip_pinned quiffen 4.0.1
pip_pinned beancount 3.1.0
for tool in hledger ledger bean-check xmllint chromium; do
    if ! command -v "$tool" >/dev/null; then
        echo "install-deps: $tool is not on PATH after installing" >&2
        [ "${CI:-}" = "true" ] && exit 1
    fi
done
exit 0
