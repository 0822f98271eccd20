#!/usr/bin/env bash
# Installs every Debian 12 package G&A Studio needs to build, test and run. Idempotent and quiet;
# returns at once when everything is already there. Run as root (or with sudo).
set -euo pipefail
PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libqcustomplot-dev
  libtorch-dev libopenblas0-pthread
  libsentencepiece-dev sentencepiece
  nlohmann-json3-dev libpcre2-dev
  pybind11-dev python3-dev python3-numpy python3-pytest python3-pandas   # the Python module (python/) and its tests
  libgrpc++-dev protobuf-compiler-grpc openssl   # the remote engine (remote/: gna serve, --server) and its TLS test
  unicode-data bzip2  # tools/unicode/gen_unicode_tables.py and the Unicode conformance test
  xvfb xauth clang libclang-rt-14-dev
  file lintian desktop-file-utils appstream x11-utils   # the package and its checks (test-package.sh)
  slurmctld slurmd munge                                # the cluster test (tests/slurm)
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# LibTorch must use OpenBLAS (reference BLAS is ~30x slower).
if [ -e /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3 ]; then
  $SUDO update-alternatives --set libblas.so.3-x86_64-linux-gnu /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3 >/dev/null 2>&1 || true
  $SUDO update-alternatives --set liblapack.so.3-x86_64-linux-gnu /usr/lib/x86_64-linux-gnu/openblas-pthread/liblapack.so.3 >/dev/null 2>&1 || true
fi
