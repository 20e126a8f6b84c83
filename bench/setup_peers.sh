#!/usr/bin/env bash
# The bench's peers (`make bench-peers`): the newest chafa 1.18.x and timg 1.6.x built from their
# public source into $PEERS (/opt/peers) by ../shared/bench/build_peers.sh; Debian's /usr/bin/chafa
# and /usr/bin/timg stay as the second row. Nothing to do when both are built (the builder's
# stamps). Otherwise the sources are copies of the repositories: $MIRRORS/*chafa*, /work/.mirror,
# or a bare clone from GitHub into $CACHE (~/.cache/tview-bench). The builder lives outside the
# repository, beside it: where it is absent nothing is built, the bench scripts note the newest
# peers as not built and Debian's chafa and timg are the peers.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILDER=${BUILDER:-$HERE/../../shared/bench/build_peers.sh}
export PEERS=${PEERS:-/opt/peers}
CACHE=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tview-bench}

built() {  # built NAME STAMP-PATTERN: stamp of the wanted series and a binary that runs
    grep -Eq "$2" "$PEERS/$1/.build-stamp" 2>/dev/null && "$PEERS/$1/bin/${1%-*}" --version >/dev/null 2>&1
}
if built chafa-1.18 '^chafa 1\.18\.[0-9]+ ' && built timg-1.6 '^timg v1\.6\.[0-9]+ '; then
    echo "bench peers: $(cat "$PEERS/chafa-1.18/.build-stamp"), $(cat "$PEERS/timg-1.6/.build-stamp") in $PEERS"
    exit 0
fi

if [ ! -f "$BUILDER" ]; then
    echo "bench peers: not built: ../shared/bench/build_peers.sh absent (Debian's chafa and timg remain the peers)"
    exit 0
fi

repository() {  # repository OWNER/NAME: a git dir of a copy, cloned into $CACHE when none is found
    local name=${1#*/} d
    for d in "${MIRRORS:-/nonexistent}"/*"$name"*/repo "${MIRRORS:-/nonexistent}"/*"$name"* \
        /work/.mirror/*"$name"*/repo "$CACHE/$name.git"; do
        git -c safe.directory='*' --git-dir="$d" rev-parse --git-dir >/dev/null 2>&1 && { echo "$d"; return; }
    done
    mkdir -p "$CACHE" && git clone -q --bare "https://github.com/$1" "$CACHE/$name.git" >/dev/null 2>&1 \
        && echo "$CACHE/$name.git" && return
    rm -rf "$CACHE/$name.git"
    echo "bench/setup_peers.sh: no copy of $1 (looked in \$MIRRORS, /work/.mirror, $CACHE) and git clone https://github.com/$1 failed" >&2
    return 1
}
chafa=$(repository hpjansson/chafa) || exit 1
timg=$(repository hzeller/timg) || exit 1
exec bash "$BUILDER" "$chafa" "$timg"
