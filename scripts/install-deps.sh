#!/usr/bin/env bash
# Installs what ledgerport builds against, from Debian: SQLite and libxml2 headers; and, from PyPI,
# pycamt 1.1.1, the camt reader scripts/camt_differential.py compares with (a test tool, pinned:
# the check lists that version's disagreements). Harmless where they are present. Needs root (or
# sudo) only when something is missing.
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
if ! python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("pycamt") != "1.1.1")' 2>/dev/null; then
    python3 -m pip install --quiet "pycamt==1.1.1" \
        || python3 -m pip install --quiet --break-system-packages "pycamt==1.1.1"
fi
