#!/bin/sh
# rocecfg's inventory verbs against a Junos emulator behind a real sshd
# (issue 37): apply (warning of the PFC port block, ECN not expressible),
# audit in sync, a second apply with nothing to send, ECN as fill levels,
# the shared buffer's split, `counters` judging a
# lossless drop from `show interfaces extensive` (FAIL, exit 1; a port whose
# JSON form has no watchdog block says the watchdog not read; a storm in
# that block fails, named), `doctor` explaining it, and
# `check` reading it beside two Cumulus switches and a host: every rule
# agrees, then a watchdog applied to the Junos switch alone is the one
# disagreement, named there.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
emu=$src/tests/switch/emu
profile=$src/profiles/roce-lossless.toml
tmp=$(mktemp -d /tmp/rocecfg-junos-XXXXXX)
fails=0
switches=$(python3 "$emu/sshd_fixture.py" start "$tmp/fx" junos:1 cumulus:2) || exit 1
trap 'python3 "$emu/sshd_fixture.py" stop "$tmp/fx"; rm -rf "$tmp"' EXIT
port=$(echo "$switches" | awk '$1 == "junos1" { print $3 }')
. "$src/tests/switch/fixture_inventory.sh"
fixture_inventory "$tmp/fx" > "$tmp/inventory.toml"
printf '\n[[switch]]\nname = "leaf-jn"\naddress = "127.0.0.1"\nport = %s\nvendor = "junos"\ninterfaces = ["et-0/0/1-2"]\n' \
  "$port" >> "$tmp/inventory.toml"
check() {  # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}

out=$("$bin" apply "$profile" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
check "apply: exit 0" "$([ $rc -eq 0 ]; echo $?)" "rc=$rc $out"
check "apply: applied and verified" \
  "$(printf '%s\n' "$out" | grep -q '^leaf-jn  junos   applied  11 change(s) applied and verified$'; echo $?)" "$out"
check "apply: the PFC port block is warned about per port" \
  "$([ "$(printf '%s\n' "$out" | grep -c 'changing PFC blocks the whole port until the change completes')" -eq 2 ]; echo $?)" "$out"
check "apply: ECN said not expressible" \
  "$(printf '%s\n' "$out" | grep -q '^warning: leaf-jn: 2 knob(s) not expressible on junos$'; echo $?)" "$out"

out=$("$bin" audit "$profile" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
check "audit: in sync, exit 0" \
  "$([ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '^leaf-jn  junos   in-sync  no drift$'; echo $?)" "rc=$rc $out"

: > "$tmp/fx/state/$port/log"
out=$("$bin" apply "$profile" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
sent=$(cat "$tmp/fx/state/$port/log")
want="set cli screen-length 0
set cli screen-width 0
show version
show configuration | display set"
check "second apply: in sync, only the read" \
  "$([ $rc -eq 0 ] && [ "$sent" = "$want" ]; echo $?)" "rc=$rc $out / sent: $sent"

echo '{"reads": [{"et-0/0/1": {}}, {"et-0/0/1": {"drops": [0, 0, 0, 12]}}]}' > "$tmp/fx/state/$port/counters.json"
rm -f "$tmp/fx/state/$port/counters_reads.json"
out=$("$bin" counters "$profile" --inventory "$tmp/inventory.toml" --window-ms 200 2>&1)
rc=$?
check "counters: a lossless drop fails (exit 1)" "$([ $rc -eq 1 ]; echo $?)" "rc=$rc $out"
check "counters: the drop named" \
  "$(printf '%s\n' "$out" | grep -q '^  FAIL leaf-jn et-0/0/1 queue 3: 12 packets dropped on a lossless class$'; echo $?)" "$out"
check "counters: the watchdog said not read" \
  "$(printf '%s\n' "$out" | grep -q '^leaf-jn (junos): FAIL, .* (not read: watchdog)$'; echo $?)" "$out"
rm -f "$tmp/fx/state/$port/counters_reads.json"
out=$("$bin" doctor "$profile" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
check "doctor: a problem (exit 1), the drop explained" \
  "$([ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^PROBLEM  switch drop leaf-jn et-0/0/1 queue 3: 12 packets dropped on a lossless class$'; echo $?)" "rc=$rc $out"

# The watchdog's counts, where the JSON form carries them
# (ethernet-pfcwd-statistics): a storm and its drops fail, named; read, so
# nothing is said not read.
echo '{"reads": [{"et-0/0/1": {"wd_storms": [0,0,0,0]}, "et-0/0/2": {"wd_storms": [0,0,0,0]}},
                 {"et-0/0/1": {"wd_storms": [0,0,0,1], "wd_restores": [0,0,0,1], "wd_drops": [0,0,0,96]},
                  "et-0/0/2": {"wd_storms": [0,0,0,0]}}]}' > "$tmp/fx/state/$port/counters.json"
rm -f "$tmp/fx/state/$port/counters_reads.json"
out=$("$bin" counters "$profile" --inventory "$tmp/inventory.toml" --switch leaf-jn --window-ms 200 2>&1)
rc=$?
check "counters: a watchdog storm and its drops fail, named, the watchdog read" \
  "$([ $rc -eq 1 ] &&
     printf '%s\n' "$out" | grep -q '^  FAIL leaf-jn et-0/0/1 queue 3: PFC watchdog detected 1 storm(s)$' &&
     printf '%s\n' "$out" | grep -q '^  FAIL leaf-jn et-0/0/1 queue 3: PFC watchdog dropped 96 packets$' &&
     ! printf '%s\n' "$out" | grep -q 'not read: watchdog'; echo $?)" "rc=$rc $out"

# ECN as fill levels ([ecn] fill_level_percent): the drop profile and the
# marking scheduler are pushed, the audit reads them back in sync, a second
# apply sends nothing.
sed 's/^mark_probability_percent = \(.*\)/mark_probability_percent = \1\nfill_level_percent = [55, 90]/' \
  "$profile" > "$tmp/fill.toml"
: > "$tmp/fx/state/$port/log"
out=$("$bin" apply "$tmp/fill.toml" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
want="set class-of-service drop-profiles rocecfg-ecn interpolate fill-level [ 55 90 ]
set class-of-service drop-profiles rocecfg-ecn interpolate drop-probability [ 0 10 ]
set class-of-service schedulers rocecfg-s3 explicit-congestion-notification
set class-of-service schedulers rocecfg-s3 drop-profile-map loss-priority any protocol any drop-profile rocecfg-ecn"
sent=$(grep -E '^set .*(drop-profile|explicit-congestion)' "$tmp/fx/state/$port/log")
check "fill levels: applied and verified, the ECN statements sent" \
  "$([ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '^leaf-jn  junos   applied  2 change(s) applied and verified$' &&
     [ "$sent" = "$want" ] && ! printf '%s\n' "$out" | grep -q 'not expressible'; echo $?)" "rc=$rc $out / sent: $sent"
out=$("$bin" audit "$tmp/fill.toml" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
check "fill levels: audit in sync, exit 0" \
  "$([ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '^leaf-jn  junos   in-sync  no drift$'; echo $?)" "rc=$rc $out"
: > "$tmp/fx/state/$port/log"
out=$("$bin" apply "$tmp/fill.toml" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
sent=$(cat "$tmp/fx/state/$port/log")
want="set cli screen-length 0
set cli screen-width 0
show version
show configuration | display set"
check "fill levels: a second apply only reads" \
  "$([ $rc -eq 0 ] && [ "$sent" = "$want" ]; echo $?)" "rc=$rc $out / sent: $sent"
sed 's/^fill_level_percent = .*/fill_level_percent = [40, 90]/' "$tmp/fill.toml" > "$tmp/fill40.toml"
out=$("$bin" audit "$tmp/fill40.toml" --inventory "$tmp/inventory.toml" 2>&1)
rc=$?
check "fill levels: moved thresholds are drift, named" \
  "$([ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q 'ecn  *fill=55%..90% p=10% -> fill=40%..90% p=10%$'; echo $?)" "rc=$rc $out"

# The shared buffer's split (JVD QFX5240 leaf: ingress 66/24/10, egress
# 66/10): the five partitions and nothing else sent, the stop-every-port
# warning, audit in sync, a second apply only reads; the emulator's commit
# check refuses ingress partitions that do not total 100.
{ cat "$tmp/fill.toml"; printf '\n[buffers]\nshared_lossless_percent = 66\nshared_headroom_percent = 24\nshared_lossy_percent = 10\n'; } > "$tmp/split.toml"
: > "$tmp/fx/state/$port/log"
out=$("$bin" apply "$tmp/split.toml" --inventory "$tmp/inventory.toml" --switch leaf-jn 2>&1)
rc=$?
want="set class-of-service shared-buffer ingress buffer-partition lossless percent 66
set class-of-service shared-buffer ingress buffer-partition lossless-headroom percent 24
set class-of-service shared-buffer ingress buffer-partition lossy percent 10
set class-of-service shared-buffer egress buffer-partition lossless percent 66
set class-of-service shared-buffer egress buffer-partition lossy percent 10"
sent=$(grep -E '^(set|delete) ' "$tmp/fx/state/$port/log" | grep -v '^set cli ')
check "shared buffer: the five partitions applied and verified, nothing else sent" \
  "$([ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '^leaf-jn  junos   applied  1 change(s) applied and verified$' &&
     [ "$sent" = "$want" ] &&
     printf '%s\n' "$out" | grep -q 'changing the shared buffer stops traffic on every port'; echo $?)" "rc=$rc $out / sent: $sent"
out=$("$bin" audit "$tmp/split.toml" --inventory "$tmp/inventory.toml" --switch leaf-jn 2>&1)
rc=$?
check "shared buffer: audit in sync, exit 0" \
  "$([ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '^leaf-jn  junos   in-sync  no drift$'; echo $?)" "rc=$rc $out"
sed 's/^shared_lossless_percent = 66/shared_lossless_percent = 60/; s/^shared_lossy_percent = 10/shared_lossy_percent = 16/' \
  "$tmp/split.toml" > "$tmp/split60.toml"
out=$("$bin" audit "$tmp/split60.toml" --inventory "$tmp/inventory.toml" --switch leaf-jn 2>&1)
rc=$?
check "shared buffer: a moved split is drift, named" \
  "$([ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q 'buffers  *shared=lossless 66%,headroom 24%,lossy 10% -> shared=lossless 60%,headroom 24%,lossy 16%$'; echo $?)" "rc=$rc $out"
# A multicast partition (Junos before EVO) on this EVO switch (`show version`:
# 23.4X100-D31.9-EVO): refused before anything is sent.
printf 'shared_multicast_percent = 10\n' | cat "$tmp/split.toml" - > "$tmp/split-mc.toml"
: > "$tmp/fx/state/$port/log"
out=$("$bin" apply "$tmp/split-mc.toml" --inventory "$tmp/inventory.toml" --switch leaf-jn 2>&1)
rc=$?
check "shared buffer: a multicast partition on Evolved is refused, nothing sent" \
  "$([ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q 'has no egress multicast partition' &&
     ! grep -qE '^(set|delete) class-of-service' "$tmp/fx/state/$port/log"; echo $?)" "rc=$rc $out"
python3 - "$emu" <<'PY' || check "emulator: ingress partitions not totalling 100 fail commit check" 1 ""
import sys
sys.path.insert(0, sys.argv[1])
import junos_emu
from emu_core import CommandError
try:
    junos_emu.check(["set class-of-service shared-buffer ingress buffer-partition lossless percent 66"])
    sys.exit(1)
except CommandError as e:
    sys.exit(0 if "total 66 percent" in str(e) else 1)
PY

# check: the Junos switch beside two Cumulus switches and one host's saved
# `show host --qos --json`.
cp "$tmp/inventory.toml" "$tmp/fabric.toml"
for n in 1 2; do
  printf '\n[[switch]]\nname = "leaf-cl%s"\naddress = "127.0.0.1"\nport = %s\nvendor = "cumulus"\ninterfaces = ["swp1-2"]\n' \
    "$n" "$(echo "$switches" | awk -v n="cumulus$n" '$1 == n { print $3 }')" >> "$tmp/fabric.toml"
done
printf '\n[[host]]\nname = "h1"\n' >> "$tmp/fabric.toml"
mkdir "$tmp/hosts"
cat > "$tmp/hosts/h1.json" <<'EOF'
{"schema_version": 1, "verb": "show", "ok": true, "exit_code": 0,
 "payload": {"interfaces": [{"interface": "ens1f0np0", "found": true, "driver": "mlx5_core",
  "rdma_device": "mlx5_0", "nic_family": "mlx5",
  "knobs": {"mtu": {"source": "rtnetlink", "reading": "ok", "value": 9000},
            "pfc": {"source": "dcbnl", "reading": "ok", "value": [3]},
            "trust": {"source": "dcbnl", "reading": "ok", "value": "dscp"},
            "dscp_map": {"source": "dcbnl", "reading": "ok", "value": {"26": 3, "48": 6}},
            "cnp": {"source": "mlx5 upstream (debugfs cc_params)", "reading": "ok",
                    "value": {"dscp": 48, "priority": 6}}}}]},
 "targets": [], "warnings": []}
EOF
"$bin" apply "$profile" --inventory "$tmp/fabric.toml" > "$tmp/apply.out" 2>&1 ||
  check "apply to the Cumulus switches" 1 "$(cat "$tmp/apply.out")"
out=$("$bin" check "$profile" --inventory "$tmp/fabric.toml" --hosts-from-dir "$tmp/hosts" 2>&1)
rc=$?
want='check: 3 switches, 1 host; 4 read
RULE                VERDICT  WHERE   FINDING
lossless_priority   agree    fabric  PFC on priority 3 on all 4 devices observed
trust               agree    fabric  trust dscp on all 4 devices observed
dscp_map            agree    fabric  DSCP 26 -> priority 3 on all 4 devices observed
dscp_map            agree    fabric  DSCP 48 -> priority 6 on all 4 devices observed
roce_mtu            agree    fabric  h1 ens1f0np0 sends RoCE packets up to 4192 bytes (MTU 9000: path MTU 4096 + 96 header bytes); the smallest switch port, leaf-jn et-0/0/1-2, carries 9216
cnp_class           agree    fabric  CNP DSCP 48 reaches a strict queue on every switch port observed
watchdog_hops       agree    fabric  PFC watchdog detection 200 ms on all 3 devices observed
watchdog_tolerance  agree    fabric  longest PFC watchdog detection 200 ms (leaf-jn et-0/0/1-2) < job tolerance 34359 ms (NCCL defaults: 4.096 us x 2^20 x 8 tries)
verdict: 0 disagreements, 0 unknown, 0 waived, 0 devices not read'
check "check: junos read beside cumulus, every rule agrees (exit 0)" \
  "$([ $rc -eq 0 ] && [ "$out" = "$want" ]; echo $?)" "rc=$rc $out"
sed 's/^detection_ms = 200/detection_ms = 400/' "$profile" > "$tmp/wd400.toml"
"$bin" apply "$tmp/wd400.toml" --inventory "$tmp/fabric.toml" --switch leaf-jn > "$tmp/apply.out" 2>&1 ||
  check "apply the 400 ms watchdog to leaf-jn" 1 "$(cat "$tmp/apply.out")"
out=$("$bin" check "$profile" --inventory "$tmp/fabric.toml" --hosts-from-dir "$tmp/hosts" 2>&1)
rc=$?
check "check: the junos watchdog is the one disagreement (exit 1)" \
  "$([ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q '^watchdog_hops       DISAGREE  leaf-jn et-0/0/1-2  PFC watchdog detection 400 ms; leaf-cl1, leaf-cl2: 200 ms$' &&
     printf '%s\n' "$out" | grep -q '^verdict: 1 disagreement, 0 unknown'; echo $?)" "rc=$rc $out"

[ "$fails" -eq 0 ] && echo "all junos inventory checks passed"
[ "$fails" -eq 0 ]
