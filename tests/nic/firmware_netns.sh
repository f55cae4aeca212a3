#!/bin/sh
# The firmware layer beside the runtime knobs, through the rocecfg binary on
# the real kernel (root, a veth pair in a network namespace of our own): with
# -i, audit/apply run the runtime plan first, then the firmware layer of the
# NICs under those netdevs (a veth sits on no PCI function: said, exit 4
# when nothing else is wrong), and --pci adds named NICs (the mstconfig
# stand-in first on PATH); the exit code is the worst of both layers.
set -u
bin=${ROCECFG_BIN:?} src=${ROCECFG_SOURCE_DIR:?}
fails=0
. "$src/tests/cmd/expect.sh"
ns=rocecfg-fw-$$
tmp=$(mktemp -d)
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns"; rm -rf "$tmp"' EXIT
ip -n "$ns" link add fw0 type veth peer name fw1
ip -n "$ns" link set fw0 mtu 9000
standin=$src/tests/nic/standin
export MSTCONFIG_STANDIN_DIR=$tmp/dev MSTCONFIG_STANDIN_DELAY_S=0 ROCECFG_STATE_DIR=$tmp/state
mkdir -p "$MSTCONFIG_STANDIN_DIR"
cp "$standin/connectx6dx.json" "$MSTCONFIG_STANDIN_DIR/0000:08:00.0.json"
cat > "$tmp/p.toml" <<'TOML'
[fabric]
name = "mtu-and-firmware"
[mtu]
host_bytes = 9000
[firmware.connectx.params]
CNP_DSCP_P1 = 48
TOML
N="ip netns exec $ns env PATH=$standin:$PATH"

expect "runtime in sync, no NIC under the veth: firmware not evaluated (4)" 4 "no drift
firmware: no NIC with a PCI address among the targets (name one with --pci)" \
  $N "$bin" audit "$tmp/p.toml" -i fw0

expect "runtime drift and firmware unread: the worst code (1)" 1 "drift (observed -> profile):
TARGET  KNOB  BEFORE    AFTER
fw1     mtu   1500   -> 9000
firmware: no NIC with a PCI address among the targets (name one with --pci)" \
  $N "$bin" audit "$tmp/p.toml" -i fw1

expect "-i and --pci: both layers, both in sync (0)" 0 "no drift
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1  in sync                  want 48, next boot 48, current 48
firmware: 1 in sync" \
  $N "$bin" audit "$tmp/p.toml" -i fw0 --pci 0000:08:00.0

[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
