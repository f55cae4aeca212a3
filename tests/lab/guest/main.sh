#!/bin/bash
# Runs inside the lab guest, chrooted into the host's read-only root (see guest/init.sh).
# Loads modules, builds the fabric, loads dcbsim, then runs the scenario(s) of the job.
# Setup chatter goes to the console (ttyS0 -> console.log on the host); scenario output goes to
# ttyS1, which the host streams to its stdout.
set -uo pipefail
CTL=$1
# shellcheck disable=SC1091
. "$CTL/job.sh"   # LAB_MODE, LAB_CWD, LAB_ARGV, exported LAB_*/ROCECFG_* variables
OUT=/dev/ttyS1

up() { cut -d' ' -f1 /proc/uptime; }
log() { echo "lab-guest[$(up)]: $*"; }
# one line naming the cause, picked up by the host and printed as "lab: ..."
fail() { log "ERROR: $*"; echo "$*" >"$CTL/error"; exit 1; }
try() {   # try DESCRIPTION CMD...: run, fail with DESCRIPTION and the command's stderr
  local what=$1 err
  shift
  err=$("$@" 2>&1) || fail "$what: $(echo "$err" | tr '\n' ' ' | sed 's/ *$//')${LAB_TRY_DMESG:+ (dmesg: $(dmesg | tail -1 | sed 's/^\[[ 0-9.]*\] //'))}"
}

# ------------------------------------------------------------------ modules
# crc32_generic: rdma_rxe needs the crypto crc32 but modules.dep does not say so.
# tc modules are only autoloaded if present; load them so scenarios need not care.
MODULES=(crc32_generic rdma_rxe ib_uverbs rdma_ucm veth 8021q configfs
         sch_netem sch_ingress sch_prio sch_mqprio sch_ets sch_tbf
         cls_flower cls_u32 cls_matchall act_skbedit act_gact act_mirred)
# one modprobe process for all (each exec over 9p costs ~0.3 s under TCG); name the culprit on failure
if ! modprobe -a "${MODULES[@]}" 2>/dev/null; then
  for m in "${MODULES[@]}"; do LAB_TRY_DMESG=1 try "module $m failed to load" modprobe "$m"; done
fi
mountpoint -q /sys/kernel/config || try "cannot mount configfs" mount -t configfs configfs /sys/kernel/config
mountpoint -q /sys/kernel/debug || try "cannot mount debugfs" mount -t debugfs debugfs /sys/kernel/debug
log "modules loaded"

# ------------------------------------------------------------------ fabric
# veth0 10.0.0.1 <-> veth1 10.0.0.2 in the init netns (rxe does not work across netns),
# 8 queues each so mqprio/ets with 8 TCs can be attached.
MTU=${LAB_MTU:-9000}
# Without the policy routing the kernel delivers 10.0.0.1<->10.0.0.2 locally via lo, rxe drops
# the packets (it looks the device up by skb->dev) and verbs traffic hangs silently.
for c in all default; do
  echo 1 >/proc/sys/net/ipv4/conf/$c/accept_local
  echo 0 >/proc/sys/net/ipv4/conf/$c/rp_filter
done
# one ip process for all of it: every exec costs ~0.1-0.5 s under TCG
try "fabric setup (ip -batch)" ip -batch - <<EOF
link set lo up
link add veth0 numtxqueues 8 numrxqueues 8 type veth peer name veth1 numtxqueues 8 numrxqueues 8
link set veth0 mtu $MTU
link set veth1 mtu $MTU
addr add 10.0.0.1/24 dev veth0
addr add 10.0.0.2/24 dev veth1
link set veth0 up
link set veth1 up
rule add pref 100 lookup local
rule del pref 0
route add 10.0.0.2 dev veth0 src 10.0.0.1 table 10
route add 10.0.0.1 dev veth1 src 10.0.0.2 table 11
rule add pref 10 iif lo from 10.0.0.1 to 10.0.0.2 lookup 10
rule add pref 11 iif lo from 10.0.0.2 to 10.0.0.1 lookup 11
EOF
for c in veth0 veth1; do
  echo 1 >/proc/sys/net/ipv4/conf/$c/accept_local
  echo 0 >/proc/sys/net/ipv4/conf/$c/rp_filter
done
try "cannot create rxe0 on veth0" rdma link add rxe0 type rxe netdev veth0
try "cannot create rxe1 on veth1" rdma link add rxe1 type rxe netdev veth1
# the IPv4-mapped RoCE v2 GID is added asynchronously; scenarios expect it present
for _ in $(seq 50); do
  grep -q ':ffff:0a00:0002' /sys/class/infiniband/rxe1/ports/1/gids/* 2>/dev/null &&
    grep -q ':ffff:0a00:0001' /sys/class/infiniband/rxe0/ports/1/gids/* 2>/dev/null && break
  sleep 0.1
done
grep -q ':ffff:0a00:0002' /sys/class/infiniband/rxe1/ports/1/gids/* || fail "rxe1 has no IPv4 RoCE v2 GID after 5 s"
log "fabric up: veth0/veth1 mtu $MTU, rxe0/rxe1"

DCBSIM_KO=$LAB_BUILD_DIR/dcbsim/dcbsim.ko
load_dcbsim() {
  # shellcheck disable=SC2086  # LAB_DCBSIM_PARAMS is a list of name=value words
  LAB_TRY_DMESG=1 try "module dcbsim failed to load" insmod "$DCBSIM_KO" ${LAB_DCBSIM_PARAMS:-}
  try "dcbsim0 missing after insmod" ip link set dcbsim0 up
  try "dcbsim1 missing after insmod" ip link set dcbsim1 up
}
load_dcbsim
log "dcbsim loaded"

# Between scenarios of one boot: undo what a scenario may have changed on the shared fabric.
reset_fabric() {
  rmmod dcbsim 2>/dev/null
  load_dcbsim
  # -force: keep going past "no such qdisc"; one process each (exec is slow under TCG)
  tc -force -batch - >/dev/null 2>&1 <<EOF
qdisc del dev veth0 root
qdisc del dev veth1 root
qdisc del dev veth0 clsact
qdisc del dev veth1 clsact
EOF
  ip -force -batch - >/dev/null 2>&1 <<EOF
link set veth0 mtu $MTU up
link set veth1 mtu $MTU up
EOF
}

: >"$CTL/ready"
log "ready"

# ------------------------------------------------------------------ scenario(s)
export PATH=$LAB_BUILD_DIR/tools:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp TERM=dumb LANG=C.UTF-8
if [ "$LAB_MODE" = shell ]; then
  stty -F "$OUT" sane 2>/dev/null
else
  stty -F "$OUT" raw -echo 2>/dev/null   # no \n -> \r\n translation on the scenario channel
fi
if ! cd "$LAB_CWD" 2>/dev/null; then
  # e.g. a cwd under the host's /tmp, which the guest's own tmpfs hides
  echo "lab: cwd $LAB_CWD is not visible in the guest; running in /tmp" >"$OUT"
  cd /tmp || fail "cannot cd to /tmp"
fi

# stdout/stderr of scenarios are a pipe, as under ctest on the host (no colours or progress bars
# because the serial port is a tty); cat copies it to ttyS1
FIFO=/run/lab-output.fifo
mkfifo "$FIFO" || fail "cannot create $FIFO"

run_one() {   # run_one CMD ARGS...; prints nothing itself, returns the status
  local t=${LAB_SCENARIO_TIMEOUT:-0} pid st catpid cmd=("$@")
  [ "$t" != 0 ] && cmd=(timeout -k 5 "$t" "$@")
  cat "$FIFO" >"$OUT" &
  catpid=$!
  # its own session (= process group), so whatever it leaves running (a perftest server,
  # a sleep) is killed before the next scenario; setsid does not fork here (not a group leader)
  setsid "${cmd[@]}" </dev/null >"$FIFO" 2>&1 &
  pid=$!
  wait "$pid"
  st=$?
  kill -KILL -- "-$pid" 2>/dev/null
  wait "$catpid"
  return "$st"
}

if [ "$LAB_MODE" = shell ]; then
  log "interactive shell"
  echo "lab: guest shell (fabric ready; 'exit' powers off)" >"$OUT"
  # setsid -c: ttyS1 becomes the controlling terminal, so job control and Ctrl-C work
  # shellcheck disable=SC2094  # a terminal: reading and writing it is the point
  PS1='lab-guest:\w# ' setsid -c -w bash --norc -i <"$OUT" >"$OUT" 2>&1
  echo "$?" >"$CTL/status"
elif [ "$LAB_MODE" = run ]; then
  log "running ${LAB_ARGV[*]}"
  run_one "${LAB_ARGV[@]}"
  st=$?
  echo "$st" >"$CTL/status"
  log "scenario exited $st"
else
  first=1
  for s in "${LAB_ARGV[@]}"; do
    [ -n "$first" ] || reset_fabric
    first=
    name=${s##*/}
    echo "=== lab: BEGIN $name" >"$OUT"
    t0=$(up)
    run_one "$s"
    st=$?
    secs=$(awk -v a="$t0" -v b="$(up)" 'BEGIN{printf "%.1f", b-a}')
    if [ "$st" = 0 ]; then line="PASS $name ($secs s)"
    elif [ "$st" = 124 ]; then line="FAIL $name (timed out after ${LAB_SCENARIO_TIMEOUT} s)"
    else line="FAIL $name (rc=$st, $secs s)"; fi
    echo "=== lab: $line" >"$OUT"
    echo "$line" >>"$CTL/results"
    log "$line"
  done
fi
sync
