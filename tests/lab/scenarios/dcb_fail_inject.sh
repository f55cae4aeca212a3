#!/bin/bash
# A dcbsim op told to fail (fail_ops) reaches the caller as an error, leaves the state unchanged,
# and is counted.  Note: Debian 12's iproute2 6.1.0 `dcb pfc set` does not report the driver
# status in the reply (DCB_ATTR_IEEE) and exits 0, so the error is checked with dcbnl_status,
# which reads it the way rocecfg must; `dcb dcbx set` (a different reply path) does report it.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/scenario.sh
. "$(dirname "$0")/../lib/scenario.sh"
dev=dcbsim0
trap 'dcbsim_fail ""' EXIT

before=$(dcb -j pfc show dev $dev)
dcbsim_reset_calls $dev
dcbsim_fail setpfc
[ "$(cat /sys/module/dcbsim/parameters/fail_ops)" = setpfc ] || die "fail_ops did not take setpfc"

rc=0; out=$(dcbnl_status $dev pfc 0x08) || rc=$?
[ "$rc" = 1 ] || die "PFC set with setpfc failing: expected driver error (rc 1), got rc $rc: $out"
echo "$out" | grep -q 'EIO\|Input/output error' || die "expected EIO, got: $out"
ok "pfc set with injected failure returns the driver error to the caller: $out"

rc=0; dcb pfc set dev $dev prio-pfc 3:on 2>/tmp/dcb.err || rc=$?
echo "note: iproute2 'dcb pfc set' with the injected failure exited $rc $(tr '\n' ' ' </tmp/dcb.err)"

after=$(dcb -j pfc show dev $dev)
[ "$after" = "$before" ] || die "PFC state changed despite the failure: $before -> $after"
ok "pfc state unchanged ($after)"

n=$(dcbsim_calls $dev setpfc)
[ "$n" = 2 ] || die "setpfc call counter is $n, expected 2"
ok "setpfc counted $n times"

dcbsim_fail ""
dcbnl_status $dev pfc 0x08 >/dev/null || die "PFC set fails after clearing fail_ops"
[ "$(dcb -j pfc show dev $dev | jq -c '.prio_pfc[3]')" = true ] || die "PFC set did not apply after clearing fail_ops"
ok "with fail_ops cleared the same set succeeds"

# validation like a real driver: ETS bandwidths must sum to 100 (dcb checks this itself, so
# send a set that passes dcb but not the driver: prio 9 does not exist -> dcb refuses; use APP)
dcbsim_fail setapp
rc=0; out=$(dcbnl_status $dev app-dscp 26 3) || rc=$?
[ "$rc" = 1 ] || die "APP add with setapp failing: expected driver error, got rc $rc: $out"
[ "$(dcb -j app show dev $dev | jq -c '.dscp_prio // []')" = '[]' ] || die "APP entry added despite the failure"
ok "app add with injected failure: $out, table unchanged"

dcbsim_fail setdcbx
rc=0; dcb dcbx set dev $dev host ieee 2>/dev/null || rc=$?
[ "$rc" != 0 ] || die "dcb dcbx set succeeded although setdcbx fails"
ok "dcb dcbx set with injected failure exits $rc"
