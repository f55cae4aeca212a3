#!/bin/sh
# doctor --inventory checks each NIC's cable with the real lldpd on both ends
# of veth pairs (root; tests/support/lldpd_leaf.sh: this host's NICs eth7,
# eth8 and eth9, the leaf "leaf3" with swp9 and swp10). The inventory says
# eth7 -> leaf3 swp9 (true), eth8 -> leaf2 swp9 (it reaches leaf3 swp10: a
# moved cable) and eth9 -> leaf2 swp10 (nothing answers there).
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=$(cd "$(dirname "$0")/../.." && pwd)
. "$src/tests/support/lldpd_leaf.sh"
dir=$(mktemp -d /tmp/rocecfg-cabling.XXXXXX)
cleanup() {
  lldpd_leaf_stop
  rm -rf "$dir"
}
trap cleanup EXIT
fails=0
check() {  # check NAME WANT GOT
  if [ "$2" = "$3" ]; then echo "ok: $1"; else
    printf 'FAIL: %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fails=$((fails + 1)); fi
}
lldpd_leaf_start "$dir" $$
hns=$LLDPD_HNS
me=$(hostname -s)

cat >"$dir/inv.toml" <<INV
[[switch]]
name = "leaf2"
address = "127.0.0.1"
port = 9
vendor = "cumulus"

[[switch]]
name = "leaf3"
address = "127.0.0.1"
port = 9
vendor = "cumulus"

[[host]]
name = "$me"

[[host.nic]]
device = "mlx5_0"
netdev = "eth7"
probe_address = "10.0.0.1"
switch_port = "leaf3:swp9"

[[host.nic]]
device = "mlx5_2"
netdev = "eth8"
probe_address = "10.0.0.2"
switch_port = "leaf2:swp9"

[[host.nic]]
device = "mlx5_3"
netdev = "eth9"
probe_address = "10.0.0.3"
switch_port = "leaf2:swp10"
INV
cabling() { jq -r '.payload.findings[] | select(.check == "cabling") | "\(.severity): \(.seen)"' "$dir/out.json"; }
ip netns exec "$hns" "$bin" doctor "$src/profiles/lab.toml" --inventory "$dir/inv.toml" \
  --interface eth7 --kernel-log /dev/null --lldp-socket "$dir/host.sock" --json >"$dir/out.json" 2>"$dir/err"
check "a moved cable: exit 1" 1 $?
check "a moved cable names both ends; a silent port is not a pass" \
"problem: mlx5_2 of $me reaches leaf3 swp10; the inventory says leaf2 swp9
warning: mlx5_3 (eth9) of $me: no LLDP neighbour; the inventory says leaf2 swp10" "$(cabling)"

# lldpd not answering: said, never a pass.
ip netns exec "$hns" "$bin" doctor "$src/profiles/lab.toml" --inventory "$dir/inv.toml" \
  --interface eth7 --kernel-log /dev/null --lldp-socket "$dir/none.sock" --json >"$dir/out.json" 2>"$dir/err"
got=$(cabling)
case "$got" in
  "warning: LLDP neighbours not read: lldpcli: exit "*) echo "ok: no lldpd: $got" ;;
  *) echo "FAIL: no lldpd: $got"; fails=$((fails + 1)) ;;
esac
[ "$fails" = 0 ] || exit 1
echo "PASS: cabling against real lldpd: moved cable named with both ends, silent port and absent lldpd unknown"
