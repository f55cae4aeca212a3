#!/bin/sh
# A push interrupted by the tool's own failure (issue 33): a reader that
# crashed mid-push once ended an H3C apply with no report and no rollback,
# ports left half-changed. Against emulators behind a real OpenSSH sshd on
# loopback, the engine's test seam (ROCECFG_TEST_THROW_AFTER_PUSH_READS,
# lib/switch/engine_undo.h) throws after N outputs of the push, when part of
# the change is on the device:
#  - "N": in the reader under the push. The adapter undoes its push as after
#    a device error; the device holds exactly what it held before; exit 3.
#  - "N,adapter": above the reader, as if the adapter's own code threw. The
#    engine reconnects, reads the switch and rolls back; what it could not
#    put back is named in the report; exit 3.
# Either way a second apply then goes through.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
emu=$src/tests/switch/emu
tmp=$(mktemp -d /tmp/rocecfg-swint-XXXXXX)
fails=0
switches=$(python3 "$emu/sshd_fixture.py" start "$tmp/fx" h3c:1 sonic:1) || exit 1
trap 'python3 "$emu/sshd_fixture.py" stop "$tmp/fx"; rm -rf "$tmp"' EXIT
port() { echo "$switches" | awk -v n="$1" '$1 == n { print $3 }'; }
. "$src/tests/switch/fixture_inventory.sh"
fixture_inventory "$tmp/fx" > "$tmp/inventory.toml"
printf '\n[[switch]]\nname = "h3c1"\naddress = "127.0.0.1"\nport = %s\nvendor = "h3c"\nmodel = "S6850-56HF"\ninterfaces = ["HundredGigE1/0/1", "HundredGigE1/0/2"]\n' \
  "$(port h3c1)" >> "$tmp/inventory.toml"
printf '\n[[switch]]\nname = "sonic1"\naddress = "127.0.0.1"\nport = %s\nvendor = "sonic"\ninterfaces = ["Ethernet0", "Ethernet4"]\n' \
  "$(port sonic1)" >> "$tmp/inventory.toml"
profile=$src/profiles/roce-lossless.toml
check() {  # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}
# The device's configuration as the emulator keeps it: H3C's running config,
# SONiC's CONFIG_DB (without empty tables, which Redis does not keep).
device() {
  python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
c = s["running"] if "running" in s else {k: v for k, v in s["db"].items() if v}
print(json.dumps(c, sort_keys=True))' "$tmp/fx/state/$1/state.json"
}
run() { ROCECFG_STATE_DIR=$tmp/state "$bin" "$@" --inventory "$tmp/inventory.toml"; }
# The emulator's state as it was first read, back between cases.
reset() {
  d=$tmp/fx/state/$1
  [ -f "$d/factory.json" ] || { run audit "$profile" --switch "$2" > /dev/null 2>&1; cp "$d/state.json" "$d/factory.json"; }
  cp "$d/factory.json" "$d/state.json"
}

# name vendor reads-before-the-throw
for sw in "h3c1 h3c 8" "sonic1 sonic 2"; do
  set -- $sw
  name=$1 vendor=$2 n=$3 p=$(port "$1")
  reset "$p" "$name"
  factory=$(device "$p")

  out=$(ROCECFG_TEST_THROW_AFTER_PUSH_READS=$n run apply "$profile" --switch "$name" 2>&1); rc=$?
  [ -n "${SHOW:-}" ] && echo "$out"
  [ $rc -eq 3 ]
  check "$name: a reader throwing mid-push ends the apply with exit 3, not a crash" $? "rc $rc: $out"
  echo "$out" | grep -Eq "^$name +$vendor +failed +push failed, pre-change config restored: .*internal error reading (its|the) output: test fault: a reader threw after [0-9]+ push read\(s\)"
  check "  ...the adapter undid its push as after a device error, and says so" $? "$out"
  [ "$(device "$p")" = "$factory" ]
  check "  ...and the device holds exactly what it held before" $? "$(device "$p")"

  reset "$p" "$name"
  out=$(ROCECFG_TEST_THROW_AFTER_PUSH_READS=$n,adapter run apply "$profile" --switch "$name" 2>&1); rc=$?
  [ -n "${SHOW:-}" ] && echo "$out"
  [ $rc -eq 3 ]
  check "$name: the adapter's own code throwing mid-push: exit 3, not a crash" $? "rc $rc: $out"
  if [ "$vendor" = sonic ]; then
    echo "$out" | grep -Eq "^$name +$vendor +rolled-back +push interrupted by an internal error \(test fault: a reader threw after [0-9]+ push read\(s\)\); pre-change values restored$"
    check "  ...the engine rolled it back and says so" $? "$out"
    [ "$(device "$p")" = "$factory" ]
    check "  ...and the device holds exactly what it held before" $? "$(device "$p")"
  else
    # H3C has no exact restore (Adapter::restore_commands): a knob the
    # factory config did not state has no value to put back, and the report
    # names it instead of saying "restored".
    echo "$out" | grep -Eq "^$name +$vendor +failed +push interrupted by an internal error \(test fault: a reader threw after [0-9]+ push read\(s\)\); rolled back in part, the switch still holds: .+ \(was not set\)$"
    check "  ...the engine rolled back what it could and names what is left" $? "$out"
  fi
  out=$(run apply "$profile" --switch "$name" 2>&1); rc=$?
  [ $rc -eq 0 ] && echo "$out" | grep -Eq "^$name +$vendor +applied +[0-9]+ change\(s\) applied and verified$"
  check "  ...and the next apply goes through (rc 0)" $? "rc $rc: $out"
done
[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all ok"
