#!/bin/sh
# rocecfg's inventory verbs against a Junos emulator behind a real sshd
# (issue 37): apply (warning of the PFC port block, ECN not expressible),
# audit in sync, a second apply with nothing to send, `counters` judging a
# lossless drop from `show interfaces extensive` (FAIL, exit 1; the watchdog
# has no read form on junos, said as not read), and `doctor` explaining it.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
emu=$src/tests/switch/emu
profile=$src/profiles/roce-lossless.toml
tmp=$(mktemp -d /tmp/rocecfg-junos-XXXXXX)
fails=0
switches=$(python3 "$emu/sshd_fixture.py" start "$tmp/fx" junos:1) || exit 1
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

[ "$fails" -eq 0 ] && echo "all junos inventory checks passed"
[ "$fails" -eq 0 ]
