#!/bin/bash
# iproute2's dcb writes PFC/APP/ETS/buffer through the kernel's dcbnl into dcbsim and reads the
# same state back.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/scenario.sh
. "$(dirname "$0")/../lib/scenario.sh"
dev=dcbsim0

dcb pfc set dev $dev prio-pfc 3:on || die "dcb pfc set failed"
got=$(dcb -j pfc show dev $dev | jq -c '.prio_pfc')
[ "$got" = '[false,false,false,true,false,false,false,false]' ] || die "pfc: expected only priority 3 on, got $got"
ok "pfc: prio-pfc 3:on round-trips ($got)"
dcb pfc set dev $dev delay 4096 || die "dcb pfc set delay failed"
[ "$(dcb -j pfc show dev $dev | jq '.delay')" = 4096 ] || die "pfc: delay did not round-trip"
[ "$(dcb -j pfc show dev $dev | jq '.pfc_cap')" = 8 ] || die "pfc: pfc_cap is not 8"
ok "pfc: delay 4096 round-trips, pfc_cap 8"

dcb app add dev $dev dscp-prio 26:3 || die "dcb app add failed"
dcb -j app show dev $dev | jq -e 'any(.dscp_prio[]?; . == [26,3])' >/dev/null ||
  die "app: dscp 26 -> prio 3 missing from $(dcb -j app show dev $dev)"
[ "$(cat /sys/kernel/debug/dcbsim/$dev/trust)" = dscp ] || die "app: first DSCP entry did not switch trust to dscp"
dcb app del dev $dev dscp-prio 26:3 || die "dcb app del failed"
[ "$(dcb -j app show dev $dev | jq -c '.dscp_prio // []')" = '[]' ] || die "app: entry still present after del"
[ "$(cat /sys/kernel/debug/dcbsim/$dev/trust)" = pcp ] || die "app: trust did not return to pcp"
ok "app: dscp-prio 26:3 add/show/del round-trips, trust pcp -> dscp -> pcp"

dcb ets set dev $dev tc-tsa 0:ets 1:ets 2:strict 3:strict 4:strict 5:strict 6:strict 7:strict \
    tc-bw 0:60 1:40 2:0 3:0 4:0 5:0 6:0 7:0 prio-tc 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0 || die "dcb ets set failed"
ets=$(dcb -j ets show dev $dev)
[ "$(echo "$ets" | jq -c '.tc_bw[0:2]')" = '[60,40]' ] || die "ets: tc_bw did not round-trip: $ets"
[ "$(echo "$ets" | jq -c '.prio_tc[3]')" = 1 ] || die "ets: prio_tc did not round-trip: $ets"
[ "$(echo "$ets" | jq -r '.tc_tsa[1]')" = ets ] || die "ets: tc_tsa did not round-trip: $ets"
ok "ets: tsa/bw/prio-tc round-trip"

dcb buffer set dev $dev prio-buffer all:0 3:1 buffer-size 0:100K 1:100K || die "dcb buffer set failed"
buf=$(dcb -j buffer show dev $dev)
[ "$(echo "$buf" | jq -c '.prio_buffer')" = '[0,0,0,1,0,0,0,0]' ] || die "buffer: prio_buffer did not round-trip: $buf"
[ "$(echo "$buf" | jq -c '.buffer_size[0:2]')" = '[102400,102400]' ] || die "buffer: buffer_size did not round-trip: $buf"
ok "buffer: prio-buffer and buffer-size round-trip (total $(echo "$buf" | jq .total_size))"

dcb maxrate set dev $dev tc-maxrate 1:10Gbit || die "dcb maxrate set failed"
[ "$(dcb -j maxrate show dev $dev | jq '.tc_maxrate[1]')" = 1250000000 ] || die "maxrate: did not round-trip: $(dcb -j maxrate show dev $dev)"
ok "maxrate: tc 1 10Gbit round-trips"

# the other device is independent state
[ "$(dcb -j pfc show dev dcbsim1 | jq -c '[.prio_pfc[] | select(.)] | length')" = 0 ] || die "dcbsim1 PFC changed with dcbsim0"
ok "dcbsim1 unaffected"
