#!/bin/sh
# The inventory's `model` selects a vendor's command forms, end to end
# (issue 19): three Huawei CE emulators behind a real sshd, one
# `rocecfg apply --dry-run --inventory` over all three.
#  - model = "CE6866": the `dcb pfc deadlock-detect timer` family (CE6800
#    V300R023C00 command reference), and the switch is not asked its model;
#  - no model: rocecfg asks `display version` (the emulator answers CE8855)
#    and renders that family's `priority N deadlock-detect time` form;
#  - model = "CE9999": a model whose forms are unknown is refused, nothing
#    rendered.
# And two EOS emulators whose platform splits unicast and multicast queues:
#  - no `queues`: rocecfg reads `show running-config all interfaces` of the
#    first port and renders uc-tx-queue;
#  - queues = "uc-tx-queue": rendered so, and the switch is not asked.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
emu=$src/tests/switch/emu
tmp=$(mktemp -d /tmp/rocecfg-swmodel-XXXXXX)
fails=0
switches=$(python3 "$emu/sshd_fixture.py" start "$tmp/fx" huawei-ce:3 eos:2) || exit 1
trap 'python3 "$emu/sshd_fixture.py" stop "$tmp/fx"; rm -rf "$tmp"' EXIT
port() { echo "$switches" | awk -v n="$1" '$1 == n { print $3 }'; }
. "$src/tests/switch/fixture_inventory.sh"
fixture_inventory "$tmp/fx" > "$tmp/inventory.toml"
for sw in "huawei-ce1 CE6866" "huawei-ce2 -" "huawei-ce3 CE9999"; do
  set -- $sw
  model=
  [ "$2" = - ] || model="model = \"$2\""
  printf '\n[[switch]]\nname = "%s"\naddress = "127.0.0.1"\nport = %s\nvendor = "huawei-ce"\n%s\n%s\n' \
    "$1" "$(port "$1")" 'interfaces = ["100GE1/0/1", "100GE1/0/2"]' "$model" >> "$tmp/inventory.toml"
done
for sw in "eos1 -" "eos2 uc-tx-queue"; do
  set -- $sw
  queues=
  [ "$2" = - ] || queues="queues = \"$2\""
  python3 - "$tmp/fx/state/$(port "$1")/state.json" <<'PY'
import json, sys
state = json.load(open(sys.argv[1]))
state["queues"] = "uc-tx-queue"  # the emulated platform splits its queues
json.dump(state, open(sys.argv[1], "w"))
PY
  printf '\n[[switch]]\nname = "%s"\naddress = "127.0.0.1"\nport = %s\nvendor = "eos"\n%s\n%s\n' \
    "$1" "$(port "$1")" 'interfaces = ["Ethernet1/1", "Ethernet1/2"]' "$queues" >> "$tmp/inventory.toml"
done
check() {  # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}
out=$(ROCECFG_STATE_DIR=$tmp/state "$bin" apply "$src/profiles/roce-lossless.toml" \
  --inventory "$tmp/inventory.toml" --dry-run --json 2>"$tmp/stderr")
field() {  # field SWITCH EXPR: EXPR over that switch's payload.switches[] entry
  printf '%s' "$out" | python3 -c 'import json, sys
d = json.load(sys.stdin)
s = next(x for x in d["payload"]["switches"] if x["switch"] == sys.argv[1])
print(eval(sys.argv[2], {"s": s}))' "$1" "$2"
}
log() { cat "$tmp/fx/state/$(port "$1")/log" 2>/dev/null; }

got=$(field huawei-ce1 '[c for c in s["commands"] if "deadlock" in c]')
check "CE6866 (inventory): the timer family's deadlock form" \
  "$([ "$got" = "['dcb pfc deadlock-detect timer 200', 'dcb pfc deadlock-recovery timer 200', 'dcb pfc deadlock recovery-behavior discard slot 1']" ]; echo $?)" "$got"
check "CE6866 (inventory): the switch is not asked its model" \
  "$(log huawei-ce1 | grep -qx 'display version'; [ $? -ne 0 ]; echo $?)" "$(log huawei-ce1)"

check "no model: rocecfg asks the switch (display version)" \
  "$(log huawei-ce2 | grep -qx 'display version'; echo $?)" "$(log huawei-ce2)"
got=$(field huawei-ce2 '[c for c in s["commands"] if "deadlock" in c]')
check "no model: the CE8855 family's per-priority deadlock form" \
  "$(case "$got" in *"' priority 3 deadlock-detect time "*) echo 0 ;; *) echo 1 ;; esac)" "$got"

got=$(field huawei-ce3 '(s["outcome"], s["commands"], s["reason"])')
check "CE9999 (inventory): refused, nothing rendered" \
  "$(case "$got" in "('failed', [], "*CE9999*) echo 0 ;; *) echo 1 ;; esac)" "$got"

queue_lines='sorted({c.split()[0] for c in s["commands"] if "tx-queue " in c and not c.startswith("qos map")})'
check "eos, no queues: the switch is read" \
  "$(log eos1 | grep -qx 'show running-config all interfaces Ethernet1/1'; echo $?)" "$(log eos1)"
got=$(field eos1 "$queue_lines")
check "eos, no queues: uc-tx-queue, as the switch shows" "$([ "$got" = "['uc-tx-queue']" ]; echo $?)" "$got"
check "eos, queues = uc-tx-queue (inventory): the switch is not asked" \
  "$(log eos2 | grep -q 'running-config all'; [ $? -ne 0 ]; echo $?)" "$(log eos2)"
got=$(field eos2 "$queue_lines")
check "eos, queues = uc-tx-queue (inventory): rendered so" "$([ "$got" = "['uc-tx-queue']" ]; echo $?)" "$got"

[ "$fails" -eq 0 ] && echo "all inventory model checks passed"
exit "$fails"
