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
