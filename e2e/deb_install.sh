#!/usr/bin/env bash
# The Debian package as a user gets it (`make e2e`, after `make deb`; root, as it changes the
# system): `apt-get install ./tview_VERSION_ARCH.deb`, then tview run from /usr/bin with nothing
# of the build around it, then `apt-get purge`, leaving the packages as they were.
#
# Checks: the installed tview runs with PATH=/usr/bin:/bin only (no Swift there), and again with
# the Swift toolchain and the build folder hidden (an empty tmpfs over each, in a mount namespace
# of its own); a GIF to a pipe gives text and exit 0; each format whose recommended library is
# installed plays to a pipe (WebP, AVIF, JPEG XL, MP4), and a picture's colour profile is read
# through lcms2 (its name, 'Display P3'); with a recommended library hidden (an overlay over the
# library folder, in a mount namespace) the file fails with tview's one-line error naming it;
# `man -w tview`; the completions where bash, zsh and fish look; no file of the package names
# the build tree or /opt/swift, the binary has no RPATH or RUNPATH and ldd finds every library.
# Then purge: no file of the package left, the package list as before.
#
# Usage: e2e/deb_install.sh [PACKAGE.deb]   (default: the one `make deb` wrote for this version)
set -uo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO"
DEB=${1:-tview_$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)_$(dpkg --print-architecture).deb}
CLEAN=(env -i PATH=/usr/bin:/bin)
failures=0
pass() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

[ "$(id -u)" = 0 ] || { echo "deb_install.sh: needs root (apt-get)" >&2; exit 1; }
[ -s "$DEB" ] || { echo "deb_install.sh: no $DEB: run make deb first" >&2; exit 1; }
if dpkg-query -W -f='${Status}' tview 2>/dev/null | grep -q ' installed$'; then
    echo "deb_install.sh: the tview package is already installed; this check installs and purges it" >&2
    exit 1
fi
version=$(dpkg-deb -f "$DEB" Version)
upstream=${version%-*}
SCRATCH=$(mktemp -d)
packages() { dpkg-query -W -f='${db:Status-Abbrev} ${Package}:${Architecture} ${Version}\n' | sort; }
packages > "$SCRATCH/before"

installed=0
purge() {
    [ "$installed" = 1 ] || return 0
    installed=0
    echo "--- apt-get purge -y tview"
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -q tview 2>&1 | grep -E "^(Removing|Purging)" | sed 's/^/    /'
    # What apt-get install brought in for it (Depends, Recommends missing before), out again.
    added=$(comm -13 "$SCRATCH/before" "$SCRATCH/installed" | awk '$2 != "tview:'"$(dpkg --print-architecture)"'" { sub(/:.*/, "", $2); print $2 }')
    if [ -n "$added" ]; then
        echo "--- apt-get purge -y (what the install added):" $added
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $added > /dev/null 2>&1
    fi
}
trap 'purge; rm -rf "$SCRATCH"' EXIT

echo "--- apt-get install -y ./$DEB"
if DEBIAN_FRONTEND=noninteractive apt-get install -y -q "./$DEB" > "$SCRATCH/apt.log" 2>&1; then
    installed=1
    grep -E "^(The following NEW|  |Setting up|[0-9]+ upgraded)" "$SCRATCH/apt.log" | sed 's/^/    /'
    pass "installed $(dpkg-query -W -f='${Package} ${Version}' tview)"
else
    cat "$SCRATCH/apt.log"
    packages > "$SCRATCH/installed"
    installed=1
    fail "apt-get install ./$DEB"
    exit 1
fi
packages > "$SCRATCH/installed"
removed=$(comm -23 "$SCRATCH/before" "$SCRATCH/installed")
[ -z "$removed" ] && pass "the install removed or changed no package" || fail "the install changed: $removed"

# --- It runs from /usr/bin with nothing of the build.
"${CLEAN[@]}" sh -c 'command -v swift' > /dev/null && fail "swift is on PATH=/usr/bin:/bin" ||
    pass "no swift on PATH=/usr/bin:/bin"
out=$("${CLEAN[@]}" tview --version 2>&1)
[ "$out" = "tview $upstream" ] && pass "env -i PATH=/usr/bin:/bin tview --version: $out" ||
    fail "tview --version said '$out', not 'tview $upstream'"

# `tview FILE | ...`: standard output a pipe, the first frame as ANSI text; the exit status is
# tview's (PIPESTATUS), the bytes counted and the first 100 shown with escapes visible.
to_pipe() {  # to_pipe LABEL FILE [OPTIONS...]
    local label=$1 file=$2; shift 2
    "${CLEAN[@]}" tview "$@" "$file" 2> "$SCRATCH/err" | cat > "$SCRATCH/out"
    local status=${PIPESTATUS[0]} bytes
    bytes=$(wc -c < "$SCRATCH/out")
    if [ "$status" = 0 ] && [ "$bytes" -gt 0 ]; then
        pass "$label: tview ${*:+$* }$(basename "$file") | ...: exit 0, $bytes bytes, first 100: $(head -c 100 "$SCRATCH/out" | cat -v | tr -d '\n')"
    else
        fail "$label: tview $(basename "$file") to a pipe: exit $status, $bytes bytes: $(cat "$SCRATCH/err")"
    fi
}
to_pipe GIF samples/good/demo-ball.gif

# The same with the toolchain and the build folder covered, in a mount namespace of this command
# only (the system's mounts are not touched). Samples are copied out of the repository first.
mkdir -p "$SCRATCH/samples"
cp samples/good/demo-ball.gif "$SCRATCH/samples/"
if unshare --mount true 2> /dev/null; then
    hidden=$(unshare --mount bash -c '
        set -o pipefail
        for d in /opt/swift "$1/.build"; do [ ! -d "$d" ] || mount -t tmpfs none "$d" || exit 3; done
        [ -z "$(find /opt/swift "$1/.build" -mindepth 1 2>/dev/null | head -1)" ] || exit 4
        env -i PATH=/usr/bin:/bin tview --version &&
        env -i PATH=/usr/bin:/bin tview "$2/samples/demo-ball.gif" | wc -c' bash "$REPO" "$SCRATCH" 2>&1)
    status=$?
    [ "$status" = 0 ] && pass "with /opt/swift and $REPO/.build hidden (empty tmpfs): $(echo $hidden)" ||
        fail "with /opt/swift and .build hidden: exit $status: $hidden"
else
    echo "skipped: hiding /opt/swift (no mount namespace here)"
fi

# --- Formats through the recommended libraries, where they are installed.
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q ' installed$'; }
recommends=$(dpkg-deb -f "$DEB" Recommends | tr -d ' ' | tr ',' ' ')
echo "    Recommends: $recommends"
to_pipe WebP samples/good/webp-lossless-alpha.webp
for entry in "AVIF:libavif:samples/good/avif-still-lossy.avif" "JPEG XL:libjxl:samples/good/jxl-layers-lossy.jxl" \
    "MP4:libavcodec:samples/good/video-h264-vfr.mp4"; do
    IFS=: read -r label prefix file <<< "$entry"
    need=$(echo $recommends | tr ' ' '\n' | grep "^$prefix" || true)
    if [ -n "$need" ] && have "$need"; then to_pipe "$label ($need)" "$file"; else echo "skipped: $label ($prefix not installed)"; fi
done
lcms=$(echo $recommends | tr ' ' '\n' | grep '^liblcms2' || true)
if [ -n "$lcms" ] && have "$lcms"; then
    profile=$("${CLEAN[@]}" tview --info samples/good/jpeg-display-p3.jpg | grep 'colour profile')
    case "$profile" in *"'Display P3'"*) pass "colour profile through $lcms:$profile" ;;
        *) fail "jpeg-display-p3.jpg's profile not read through lcms2: $profile" ;; esac
fi

# --- A recommended library missing: the file fails with tview's one-line error, which names it.
# An overlay over the library folder, in a mount namespace, hides the files from tview alone.
LIBDIR=/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)
without() {  # without "GLOB..." LABEL FILE: tview FILE with those libraries hidden
    local globs=$1 label=$2 file=$3 said status
    said=$(unshare --mount bash -c '
        mount -t tmpfs none /mnt && mkdir /mnt/upper /mnt/work &&
        mount -t overlay overlay -o "lowerdir=$1,upperdir=/mnt/upper,workdir=/mnt/work" "$1" || exit 99
        for glob in $2; do rm -f "$1"/$glob; done
        env -i PATH=/usr/bin:/bin tview "$3" > /dev/null' bash "$LIBDIR" "$globs" "$REPO/$file" 2>&1)
    status=$?
    if [ "$status" = 99 ]; then echo "skipped: hiding $globs (no overlay here)"; return; fi
    case "$status:$said" in
        "2:tview: $REPO/$file: "*"needs a library that could not be loaded: "*"cannot open shared object file"*)
            pass "$label without its library: exit 2: $said" ;;
        *) fail "$label with $globs hidden: exit $status: $said" ;;
    esac
}
if unshare --mount true 2> /dev/null; then
    without "libjxl.so.*" "JPEG XL" samples/good/jxl-still-lossy.jxl
    without "libavif.so.*" AVIF samples/good/avif-still-lossy.avif
    without "libavcodec.so.*" MP4 samples/good/video-h264-vfr.mp4
    # Without lcms2 a picture with a profile still shows, unconverted, and tview says so.
    said=$(unshare --mount bash -c '
        mount -t tmpfs none /mnt && mkdir /mnt/upper /mnt/work &&
        mount -t overlay overlay -o "lowerdir=$1,upperdir=/mnt/upper,workdir=/mnt/work" "$1" || exit 99
        rm -f "$1"/liblcms2.so.*
        env -i PATH=/usr/bin:/bin tview --info "$2"' bash "$LIBDIR" "$REPO/samples/good/jpeg-display-p3.jpg" 2>&1)
    case "$?:$said" in
        99:*) echo "skipped: hiding liblcms2 (no overlay here)" ;;
        *"not applied (no lcms2)"*"warning: its colour profile is not applied: liblcms2 could not be loaded"*)
            pass "colour profile without liblcms2: said: $(echo "$said" | tail -1)" ;;
        *) fail "colour profile with liblcms2 hidden: $said" ;;
    esac
fi

# --- The man page and completions where man, bash, zsh and fish look.
page=$("${CLEAN[@]}" man -w tview 2>&1)
[ "$page" = /usr/share/man/man1/tview.1.gz ] && pass "man -w tview: $page" || fail "man -w tview: $page"
title=$("${CLEAN[@]}" MANWIDTH=80 man -P cat tview 2> /dev/null | grep -m1 -A1 '^NAME' | tail -1 | sed 's/^ *//')
[ -n "$title" ] && pass "man tview: NAME: $title" || fail "man tview shows no NAME section"
"${CLEAN[@]}" bash -c 'source /usr/share/bash-completion/completions/tview && complete -p tview' > "$SCRATCH/bash" 2>&1 &&
    pass "bash: $(cat "$SCRATCH/bash")" || fail "bash completion: $(cat "$SCRATCH/bash")"
if command -v zsh > /dev/null; then
    "${CLEAN[@]}" zsh -fc 'for d in $fpath; do [[ -e $d/_tview ]] && print $d/_tview; done' > "$SCRATCH/zsh" 2>&1
    [ -s "$SCRATCH/zsh" ] && pass "zsh finds $(cat "$SCRATCH/zsh") on its default fpath" || fail "_tview is on no zsh fpath"
fi
if command -v fish > /dev/null; then
    n=$("${CLEAN[@]}" HOME="$SCRATCH" fish -c 'complete -C"tview --pix"' 2>/dev/null | grep -c -- '--pixels')
    [ "$n" -gt 0 ] && pass "fish completes 'tview --pix' to --pixels" || fail "fish does not complete tview's options"
fi

# --- Nothing points into the build tree or the toolchain.
bad=""
for f in $(dpkg -L tview); do
    [ -f "$f" ] || continue
    case "$f" in *.gz) reader=zcat ;; *) reader=cat ;; esac
    $reader "$f" | strings -n 6 | grep -qE "$REPO|/work/|/opt/swift" && bad="$bad $f"
done
[ -z "$bad" ] && pass "no file of the package names $REPO, /work/ or /opt/swift" || fail "build paths in:$bad"
paths=$(readelf -d /usr/bin/tview | grep -E 'RPATH|RUNPATH')
[ -z "$paths" ] && pass "readelf -d /usr/bin/tview: no RPATH, no RUNPATH" || fail "readelf -d: $paths"
libs=$("${CLEAN[@]}" ldd /usr/bin/tview)
if echo "$libs" | grep -qE 'not found|/opt/|/work/'; then fail "ldd: $libs"; else
    pass "ldd: $(echo "$libs" | awk '$3 ~ /^\// { print $1 }' | tr '\n' ' ')all in the system's folders"; fi
file /usr/bin/tview | grep -q ', stripped' && pass "/usr/bin/tview is stripped" || fail "/usr/bin/tview is not stripped"

# --- Purge: nothing of it left, the package list as before.
files=$(dpkg -L tview | while read -r f; do [ -d "$f" ] || echo "$f"; done)
purge
left=$(for f in $files /usr/share/doc/tview; do [ -e "$f" ] && echo "$f"; done)
[ -z "$left" ] && pass "purged: none of its $(echo "$files" | wc -l) files left" || fail "left after purge: $left"
packages > "$SCRATCH/after"
if cmp -s "$SCRATCH/before" "$SCRATCH/after"; then pass "the package list is as before ($(wc -l < "$SCRATCH/after") packages)"; else
    fail "packages differ after purge: $(diff "$SCRATCH/before" "$SCRATCH/after" | grep '^[<>]' | tr '\n' ' ')"; fi

if [ "$failures" = 0 ]; then echo "deb_install: all passed"; else echo "deb_install: $failures failed"; exit 1; fi
