#!/bin/sh
# End to end through the rocecfg binary on the real kernel: apply/audit
# --interface on a veth pair in a network namespace of our own (needs root).
# Checks exact output and exit codes, and `ip` as the independent reader.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
ns=rocecfg-cli-$$
fails=0
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns"' EXIT
ip -n "$ns" link add rcfg0 type veth peer name rcfg1

run() { ip netns exec "$ns" "$bin" "$@" 2>&1; }
mtu() { ip -n "$ns" -o link show "$1" | sed -n 's/.* mtu \([0-9]*\) .*/\1/p'; }
expect() {  # expect NAME WANT_RC WANT_OUTPUT GOT_RC GOT_OUTPUT
  if [ "$2" != "$4" ] || [ "$3" != "$5" ]; then
    printf 'FAIL: %s\n--- want (rc %s)\n%s\n--- got (rc %s)\n%s\n' "$1" "$2" "$3" "$4" "$5"
    fails=$((fails + 1))
  else
    echo "ok: $1"
  fi
}

p=$here/profiles/mtu-9000.toml
out=$(run apply "$p" --interface rcfg0 --interface rcfg1); rc=$?
expect "apply sets MTU" 0 "plan:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000
rcfg1   mtu   1500   -> 9000
result:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000  [applied]
rcfg1   mtu   1500   -> 9000  [applied]" "$rc" "$out"
expect "ip link agrees" 9000 "" "$(mtu rcfg0)" ""

out=$(run audit "$p" --interface rcfg0 --interface rcfg1); rc=$?
expect "audit after apply: no drift" 0 "no drift" "$rc" "$out"

ip -n "$ns" link set rcfg1 mtu 1500
out=$(run audit "$p" --interface rcfg0 --interface rcfg1); rc=$?
expect "hand-changed MTU is drift" 1 "drift (observed -> profile):
TARGET  KNOB  BEFORE    AFTER
rcfg1   mtu   1500   -> 9000" "$rc" "$out"
out=$(run audit "$p" --interface rcfg1 --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["exit_code"])'); rc=$?
expect "audit --json says exit_code 1" 0 1 "$rc" "$out"

out=$(run apply "$p" --interface rcfg1 --dry-run); rc=$?
expect "dry run" 0 "plan:
TARGET  KNOB  BEFORE    AFTER
rcfg1   mtu   1500   -> 9000
dry run: nothing changed" "$rc" "$out"
expect "dry run changed nothing" 1500 "" "$(mtu rcfg1)" ""

run apply "$p" --interface rcfg1 >/dev/null
out=$(run apply "$p" --interface rcfg0 --interface rcfg1); rc=$?
expect "second apply: nothing to do" 0 "nothing to do" "$rc" "$out"

# A netdev without DCB (a veth here; a VF names its PF, tests/host/dcb_owner_test.cpp):
# what applies is applied, PFC/ETS are unsupported with the reason, exit 0
# as the README's "Unsupported knobs" says; --strict makes them exit 1.
ip -n "$ns" link set rcfg0 mtu 1500
lossless=$src/profiles/roce-lossless.toml
unsup="unsupported: rcfg0: ets: not supported by this netdev (virtual, veth: no DCB)
unsupported: rcfg0: pfc: not supported by this netdev (virtual, veth: no DCB)
unsupported: rcfg0: trust: not supported by this netdev (virtual, veth: no DCB)
unsupported: rcfg0: dscp_map: not supported by this netdev (virtual, veth: no DCB)
unsupported: rcfg0: ecn_priorities: no ECN/DCQCN adapter for driver 'veth'
unsupported: rcfg0: dcqcn: no ECN/DCQCN adapter for driver 'veth'
unsupported: rcfg0: cnp: no ECN/DCQCN adapter for driver 'veth'
unsupported: rcfg0: roce_mode: no RDMA device on this interface
unsupported: rcfg0: roce_tos: no RDMA device on this interface"
out=$(run apply "$lossless" --interface rcfg0 --dry-run); rc=$?
expect "DCB on veth, dry run: the plan and each unsupported knob" 0 "plan:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000
$unsup
dry run: nothing changed" "$rc" "$out"
out=$(run apply "$lossless" --interface rcfg0); rc=$?
expect "DCB on veth: the MTU applied, PFC/ETS unsupported, exit 0" 0 "plan:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000
$unsup
result:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000  [applied]" "$rc" "$out"
expect "DCB on veth: ip link shows the MTU" 9000 "" "$(mtu rcfg0)" ""
out=$(run audit "$lossless" --interface rcfg0 --strict | tail -n 1); rc=$?
expect "DCB on veth: --strict counts the unsupported knobs (exit 1)" 0 "strict: 9 unsupported knob(s) count as not in place" "$rc" "$out"
run audit "$lossless" --interface rcfg0 --strict >/dev/null; rc=$?
expect "DCB on veth: --strict exit code" 1 "" "$rc" ""
# A profile that states its congestion control: audit says what the NIC runs
# (host/nic_congestion.h), here unknown, as a warning, not as drift.
out=$(run audit "$src/profiles/pfc-only.toml" --interface rcfg0 | head -n 1); rc=$?
expect "audit names the congestion control the NIC runs, or unknown" 0 "warning: rcfg0: congestion control unknown (profile: pfc-only): no ECN/DCQCN adapter for driver 'veth'" "$rc" "$out"

# --interface values: comma lists split, duplicates merged, bad names exit 2
# before anything is touched, absent names exit 3, non-Ethernet refused.
ip -n "$ns" link set rcfg0 mtu 1500
ip -n "$ns" link set rcfg1 mtu 1500
out=$(run apply "$p" -i rcfg0,rcfg1 -i rcfg0 --dry-run); rc=$?
expect "comma list split, duplicate merged" 0 "plan:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000
rcfg1   mtu   1500   -> 9000
dry run: nothing changed" "$rc" "$out"
for bad in 'a;b' 'rcfg0:0' '../../etc' 'abcdefghijklmnop' 'rcfg0,'; do
  out=$(run audit "$p" --interface "$bad"); rc=$?
  case "$out" in "rocecfg audit: --interface "*) got=located ;; *) got="$out" ;; esac
  expect "bad --interface '$bad': usage error" 2 located "$rc" "$got"
done
out=$(run audit "$p" --interface 'rcfg0:0'); rc=$?
expect "alias label names the interface" 2 "rocecfg audit: --interface rcfg0:0: not an interface but an address label; name the interface (rcfg0)" "$rc" "$out"
out=$(run audit "$p" --interface nosuch0); rc=$?
expect "valid but absent: runtime" 3 "error: nosuch0: no such interface
no drift in what could be read" "$rc" "$out"
out=$(run apply "$p" --interface lo); rc=$?
expect "loopback refused" 2 "error: lo: not an Ethernet interface (link type 772, loopback); RoCE needs Ethernet
nothing changed" "$rc" "$out"
out=$(run audit "$p" -i rcfg0 -i rcfg0 --json | grep -c '"knob": "mtu"'); rc=$?
expect "duplicate --interface counts one drift" 0 1 "$rc" "$out"

# Unsupported knobs (rdma_cm on a veth without RDMA device): warnings, exit 0
# when everything supported is in place; --strict or the profile key exit 1.
u=$here/profiles/mtu-rdma-cm.toml
out=$(run apply "$u" -i rcfg0); rc=$?
expect "apply with an unsupported knob: applied, warned, exit 0" 0 "plan:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000
unsupported: rcfg0: roce_tos: no RDMA device on this interface
result:
TARGET  KNOB  BEFORE    AFTER
rcfg0   mtu   1500   -> 9000  [applied]" "$rc" "$out"
out=$(run audit "$u" -i rcfg0); rc=$?
expect "audit: no drift in the supported knobs, exit 0" 0 "unsupported: rcfg0: roce_tos: no RDMA device on this interface
no drift in the supported knobs (1 unsupported, listed above)" "$rc" "$out"
out=$(run audit "$u" -i rcfg0 --strict); rc=$?
expect "audit --strict: exit 1" 1 "unsupported: rcfg0: roce_tos: no RDMA device on this interface
strict: 1 unsupported knob(s) count as not in place" "$rc" "$out"
out=$(run apply "$u" -i rcfg0 --strict); rc=$?
expect "apply --strict: exit 1" 1 "unsupported: rcfg0: roce_tos: no RDMA device on this interface
strict: 1 unsupported knob(s) count as not in place
nothing to do" "$rc" "$out"
run audit "$here/profiles/mtu-rdma-cm-strict.toml" -i rcfg0 >/dev/null; rc=$?
expect "profile unsupported_knobs = fail: exit 1" 1 "" "$rc" ""
out=$(run audit "$u" -i rcfg0 --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["exit_code"], d["payload"]["unsupported"], [w["kind"] for w in d["warnings"]])'); rc=$?
expect "json counts the unsupported knob" 0 "0 1 ['unsupported']" "$rc" "$out"

# Nothing comparable is never "no drift": every knob unsupported here.
printf '[fabric]\nname = "cm-only"\n[rdma_cm]\ntos = 106\n' > "/tmp/$ns-cm.toml"
out=$(run audit "/tmp/$ns-cm.toml" -i rcfg0); rc=$?
expect "all knobs unsupported: nothing compared, exit 3" 3 "unsupported: rcfg0: roce_tos: no RDMA device on this interface
nothing compared: no knob of the profile can be read on these interfaces" "$rc" "$out"
rm -f "/tmp/$ns-cm.toml"

# Non-root apply: one line naming what is missing, nothing touched.
ip -n "$ns" link set rcfg1 mtu 1500
out=$(ip netns exec "$ns" setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
  "$bin" apply "$p" -i rcfg1 2>&1); rc=$?
expect "non-root apply refused up front" 3 "rocecfg apply: needs CAP_NET_ADMIN (netlink: MTU, DCB) and CAP_DAC_OVERRIDE (root-owned sysfs, configfs and debugfs files); run it as root (nothing was changed)" "$rc" "$out"
expect "non-root apply changed nothing" 1500 "" "$(mtu rcfg1)" ""

# Verb typos and help.
out=$(run aply "$p"); rc=$?
expect "verb typo: did you mean" 2 "rocecfg: unknown command 'aply' (did you mean 'apply'?) (rocecfg --help lists them)" "$rc" "$out"
out=$(run help audit | grep -c -e '^Exit codes:' -e '-j, --json' -e '--strict'); rc=$?
expect "help VERB: options, global flags, exit codes" 0 3 "$rc" "$out"
out=$(run validate --help | sed -n '/^Exit codes:/,$p'); rc=$?
expect "validate --help lists only its codes" 0 "Exit codes:
  0  success: applied, no drift, healthy
  2  usage error: bad command line, argument value, profile or inventory" "$rc" "$out"

[ "$fails" -eq 0 ] || { echo "FAIL: $fails checks"; exit 1; }
echo "PASS"
