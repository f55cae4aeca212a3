#!/usr/bin/env bash
# Build one libFuzzer target with clang-16 + ASan/UBSan in its own tree (shared
# by all fuzz targets) and fuzz it for a bounded time, seeded with the shipped
# files and the inputs that once crashed or hung rocecfg (issue 12).
# usage: run.sh SOURCE_DIR BUILD_DIR TARGET SECONDS
#   TARGET: profile_fuzz (profiles and inventories), inventory_fuzz
#   (inventories, and their interface ranges expanded), include_fuzz (include
#   chains), switch_parse_fuzz (the six vendors' config parsers and audit,
#   counter transcripts and LLDP tables), text_input_fuzz (NCCL logs,
#   baselines, probe JSON), shell_fuzz (the SSH shell's prompt, pager and
#   error matching on what the CLI emulators print)
set -euo pipefail
src=$1 build=$2 target=$3 seconds=$4
command -v clang++-16 >/dev/null || { echo "fuzz: missing package clang-16" >&2; exit 1; }
# No optimisation and no debug info: an instrumented -O0 -g0 object compiles
# in a third of the time of -O2 -g (sonic/parse.cpp: 11 s against 33 s), which
# is what lets the vendor parsers' 65 sources fit the CI budget; the
# sanitizers' reports still name file and line through the symboliser.
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-16 CXX=clang++-16 cmake -S "$src" -B "$build" -G Ninja -DROCECFG_FUZZ=ON \
    -DBUILD_TESTING=ON -DROCECFG_LAB_TESTS=OFF -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g0" >/dev/null
fi
# One ninja per build tree: the three targets share objects, and CTest may
# start them together.
exec 9>"$build/.fuzz-build.lock"
flock 9
cmake --build "$build" --target "$target" -j"$(nproc)" >/dev/null
flock -u 9
corpus=$build/corpus-$target
rm -rf "$corpus"
mkdir -p "$corpus"
# The crash cases: 50,000 nested tables, a 50,000-part dotted key, an include
# of /dev/zero and of itself.
deep=$(printf 'a.%.0s' $(seq 1 50000))
crash_seeds() {
  printf '[%sa]\n' "$deep" > "$corpus/crash-deep-table.toml"
  printf '%sa = 1\n' "$deep" > "$corpus/crash-deep-key.toml"
  printf 'include = "/dev/zero"\n[fabric]\nname = "z"\n' > "$corpus/crash-dev-zero.toml"
}
case $target in
  profile_fuzz)
    cp "$src"/profiles/*.toml "$src"/profiles/sites/*.toml "$src"/tests/profile/bad/*.toml "$corpus"/
    crash_seeds
    ;;
  inventory_fuzz)
    cp "$src"/profiles/inventory.example.toml "$corpus"/
    # The ranges and names that once slipped past validate (issue 12).
    for r in 'swp1-swp99999999' 'swp32-swp1' 'swp1-eth4' 'swp0001-swp0003' '100GE1/0/1-8' \
             'Ethernet0-124' 'Ethernet0-124/4' 'Ethernet0-126/4' 'Ethernet1/1-4'; do
      printf '[[switch]]\nname = "s"\naddress = "10.0.0.1"\nvendor = "sonic"\ninterfaces = ["%s"]\n' \
        "$r" > "$corpus/range-$(printf '%s' "$r" | tr '/' '_').toml"
    done
    printf '[defaults]\nuser = "a;b"\n[[switch]]\nname = "s"\naddress = "h"\nvendor = "eos"\n' \
      > "$corpus/bad-user.toml"
    crash_seeds
    ;;
  include_fuzz)
    for f in "$src"/profiles/sites/*.toml "$src"/tests/profile/bad/*.toml; do
      cp "$f" "$corpus/"
      { printf 'include = "inc.toml"\n'; cat "$f"; printf '\0'; cat "$src/profiles/roce-lossless.toml"; } \
        > "$corpus/inc-$(basename "$f")"
    done
    { printf 'include = "inc.toml"\n[fabric]\nname = "loop"\n\0include = "top.toml"\n'; } \
      > "$corpus/crash-include-cycle.toml"
    crash_seeds
    ;;
  switch_parse_fuzz)
    i=0
    for f in "$src"/tests/switch/vendors/captured/*.* "$src"/tests/switch/vendors/golden/*/*.* \
             "$src"/tests/switch/corpus/*/*; do
      [ -f "$f" ] || continue
      { printf "\\$(printf '%03o' $((i % 6)))"; cat "$f"; } > "$corpus/seed-$i"
      i=$((i + 1))
    done
    # The CLI recogniser and capture reader (issue 31): each corpus file also
    # under its own vendor's byte (prompts, sessions, CRLF, pager residue
    # reach the parser), and a line just over cli::kMaxLineBytes.
    v=0
    for vendor in cumulus eos h3c huawei-ce nxos sonic; do
      for f in "$src"/tests/switch/corpus/"$vendor"/*; do
        [ -f "$f" ] || continue
        { printf "\\$(printf '%03o' $v)"; cat "$f"; } > "$corpus/own-$vendor-$(basename "$f")"
      done
      v=$((v + 1))
    done
    { printf '\001! device: x (DCS, EOS-4)\n'; head -c 16400 /dev/zero | tr '\0' ' '; echo x; } \
      > "$corpus/long-line-eos"
    # Saved counter transcripts, each under its own vendor's byte: the index
    # in adapter_vendors(), which is sorted.
    v=0
    for vendor in cumulus eos h3c huawei-ce nxos sonic; do
      # ... and the saved-output forms: prompts, no command line, CRLF, indent,
      # pager residue, per-slot and --history forms (tests/switch/counter_corpus).
      for f in "$src"/tests/switch/captured/counters/"$vendor"-*.txt \
               "$src"/tests/switch/captured/counters/issue33/"$vendor"-*.txt \
               "$src"/tests/switch/counter_corpus/"$vendor"/*.txt; do
        [ -f "$f" ] || continue
        { printf "\\$(printf '%03o' $v)"; cat "$f"; } > "$corpus/counters-$vendor-$(basename "$f")"
      done
      v=$((v + 1))
    done
    # The crash case of issue 33: a 100,000-character interface name in an NVUE command.
    { printf '\000cumulus@sw:~$ nv show interface %s counters qos pfc-stats\n' \
        "$(head -c 100000 /dev/zero | tr '\0' x)"; } > "$corpus/crash-long-interface"
    ;;
  text_input_fuzz)
    # NCCL logs under byte 0, a baseline under 1, probe JSON under 2; the
    # lines that once crashed or stalled nccl-log (issue 33): one of 30,000
    # bytes, and a log whose ranks repeat their device line.
    for f in "$src"/tests/workload/nccl-logs/*.log; do
      { printf '\000'; cat "$f"; } > "$corpus/nccl-$(basename "$f")"
    done
    { printf '\000gpu01:1:1 [0] NCCL INFO NET/IB : Using'; printf ' [0]mlx5_0:1/RoCE%.0s' $(seq 1 2000); printf ' ; OOB eth0:10.0.0.1<0>\n'; } > "$corpus/crash-long-line"
    # Seeds in the forms tests/fabric/{baseline,pair_test}_test.cpp read.
    printf '\001{"rocecfg_baseline":1,"profile":"p","hosts":["a","b"],"pairs":[{"client":"a","server":"b","bw_gbps":99.5,"lat_p50_us":3.1}],"median":{"bw_gbps":99.5}}' \
      > "$corpus/baseline"
    printf '\001{"rocecfg_baseline": 1, "pairs": [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]}' > "$corpus/baseline-nested"
    printf '\002{"mode":"peer","tests":[{"phase":"idle","test":"bw","size_bytes":65536,"bandwidth":{"gbps":0.512}}]}' \
      > "$corpus/probe-bw"
    printf '\002{"ok":true,"payload":{"tests":[{"test":"lat","latency":{"median_us":31.5,"p99_us":40}}]}}' \
      > "$corpus/probe-lat"
    ;;
  shell_fuzz)
    # What the CLI emulators print into a pty: the session rocecfg types, a
    # paged read, and a read after a 60,000-space line (issue 33).
    python3 "$src/tests/switch/fuzz/shell_seeds.py" "$corpus"
    ;;
  *) echo "fuzz: unknown target $target" >&2; exit 2 ;;
esac
bin=$(find "$build/tests" -type f -name "$target" | head -1)
# -rss_limit/-timeout: a slow or bloated input is a finding too.
"$bin" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 -max_len=262144 \
  -print_final_stats=1 "$corpus" 2>&1 | tail -15
