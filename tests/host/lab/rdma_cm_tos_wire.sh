#!/usr/bin/env bash
# Lab scenario: the RDMA-CM default ToS that `rocecfg apply` writes through
# configfs really marks rdma_cm traffic on the wire. rping (an rdma_cm
# application that sets no ToS itself) runs rxe1 -> rxe0 across veth1; a tc
# flower filter on veth1's egress counts RoCEv2 packets carrying DSCP 26.
# With rdma_cm.tos = 106 they are counted; after applying tos = 0 they are not.
set -u
. "$(dirname "$0")/../../lab/lib/scenario.sh"
ROCECFG=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
command -v rping >/dev/null || die "rping missing (package rdmacm-utils)"

profile() {  # profile TOS: a profile managing only the RDMA-CM ToS
  printf '[fabric]\nname = "tos"\n[rdma_cm]\ntos = %s\n' "$1" >/tmp/tos.toml
}
dscp26_packets() {
  tc -s filter show dev veth1 egress pref 1 |
    awk '/Sent/ { for (i = 1; i <= NF; i++) if ($i == "pkt") n = $(i - 1) } END { print n + 0 }'
}
ping_over_rdma_cm() {  # 20 rping round trips rxe1 -> rxe0; retried while the server starts
  timeout 60 rping -s -a 10.0.0.1 -C 20 -p 18700 >/tmp/rping-s.log 2>&1 &
  local server=$! try
  for try in 1 2 3 4 5 6 7 8 9 10; do
    timeout 30 rping -c -I 10.0.0.2 -a 10.0.0.1 -C 20 -p 18700 >/tmp/rping-c.log 2>&1 && break
    sleep 0.5
  done
  wait "$server" || true
  [ "$try" -lt 10 ] || die "rping never completed: $(tail -2 /tmp/rping-c.log)"
}

modprobe sch_ingress 2>/dev/null; modprobe cls_flower 2>/dev/null; modprobe act_gact 2>/dev/null
tc qdisc add dev veth1 clsact || die "cannot add clsact on veth1"
tc filter add dev veth1 egress pref 1 protocol ip flower ip_proto udp dst_port 4791 \
  ip_tos 0x68/0xfc action ok || die "cannot add the DSCP 26 filter"

# dscp26_after TOS: apply rdma_cm.tos = TOS, run rdma_cm traffic, print how
# many of its packets left veth1 marked DSCP 26.
dscp26_after() {
  profile "$1"
  "$ROCECFG" apply /tmp/tos.toml --interface veth1 >&2 || die "apply tos $1 failed"
  local before
  before=$(dscp26_packets)
  ping_over_rdma_cm >&2
  echo $(($(dscp26_packets) - before))
}

marked=$(dscp26_after 106) || exit 1  # dscp26_after said why
[ "$marked" -gt 0 ] || die "no DSCP 26 packets on veth1 with rdma_cm.tos = 106"
ok "rdma_cm.tos = 106: $marked RoCEv2 packets with DSCP 26 left rxe1"
unmarked=$(dscp26_after 0) || exit 1
[ "$unmarked" -eq 0 ] || die "$unmarked DSCP 26 packets with rdma_cm.tos = 0"
ok "rdma_cm.tos = 0: no DSCP 26 packets"
tc qdisc del dev veth1 clsact
