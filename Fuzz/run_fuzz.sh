#!/usr/bin/env bash
# Runs each decoder's libFuzzer target for SECONDS, seeded from ../shared/corpus (when present)
# and samples/. Usage: Fuzz/run_fuzz.sh BUILD_DIR SECONDS [TARGET...]
# A crash, a hang (over FUZZ_TIMEOUT s, default 2) or an allocation over 200 MB stops the run with the input saved in
# BUILD_DIR/findings/: copy it to samples/bad/<format>-<what-it-does>.<ext> (the regression tests
# play every file there) and fix the cause.
set -uo pipefail
cd "$(dirname "$0")/.."
build=$1
seconds=$2
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(gif png webp jpeg avif jxl video)
corpus=../shared/corpus
mkdir -p "$build/findings"
status=0
for target in "${targets[@]}"; do
    work="$build/corpus/$target"
    mkdir -p "$work"
    case $target in
        gif) seeds=("$corpus"/gif/*.gif "$corpus"/bad/*.gif samples/good/*.gif samples/bad/*.gif) ;;
        png) seeds=("$corpus"/png/*.png "$corpus"/apng/* "$corpus"/bad/*.png samples/good/*.png samples/bad/*.png) ;;
        webp) seeds=("$corpus"/webp/*.webp "$corpus"/bad/*.webp samples/good/*.webp samples/bad/*.webp) ;;
        jpeg) seeds=(samples/good/*.jpg samples/bad/*.jpg) ;;
        avif) seeds=("$corpus"/avif/*.avif samples/good/*.avif samples/bad/*.avif) ;;
        jxl) seeds=("$corpus"/jxl/*/input.jxl samples/good/*.jxl samples/bad/*.jxl) ;;
        video) seeds=(samples/good/video-* samples/bad/video-*) ;;
    esac
    # Named after their whole path: the JPEG XL cases are all called input.jxl.
    for seed in "${seeds[@]}"; do [ -f "$seed" ] && cp -n "$seed" "$work/$(echo "$seed" | sed "s|^\.\./||" | tr / _)" 2>/dev/null; done
    echo "fuzz-$target: $(ls "$work" | wc -l) inputs, ${seconds} s"
    # ASan's quarantine would count as memory in use; libFuzzer's limits catch the real thing.
    ASAN_OPTIONS=quarantine_size_mb=16:detect_leaks=0 "$build/release/fuzz-$target" "$work" \
        -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-2}" -malloc_limit_mb=200 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$build/findings/$target-" -print_final_stats=1 2>"$build/fuzz-$target.log"
    result=$?
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^Done" "$build/fuzz-$target.log" | tr '\n' ' '
    echo
    if [ $result -ne 0 ]; then
        echo "fuzz-$target found a problem (exit $result): see $build/fuzz-$target.log" >&2
        grep -E "ERROR|SUMMARY|Test unit written" "$build/fuzz-$target.log" | head -5 >&2
        status=1
    fi
done
exit $status
