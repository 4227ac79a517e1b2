#!/usr/bin/env bash
# Dataset lighting and speed against headless Blender (issue 14): for every model of the list,
# the same train views (golden spiral, index for index) rendered by `splatwright-cli dataset`
# (ao recipe) and by Debian's Blender running bench/blender_dataset.py (Cycles, white dome,
# diffuse(texture), no sun), then compared view for view by bench/compare_datasets.py:
# alpha IoU, brightness ratio (foreground mean ours / Blender), PSNR over grey 0.5, and the
# seconds each took for those views (ours: import + lighting bake + render + PNGs; Blender:
# start-up + import + render). Side-by-side images (ours left, Blender right, view 0) go to
# <out dir>/side_<model>.png. A model that uses Draco geometry or KTX2 textures (jet-fighter),
# which Debian's Blender 3.4 cannot read, reaches Blender as `splatwright-cli plain-glb`'s copy
# (<out dir>/<model>-plain.glb: Draco decoded by Assimp, KTX2 decoded by our importer's decoder
# and stored as PNG); that conversion is timed on neither side.
#
# Usage: bench/dataset_vs_blender.sh <splatwright-cli> [views=10] [resolution=400] [spp=32] [out dir] [models...]
#   models: demo-drone demo-plated FlightHelmet Fox jet-fighter portal pine-tree-1 pine-tree-3 (default: all)
# Env:  SW_ASSETS third-party models (default: <repo>/../shared/assets)
#       SW_DATASET_FLAGS extra flags for `splatwright-cli dataset`
# Needs: SW_BENCH_PEERS=1 scripts/deps.sh (Debian's blender, python3-numpy, bc).
set -euo pipefail
cli=$(realpath "$1")
views=${2:-10}
res=${3:-400}
spp=${4:-32}
here=$(cd "$(dirname "$0")" && pwd)
out=${5:-$(mktemp -d)}
shift $(( $# < 5 ? $# : 5 ))
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(demo-drone demo-plated FlightHelmet Fox jet-fighter portal pine-tree-1 pine-tree-3)
assets=${SW_ASSETS:-$here/../../shared/assets}
mkdir -p "$out"
now() { date +%s.%N; }

model_path() {
  case "$1" in
    demo-drone) "$cli" demo -o "$out/demo-drone.glb" >/dev/null && echo "$out/demo-drone.glb" ;;
    demo-plated) "$cli" demo --style plated -o "$out/demo-plated.glb" >/dev/null && echo "$out/demo-plated.glb" ;;
    FlightHelmet) echo "$assets/models/FlightHelmet/FlightHelmet.gltf" ;;
    Fox|jet-fighter|portal) echo "$assets/models/$1.glb" ;;
    pine-tree-1|pine-tree-3) echo "$assets/foliage/$1/scene.gltf" ;;
    *) echo "unknown model $1" >&2; return 1 ;;
  esac
}

printf '%-13s %7s %10s %9s %9s %9s %10s %7s\n' model iou brightness psnr_dB min_dB ours_s blender_s speed
for m in "${models[@]}"; do
  path=$(model_path "$m")
  rm -rf "$out/ours_$m" "$out/blender_$m"
  t0=$(now)
  # shellcheck disable=SC2086
  if ! "$cli" dataset "$path" -o "$out/ours_$m" --resolution "$res" --views "$views" --val-views 0 \
        --test-views 0 ${SW_DATASET_FLAGS:-} >"$out/ours_$m.log" 2>&1; then
    printf '%-13s ours failed: %s\n' "$m" "$(tail -1 "$out/ours_$m.log")"
    continue
  fi
  t1=$(now)
  blender_model=$path
  if grep -a -q -E 'KHR_draco_mesh_compression|KHR_texture_basisu' "$path"; then
    blender_model="$out/$m-plain.glb"
    "$cli" plain-glb "$path" -o "$blender_model" >"$out/plain_$m.log" 2>&1 ||
      { printf '%-13s plain-glb failed: %s\n' "$m" "$(tail -1 "$out/plain_$m.log")"; continue; }
    t1=$(now)
  fi
  blender -b -P "$here/blender_dataset.py" -- "$blender_model" "$out/blender_$m" "$views" "$res" CYCLES "$spp" 0 4 \
        >"$out/blender_$m.log" 2>&1 || { printf '%-13s blender failed (see %s)\n' "$m" "$out/blender_$m.log"; continue; }
  t2=$(now)
  read -r _ iou _ bright _ psnr _ minp < <(/usr/bin/python3 "$here/compare_datasets.py" "$out/ours_$m" "$out/blender_$m" \
        "$views" train "$out/side_$m.png" 0)
  ours=$(echo "$t1 - $t0" | bc -l)
  blend=$(echo "$t2 - $t1" | bc -l)
  printf '%-13s %7s %10s %9s %9s %9.1f %10.1f %6.1fx\n' "$m" "$iou" "$bright" "$psnr" "$minp" "$ours" "$blend" \
    "$(echo "$blend / $ours" | bc -l)"
done
