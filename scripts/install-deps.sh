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

# The Python reader the MT940 differential check compares against (scripts/mt940_differential.py).
# Under CI=true a reader that can't be installed fails the run instead of skipping the check.
if ! python3 -c "import mt940" 2>/dev/null; then
    python3 -m pip install --quiet mt-940 || pip install --quiet mt-940 \
        || { [ "${CI:-}" != "true" ] || { echo "install-deps: pip install mt-940 failed" >&2; exit 1; }; }
fi
