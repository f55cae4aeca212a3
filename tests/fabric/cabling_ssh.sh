#!/bin/bash
# rocecfg fabric checks every NIC's cable over the run's own SSH sessions:
# a real OpenSSH sshd on loopback stands in for the hosts
# (tests/fabric/sshd_hosts.sh) and the real lldpd runs on both ends of veth
# pairs (tests/support/lldpd_leaf.sh: eth7 reaches leaf3 swp9, eth8 reaches
# leaf3 swp10, eth9 hears nothing). This machine has no RDMA, so every probe
# fails: the verdict comes from the cabling alone, which is the point (a
# moved cable is observed, not inferred from the figures).
#   gpu1 (3 NICs): mlx5_0/eth7 -> leaf3:swp9 (true), mlx5_2/eth8 -> leaf2:swp9
#                  (moved: it reaches leaf3 swp10), mlx5_3 with no netdev
#                  stated and no RDMA device to map it -> not checked
#   gpu2 (3 NICs): no switch_port -> never asked
#   gpu3 (3 NICs): mlx5_0 -> leaf2:swp1, its sshd is down -> not checked
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
. "$here/sshd_hosts.sh"
. "$src/tests/support/lldpd_leaf.sh"
tmp=$(mktemp -d /tmp/rocecfg-fabric-cabling-XXXXXX)
trap 'sshd_hosts_stop "$tmp/sshd"; lldpd_leaf_stop; rm -rf "$tmp"' EXIT
fails=0
check() {  # check NAME WANT GOT
  if [ "$2" = "$3" ]; then echo "ok: $1"; else
    printf 'FAIL: %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fails=$((fails + 1)); fi
}

lldpd_leaf_start "$tmp" $$
sshd_hosts_start "$tmp/sshd" 2 || { echo "FAIL: sshd did not start"; exit 1; }
mapfile -t port <"$tmp/sshd/ports"
p_down=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

nic() {  # nic DEVICE RAIL ADDRESS [NETDEV] [SWITCH_PORT]
  printf '\n[[host.nic]]\ndevice = "%s"\nrail = %s\nprobe_address = "%s"\n' "$1" "$2" "$3"
  [ -z "${4:-}" ] || printf 'netdev = "%s"\n' "$4"
  [ -z "${5:-}" ] || printf 'switch_port = "%s"\n' "$5"
}
{
  printf '[defaults]\nuser = "%s"\nidentity_file = "%s"\nknown_hosts = "%s"\n' \
    "$(id -un)" "$tmp/sshd/id_ed25519" "$tmp/sshd/known_hosts"
  for s in leaf2 leaf3; do
    printf '\n[[switch]]\nname = "%s"\naddress = "127.0.0.1"\nport = 9\nvendor = "cumulus"\n' "$s"
  done
  printf '\n[[host]]\nname = "gpu1"\naddress = "127.0.0.1"\nssh_port = %s\n' "${port[0]}"
  nic mlx5_0 0 10.0.0.1 eth7 leaf3:swp9
  nic mlx5_2 1 10.0.1.1 eth8 leaf2:swp9
  nic mlx5_3 2 10.0.2.1 "" leaf2:swp10
  printf '\n[[host]]\nname = "gpu2"\naddress = "127.0.0.1"\nssh_port = %s\n' "${port[1]}"
  nic mlx5_0 0 10.0.0.2
  nic mlx5_2 1 10.0.1.2
  nic mlx5_3 2 10.0.2.2
  printf '\n[[host]]\nname = "gpu3"\naddress = "127.0.0.1"\nssh_port = %s\n' "$p_down"
  nic mlx5_0 0 10.0.0.3 eth7 leaf2:swp1
  nic mlx5_2 1 10.0.1.3
  nic mlx5_3 2 10.0.2.3
} >"$tmp/inventory.toml"

fabric() {
  rc=0
  timeout 90 "$bin" fabric "$here/lab/fabric-lab.toml" --inventory "$tmp/inventory.toml" \
    --transport ssh --remote-rocecfg "$bin" --pattern ring "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
}
normal() { sed -e "s|:$p_down\b|:P_DOWN|g" -e "s|$tmp|TMP|g"; }

# 1. The moved cable fails the run, named with both ends; what could not be
#    checked is said, never counted as a pass.
fabric --lldp-socket "$LLDPD_HOST_SOCK"
check "a moved cable: exit 1" 1 "$rc"
check "the cabling finding and the cabling line" \
"  cabling gpu1:mlx5_2: mlx5_2 of gpu1 reaches leaf3 swp10; the inventory says leaf2 swp9
cabling: 1 of 4 NICs on the switch port the inventory names; not checked:
  mlx5_3 of gpu1: its netdev is unknown; the inventory says leaf2 swp10
  gpu3: 1 NIC(s) not checked: LLDP neighbours not read: cannot connect to 127.0.0.1:P_DOWN: Connection refused" \
  "$(grep -E '^  cabling |^cabling: |^  (mlx5_3 of gpu1|gpu3): ' "$tmp/out" | normal)"
check "the verdict says it failed on the cables alone" \
  "verdict: FAIL (1 cabling findings; nothing was measured: 9 tests, all failed)" "$(grep '^verdict:' "$tmp/out")"

# 2. JSON: the finding's kind and the cabling summary.
fabric --lldp-socket "$LLDPD_HOST_SOCK" --json
check "json: exit 1" 1 "$rc"
check "json: cabling finding and summary" \
'cabling gpu1:mlx5_2 rail 1: mlx5_2 of gpu1 reaches leaf3 swp10; the inventory says leaf2 swp9
declared 4, checked 1, not checked 2
FAIL' \
  "$(jq -r '(.payload.findings[] | select(.kind == "cabling") | "\(.label) rail \(.rail): \(.why)"),
            (.payload.cabling | "declared \(.declared), checked \(.checked), not checked \(.not_checked | length)"),
            .payload.verdict' "$tmp/out")"

check "json: the document holds to cmd/schemas/fabric.schema.json" "" "$(python3 - "$src/cmd/schemas" "$tmp/out" <<'PY'
import json, os, sys, warnings
import jsonschema
warnings.filterwarnings("ignore", category=DeprecationWarning)  # RefResolver, Debian 12's API
store = {}
for name in os.listdir(sys.argv[1]):
    with open(os.path.join(sys.argv[1], name)) as f:
        s = json.load(f)
    store[s["$id"]] = s
base = "https://rocecfg.invalid/schemas/"
schema = store[base + "fabric.schema.json"]
doc = json.load(open(sys.argv[2]))
v = jsonschema.Draft7Validator(schema, resolver=jsonschema.RefResolver(base, schema, store=store))
for e in v.iter_errors(doc):
    print("/".join(map(str, e.path)) + ": " + e.message)
PY
)"

# 3. lldpd not answering on the hosts: nothing checked, nothing failed by it.
fabric --lldp-socket "$tmp/none.sock"
check "no lldpd: exit 3 (nothing measured, nothing observed)" 3 "$rc"
case "$(grep -A1 '^cabling: ' "$tmp/out" | normal)" in
  "cabling: 0 of 4 NICs on the switch port the inventory names; not checked:
  gpu1: 3 NIC(s) not checked: LLDP neighbours not read: lldpcli failed (exit 1): "*)
    echo "ok: no lldpd: said per host" ;;
  *) echo "FAIL: no lldpd: $(grep -A3 '^cabling: ' "$tmp/out")"; fails=$((fails + 1)) ;;
esac

# 4. --no-cabling: not asked, not said.
fabric --no-cabling
check "--no-cabling: exit 3, no cabling line" "3 0" "$rc $(grep -c '^cabling' "$tmp/out")"

# 5. A socket that is not an absolute path never reaches a host.
fabric --lldp-socket 'x;reboot'
check "--lldp-socket refused" "2 rocecfg fabric: --lldp-socket x;reboot: must be an absolute path" \
  "$rc $(cat "$tmp/err")"

[ "$fails" = 0 ] || exit 1
echo "PASS: fabric checks cables over its SSH sessions against real lldpd: a moved cable fails the run naming both ends; unknowns said"
