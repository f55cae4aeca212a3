#!/bin/sh
# `rocecfg show host --qos` on a veth in a namespace of our own (root): every
# DCB and NIC-family knob is unsupported there, with the reason, and nothing
# is reported as configured; bad names exit 2, missing ones 3.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
ns=rocecfg-qos-$$
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns"' EXIT
ip -n "$ns" link add qos0 type veth peer name qos1
ip -n "$ns" link set qos0 mtu 4200
fails=0
expect() {  # expect NAME WANT_RC WANT_OUTPUT GOT_RC GOT_OUTPUT
  if [ "$2" != "$4" ] || [ "$3" != "$5" ]; then
    printf 'FAIL: %s\n--- want (rc %s)\n%s\n--- got (rc %s)\n%s\n' "$1" "$2" "$3" "$4" "$5"
    fails=$((fails + 1))
  else
    echo "ok: $1"
  fi
}
out=$(ip netns exec "$ns" "$bin" show host --qos -i qos0 2>&1); rc=$?
expect "veth: every DCB and NIC knob unsupported with its reason" 0 "qos0  driver veth, no RDMA device
  mtu             rtnetlink         4200 bytes
  roce path mtu   computed          4096 (from the MTU)
  ets             dcbnl             unsupported: not supported by this netdev (virtual, veth: no DCB)
  buffers         dcbnl             unsupported: not supported by this netdev (virtual, veth: no DCB)
  pfc             dcbnl             unsupported: not supported by this netdev (virtual, veth: no DCB)
  trust           dcbnl             unsupported: not supported by this netdev (virtual, veth: no DCB)
  dscp_map        dcbnl             unsupported: not supported by this netdev (virtual, veth: no DCB)
  ecn_priorities  no NIC adapter    unsupported: no ECN/DCQCN adapter for driver 'veth'
  dcqcn           no NIC adapter    unsupported: no ECN/DCQCN adapter for driver 'veth'
  cnp             no NIC adapter    unsupported: no ECN/DCQCN adapter for driver 'veth'
  roce_mode       rdma_cm configfs  unsupported: no RDMA device on this interface
  roce_tos        rdma_cm configfs  unsupported: no RDMA device on this interface
  link pause      ethtool           unreadable: the driver does not report link-level pause settings
  qos owner       dcbnl, /proc      dcbx none: not supported by this netdev (virtual, veth: no DCB)
                                    lldpad not running
                                    firmware DCBX willing unknown (NIC firmware parameters not read)" "$rc" "$out"
out=$(ip netns exec "$ns" "$bin" show host --qos -i qos1 --json 2>&1 | python3 -c '
import json, sys
i = json.load(sys.stdin)["payload"]["interfaces"][0]
ok = {k: v["reading"] for k, v in i["knobs"].items() if v["reading"] == "ok"}
print(ok, i["knobs"]["mtu"]["value"], i["warnings"])'); rc=$?
expect "json: only the MTU was read, 1500 with its path MTU note" 0 "{'mtu': 'ok'} 1500 ['MTU 1500 limits the RoCE path MTU to 1024']" "$rc" "$out"
ip netns exec "$ns" "$bin" show host --qos -i 'qos0;x' > /dev/null 2>&1; rc=$?
expect "invalid name exits 2" 2 "" "$rc" ""
ip netns exec "$ns" "$bin" show host --qos -i qos0,nosuch0 > /dev/null 2>&1; rc=$?
expect "a missing interface exits 3" 3 "" "$rc" ""
[ "$fails" = 0 ]
