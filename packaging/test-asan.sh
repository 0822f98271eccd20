#!/usr/bin/env bash
# The randomised GUI test (tests/app/tst_monkey.cpp) under AddressSanitizer + UBSan: builds the
# asan preset's studio and the test only, then runs it on the three bundled demo models.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset asan >/dev/null
cmake --build --preset asan -j2 --target tst_app_monkey
ctest --preset asan-gui --output-on-failure
