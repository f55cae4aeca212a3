#!/bin/sh
# Lab scenario: the rocecfg binary end to end on dcbsim0 with the shipped
# lossless profile. DCB knobs are applied through the real kernel dcbnl and
# read back with `dcb`; the NIC-family knobs dcbsim cannot express (DCQCN,
# CNP, ECN enable) are reported unsupported: warnings, so apply and audit
# exit 0 (everything supported is in place) and --strict exits 1; a second
# apply changes nothing.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=$(cd "$(dirname "$0")/../../.." && pwd)
p=$src/profiles/roce-lossless.toml
fail() { echo "FAIL: $*"; exit 1; }

out=$("$bin" apply "$p" --interface dcbsim0 2>&1); rc=$?
echo "$out"
[ "$rc" = 0 ] || fail "apply exit $rc, want 0 (only unsupported knobs remain)"
echo "$out" | grep -q "^unsupported: dcbsim0: dcqcn: no ECN/DCQCN adapter" || fail "dcqcn not reported"
echo "$out" | grep -q "ROLLBACK\|FAILED" && fail "apply failed"
[ "$(dcb -j pfc show dev dcbsim0)" = '{"pfc_cap":8,"macsec_bypass":false,"delay":0,"prio_pfc":[false,false,false,true,false,false,false,false]}' ] ||
  fail "pfc: $(dcb -j pfc show dev dcbsim0)"
[ "$(dcb -j app show dev dcbsim0)" = '{"dscp_prio":[[26,3],[48,6]]}' ] || fail "app: $(dcb -j app show dev dcbsim0)"
dcb -j ets show dev dcbsim0 | grep -q '"tc_bw":\[50,0,0,50,0,0,0,0\]' || fail "ets: $(dcb -j ets show dev dcbsim0)"
[ "$(ip -j link show dcbsim0 | grep -o '"mtu":[0-9]*')" = '"mtu":9000' ] || fail "mtu"

out=$("$bin" audit "$p" --interface dcbsim0 2>&1); rc=$?
echo "$out" | grep -q "^drift" && fail "drift right after apply: $out"
[ "$rc" = 0 ] || fail "audit after apply: exit $rc, want 0 (unsupported knobs only warn)"
echo "$out" | grep -q "^no drift in the supported knobs ([0-9]* unsupported, listed above)$" ||
  fail "audit summary: $out"
"$bin" audit "$p" --interface dcbsim0 --strict >/dev/null 2>&1; rc=$?
[ "$rc" = 1 ] || fail "audit --strict: exit $rc, want 1"
out=$("$bin" apply "$p" --interface dcbsim0 --strict 2>&1); rc=$?
[ "$rc" = 1 ] || fail "apply --strict: exit $rc, want 1"
echo "$out" | grep -q "^strict: [0-9]* unsupported knob(s) count as not in place$" ||
  fail "apply --strict says why: $out"
n=$("$bin" audit "$p" --interface dcbsim0 --json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
u = [w for w in d["warnings"] if w["kind"] == "unsupported"]
print("ok" if d["exit_code"] == 0 and d["payload"]["unsupported"] == len(u) > 0 else d)')
[ "$n" = ok ] || fail "audit --json counts unsupported knobs: $n"
out=$("$bin" apply "$p" --interface dcbsim0 2>&1)
echo "$out" | grep -q "^nothing to do$" || fail "second apply: $out"
# Without --interface, apply names the discovered netdevs before anything else.
first=$("$bin" apply "$p" --dry-run 2>/dev/null | head -n 1)
echo "$first" | grep -q '^interfaces: .* (every netdev with a RoCE port; -i IF to choose)$' ||
  fail "apply without --interface does not announce its interfaces: $first"
dcb pfc set dev dcbsim0 prio-pfc 3:off
out=$("$bin" audit "$p" --interface dcbsim0 --json 2>&1); rc=$?
[ "$rc" = 1 ] || fail "audit after dcb change: exit $rc"
echo "$out" | grep -q '"knob": "pfc"' || fail "pfc drift not in JSON: $out"
echo "PASS"
