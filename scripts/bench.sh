#!/usr/bin/env bash
# Every ledgerport benchmark in one run, printing figures to compare (see docs/performance.md).
#
#   scripts/bench.sh            full sizes (about 10 minutes on 2 cores, competitors included)
#   scripts/bench.sh --quick    smaller sizes, no slow competitors (about a minute)
#
# Competitors are used when installed: pip install ofxtools ofxparse mt-940; apt-get install -y hledger ofx
# (pycamt, for camt, comes with scripts/install-deps.sh and is required)
set -euo pipefail
cd "$(dirname "$0")/.."
# A benchmark whose run fails, or stores or reads the wrong number of rows, stops everything with
# "bench: FAILED: ..." (scripts/bench/check.sh): a failed run is never timed.
swift build -c release --product ledgerport --product OFXInspect >/tmp/ledgerport-bench-build.log 2>&1 \
    || { echo "bench: FAILED: the release build; see /tmp/ledgerport-bench-build.log" >&2; exit 1; }
export BENCH_OUT=${BENCH_OUT:-/tmp/ledgerport-bench}
if [ "${1:-}" = "--quick" ]; then
    echo "== import (issue 2) and checkpoint (issue 6)"; scripts/bench/import.sh 200000
    echo; echo "== CSV parsing (issue 3)"; scripts/bench/csv_compare.sh 200000 10000
    echo; echo "== OFX parsing (issue 4)"; COMPETITOR_MAX=10000 OFXPARSE_MAX=1000 scripts/bench/ofx_compare.sh 10000 100000
    echo; echo "== feed sync (issue 5)"; scripts/bench/feed_sync.sh 100000 1000 10 3
    echo; echo "== listing transactions (issue 12)"; scripts/bench/transactions.sh 200000
    echo; echo "== exports (issue 17)"; HLEDGER_ROWS=10000 scripts/bench/export.sh 200000
    echo; echo "== camt parsing (issue 15)"; RUNS=1 scripts/bench/camt_compare.sh 10000
    echo; echo "== MT940 parsing (issue 16)"; COMPETITOR_MAX=10000 scripts/bench/mt940_compare.sh 10000 100000
else
    echo "== import (issue 2) and checkpoint (issue 6)"; scripts/bench/import.sh 1000000
    echo; echo "== diagnostics (issue 6)"; scripts/bench/diagnostics.sh 100000
    echo; echo "== CSV parsing (issue 3)"; scripts/bench/csv_compare.sh 1000000 100000
    echo; echo "== OFX parsing (issue 4)"; scripts/bench/ofx_compare.sh 10000 100000 1000000
    echo; echo "== OFX against ofxtools, medians (issue 22)"; scripts/bench/ofx_median.sh 5
    echo; echo "== feed sync (issue 5)"; scripts/bench/feed_sync.sh 1000000 10000 10 5
    echo; echo "== listing transactions (issue 12)"; scripts/bench/transactions.sh 1000000
    echo; echo "== exports (issue 17)"; HLEDGER_ROWS=100000 scripts/bench/export.sh 1000000
    echo; echo "== camt parsing (issue 15)"; scripts/bench/camt_compare.sh 100000
    echo; echo "== MT940 parsing (issue 16)"; COMPETITOR_MAX=100000 scripts/bench/mt940_compare.sh 100000 1000000
fi
