#!/usr/bin/env bash
# The README's main job, run inside the virtual lab (tests/run demo):
#   what the host has -> plan -> apply -> audit clean -> someone changes things by
#   hand -> audit reports the drift -> apply repairs it -> RDMA probe rxe1 -> rxe0.
# dcbsim0 stands in for a DCB-capable NIC (PFC/ETS/APP through the real kernel
# dcbnl code); rxe0/rxe1 are Soft-RoCE on the veth "wire".
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${ROCECFG_BUILD_DIR:-$ROOT/build}
ROCECFG=$BUILD/cmd/rocecfg
PROFILE=$ROOT/profiles/lab.toml
failures=0

banner() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
# run EXPECTED_RC CMD...: show the command, run it, check its exit code.
run() {
  local want=$1
  shift
  printf '$ %s\n' "$*" | sed "s|$ROCECFG|rocecfg|; s|$ROOT/||g"
  "$@"
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    echo "demo: expected exit $want, got $rc" >&2
    failures=$((failures + 1))
  fi
}

[ -x "$ROCECFG" ] || { echo "demo: $ROCECFG is not built" >&2; exit 3; }
IFACES=(--interface dcbsim0)

banner "1. What this host has"
run 0 "$ROCECFG" show host

banner "2. The profile"
run 0 "$ROCECFG" validate "$PROFILE"

banner "3. Plan (dry run): what apply would change on dcbsim0"
run 0 "$ROCECFG" apply "$PROFILE" "${IFACES[@]}" --dry-run   # knobs dcbsim0 cannot take: warnings

banner "4. Apply (unsupported knobs listed; --strict would exit 1)"
run 0 "$ROCECFG" apply "$PROFILE" "${IFACES[@]}"

banner "5. Independent check with iproute2's dcb"
run 0 dcb pfc show dev dcbsim0 prio-pfc
run 0 dcb app show dev dcbsim0 dscp-prio

banner "6. Audit: no drift in the supported knobs"
run 0 "$ROCECFG" audit "$PROFILE" "${IFACES[@]}"

banner "7. Someone turns PFC off and lowers the MTU by hand"
run 0 dcb pfc set dev dcbsim0 prio-pfc 3:off
run 0 ip link set dcbsim0 mtu 1500

banner "8. Audit reports the drift (exit 1)"
run 1 "$ROCECFG" audit "$PROFILE" "${IFACES[@]}"
run 1 "$ROCECFG" audit "$PROFILE" "${IFACES[@]}" --json

banner "9. Apply repairs exactly what drifted"
run 0 "$ROCECFG" apply "$PROFILE" "${IFACES[@]}"

banner "10. RDMA-CM default ToS on rxe0 (veth0 has no DCB: a profile with only what it can hold)"
run 0 "$ROCECFG" apply "$ROOT/tests/demo/rdma-cm.toml" --interface veth0
run 0 "$ROCECFG" audit "$ROOT/tests/demo/rdma-cm.toml" --interface veth0

banner "11. Probe: RDMA WRITE bandwidth and latency rxe1 -> rxe0 across the wire, idle and loaded"
run 0 "$ROCECFG" probe "$PROFILE" --device rxe1 --peer-device rxe0 --duration-ms 1000 --load

banner "done"
if [ "$failures" -ne 0 ]; then
  echo "demo: $failures step(s) did not behave as expected" >&2
  exit 1
fi
echo "demo: every step behaved as expected"
