#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/<name>/main.swift with swiftc (never SwiftPM) and runs each
# for a given time, keeping a corpus and any crash input.
#
#   scripts/reliability/fuzz.sh [--seconds N] [--build-only] [TARGET...]   (default: every target, 60 s)
#
# Each target's Fuzz/<name>/modules lists the module folders under Sources/ it needs, in
# dependency order; each is compiled once per run with -sanitize=fuzzer,address into .build/fuzz/lib/.
# Seeds:   Fuzz/<name>/seeds/ and the folders listed in Fuzz/<name>/seed-dirs (samples, fixtures)
# Corpus:  .build/fuzz/corpus/<name>/ (kept between runs)
# Crashes: Fuzz/<name>/crashes/ (commit them, and add each as a regression test)
# Prints one line per target: "fuzz NAME: ok|CRASH|FAILED-TO-BUILD|NO-RUN, N executions in S s, corpus C"
# and exits 1 if any target crashed, failed to build or ran no input.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=60
build_only=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=$2; shift 2 ;;
        --build-only) build_only=1; shift ;;
        -h|--help) sed -n 2,12p "$0"; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
if [ ${#targets[@]} -eq 0 ]; then
    for dir in Fuzz/*/; do targets+=("$(basename "$dir")"); done
fi

out=$root/.build/fuzz
# One package name for every module, as SwiftPM gives them: `package` declarations cross modules.
sanitize=(-sanitize=fuzzer,address -O -g -parse-as-library -package-name ledgerport)

# Extra compiler and linker flags for a module, if it needs a C library.
module_flags() {
    case "$1" in
        CSVAdapter|LedgerCore|FeedAdapter|MT940Adapter|LedgerTestSupport) ;;
        XMLStream|OFXAdapter|CamtAdapter)
            echo "-I /usr/include/libxml2 -Xcc -fmodule-map-file=$root/Sources/CLibXML2/module.modulemap -lxml2" ;;
    esac
}

# Compiles one SwiftPM module's sources into a static library and a .swiftmodule.
build_module() { # target-dir module
    local dir=$1 module=$2
    local sources folder=Sources/$module
    [ -d "$folder" ] || folder=Tests/$module  # LedgerTestSupport: runAdapter and its checks
    sources=$(find "$folder" -name '*.swift' | sort)
    # shellcheck disable=SC2046,SC2086
    swiftc "${sanitize[@]}" -module-name "$module" -emit-module -emit-module-path "$dir/$module.swiftmodule" \
        -emit-library -static -o "$dir/lib$module.a" -I "$dir" $(module_flags "$module") $sources
}

built=" "
rebuilt=" "
build_target() { # name
    local name=$1 dir=$out/lib
    mkdir -p "$dir" "$out/$name"
    local modules libs=() flags="" stale=""
    modules=$(cat "Fuzz/$name/modules")
    for module in $modules; do
        if [[ "$built" != *" $module "* ]]; then
            # Rebuilt when one of its sources changed since its last build, or a module before it
            # in the list (one it uses) was rebuilt in this run.
            local folder=Sources/$module
            [ -d "$folder" ] || folder=Tests/$module
            if [ -n "$stale" ] || [ ! -f "$dir/lib$module.a" ] \
                || [ -n "$(find "$folder" -newer "$dir/lib$module.a" | head -1)" ]; then
                build_module "$dir" "$module" || return 1
                rebuilt+="$module "
            fi
            built+="$module "
        fi
        [[ "$rebuilt" == *" $module "* ]] && stale=1
        libs=("-l$module" ${libs[@]+"${libs[@]}"})  # static libraries: dependents first
        flags+=" $(module_flags "$module")"
    done
    # shellcheck disable=SC2086
    swiftc "${sanitize[@]}" -I "$dir" -L "$dir" "Fuzz/$name/main.swift" "${libs[@]}" $flags -o "$out/$name/fuzz-$name"
}

status=0
for name in "${targets[@]}"; do
    if [ ! -f "Fuzz/$name/main.swift" ]; then
        echo "fuzz $name: FAILED-TO-BUILD, no Fuzz/$name/main.swift"
        status=1
        continue
    fi
    if ! build_target "$name" >"$out-$name-build.log" 2>&1; then
        echo "fuzz $name: FAILED-TO-BUILD, see $out-$name-build.log"
        status=1
        continue
    fi
    [ "$build_only" -eq 1 ] && { echo "fuzz $name: built $out/$name/fuzz-$name"; continue; }
    corpus=$out/corpus/$name
    crashes=Fuzz/$name/crashes
    mkdir -p "$corpus" "$crashes"
    # Seeds and every crash input found so far are replayed first: a fixed crash stays fixed.
    seeds=()
    [ -d "Fuzz/$name/seeds" ] && seeds+=("Fuzz/$name/seeds")
    if [ -f "Fuzz/$name/seed-dirs" ]; then  # folders of the repository whose files are good seeds
        while IFS= read -r folder; do [ -d "$folder" ] && seeds+=("$folder"); done <"Fuzz/$name/seed-dirs"
    fi
    [ -n "$(ls -A "$crashes")" ] && seeds+=("$crashes")
    log=$out/$name.log
    set +e
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$out/$name/fuzz-$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "${seeds[@]}" >"$log" 2>&1
    code=$?
    set -e
    # A run that died before printing its statistics has none: an empty figure, not the end of
    # this script (under set -e a grep finding nothing would stop it without a word).
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    took=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    size=$(find "$corpus" -type f | wc -l)
    if [ "$code" -eq 0 ] && [ "${execs:-0}" -eq 0 ]; then
        echo "fuzz $name: NO-RUN, the fuzzer exited 0 without running an input (log $log)"
        status=1
    elif [ "$code" -eq 0 ]; then
        echo "fuzz $name: ok, $execs executions in ${seconds} s (${took:-0}/s), corpus $size"
    else
        artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //' || true)
        echo "fuzz $name: CRASH (exit $code) after ${execs:-?} executions, input ${artifact:-none} (log $log)"
        status=1
    fi
done
exit $status
