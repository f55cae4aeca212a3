#!/bin/sh
# Lab scenario: `rocecfg show host --qos` on dcbsim0 against iproute2's `dcb -j`
# as the independent reader of the same kernel state (PFC, ETS, APP, buffers),
# plus the exact text. Runs last in its boot: it leaves dcbsim0 configured.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
fail() { echo "FAIL: $*"; exit 1; }

ip link set dcbsim0 mtu 9000
dcb pfc set dev dcbsim0 prio-pfc all:off 3:on 4:on delay 30 || fail "dcb pfc set"
dcb ets set dev dcbsim0 tc-tsa all:strict 0:ets 3:ets tc-bw all:0 0:60 3:40 prio-tc all:0 3:3 4:3 6:6 ||
  fail "dcb ets set"
dcb app add dev dcbsim0 dscp-prio 26:3 27:3 28:3 48:6 || fail "dcb app add"
dcb buffer set dev dcbsim0 prio-buffer all:0 3:1 4:1 buffer-size 0:64K 1:128K || fail "dcb buffer set"

out=$("$bin" show host --qos -i dcbsim0 --json); rc=$?
[ "$rc" = 0 ] || fail "show --json exit $rc"
printf '%s' "$out" > /tmp/qos.json
for o in pfc ets app buffer; do dcb -j "$o" show dev dcbsim0 > "/tmp/dcb-$o.json" || fail "dcb $o show"; done
python3 - <<'PY' || fail "rocecfg and dcb disagree"
import json
q = json.load(open("/tmp/qos.json"))["payload"]["interfaces"][0]["knobs"]
pfc, ets = json.load(open("/tmp/dcb-pfc.json")), json.load(open("/tmp/dcb-ets.json"))
app, buf = json.load(open("/tmp/dcb-app.json")), json.load(open("/tmp/dcb-buffer.json"))
want = {
    "pfc": [p for p, on in enumerate(pfc["prio_pfc"]) if on],
    "prio_tc": ets["prio_tc"], "tsa": ets["tc_tsa"], "bw": ets["tc_bw"],
    "dscp": {str(d): p for d, p in app["dscp_prio"]},
    "prio_buffer": buf["prio_buffer"], "buffer_size": buf["buffer_size"], "cable": pfc["delay"],
}
got = {
    "pfc": q["pfc"]["value"],
    "prio_tc": q["ets"]["value"]["prio_tc"], "tsa": q["ets"]["value"]["tsa"],
    "bw": q["ets"]["value"]["bandwidth_percent"],
    "dscp": q["dscp_map"]["value"],
    "prio_buffer": q["buffers"]["value"]["prio_buffer"],
    "buffer_size": q["buffers"]["value"]["buffer_size_bytes"],
    "cable": q["buffers"]["value"]["cable_length_m"],
}
bad = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
srcs = {k: q[k]["source"] for k in ("pfc", "ets", "dscp_map", "buffers", "mtu")}
if srcs != {"pfc": "dcbnl", "ets": "dcbnl", "dscp_map": "dcbnl", "buffers": "dcbnl", "mtu": "rtnetlink"}:
    bad["sources"] = srcs
if q["mtu"]["value"] != 9000:
    bad["mtu"] = q["mtu"]["value"]
print("mismatch (rocecfg, dcb):", bad) if bad else print("ok: show --qos --json equals dcb -j")
raise SystemExit(1 if bad else 0)
PY

out=$("$bin" show host --qos -i dcbsim0); rc=$?
want="dcbsim0  driver unknown, no RDMA device
  mtu             rtnetlink         9000 bytes
  roce path mtu   computed          4096 (from the MTU)
  ets             dcbnl             tc  tsa     bw%  priorities
                                    0   ets      60  0 1 2 5 7
                                    3   ets      40  3 4
                                    6   strict    -  6
  buffers         dcbnl             priority     0   1   2   3   4   5   6   7
                                    buffer       0   0   0   1   1   0   0   0
                                    sizes     0: 65536 B, 1: 131072 B
                                    cable     30 m (PFC delay field)
  pfc             dcbnl             priority     0   1   2   3   4   5   6   7
                                    enabled      -   -   -  on  on   -   -   -
  trust           dcbnl             dscp
  dscp_map        dcbnl             26-28:3,48:6
  ecn_priorities  no NIC adapter    unsupported: no ECN/DCQCN adapter for driver 'unknown'
  dcqcn           no NIC adapter    unsupported: no ECN/DCQCN adapter for driver 'unknown'
  cnp             no NIC adapter    unsupported: no ECN/DCQCN adapter for driver 'unknown'
  roce_mode       rdma_cm configfs  unsupported: no RDMA device on this interface
  roce_tos        rdma_cm configfs  unsupported: no RDMA device on this interface
  link pause      ethtool           autoneg off, rx off, tx off
  qos owner       dcbnl, /proc      dcbx host-managed, IEEE (0x09)
                                    lldpad not running
                                    firmware DCBX willing unknown (NIC firmware parameters not read)"
[ "$rc" = 0 ] && [ "$out" = "$want" ] || { printf -- '--- want\n%s\n--- got (rc %s)\n%s\n' "$want" "$rc" "$out"; fail "text"; }
echo "ok: show --qos text"

"$bin" show host --qos -i dcbsim0,nosuch0 > /dev/null 2>&1; rc=$?
[ "$rc" = 3 ] || fail "a missing interface in the list: exit $rc, want 3"
echo "PASS"
