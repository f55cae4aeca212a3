#!/bin/bash
# dcbsim refuses what a real driver refuses, through the kernel's dcbnl: ETS bandwidths that do not
# sum to 100 (-EINVAL, like mlx5) and any IEEE set while DCBX is LLD-managed (-EINVAL, like i40e/ice).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/scenario.sh
. "$(dirname "$0")/../lib/scenario.sh"
dev=dcbsim1
trap 'dcb dcbx set dev $dev host ieee 2>/dev/null || true' EXIT

before=$(dcb -j ets show dev $dev)
rc=0; out=$(dcbnl_status $dev ets-bw 10,10,10,10,10,10,10,10) || rc=$?
[ "$rc" = 1 ] || die "ETS bandwidths summing to 80: expected driver error, got rc $rc: $out"
echo "$out" | grep -q 'Invalid argument' || die "expected EINVAL, got: $out"
[ "$(dcb -j ets show dev $dev)" = "$before" ] || die "ETS state changed although the driver refused"
ok "ETS with bandwidths summing to 80 refused: $out"
dcbnl_status $dev ets-bw 30,10,10,10,10,10,10,10 >/dev/null || die "ETS bandwidths summing to 100 refused"
[ "$(dcb -j ets show dev $dev | jq -c '.tc_bw')" = '[30,10,10,10,10,10,10,10]' ] || die "valid ETS did not apply"
ok "ETS with bandwidths summing to 100 applied"

dcb dcbx set dev $dev lld-managed ieee || die "dcb dcbx set lld-managed failed"
[ "$(dcb -j dcbx show dev $dev | jq -c '.')" = '{"lld_managed":true,"ieee":true}' ] ||
  die "dcbx mode did not round-trip: $(dcb -j dcbx show dev $dev)"
rc=0; out=$(dcbnl_status $dev pfc 0x08) || rc=$?
[ "$rc" = 1 ] || die "PFC set while LLD-managed: expected driver error, got rc $rc: $out"
[ "$(dcb -j pfc show dev $dev | jq -c '.prio_pfc[3]')" = false ] || die "PFC changed while LLD-managed"
ok "PFC set refused while DCBX is LLD-managed: $out"
dcb dcbx set dev $dev host ieee || die "dcb dcbx set host failed"
dcbnl_status $dev pfc 0x08 >/dev/null || die "PFC set refused after returning to host DCBX"
ok "back to host DCBX: PFC set applies"
