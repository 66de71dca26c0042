#!/usr/bin/env bash
# Fails when two modules under Sources/ declare a top-level type of the same name (struct, class,
# enum, protocol, actor or typealias, at any access level): such a pair reads as one type in the
# docs, in error messages and in a file that imports both, and needs `Module.Name` to tell apart.
# Run by .ci/run; prints each clash as "NAME: ModuleA/File.swift ModuleB/File.swift".
#
#   scripts/check-type-names.sh [SOURCES]        (default: Sources)
set -euo pipefail
cd "$(dirname "$0")/.."
sources=${1:-Sources}
declaration='^(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*((public|package|internal|fileprivate|private|open|final|indirect)[[:space:]]+)*(struct|class|enum|protocol|actor|typealias)[[:space:]]+[A-Za-z_][A-Za-z0-9_]*'
# "NAME MODULE/FILE" for every top-level declaration.
found=$(
    for module in "$sources"/*/; do
        module=${module%/}
        grep -rEo --include='*.swift' "$declaration" "$module" 2>/dev/null | while IFS=: read -r file text; do
            echo "${text##* } ${file#"$sources"/}"
        done || true
    done | sort
)
clashes=$(echo "$found" | awk 'NF == 2 {
    name = $1
    split($2, path, "/")
    if (!((name, path[1]) in seen)) { seen[name, path[1]] = 1; modules[name]++ }
    files[name] = files[name] " " $2
} END { for (name in modules) if (modules[name] > 1) print name ":" files[name] }' | sort)
if [ -n "$clashes" ]; then
    echo "check-type-names: types declared in more than one module (rename one; see STYLE.md):" >&2
    echo "$clashes" | sed 's/^/  /' >&2
    exit 1
fi
echo "check-type-names: $(echo "$found" | grep -c .) top-level types, no name in two modules"
