# shellcheck shell=bash
# Helpers for lab scenarios (bash).  Source it from a scenario:
#   . "$(dirname "$0")/../lib/scenario.sh"
# Scenarios run inside the guest as root, chrooted into the host's read-only root; write files
# only to /tmp (guest tmpfs) or "$LAB_OUT" / "$LAB_RUN_DIR" (host directories, writable).

# die MESSAGE: one clear line, non-zero exit
die() { echo "FAIL: $(basename "$0"): $*" >&2; exit 1; }
ok() { echo "ok: $*"; }

# lab_gid_index DEV: index of the IPv4-mapped RoCE v2 GID of DEV's port 1 (1 on rxe)
lab_gid_index() {
  local dev=$1 p=/sys/class/infiniband/$1/ports/1 f i
  for f in "$p"/gids/*; do
    i=${f##*/}
    case "$(cat "$f" 2>/dev/null)" in
      0000:0000:0000:0000:0000:ffff:*)
        [ "$(cat "$p/gid_attrs/types/$i" 2>/dev/null)" = "RoCE v2" ] && { echo "$i"; return 0; } ;;
    esac
  done
  die "$dev has no IPv4-mapped RoCE v2 GID"
}

# netdev_stat DEV NAME: /sys/class/net/DEV/statistics/NAME
netdev_stat() { cat "/sys/class/net/$1/statistics/$2"; }

# rxe_counter DEV NAME: rxe hw counter (e.g. sent_pkts, rcvd_pkts, completer_retry_err)
rxe_counter() { cat "/sys/class/infiniband/$1/ports/1/hw_counters/$2"; }

# dcbsim_calls DEV OP: how often dcbsim's OP ran on DEV since the last reset
dcbsim_calls() { awk -v op="$2" '$1 == op {print $2}' "/sys/kernel/debug/dcbsim/$1/calls"; }
dcbsim_reset_calls() { echo 0 >"/sys/kernel/debug/dcbsim/$1/calls"; }
# dcbsim_fail OPS: make these dcbsim ops return -EIO ("" = none), e.g. dcbsim_fail setpfc,setets
dcbsim_fail() { echo "${1:-}" >/sys/module/dcbsim/parameters/fail_ops; }

# wait_tcp_listen PORT [SECONDS]: wait until something listens on TCP PORT (perftest server)
wait_tcp_listen() {
  local port=$1 n=$((${2:-20} * 10))
  while [ "$n" -gt 0 ]; do
    ss -Hltn "sport = :$port" | grep -q . && return 0
    sleep 0.1; n=$((n - 1))
  done
  die "nothing listens on TCP port $port after ${2:-20} s"
}
