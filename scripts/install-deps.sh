#!/usr/bin/env bash
# Installs what ledgerport builds against, from Debian: SQLite and libxml2 headers. Harmless where
# they are present. Needs root (or sudo) only when something is missing.
set -euo pipefail
missing=()
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
[ -f /usr/include/libxml2/libxml/parser.h ] || missing+=(libxml2-dev)
[ -n "$(command -v pkg-config)" ] || missing+=(pkg-config)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    $sudo apt-get install -y "${missing[@]}"
fi

# quiffen, the QIF reader scripts/qif_differential.py compares ledgerport with (a test tool, not a
# dependency of the product). Under CI=true a missing quiffen that can't be installed fails.
if ! python3 -c "import quiffen" 2>/dev/null; then
    if ! python3 -m pip install --quiet "quiffen==4.0.1" 2>/dev/null \
        && ! python3 -m pip install --quiet --break-system-packages "quiffen==4.0.1"; then
        echo "install-deps: could not install quiffen (pip install quiffen==4.0.1)" >&2
        [ "${CI:-}" = "true" ] && exit 1
    fi
fi
