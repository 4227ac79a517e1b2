#!/usr/bin/env bash
# Runs every pipeline stage that exists on the demo asset through the CLI:
#   demo GLB → info (import report) → preview renders → dataset → train → export (SPL2, meta,
#   PLY, SPZ) → game-scale preview of the export → convert check.
# Usage: scripts/pipeline.sh <splatwright-cli> <output dir>
# Environment: SW_STEPS (training steps, default the trainer's 6000), SW_RES (training
# resolution, default 400), SW_DATASET_RES (dataset resolution, default 1024).
set -euo pipefail
cli=$1
out=$2
mkdir -p "$out"
# The folder is this script's own: files an older build wrote there (not yet listed in its output
# marker) are replaced too.
ow=--overwrite
step() { echo; echo "== $*"; }
has() { "$cli" "$1" --help >/dev/null 2>&1; }

step "demo asset (generated from seed 7)"
"$cli" demo -o "$out/demo_drone.glb" $ow

step "import: model report"
"$cli" info "$out/demo_drone.glb" | tee "$out/info.txt"

step "preview renders (grey and black)"
"$cli" render "$out/demo_drone.glb" -o "$out/preview_grey.png" --background grey $ow
"$cli" render "$out/demo_drone.glb" -o "$out/preview_black.png" --background black $ow

step "dataset (belt 14°..50°, 200 train views, ao recipe)"
"$cli" dataset "$out/demo_drone.glb" -o "$out/dataset" --resolution "${SW_DATASET_RES:-1024}"

cloud=""
if has train; then
  step "train (fixed budget, MCMC)"
  train_args=(--model "$out/demo_drone.glb")
  [ -n "${SW_STEPS:-}" ] && train_args+=(--steps "$SW_STEPS")
  [ -n "${SW_RES:-}" ] && train_args+=(--res "$SW_RES")
  "$cli" train "$out/dataset" -o "$out/train" "${train_args[@]}"
  cloud="$out/train/cloud.ply"
fi

if [ -n "$cloud" ] && has export; then
  step "bake and export (SPL2 + CHNK, meta, debug JSON, PLY, SPZ)"
  "$cli" export "$cloud" --model "$out/demo_drone.glb" --dataset "$out/dataset" -o "$out/export" --name demo_drone
  step "game-scale preview of the exported model (x1 and x3, grey and black, beside the mesh)"
  "$cli" preview "$out/export/demo_drone.bin" -o "$out/export/game_scale.png" --mesh "$out/demo_drone.glb" $ow
  step "convert check (SPZ back to PLY)"
  "$cli" convert "$out/export/demo_drone.spz" -o "$out/export/demo_drone_from_spz.ply" $ow
fi

echo
echo "splatwright: outputs in $out:"
find "$out" -maxdepth 2 -type f ! -path '*/dataset/*' -printf '  %p  (%s bytes)\n' | sort
echo "  $out/dataset/  ($(find "$out/dataset" -name '*.png' | wc -l) images)"
