#!/bin/sh
# Firmware audit of N ConnectX NICs (default 8) through the mstconfig
# stand-in (tests/nic/standin/mstconfig, 5 s per query like the real tool):
# `rocecfg audit PROFILE --pci ...` (every device queried at once) against the
# sequential loop an operator runs. Prints wall seconds of each and the ratio.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the built rocecfg binary}
n=${FIRMWARE_BENCH_NICS:-8}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MSTCONFIG_STANDIN_DIR=$tmp/devices MSTCONFIG_STANDIN_DELAY_S=${MSTCONFIG_STANDIN_DELAY_S:-5}
export ROCECFG_STATE_DIR=$tmp/state PATH=$here/../tests/nic/standin:$PATH
mkdir -p "$MSTCONFIG_STANDIN_DIR"
pcis=
for i in $(seq 1 "$n"); do
  pci=$(printf '0000:%02x:00.0' $((i + 7)))
  cp "$here/../tests/nic/standin/connectx6dx.json" "$MSTCONFIG_STANDIN_DIR/$pci.json"
  pcis="$pcis $pci"
done
cat > "$tmp/p.toml" <<'TOML'
[fabric]
name = "bench"
[firmware.connectx.params]
ROCE_CC_PRIO_MASK_P1 = 255
CNP_DSCP_P1 = 48
CNP_802P_PRIO_P1 = 6
LLDP_NB_DCBX_P1 = false
TOML
now() { date +%s.%N; }
args=
for p in $pcis; do args="$args --pci $p"; done
t0=$(now)
# shellcheck disable=SC2086
"$bin" audit "$tmp/p.toml" $args >"$tmp/rocecfg.out" 2>&1 || { cat "$tmp/rocecfg.out"; exit 1; }
t1=$(now)
for p in $pcis; do mstconfig -e -d "$p" query >/dev/null; done
t2=$(now)
awk -v n="$n" -v a="$t0" -v b="$t1" -v c="$t2" -v d="$MSTCONFIG_STANDIN_DELAY_S" 'BEGIN {
  printf "firmware audit, %d NICs, %s s per mstconfig query:\n", n, d
  printf "  rocecfg audit (parallel)  %6.1f s\n", b - a
  printf "  sequential mstconfig loop %6.1f s\n", c - b
  printf "  ratio                     %6.1fx\n", (c - b) / (b - a) }'
