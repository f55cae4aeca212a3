#!/usr/bin/env bash
# Build the profile loader with clang-16 + libFuzzer + ASan/UBSan in its own
# tree and fuzz it for a bounded time, seeded with every shipped and bad profile.
# usage: run.sh SOURCE_DIR BUILD_DIR SECONDS
set -euo pipefail
src=$1 build=$2 seconds=$3
command -v clang++-16 >/dev/null || { echo "fuzz: missing package clang-16" >&2; exit 1; }
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-16 CXX=clang++-16 cmake -S "$src" -B "$build" -G Ninja -DROCECFG_FUZZ=ON \
    -DBUILD_TESTING=ON -DROCECFG_LAB_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" --target profile_fuzz -j"$(nproc)" >/dev/null
corpus=$build/corpus
mkdir -p "$corpus"
cp "$src"/profiles/*.toml "$src"/profiles/sites/*.toml "$src"/tests/profile/bad/*.toml "$corpus"/
# -rss_limit/-timeout: a slow or bloated input is a finding too.
"$build/tests/profile/profile_fuzz" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 \
  -print_final_stats=1 "$corpus" 2>&1 | tail -15
