#!/usr/bin/env bash
# Configures and builds into build/<type> with ccache. Usage: scripts/build.sh [Release|Debug] [extra cmake args]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
type=${1:-Release}; shift || true
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true CCACHE_SLOPPINESS=pch_defines,time_macros
bdir="$root/build/${type,,}"
if [ ! -f "$bdir/build.ninja" ]; then
  cmake -S "$root" -B "$bdir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "$@" >/dev/null
fi
cmake --build "$bdir" -j"$(nproc)"
echo "$bdir"
