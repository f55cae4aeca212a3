# shellcheck shell=bash
# Shared by the gate lab scenarios: the binary, the profile, and a gate run
# that records exit code and last line.
. "$(dirname "$0")/../../lab/lib/scenario.sh"
BIN=${ROCECFG_BIN:?set ROCECFG_BIN to the built rocecfg binary (ctest sets it)}
[ -x "$BIN" ] || die "$BIN not built (cmake --build ... --target rocecfg)"
PROFILE=$(dirname "$0")/gate-lab.toml
STATE=/tmp/gate.state
IFS_ARGS="--interface veth0 --interface veth1"
# What `rocecfg env` gives a job of this profile: NCCL's traffic class (the
# gate's workload check). From the environment because the guest's /etc is the
# host's, read-only; workload.sh covers the unset/lossy case.
export NCCL_IB_TC=106

# Bring both ports to the profile (MTU 9000, rdma_cm ToS 106) by hand, so each
# scenario starts healthy without depending on `rocecfg apply`.
lab_reset() {
  ip link set veth0 mtu 9000 up
  ip link set veth1 mtu 9000 up
  for dev in rxe0 rxe1; do
    mkdir -p /sys/kernel/config/rdma_cm/$dev 2>/dev/null
    echo 106 > /sys/kernel/config/rdma_cm/$dev/ports/1/default_roce_tos || die "configfs ToS $dev"
  done
  # rxe follows the netdev's carrier; wait until both ports are ACTIVE again.
  for i in $(seq 50); do
    grep -q ACTIVE /sys/class/infiniband/rxe0/ports/1/state &&
      grep -q ACTIVE /sys/class/infiniband/rxe1/ports/1/state && return 0
    sleep 0.1
  done
  die "rxe ports not ACTIVE after reset"
}

# gate ARGS...: runs the gate, sets $rc and $last (the summary line).
gate() {
  # shellcheck disable=SC2086
  "$BIN" gate "$PROFILE" $IFS_ARGS --host lab --state "$STATE" "$@" >/tmp/gate.out 2>&1
  rc=$?
  last=$(tail -n 1 /tmp/gate.out)
}

expect() {  # expect RC LINE
  if [ "$rc" != "$1" ] || [ "$last" != "$2" ]; then
    cat /tmp/gate.out
    die "expected exit $1 and '$2', got exit $rc and '$last'"
  fi
  ok "exit $1: $2"
}
