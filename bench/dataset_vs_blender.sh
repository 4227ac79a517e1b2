#!/usr/bin/env bash
# Dataset benchmark (issue: ≥ 5× faster than headless Blender): the same belt views of the demo
# drone rendered by `splatwright-cli dataset` and by Debian's Blender running
# bench/blender_dataset.py, side by side in one run.
# Usage: bench/dataset_vs_blender.sh <splatwright-cli> [views] [blender views at 1024²]
# Needs: apt-get install blender python3-numpy (not installed by scripts/deps.sh: a peer, not a dependency).
set -euo pipefail
cli=$1
views=${2:-200}
blender1024=${3:-20}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" demo -o "$work/drone.glb" >/dev/null
now() { date +%s.%N; }
row() { printf '%-34s %10s %10s\n' "$1" "$2" "$3"; }
row "renderer" "seconds" "s/view"
for res in 400 1024; do
  t0=$(now)
  "$cli" dataset "$work/drone.glb" -o "$work/ours_$res" --resolution "$res" --views "$views" >/dev/null 2>&1
  t1=$(now)
  total=$(echo "$t1 - $t0" | bc -l)
  n=$((views + 8 + 16))
  row "splatwright ${res}² (${n} views)" "$(printf %.1f "$total")" "$(printf %.3f "$(echo "$total / $n" | bc -l)")"
  bviews=$views
  [ "$res" = 1024 ] && bviews=$blender1024
  t0=$(now)
  blender -b -P "$here/blender_dataset.py" -- "$work/drone.glb" "$work/blender_$res" "$bviews" "$res" CYCLES 16 >/dev/null 2>&1
  t1=$(now)
  total=$(echo "$t1 - $t0" | bc -l)
  row "blender cycles/16spp ${res}² (${bviews} views)" "$(printf %.1f "$total")" "$(printf %.3f "$(echo "$total / $bviews" | bc -l)")"
done
