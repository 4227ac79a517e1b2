#!/usr/bin/env bash
# Installs the Debian 12 packages Splatwright needs. Idempotent: a no-op (~2 s) when present.
# Sourced by scripts/run and scripts/test; safe to run by hand.
set -euo pipefail

SW_PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev libqt6opengl6-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-charts-dev
  libassimp-dev libeigen3-dev libtorch-dev libopenblas0-pthread libembree-dev libnanoflann-dev
  nlohmann-json3-dev libcli11-dev libstb-dev zlib1g-dev libzstd-dev libpng-dev libwebp-dev doctest-dev
  libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri libgbm1
  xvfb xauth xkb-data x11-xkb-utils fonts-dejavu-core mesa-utils x11-apps imagemagick dpkg-dev file
  munge slurmctld slurmd slurm-client
  chromium
)
# chromium: the viewer check (tests/external/viewers, CTest label external) opens exported files
# in Spark and PlayCanvas in Debian's headless Chromium; it also needs node and npm (below).
# munge, slurmctld, slurmd and slurm-client: the batch farm test (tests/cli/slurm_batch.sh) starts
# a single-node Slurm on localhost from a generated slurm.conf; no service is enabled.
# `deps.sh sanitizers`: also what scripts/fuzz needs (clang, libFuzzer + sanitizer runtimes,
# llvm-symbolizer for readable reports).
if [ "${1:-}" = sanitizers ]; then
  SW_PACKAGES+=(clang libclang-rt-14-dev llvm)
fi

# Peers of the benchmarks only (bench/dataset_vs_blender.sh), not dependencies of the product:
# SW_BENCH_PEERS=1 scripts/deps.sh also installs Debian's Blender and the system numpy.
if [ "${SW_BENCH_PEERS:-0}" = 1 ]; then
  SW_PACKAGES+=(blender python3-numpy bc)
fi

missing=()
for p in "${SW_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "splatwright: installing ${#missing[@]} Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The viewer check's npm packages, from its lock file (npm ci), when the lock file is newer than
# what was installed. A failure is not fatal: that test then skips naming what is missing.
viewers="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/tests/external/viewers"
if [ -f "$viewers/package-lock.json" ] && command -v npm >/dev/null 2>&1 &&
   { [ ! -f "$viewers/node_modules/.package-lock.json" ] || [ "$viewers/package-lock.json" -nt "$viewers/node_modules/.package-lock.json" ]; }; then
  echo "splatwright: npm ci for the viewer check ($viewers)"
  (cd "$viewers" && npm ci --no-audit --no-fund --ignore-scripts >/dev/null) ||
    echo "splatwright: npm ci failed; the external viewer test will be skipped"
fi
