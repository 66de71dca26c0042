#!/usr/bin/env bash
# Checks rules files against docs/rules.schema.json (draft 2020-12): samples/rules.json and
# Tests/Fixtures/Rules/household.json must be valid, Tests/Fixtures/Rules/bad-keys.json invalid
# (ledgerport refuses it too, each problem located: RuleSetReadingTests). Installs Python's
# `jsonschema` the way scripts/check-protocol-schema.sh does when it is missing.
#
#   scripts/check-rules-schema.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import jsonschema' 2>/dev/null ||
    python3 -m pip install --quiet jsonschema 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages jsonschema
python3 - <<'PY'
import json, sys
import jsonschema

schema = json.load(open("docs/rules.schema.json"))
validator = jsonschema.Draft202012Validator(schema)
failed = False
for path, valid in [("samples/rules.json", True), ("Tests/Fixtures/Rules/household.json", True),
                    ("Tests/Fixtures/Rules/bad-keys.json", False)]:
    errors = list(validator.iter_errors(json.load(open(path))))
    if bool(errors) == valid:
        failed = True
        why = "; ".join(e.message for e in errors[:3]) or "the schema accepts it"
        print(f"{path}: expected {'valid' if valid else 'invalid'}: {why}")
sys.exit(1 if failed else 0)
PY
