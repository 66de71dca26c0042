#!/usr/bin/env bash
# Checks protocol lines against the adapter protocol's JSON Schema, docs/plugins.schema.json
# (draft 2020-12; an `integer` must be written without a fraction or exponent, as the host
# demands: 1.0 is not one). By default:
#   - each line of every `*.expected.jsonl` in the repository (built-in adapters' goldens in
#     Tests/Fixtures/Golden/, the example adapters' in examples/adapters/*/tests/) must be valid;
#   - each line of Tests/Fixtures/Protocol/accepted.jsonl must be valid, and each line of
#     Tests/Fixtures/Protocol/refused.jsonl invalid. The Swift test ProtocolFixtureTests feeds the
#     same two files to the host's decoder and demands the same verdicts, so the schema and the
#     host agree on every line there (each refused line says in its `_refused` field why).
# Installs Python's `jsonschema` with pip when it is missing (pip itself from Debian's
# python3-pip when that is missing too). Exit 0 when every verdict is as expected, 1 otherwise,
# naming each wrong line as FILE:LINE and why.
#
#   scripts/check-protocol-schema.sh [FILE.jsonl...]     (default: as above; a file named
#                                                         refused.jsonl must be all invalid)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import jsonschema' 2>/dev/null; then
    if ! python3 -m pip --version >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq python3-pip >/dev/null
    fi
    # Debian 12 marks its Python as externally managed: pip then needs --break-system-packages.
    python3 -m pip install --quiet jsonschema 2>/dev/null ||
        python3 -m pip install --quiet --break-system-packages jsonschema
fi

if [ $# -gt 0 ]; then
    files=("$@")
else
    mapfile -t files < <(find . -path ./.build -prune -o -name '*.expected.jsonl' -type f -print | sort)
    files+=(Tests/Fixtures/Protocol/accepted.jsonl Tests/Fixtures/Protocol/refused.jsonl)
fi

python3 - docs/plugins.schema.json "${files[@]}" <<'PY'
import json
import sys

import os

from jsonschema import Draft202012Validator, validators

schema_path, files = sys.argv[1], sys.argv[2:]
with open(schema_path, encoding="utf-8") as f:
    schema = json.load(f)
Draft202012Validator.check_schema(schema)
# JSON Schema counts 1.0 as an integer; the host (and this protocol) doesn't: json.loads reads
# 1.0 and 1e0 as floats, so an integer is a Python int here.
strict_types = Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
StrictValidator = validators.extend(Draft202012Validator, type_checker=strict_types)
validator = StrictValidator(schema)
bad = lines = 0
for path in files:
    must_fail = os.path.basename(path) == "refused.jsonl"
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            lines += 1
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                print(f"{path}:{number}: not JSON: {error}")
                bad += 1
                continue
            errors = list(validator.iter_errors(record))
            if must_fail:
                if not errors:
                    bad += 1
                    why = record.get("_refused") if isinstance(record, dict) else None
                    print(f"{path}:{number}: valid against the schema, but the host refuses it ({why})")
                continue
            if errors:
                bad += 1
                # oneOf failures say little; the error of the branch named by the record's type
                # says what is wrong.
                kind = record.get("type") if isinstance(record, dict) else None
                detail = errors[0].message
                branch = schema["$defs"].get(kind) if isinstance(kind, str) else None
                if branch is not None:
                    inner = list(StrictValidator({**branch, "$defs": schema["$defs"]}).iter_errors(record))
                    if inner:
                        detail = "; ".join(
                            f"{'/'.join(map(str, e.absolute_path)) or 'record'}: {e.message}" for e in inner)
                elif kind is not None:
                    detail = f"unknown type {kind!r}"
                print(f"{path}:{number}: invalid {kind or 'record'}: {detail}")
print(f"{lines} lines in {len(files)} files checked against {schema_path}: "
      + ("all as expected" if bad == 0 else f"{bad} not as expected"))
sys.exit(1 if bad else 0)
PY
