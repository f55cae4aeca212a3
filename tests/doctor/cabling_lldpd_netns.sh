#!/bin/sh
# doctor --inventory checks each NIC's cable with the real lldpd on both ends
# of veth pairs (root): a namespace for this host with NICs eth7, eth8 and
# eth9, one for the leaf "leaf3" with swp9 and swp10, lldpd in each (its own
# control socket, LLDP every second). The inventory says eth7 -> leaf3 swp9
# (true), eth8 -> leaf2 swp9 (it reaches leaf3 swp10: a moved cable) and
# eth9 -> leaf2 swp10 (nothing answers there).
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v lldpd >/dev/null 2>&1 || ! command -v lldpcli >/dev/null 2>&1; then
  if [ "${ROCECFG_NO_SKIP:-}" = 1 ]; then
    echo "FAIL: needs lldpd and lldpcli (apt-get install lldpd; ROCECFG_NO_SKIP=1: every test must run)"
    exit 1
  fi
  echo "SKIP: needs lldpd and lldpcli (apt-get install lldpd)"
  exit 77
fi
tag=$$
hns=rcab-host-$tag
lns=rcab-leaf-$tag
dir=$(mktemp -d /tmp/rocecfg-cabling.XXXXXX)
# lldpd runs its configuration through lldpcli as its own user (_lldpd):
# the control sockets' directory must be reachable for it.
chmod 755 "$dir"
pids=
cleanup() {
  for p in $pids; do kill "$p" 2>/dev/null; done
  for p in $pids; do wait "$p" 2>/dev/null; done
  ip netns del "$hns" 2>/dev/null
  ip netns del "$lns" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fails=0
check() {  # check NAME WANT GOT
  if [ "$2" = "$3" ]; then echo "ok: $1"; else
    printf 'FAIL: %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fails=$((fails + 1)); fi
}

ip netns add "$hns" && ip netns add "$lns" || exit 1
ip -n "$hns" link add eth7 type veth peer name swp9 netns "$lns"
ip -n "$hns" link add eth8 type veth peer name swp10 netns "$lns"
ip -n "$hns" link add eth9 type veth peer name eth9p
for l in eth7 eth8 eth9 eth9p lo; do ip -n "$hns" link set "$l" up; done
for l in swp9 swp10 lo; do ip -n "$lns" link set "$l" up; done
# lldpd privilege-separates into its chroot (Debian: /run/lldpd)
mkdir -p /run/lldpd
me=$(hostname -s)
printf 'configure system hostname leaf3\nconfigure lldp portidsubtype ifname\nconfigure lldp tx-interval 1\n' >"$dir/leaf.conf"
printf 'configure system hostname %s\nconfigure lldp tx-interval 1\n' "$me" >"$dir/host.conf"
ip netns exec "$lns" lldpd -d -u "$dir/leaf.sock" -O "$dir/leaf.conf" -I swp9,swp10 >"$dir/leaf.log" 2>&1 &
pids="$pids $!"
ip netns exec "$hns" lldpd -d -u "$dir/host.sock" -O "$dir/host.conf" -I eth7,eth8,eth9 >"$dir/host.log" 2>&1 &
pids="$pids $!"
# Both leaf ports heard (LLDP every second; lldpd sends at once on start).
n=100
until [ "$(ip netns exec "$hns" lldpcli -u "$dir/host.sock" show neighbors -f json 2>/dev/null |
  jq '[.lldp.interface // empty | if type == "array" then .[] else . end | keys[]] | length' 2>/dev/null)" = 2 ]; do
  n=$((n - 1)); [ "$n" -gt 0 ] || { cat "$dir/leaf.log" "$dir/host.log"; echo "FAIL: lldpd did not see leaf3 on eth7 and eth8 in 10 s"; exit 1; }
  sleep 0.1
done

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
