#!/usr/bin/env bash
# Runs every pipeline stage that exists on the demo asset through the CLI.
# Usage: scripts/pipeline.sh <splatwright-cli> <output dir>
set -euo pipefail
cli=$1
out=$2
mkdir -p "$out"
step() { echo; echo "== $*"; }

step "demo asset (generated from seed 7)"
"$cli" demo -o "$out/demo_drone.glb"

step "import: model report"
"$cli" info "$out/demo_drone.glb" | tee "$out/info.txt"

if "$cli" render --help >/dev/null 2>&1; then
  step "preview renders (grey and black)"
  "$cli" render "$out/demo_drone.glb" -o "$out/preview_grey.png" --background grey
  "$cli" render "$out/demo_drone.glb" -o "$out/preview_black.png" --background black
fi

echo
echo "splatwright: outputs in $out:"
ls -l "$out"
