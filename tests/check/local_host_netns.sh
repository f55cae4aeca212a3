#!/bin/sh
# rocecfg check reads the [[host]] named as this machine (no address) here,
# through lib/host on the real kernel: a veth at MTU 4000 in a namespace of
# our own (root). Its MTU is read (RoCE packets up to 2048 + 96 bytes), its
# DCB knobs are unsupported on veth and so not observed, and with no switch
# in the inventory every switch rule is unknown: exit 4, never 0.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
ns=rocecfg-check-$$
tmp=$(mktemp -d /tmp/rocecfg-check-local-XXXXXX)
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns"; rm -rf "$tmp"' EXIT
ip -n "$ns" link add ckl0 mtu 4000 type veth peer name ckl1
me=$(hostname | cut -d. -f1)
printf '[[host]]\nname = "%s"\ninterfaces = ["ckl0"]\n' "$me" >"$tmp/inventory.toml"
out=$(ip netns exec "$ns" "$bin" check "$src/profiles/roce-lossless.toml" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
out=$(printf '%s\n' "$out" | sed "s/^\(roce_mtu  *unknown  fabric  \)$me /\1ME /")
want="check: 0 switches, 1 host; 1 read
RULE                VERDICT  WHERE   FINDING
lossless_priority   unknown  fabric  PFC on not observed on any device
trust               unknown  fabric  trust not observed on any device
dscp_map            unknown  fabric  DSCP 26 -> not observed on any device
dscp_map            unknown  fabric  DSCP 48 -> not observed on any device
roce_mtu            unknown  fabric  ME ckl0 sends RoCE packets up to 2144 bytes (MTU 4000: path MTU 2048 + 96 header bytes); no switch MTU observed
cnp_class           unknown  fabric  no switch read
watchdog_hops       unknown  fabric  PFC watchdog detection: no device read
watchdog_tolerance  unknown  fabric  no switch's PFC watchdog observed
verdict: 0 disagreements, 8 unknown, 0 waived, 0 devices not read"
if [ "$rc" = 4 ] && [ "$out" = "$want" ]; then
  echo "ok: this host read here: nothing agreed without evidence (exit 4)"
else
  printf 'FAIL: local host\n--- want (rc 4)\n%s\n--- got (rc %s)\n%s\n' "$want" "$rc" "$out"
  exit 1
fi
json=$(ip netns exec "$ns" "$bin" check "$src/profiles/roce-lossless.toml" --inventory "$tmp/inventory.toml" --json 2>/dev/null)
got=$(printf '%s' "$json" | python3 -c 'import json, sys
d = json.load(sys.stdin)["payload"]["devices"][0]
print(d["source"], d["read"], d["endpoints"], d["unread"])')
if [ "$got" = "this host True 1 []" ]; then
  echo "ok: read as this host, one endpoint"
else
  echo "FAIL: JSON device: $got"
  exit 1
fi
