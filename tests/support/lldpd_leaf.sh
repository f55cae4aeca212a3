# shellcheck shell=sh
# A host and a leaf cabled by veth pairs, each running the real lldpd (root),
# for the cabling checks (doctor, fabric): the host namespace has NICs eth7,
# eth8 and eth9; the leaf "leaf3" namespace has swp9 (cabled to eth7) and
# swp10 (cabled to eth8); eth9 is cabled to a veth nobody listens on. Each
# lldpd has its own control socket and sends LLDP every second; the host's
# announces this machine's short hostname.
#
#   lldpd_leaf_start DIR TAG   sets LLDPD_HNS, LLDPD_LNS, LLDPD_HOST_SOCK;
#                              returns once eth7 and eth8 hear leaf3 (10 s),
#                              exit 77 (skip) without lldpd unless
#                              ROCECFG_NO_SKIP=1 (then exit 1)
#   lldpd_leaf_stop            stops both lldpds, deletes the namespaces

lldpd_leaf_pids=

lldpd_leaf_start() {
  _d=$1 _tag=$2
  if ! command -v lldpd >/dev/null 2>&1 || ! command -v lldpcli >/dev/null 2>&1; then
    if [ "${ROCECFG_NO_SKIP:-}" = 1 ]; then
      echo "FAIL: needs lldpd and lldpcli (apt-get install lldpd; ROCECFG_NO_SKIP=1: every test must run)"
      exit 1
    fi
    echo "SKIP: needs lldpd and lldpcli (apt-get install lldpd)"
    exit 77
  fi
  LLDPD_HNS=rcab-host-$_tag LLDPD_LNS=rcab-leaf-$_tag LLDPD_HOST_SOCK=$_d/host.sock
  # lldpd runs its configuration through lldpcli as its own user (_lldpd):
  # the control sockets' directory must be reachable for it.
  chmod 755 "$_d"
  ip netns add "$LLDPD_HNS" && ip netns add "$LLDPD_LNS" || exit 1
  ip -n "$LLDPD_HNS" link add eth7 type veth peer name swp9 netns "$LLDPD_LNS"
  ip -n "$LLDPD_HNS" link add eth8 type veth peer name swp10 netns "$LLDPD_LNS"
  ip -n "$LLDPD_HNS" link add eth9 type veth peer name eth9p
  for l in eth7 eth8 eth9 eth9p lo; do ip -n "$LLDPD_HNS" link set "$l" up; done
  for l in swp9 swp10 lo; do ip -n "$LLDPD_LNS" link set "$l" up; done
  # lldpd privilege-separates into its chroot (Debian: /run/lldpd)
  mkdir -p /run/lldpd
  printf 'configure system hostname leaf3\nconfigure lldp portidsubtype ifname\nconfigure lldp tx-interval 1\n' >"$_d/leaf.conf"
  printf 'configure system hostname %s\nconfigure lldp tx-interval 1\n' "$(hostname -s)" >"$_d/host.conf"
  ip netns exec "$LLDPD_LNS" lldpd -d -u "$_d/leaf.sock" -O "$_d/leaf.conf" -I swp9,swp10 >"$_d/leaf.log" 2>&1 &
  lldpd_leaf_pids="$lldpd_leaf_pids $!"
  ip netns exec "$LLDPD_HNS" lldpd -d -u "$_d/host.sock" -O "$_d/host.conf" -I eth7,eth8,eth9 >"$_d/host.log" 2>&1 &
  lldpd_leaf_pids="$lldpd_leaf_pids $!"
  # Both leaf ports heard (LLDP every second; lldpd sends at once on start).
  _n=100
  until [ "$(ip netns exec "$LLDPD_HNS" lldpcli -u "$_d/host.sock" show neighbors -f json 2>/dev/null |
    jq '[.lldp.interface // empty | if type == "array" then .[] else . end | keys[]] | length' 2>/dev/null)" = 2 ]; do
    _n=$((_n - 1))
    [ "$_n" -gt 0 ] || { cat "$_d/leaf.log" "$_d/host.log"; echo "FAIL: lldpd did not see leaf3 on eth7 and eth8 in 10 s"; exit 1; }
    sleep 0.1
  done
}

lldpd_leaf_stop() {
  for _p in $lldpd_leaf_pids; do kill "$_p" 2>/dev/null; done
  for _p in $lldpd_leaf_pids; do wait "$_p" 2>/dev/null; done
  lldpd_leaf_pids=
  [ -z "${LLDPD_HNS:-}" ] || ip netns del "$LLDPD_HNS" 2>/dev/null
  [ -z "${LLDPD_LNS:-}" ] || ip netns del "$LLDPD_LNS" 2>/dev/null
}
