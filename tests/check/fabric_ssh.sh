#!/bin/bash
# rocecfg check end to end: Cumulus (2), SONiC, EOS and NX-OS emulators
# behind real sshds (tests/switch/emu), three hosts' saved
# `show host --qos --json` outputs, one host reached over a real sshd
# (tests/fabric/sshd_hosts.sh) running the real rocecfg there.
#  1. every switch applied with profiles/roce-lossless.toml, hosts as the
#     profile says: every rule agrees, exit 0, the table pinned;
#  2. one planted disagreement of each kind, each on its own device:
#       lossless_priority  cumulus2 PFC on 3,4 (a profile variant applied to it)
#       trust              h2 trusts PCP (its saved output)
#       dscp_map           h3 maps DSCP 26 to priority 4 (its saved output)
#       roce_mtu           eos1 Ethernet1/3 MTU 4000 (set by hand in its running config)
#       cnp_class          nxos1 queue 6 weighted 10 %, not strict (a variant applied)
#       watchdog_hops      sonic1 detects after 400 ms (a variant applied)
#       watchdog_tolerance the same, against [check] job_tolerance_ms = 300
#     exit 1, every row pinned; with [check] waive = ["cnp_class"] that row is
#     waived in the JSON;
#  3. a switch nobody listens for and a host reached over SSH whose only
#     interface (lo) is no Ethernet: both not read, named, exit 3, the
#     others still judged.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
emu=$src/tests/switch/emu
profile=$src/profiles/roce-lossless.toml
tmp=$(mktemp -d /tmp/rocecfg-check-XXXXXX)
fails=0
switches=$(python3 "$emu/sshd_fixture.py" start "$tmp/fx" cumulus:2 sonic:1 eos:1 nxos:1) || exit 1
. "$src/tests/fabric/sshd_hosts.sh"
trap 'python3 "$emu/sshd_fixture.py" stop "$tmp/fx"; sshd_hosts_stop "$tmp/hsshd"; rm -rf "$tmp"' EXIT
port() { echo "$switches" | awk -v n="$1" '$1 == n { print $3 }'; }
check() { # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}
same() { # same GOT WANT: 0 when equal, else 1 with the diff (want -> got) on stderr
  if [ "$1" = "$2" ]; then echo 0; else diff <(echo "$2") <(echo "$1") >&2; echo 1; fi
}

. "$src/tests/switch/fixture_inventory.sh"
fixture_inventory "$tmp/fx" >"$tmp/inventory.toml"
while read -r name vendor p; do
  case $vendor in
    cumulus) ifs=swp1-4 ;;
    sonic) ifs=Ethernet0-12/4 ;;
    *) ifs=Ethernet1/1-4 ;;
  esac
  printf '\n[[switch]]\nname = "%s"\naddress = "127.0.0.1"\nport = %s\nvendor = "%s"\ninterfaces = ["%s"]\n' \
    "$name" "$p" "$vendor" "$ifs" >>"$tmp/inventory.toml"
done <<<"$switches"
printf '\n[[host]]\nname = "%s"\n' h1 h2 h3 >>"$tmp/inventory.toml"

# Hosts as `rocecfg show host --qos --json` prints an mlx5 NIC the profile set up.
mkdir "$tmp/hosts"
host_json() { # NAME TRUST DSCP26_PRIORITY
  cat >"$tmp/hosts/$1.json" <<EOF2
{"schema_version": 1, "verb": "show", "ok": true, "exit_code": 0,
 "payload": {"interfaces": [{"interface": "ens1f0np0", "found": true, "driver": "mlx5_core",
  "rdma_device": "mlx5_0", "nic_family": "mlx5",
  "knobs": {"mtu": {"source": "rtnetlink", "reading": "ok", "value": 9000},
            "pfc": {"source": "dcbnl", "reading": "ok", "value": [3]},
            "trust": {"source": "dcbnl", "reading": "ok", "value": "$2"},
            "dscp_map": {"source": "dcbnl", "reading": "ok", "value": {"26": $3, "48": 6}},
            "cnp": {"source": "mlx5 upstream (debugfs cc_params)", "reading": "ok",
                    "value": {"dscp": 48, "priority": 6}}}}]},
 "targets": [], "warnings": []}
EOF2
}
host_json h1 dscp 3
host_json h2 dscp 3
host_json h3 dscp 3
"$bin" apply "$profile" --inventory "$tmp/inventory.toml" >"$tmp/apply.out" 2>&1 ||
  check "apply the profile to every switch" 1 "$(cat "$tmp/apply.out")"

run_check() { # PROFILE [ARGS...]: sets rc and out
  out=$("$bin" check "$1" --inventory "$tmp/inventory.toml" --hosts-from-dir "$tmp/hosts" "${@:2}" 2>"$tmp/err")
  rc=$?
}

# 1. A fabric that agrees.
run_check "$profile"
check "agreeing fabric: exit 0" "$([ $rc -eq 0 ]; echo $?)" "rc=$rc $(cat "$tmp/err")"
want='check: 5 switches, 3 hosts; 8 read
RULE                VERDICT  WHERE   FINDING
lossless_priority   agree    fabric  PFC on priority 3 on all 8 devices observed
trust               agree    fabric  trust dscp on all 8 devices observed
dscp_map            agree    fabric  DSCP 26 -> priority 3 on all 8 devices observed
dscp_map            agree    fabric  DSCP 48 -> priority 6 on all 8 devices observed
roce_mtu            agree    fabric  h1 ens1f0np0 sends RoCE packets up to 4192 bytes (MTU 9000: path MTU 4096 + 96 header bytes); the smallest switch port, eos1 Ethernet1/1-4, carries 9214
cnp_class           agree    fabric  CNP DSCP 48 reaches a strict queue on every switch port observed
watchdog_hops       agree    fabric  PFC watchdog detection 200 ms on all 5 devices observed
watchdog_tolerance  agree    fabric  longest PFC watchdog detection 200 ms (cumulus1 swp1-4) < job tolerance 34359 ms (NCCL defaults: 4.096 us x 2^20 x 8 tries)
verdict: 0 disagreements, 0 unknown, 0 waived, 0 devices not read'
check "agreeing fabric: every rule agrees" "$(same "$out" "$want")" "$out"

# 2. One planted disagreement of each kind.
variant() { # NAME SED-SCRIPT SWITCH: a profile variant applied to one switch
  sed "$2" "$profile" >"$tmp/$1.toml"
  "$bin" apply "$tmp/$1.toml" --inventory "$tmp/inventory.toml" --switch "$3" >"$tmp/apply.out" 2>&1 ||
    check "apply $1 to $3" 1 "$(cat "$tmp/apply.out")"
}
variant pfc34 's/^priorities = \[3\]/priorities = [3, 4]/; /^dscp = \[26\]/d; s/^\[cnp\]/[dscp_map]\n26 = 3\n34 = 4\n\n[cnp]/' cumulus2
variant cnp-weighted 's/^bandwidth_percent = { 0 = 50, 3 = 50 }/bandwidth_percent = { 0 = 40, 3 = 50, 6 = 10 }/; s/^strict = \[6\]/strict = []/' nxos1
variant watchdog400 's/^detection_ms = 200/detection_ms = 400/' sonic1
# eos1 Ethernet1/3 set to MTU 4000 by hand: its running config as the emulator keeps it
python3 - "$tmp/fx/state/$(port eos1)/state.json" <<'EOF2'
import json, sys
state = json.load(open(sys.argv[1]))
for node in state["running"]:
    if node[0] == "interface Ethernet1/3":
        for child in node[1]:
            if child[0].startswith("mtu "):
                child[0] = "mtu 4000"
json.dump(state, open(sys.argv[1], "w"), indent=1, sort_keys=True)
EOF2
host_json h2 pcp 3
host_json h3 dscp 4
(cat "$profile"; printf '\n[check]\njob_tolerance_ms = 300\n') >"$tmp/check.toml"
run_check "$tmp/check.toml"
check "planted disagreements: exit 1" "$([ $rc -eq 1 ]; echo $?)" "rc=$rc $(cat "$tmp/err")"
want='check: 5 switches, 3 hosts; 8 read
RULE                VERDICT   WHERE                                            FINDING
lossless_priority   DISAGREE  cumulus2 swp1-4                                  PFC on priority 3,4; cumulus1, sonic1, eos1 (+4 more): priority 3
  why: a hop without PFC on the lossless priority drops under congestion instead of pausing: the class is lossy there
trust               DISAGREE  h2 ens1f0np0                                     trust pcp; cumulus1, cumulus2, sonic1 (+4 more): dscp
  why: a port trusting another field classifies RoCE by a mark the sender did not set: the packets miss the lossless queue
dscp_map            DISAGREE  h3 ens1f0np0                                     DSCP 26 -> priority 4; cumulus1, cumulus2, sonic1 (+4 more): priority 3
dscp_map            agree     fabric                                           DSCP 48 -> priority 6 on all 8 devices observed
  why: a DSCP mapped to different priorities enters a different queue at that hop: no PFC, no ECN for it there
roce_mtu            DISAGREE  eos1 Ethernet1/3                                 MTU 4000 carries IP packets up to 4000 bytes; h1 ens1f0np0 sends RoCE packets up to 4192 bytes (MTU 9000: path MTU 4096 + 96 header bytes) (+2 more NICs)
  why: a port whose MTU is below the largest RoCE packet drops it: the sender sees only timeouts and retransmits
cnp_class           DISAGREE  nxos1 Ethernet1/1-4                              CNP DSCP 48 -> priority 6, queue 6: ets 10 %, not strict
  why: CNPs queued behind the congestion they report reach the sender too late: DCQCN reacts slowly and PFC does the work
watchdog_hops       DISAGREE  sonic1 Ethernet0,Ethernet4,Ethernet8,Ethernet12  PFC watchdog detection 400 ms; cumulus1, cumulus2, eos1 (+1 more): 200 ms
  why: hops that detect a PFC storm at different times break a storm at different points: the slowest one decides how long the fabric stays paused
watchdog_tolerance  DISAGREE  sonic1 Ethernet0,Ethernet4,Ethernet8,Ethernet12  PFC watchdog detects a storm after 400 ms, not before the job'"'"'s tolerance of 300 ms (profile [check] job_tolerance_ms)
  why: a storm that outlasts the transport'"'"'s retries kills the job before the watchdog breaks it
verdict: 7 disagreements, 0 unknown, 0 waived, 0 devices not read'
check "planted disagreements: each named exactly" "$(same "$out" "$want")" "$out"

printf 'waive = ["cnp_class"]\n' >>"$tmp/check.toml"
run_check "$tmp/check.toml" --json
check "waived cnp_class: still exit 1 (the others)" "$([ $rc -eq 1 ]; echo $?)" "rc=$rc $(cat "$tmp/err")"
got=$(printf '%s' "$out" | python3 -c 'import json, sys
d = json.load(sys.stdin)["payload"]
print(sorted((f["rule"], f["verdict"], f["where"]) for f in d["findings"] if f["verdict"] != "agree"), d["summary"])')
want="[('cnp_class', 'waived', 'nxos1 Ethernet1/1-4'), ('dscp_map', 'disagree', 'h3 ens1f0np0'), ('lossless_priority', 'disagree', 'cumulus2 swp1-4'), ('roce_mtu', 'disagree', 'eos1 Ethernet1/3'), ('trust', 'disagree', 'h2 ens1f0np0'), ('watchdog_hops', 'disagree', 'sonic1 Ethernet0,Ethernet4,Ethernet8,Ethernet12'), ('watchdog_tolerance', 'disagree', 'sonic1 Ethernet0,Ethernet4,Ethernet8,Ethernet12')] {'disagree': 6, 'hosts': 3, 'switches': 5, 'unknown': 0, 'unread': 0, 'waived': 1}"
check "waived cnp_class: waived in the JSON, the rest disagree" "$(same "$got" "$want")" "$got"

# 3. A switch nobody listens for, and a host over SSH with no Ethernet interface.
sshd_hosts_start "$tmp/hsshd" 1 || exit 1
hport=$(cat "$tmp/hsshd/ports")
down=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf '\n[[switch]]\nname = "leaf-down"\naddress = "127.0.0.1"\nport = %s\nvendor = "cumulus"\ninterfaces = ["swp1"]\n' \
  "$down" >>"$tmp/inventory.toml"
printf '\n[[host]]\nname = "h4"\naddress = "127.0.0.1"\nssh_port = %s\nidentity_file = "%s"\nknown_hosts = "%s"\ninterfaces = ["lo"]\n' \
  "$hport" "$tmp/hsshd/id_ed25519" "$tmp/hsshd/known_hosts" >>"$tmp/inventory.toml"
out=$("$bin" check "$profile" --inventory "$tmp/inventory.toml" --remote-rocecfg "$bin" 2>"$tmp/err")
rc=$?
check "unreadable devices: exit 3" "$([ $rc -eq 3 ]; echo $?)" "rc=$rc $(cat "$tmp/err")"
got=$(printf '%s\n' "$out" | sed -n '/^not read:/,$p' | sed -e "s/:$down\b/:P_DOWN/g" -e "s/:$hport\b/:P_HOST/g")
want='not read:
  leaf-down (switch, ssh 127.0.0.1:P_DOWN): unreachable: cannot connect to 127.0.0.1:P_DOWN: Connection refused
  h1 (host): no address in the inventory to reach it over SSH
  h2 (host): no address in the inventory to reach it over SSH
  h3 (host): no address in the inventory to reach it over SSH
  h4 lo: not an Ethernet interface (link type 772, loopback); RoCE needs Ethernet
verdict: 3 disagreements, 1 unknown, 0 waived, 4 devices not read'
check "unreadable devices: each named, the rest still judged" "$(same "$got" "$want")" "$out"

[ "$fails" -eq 0 ] && echo "all check fabric tests passed"
[ "$fails" -eq 0 ]
