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

# bg_traffic_start [SECONDS] [PORT]: RDMA WRITE traffic rxe1 -> rxe0 across the wire in the
# background (ib_write_bw duration mode, default 30 s, port 18700); returns once it is running.
# bg_traffic_stop: stop it early.  (Leftovers are killed when the scenario ends anyway.)
LAB_BG_PIDS=()
bg_traffic_start() {
  local secs=${1:-30} port=${2:-18700} g0 g1 sent0 n=100
  g0=$(lab_gid_index rxe0)
  g1=$(lab_gid_index rxe1)
  timeout $((secs + 60)) ib_write_bw -d rxe0 -x "$g0" -F -D "$secs" -p "$port" >"/tmp/bg-srv.$port" 2>&1 &
  LAB_BG_PIDS+=($!)
  wait_tcp_listen "$port"
  sent0=$(rxe_counter rxe1 sent_pkts)
  timeout $((secs + 60)) ib_write_bw -d rxe1 -x "$g1" -F -D "$secs" -p "$port" 10.0.0.1 >"/tmp/bg-cli.$port" 2>&1 &
  LAB_BG_PIDS+=($!)
  while [ "$(rxe_counter rxe1 sent_pkts)" -le $((sent0 + 1000)) ]; do
    n=$((n - 1))
    [ "$n" -gt 0 ] || die "background ib_write_bw did not start: $(tail -2 "/tmp/bg-cli.$port")"
    sleep 0.2
  done
}
bg_traffic_stop() {
  [ ${#LAB_BG_PIDS[@]} -gt 0 ] || return 0
  kill "${LAB_BG_PIDS[@]}" 2>/dev/null || true
  wait "${LAB_BG_PIDS[@]}" 2>/dev/null || true   # 143 = killed by us, not a failure
  LAB_BG_PIDS=()
}
