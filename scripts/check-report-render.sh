#!/usr/bin/env bash
# Renders the samples' reconciliation report (`ledgerport report reconcile Checking`, on the
# README tour's Checking account) in headless Chromium to a PNG, and checks that the PNG is not
# blank, has the window's size and shows the balance line at the chart's width
# (scripts/check_png.py), and that it prints to PDF; then the same after a row added by hand,
# which makes a discrepancy.
# --update also copies the PNGs to docs/images/ (reconciliation-report.png is the picture the
# README shows; reconciliation-report-discrepancy.png is in docs/report-html.md).
#
#     bash scripts/check-report-render.sh .build/debug/ledgerport [--update]
#
# Chromium comes from Debian (scripts/install-deps.sh). Under CI=true a missing Chromium fails;
# elsewhere the check is skipped, saying so. Runs as root in a container: --no-sandbox, a
# throwaway profile; a minute at most.
set -euo pipefail
cd "$(dirname "$0")/.."
ledgerport=${1:?usage: scripts/check-report-render.sh LEDGERPORT [--update]}
update=${2:-}
width=1040
height=1100
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "check-report-render: chromium is not installed (scripts/install-deps.sh installs it)" >&2
    [ "${CI:-}" = "true" ] && exit 1
    echo "check-report-render: skipped"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LEDGERPORT_DB="$work/ledger.sqlite"
export LEDGERPORT_MAPPINGS="$PWD/mappings"
"$ledgerport" import samples/csv/us-checking.csv --account Checking >/dev/null
"$ledgerport" import samples/ofx/checking-v102.ofx >/dev/null
"$ledgerport" reconcile Checking --balance 3741.90 --as-of 2024-10-31 >/dev/null
# render NAME: the page $work/NAME.html screenshotted to $work/NAME.png and checked.
render() {
    local name=$1
    if ! timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
        --no-first-run --user-data-dir="$work/profile" --window-size="$width,$height" \
        --screenshot="$work/$name.png" "file://$work/$name.html" >"$work/chromium.log" 2>&1 \
        || [ ! -s "$work/$name.png" ]; then
        echo "check-report-render: chromium made no screenshot of $name.html:" >&2
        cat "$work/chromium.log" >&2
        exit 1
    fi
    # The chart is 960 px wide in the page; its plot, where the line runs, 840 px (BalanceChart.plot).
    python3 scripts/check_png.py "$work/$name.png" --width "$width" --height "$height" --line 1f5fbf \
        --line-width 840
}
"$ledgerport" report reconcile Checking -o "$work/report.html" >/dev/null
render report
# It prints: Chromium's print to PDF (A4 landscape, from the page's @page rule) gives pages.
if ! timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$work/profile" --no-pdf-header-footer --print-to-pdf="$work/report.pdf" \
    "file://$work/report.html" >"$work/chromium.log" 2>&1 || ! head -c 5 "$work/report.pdf" | grep -q '%PDF-'; then
    echo "check-report-render: chromium printed no PDF of report.html:" >&2
    cat "$work/chromium.log" >&2
    exit 1
fi
pages=$(grep -a -o '/Type */Page\b' "$work/report.pdf" | wc -l)
if [ "$pages" -lt 1 ]; then
    echo "check-report-render: the printed report has no page" >&2
    exit 1
fi
echo "check-report-render: report.html prints to $pages page(s)"
# The same account after a row typed by hand that the bank never booked: a discrepancy, the day
# the balances part, and the candidates (the second picture in docs/report-html.md).
"$ledgerport" add "24.50 cash at the farmers market" --date 2024-10-09 --account Checking --yes >/dev/null
"$ledgerport" report reconcile Checking -o "$work/report-discrepancy.html" >/dev/null
render report-discrepancy
if [ "$update" = "--update" ]; then
    mkdir -p docs/images
    cp "$work/report.png" docs/images/reconciliation-report.png
    cp "$work/report-discrepancy.png" docs/images/reconciliation-report-discrepancy.png
    echo "check-report-render: updated docs/images/reconciliation-report.png and reconciliation-report-discrepancy.png"
fi
