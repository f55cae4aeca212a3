# shellcheck shell=bash
# Shared by the fabric lab scenarios: FABRIC_N RoCE endpoints on one bridge.
#   fab$i (10.0.3.(10+i), rxe device rxef$i) <-veth-> fabp$i (a port of bridge fbr0)
# rxe works only in the initial namespace, so every endpoint is in it, and
# policy routing sends 10.0.3.x -> 10.0.3.y out of fab$x across the bridge
# instead of through lo (the lab's veth0/veth1 trick, per endpoint). arp_ignore=1
# makes only the endpoint that owns an address answer ARP for it on the bridge.
# shellcheck source-path=SCRIPTDIR source=../../lab/lib/scenario.sh
. "$(dirname "$0")/../../lab/lib/scenario.sh"
ROCECFG=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
PROFILE=$(cd "$(dirname "$0")" && pwd)/fabric-lab.toml
FABRIC_N=${FABRIC_N:-4}
INV=/tmp/fabric-inventory.toml
ip() { /usr/sbin/ip "$@"; }
tc() { /usr/sbin/tc "$@"; }

# fabric_routes I...: the endpoints' policy routes (the kernel drops them when
# fab$I goes down; a link brought back up needs them again, as a host's
# network manager would re-add them). Every command of the fabric goes through
# one `ip -batch` / `sysctl` / `tc -batch`: an exec in the loaded guest costs
# 0.6-1.5 s (measured: 70 single commands took 64 s).
fabric_routes() {
  local i j
  for i in "$@"; do
    for j in $(seq 1 "$FABRIC_N"); do
      [ "$i" = "$j" ] || echo "route replace 10.0.3.$((10 + j)) dev fab$i src 10.0.3.$((10 + i)) table $((40 + i))"
    done
  done | ip -batch -
}

fabric_up() {
  local i j mtu=${LAB_MTU:-9000}
  if ! ip link show fbr0 >/dev/null 2>&1; then
    {
      echo "link add fbr0 type bridge stp_state 0 forward_delay 0"
      echo "link set fbr0 mtu $mtu up"
      for i in $(seq 1 "$FABRIC_N"); do
        echo "link add fab$i type veth peer name fabp$i"
        echo "link set fab$i mtu $mtu"
        echo "link set fabp$i mtu $mtu master fbr0 up"
        echo "addr add 10.0.3.$((10 + i))/24 dev fab$i"
      done
    } | ip -batch -
    # fbr0 is an interface of this host too and sees every ARP request on the
    # bridge: with the default arp_ignore=0 it answers for every local address
    # (all the endpoints') with its own MAC, racing the owner's reply. A
    # neighbour that learns fbr0's MAC black-holes RoCE (no rxe on fbr0) until
    # it is resolved again: measured after a link bounce, tests to and from
    # fab4 stalled 11-22 s with every fab4 neighbour at fbr0's MAC.
    local knobs=(net.ipv4.conf.all.rp_filter=0 net.ipv4.conf.fbr0.arp_ignore=1)
    for i in $(seq 1 "$FABRIC_N"); do
      for k in accept_local=1 rp_filter=0 arp_ignore=1 arp_announce=2; do
        knobs+=("net.ipv4.conf.fab$i.$k")
      done
    done
    sysctl -qw "${knobs[@]}"
    {
      for i in $(seq 1 "$FABRIC_N"); do
        echo "link set fab$i up"
        echo "rule add pref $((40 + i)) iif lo from 10.0.3.$((10 + i)) to 10.0.3.0/24 lookup $((40 + i))"
      done
    } | ip -batch -
    fabric_routes $(seq 1 "$FABRIC_N")
    for i in $(seq 1 "$FABRIC_N"); do
      rdma link add "rxef$i" type rxe netdev "fab$i" || die "cannot create rxef$i on fab$i"
    done
    for i in $(seq 1 "$FABRIC_N"); do
      local n=50
      until grep -q ":ffff:0a00:03$(printf %02x $((10 + i)))" /sys/class/infiniband/rxef$i/ports/1/gids/* 2>/dev/null; do
        n=$((n - 1)); [ "$n" -gt 0 ] || die "rxef$i has no IPv4 RoCE v2 GID"; sleep 0.1
      done
    done
  fi
  # Resolve every neighbour once, so no first test waits for ARP.
  local pings=()
  for i in $(seq 1 "$FABRIC_N"); do
    for j in $(seq 1 "$FABRIC_N"); do
      [ "$i" = "$j" ] || ping -c 1 -W 2 -I "10.0.3.$((10 + i))" "10.0.3.$((10 + j))" >/dev/null &
      pings+=($!)
    done
  done
  wait "${pings[@]}" || true
  {
    for i in $(seq 1 "$FABRIC_N"); do
      printf '[[host]]\nname = "f%d"\nrdma_device = "rxef%d"\nprobe_address = "10.0.3.%d"\n\n' "$i" "$i" $((10 + i))
    done
  } >"$INV"
}

# fabric_faults_clear: no netem anywhere on the fabric
fabric_faults_clear() {
  local i
  for i in $(seq 1 "$FABRIC_N"); do
    echo "qdisc del dev fab$i root"
    echo "qdisc del dev fabp$i root"
  done | tc -force -batch - 2>/dev/null || true
  for i in $(seq 1 "$FABRIC_N"); do echo "link set fab$i up"; done | ip -batch -
  fabric_routes $(seq 1 "$FABRIC_N")
}

# fault_link A B RATE: a netem rate limit on the path between endpoints A and B
# only (each end's egress towards the other, through a prio band and a u32 filter)
fault_link() { fault_link_netem "$1" "$2" rate "$3"; }
# fault_link_netem A B NETEM...: any netem on that path ("loss 3%")
fault_link_netem() {
  local a=$1 b=$2 x y
  shift 2
  for x in "$a:$b" "$b:$a"; do
    y=${x#*:}; x=${x%%:*}
    tc qdisc add dev "fab$x" root handle 1: prio bands 3 priomap 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
    tc qdisc add dev "fab$x" parent 1:3 handle 30: netem "$@"
    tc filter add dev "fab$x" parent 1: protocol ip prio 1 u32 match ip dst "10.0.3.$((10 + y))/32" flowid 1:3
  done
}

# fault_host H RATE: a netem rate limit on everything to and from endpoint H
fault_host() {
  tc qdisc add dev "fab$1" root netem rate "$2"
  tc qdisc add dev "fabp$1" root netem rate "$2"
}

# How fabric_json reaches the endpoints: in this process by default; the SSH
# and srun scenarios set their own inventory and transport, and a launcher
# (salloc) in front.
FABRIC_ARGS=(--inventory "$INV" --transport local)
FABRIC_LAUNCH=()

# fabric_json OUT ARGS...: rocecfg fabric --json; RC = its exit status; OUT
# holds the report (the envelope's payload, cmd/schemas/fabric.schema.json)
fabric_json() {
  local out=$1
  shift
  RC=0
  timeout 300 "${FABRIC_LAUNCH[@]}" "$ROCECFG" fabric "$PROFILE" "${FABRIC_ARGS[@]}" --json "$@" >"$out.envelope" 2>/tmp/fabric.err || RC=$?
  [ "$RC" != 124 ] || die "rocecfg fabric hung: $*"
  jq -e .payload "$out.envelope" >"$out" 2>/dev/null || { cat /tmp/fabric.err >&2; die "no JSON from rocecfg fabric (rc=$RC): $*"; }
}
findings() { jq -r '[.findings[] | "\(.kind) \(.hosts | join(" - "))"] | join(", ")' "$1"; }
summary() { jq -r '"\(.verdict) in \(.seconds * 10 | floor / 10) s, \(.rounds) rounds, median \((.median.bw_gbps // 0) * 1000 | floor / 1000) Gb/s \((.median.lat_p50_us // 0) * 10 | floor / 10) us"' "$1"; }
# spread OUT: the pairs' bandwidth fractions and latency factors (min-max)
spread() { jq -r '"bw x median \([.pairs[].bw_fraction // 0] | min * 100 | floor / 100)-\([.pairs[].bw_fraction // 0] | max * 100 | floor / 100), p50 x median \([.pairs[].lat_factor // 0] | min * 100 | floor / 100)-\([.pairs[].lat_factor // 0] | max * 100 | floor / 100)"' "$1"; }
# The lab's faults: a rate limit far below what a clean pair carries
# (0.03-0.15 Gb/s measured), so the faulty pairs' bandwidth is ~0.1 x median.
FAULT_RATE=${FAULT_RATE:-5mbit}

# servers_stopped: no `rocecfg probe --server` of ours left (SIGTERM reaches
# it through timeout, or through srun and slurmstepd: allow 5 s)
servers_stopped() {
  local n=50
  while pgrep -f -- "$ROCECFG probe --server" >/dev/null; do
    n=$((n - 1)); [ "$n" -gt 0 ] || return 1; sleep 0.1
  done
}

# rails_fabric_up: six endpoints as three hosts x two rails (h1..h3; rail 0 on
# fab1..3, rail 1 on fab4..6, one [[host.nic]] each) in $INV. An earlier
# scenario of this boot may have built the four-endpoint fabric: rebuilt.
rails_fabric_up() {
  local i h r e
  [ "$FABRIC_N" = 6 ] || die "rails_fabric_up needs FABRIC_N=6 before common.sh"
  if ip link show fbr0 >/dev/null 2>&1 && ! ip link show fab6 >/dev/null 2>&1; then
    for i in 1 2 3 4; do rdma link delete "rxef$i" 2>/dev/null || true; done
    { for i in 1 2 3 4; do echo "link del fab$i"; echo "rule del pref $((40 + i))"; done
      echo "link del fbr0"; } | ip -force -batch - 2>/dev/null || true
  fi
  fabric_up
  {
    for h in 1 2 3; do
      printf '[[host]]\nname = "h%d"\n' "$h"
      for r in 0 1; do
        e=$((h + 3 * r))
        printf '[[host.nic]]\ndevice = "rxef%d"\nnetdev = "fab%d"\nprobe_address = "10.0.3.%d"\nrail = %d\n' \
          "$e" "$e" $((10 + e)) "$r"
      done
      printf '\n'
    done
  } >"$INV"
}
