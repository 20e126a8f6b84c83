#!/usr/bin/env bash
# `make deb`: tview_VERSION_ARCH.deb in the repository's top folder, from what `make build` and
# `make man` left in .build/, with dpkg's own tools (dpkg-shlibdeps, dpkg-gencontrol, dpkg-deb)
# and no debhelper. docs/packaging.md says what goes where and why.
#
# VERSION is tview's own (`tview --version`) and the revision of the newest entry of
# packaging/debian/changelog, which must name that version. Depends: dpkg-shlibdeps, from the
# libraries the binary links. Recommends: the packages of the libraries tview opens with dlopen
# only when a file needs them. Built reproducibly: every file's time is SOURCE_DATE_EPOCH (the
# last commit's, else the changelog entry's), owners root:root, modes set here.
set -euo pipefail
cd "$(dirname "$0")/.."
umask 022

BINARY=.build/release/tview
MANPAGE=.build/man/tview.1
PACKAGING=packaging/debian
WORK=.build/deb
PKG=$WORK/debian/tview
MULTIARCH=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
ARCH=$(dpkg --print-architecture)

for f in "$BINARY" "$MANPAGE"; do
    [ -s "$f" ] || { echo "make_deb.sh: $f is missing: run make build man first" >&2; exit 1; }
done

upstream=$("$BINARY" --version | sed -n 's/^tview //p')
version=$(dpkg-parsechangelog -l "$PACKAGING/changelog" -S Version)
if [ "${version%-*}" != "$upstream" ]; then
    echo "make_deb.sh: tview is $upstream but $PACKAGING/changelog's newest entry is $version:" >&2
    echo "  add an entry for $upstream-1 (dch -c $PACKAGING/changelog -v $upstream-1)" >&2
    exit 1
fi
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null ||
    dpkg-parsechangelog -l "$PACKAGING/changelog" -S Timestamp)}

# The libraries opened with dlopen, by the development link the build's headers came with: the
# link's target names the soname tview asks for (CCodecLoader: libavif, libjxl and its thread
# pool; CVideo: FFmpeg's four; CColor: liblcms2.so.2), and dpkg the package that has it.
# libavif's own dependency on libdav1d comes with libavif's package.
DLOPENED="libavif libjxl libjxl_threads libavformat libavcodec libavutil libswscale liblcms2"
recommends=""
for lib in $DLOPENED; do
    link=/usr/lib/$MULTIARCH/$lib.so
    soname=$(objdump -p "$(readlink -f "$link")" 2>/dev/null | awk '$1 == "SONAME" { print $2 }')
    [ -n "$soname" ] || { echo "make_deb.sh: no $link (make deps installs it)" >&2; exit 1; }
    package=$(dpkg-query -S "/usr/lib/$MULTIARCH/$soname" | sed 's/:.*//')
    case ", $recommends, " in *", $package, "*) ;; *) recommends="${recommends:+$recommends, }$package" ;; esac
done

rm -rf "$WORK"
mkdir -p "$WORK/debian"
cp "$PACKAGING/control" "$PACKAGING/changelog" "$WORK/debian/"
install -d "$PKG/DEBIAN" "$PKG/usr/bin" "$PKG/usr/share/man/man1" "$PKG/usr/share/doc/tview" \
    "$PKG/usr/share/bash-completion/completions" "$PKG/usr/share/zsh/vendor-completions" \
    "$PKG/usr/share/fish/vendor_completions.d" "$PKG/usr/share/lintian/overrides"

# Stripped as dh_strip strips a program (its symbols and debug information, which also hold the
# build tree's paths), then the man page and completions it writes of itself (bash's without
# its #! line: the file is sourced, never run).
install -m 755 "$BINARY" "$PKG/usr/bin/tview"
strip --remove-section=.comment --remove-section=.note "$PKG/usr/bin/tview"
gzip -9n < "$MANPAGE" > "$PKG/usr/share/man/man1/tview.1.gz"
"$BINARY" --generate-completion-script bash | sed -e '1{/^#!/d}' -e '2{/^$/d}' \
    > "$PKG/usr/share/bash-completion/completions/tview"
"$BINARY" --generate-completion-script zsh > "$PKG/usr/share/zsh/vendor-completions/_tview"
"$BINARY" --generate-completion-script fish > "$PKG/usr/share/fish/vendor_completions.d/tview.fish"
install -m 644 "$PACKAGING/copyright" "$PKG/usr/share/doc/tview/copyright"
gzip -9n < "$PACKAGING/changelog" > "$PKG/usr/share/doc/tview/changelog.Debian.gz"
install -m 644 "$PACKAGING/lintian-overrides" "$PKG/usr/share/lintian/overrides/tview"
# Modes as dh_fixperms leaves them: folders and the program 755, every other file 644.
find "$PKG" -type d -exec chmod 755 {} +
find "$PKG/usr/share" -type f -exec chmod 644 {} +

# Control: Depends from the binary's NEEDED libraries, Installed-Size from the tree.
(
    cd "$WORK"
    dpkg-shlibdeps -Tdebian/tview.substvars debian/tview/usr/bin/tview
    echo "dlopen:Recommends=$recommends" >> debian/tview.substvars
    dpkg-gencontrol -ptview -Pdebian/tview -Tdebian/tview.substvars -fdebian/files
    cd debian/tview
    find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums
    chmod 644 DEBIAN/md5sums
)
find "$PKG" -depth -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +

deb="tview_${version}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$PKG" "$deb"

# lintian's errors fail the build; its warnings are shown (docs/packaging.md explains those left).
if command -v lintian > /dev/null; then
    said=$(lintian --fail-on error "$deb" 2>&1) || { echo "$said"; echo "make_deb.sh: lintian found errors" >&2; exit 1; }
    said=$(echo "$said" | grep -v '^running with root privileges' || true)
    echo "lintian: ${said:-no errors, no warnings}"
else
    echo "lintian: not installed, not run (make deb installs it)"
fi
echo "$deb"
