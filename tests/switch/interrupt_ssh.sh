#!/bin/sh
# A switch apply ended by a signal, against SONiC emulators behind a real
# OpenSSH sshd on loopback (tests/switch/emu). Every CONFIG_DB write takes
# 200 ms on the emulated device (delay.json), so the signal lands mid-push;
# the journal appearing in the state directory is the sign that the push has
# begun.
#  - SIGTERM (systemd's timeout, Ansible): the switch being pushed is finished
#    (verified, or rolled back) and reported; the switch not yet started is
#    not touched and says why. No switch is left half-configured, and each
#    report matches what the switch then holds.
#  - SIGKILL: the push stops where it is. The next audit names the killed
#    apply from its journal; the next apply completes and clears it.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
emu=$src/tests/switch/emu
tmp=$(mktemp -d /tmp/rocecfg-swintr-XXXXXX)
state=$tmp/state
fails=0
switches=$(python3 "$emu/sshd_fixture.py" start "$tmp/fx" sonic:2) || exit 1
trap 'python3 "$emu/sshd_fixture.py" stop "$tmp/fx"; rm -rf "$tmp"' EXIT
port1=$(echo "$switches" | awk '$1 == "sonic1" { print $3 }')
port2=$(echo "$switches" | awk '$1 == "sonic2" { print $3 }')
. "$src/tests/switch/fixture_inventory.sh"
fixture_inventory "$tmp/fx" > "$tmp/inventory.toml"
for sw in "sonic1 $port1" "sonic2 $port2"; do
  set -- $sw
  printf '\n[[switch]]\nname = "%s"\naddress = "127.0.0.1"\nport = %s\nvendor = "sonic"\n%s\n' \
    "$1" "$2" 'interfaces = ["Ethernet0", "Ethernet4", "Ethernet8", "Ethernet12"]' >> "$tmp/inventory.toml"
done
profile=$src/profiles/roce-lossless.toml
check() {  # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}
contains() { case "$1" in *"$2"*) return 0 ;; esac; return 1; }
run() { ROCECFG_STATE_DIR=$state exec "$bin" "$@" --inventory "$tmp/inventory.toml"; }
db() { python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["db"], sort_keys=True))' \
  "$tmp/fx/state/$1/state.json"; }
journal1=$state/switch-127.0.0.1-$port1.journal
slow_device() { printf '{"sonic-db-cli": 200, "config interface": 200}\n' > "$tmp/fx/state/$1/delay.json"; }
fast_device() { rm -f "$tmp/fx/state/$1/delay.json"; }
# Starts an apply of both switches, one at a time, in the background ($apply),
# and waits until sonic1's push is under way.
apply_until_pushing() {
  run apply "$profile" --parallel 1 > "$tmp/out" 2>&1 &
  apply=$!
  n=0
  while [ ! -f "$journal1" ] && [ $n -lt 400 ]; do sleep 0.05; n=$((n + 1)); done
  [ -f "$journal1" ] || { echo "apply never began pushing"; cat "$tmp/out"; }
  sleep 1
}
journal_pid() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["pid"])' "$journal1"; }

factory1=$(db "$port1")
factory2=$(db "$port2")
slow_device "$port1"

# ---- SIGTERM: finish the switch being pushed, leave the other untouched -----
apply_until_pushing
pid=$(journal_pid)
[ "$pid" = "$apply" ]
check "the journal names the running apply (pid $apply)" $? "journal pid $pid"
kill -TERM "$apply"
wait "$apply"; rc=$?
out=$(cat "$tmp/out"); [ -n "${SHOW:-}" ] && echo "$out"
[ $rc -eq 3 ]
check "apply ended by SIGTERM exits 3 (a switch was not done)" $? "rc $rc: $out"
contains "$out" "sonic2" && contains "$out" "not started: stopped by SIGTERM"
check "  ...sonic2 was not started and says why" $? "$out"
[ "$(db "$port2")" = "$factory2" ]
check "  ...and sonic2 holds exactly its factory CONFIG_DB" $? "$(db "$port2")"
fast_device "$port1"
audit=$(run audit "$profile" --switch sonic1 2>&1); audit_rc=$?
echo "$out" | grep -Eq '^sonic1 +sonic +applied +[0-9]+ change\(s\) applied and verified$'
check "  ...sonic1, mid-push at the signal, was finished and verified" $? "$out"
[ $audit_rc -eq 0 ]
check "  ...and an audit finds it in sync (rc 0)" $? "rc $audit_rc: $audit"
[ ! -e "$journal1" ]
check "  ...and no journal is left (the push ran to its end)" $? "$(ls -la "$state")"

# ---- SIGKILL: the next run reports the unfinished push ----------------------
python3 - "$tmp/fx/state/$port1/state.json" "$factory1" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
s["db"] = json.loads(sys.argv[2])
json.dump(s, open(sys.argv[1], "w"), indent=1, sort_keys=True)
EOF
[ "$(db "$port1")" = "$factory1" ]
check "sonic1 is back at factory for the SIGKILL case" $? ""
slow_device "$port1"
apply_until_pushing
pid=$(journal_pid)
kill -KILL "$apply"
wait "$apply" 2>/dev/null
[ "$(db "$port1")" != "$factory1" ]
check "SIGKILL mid-push leaves sonic1 changed part way: what the journal is for" $? ""
fast_device "$port1"
out=$(run audit "$profile" --switch sonic1 2>&1); rc=$?
[ $rc -eq 1 ]
check "the next audit finds the drift (rc 1)" $? "rc $rc: $out"
contains "$out" "an earlier apply (pid $pid, started "
check "  ...and names the killed apply's pid" $? "$out"
contains "$out" "did not finish: it planned "
check "  ...and what it planned" $? "$out"
out=$(run apply "$profile" --switch sonic1 2>&1); rc=$?
[ $rc -eq 0 ]
check "the next apply completes (rc 0)" $? "rc $rc: $out"
contains "$out" "an earlier apply (pid $pid, started "
check "  ...and reports the interrupted one first" $? "$out"
[ ! -e "$journal1" ]
check "  ...and clears its journal" $? "$(ls -la "$state")"
out=$(run audit "$profile" --switch sonic1 2>&1); rc=$?
[ $rc -eq 0 ] && ! contains "$out" "earlier apply"
check "then audit is in sync and silent about it (rc 0)" $? "rc $rc: $out"

[ $fails -eq 0 ] && echo "interrupt_ssh: all passed" || echo "interrupt_ssh: $fails failed"
[ $fails -eq 0 ]
