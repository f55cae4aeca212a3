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
rcfg0   mtu   1500   -> 9000
rcfg1   mtu   1500   -> 9000
result:
rcfg0   mtu   1500   -> 9000  [applied]
rcfg1   mtu   1500   -> 9000  [applied]" "$rc" "$out"
expect "ip link agrees" 9000 "" "$(mtu rcfg0)" ""

out=$(run audit "$p" --interface rcfg0 --interface rcfg1); rc=$?
expect "audit after apply: no drift" 0 "no drift" "$rc" "$out"

ip -n "$ns" link set rcfg1 mtu 1500
out=$(run audit "$p" --interface rcfg0 --interface rcfg1); rc=$?
expect "hand-changed MTU is drift" 1 "drift (observed -> profile):
rcfg1   mtu   1500   -> 9000" "$rc" "$out"
out=$(run audit "$p" --interface rcfg1 --json | grep -c '"exit_code": 1'); rc=$?
expect "audit --json says exit_code 1" 0 1 "$rc" "$out"

out=$(run apply "$p" --interface rcfg1 --dry-run); rc=$?
expect "dry run" 0 "plan:
rcfg1   mtu   1500   -> 9000
dry run: nothing changed" "$rc" "$out"
expect "dry run changed nothing" 1500 "" "$(mtu rcfg1)" ""

run apply "$p" --interface rcfg1 >/dev/null
out=$(run apply "$p" --interface rcfg0 --interface rcfg1); rc=$?
expect "second apply: nothing to do" 0 "nothing to do" "$rc" "$out"

ip -n "$ns" link set rcfg0 mtu 1500
out=$(run apply "$src/profiles/roce-lossless.toml" --interface rcfg0); rc=$?
case "$out" in
  "error: rcfg0: interface does not support DCB"*"nothing changed") got=clear ;;
  *) got="$out" ;;
esac
expect "DCB on veth: clear error" 3 clear "$rc" "$got"
expect "DCB on veth: MTU untouched" 1500 "" "$(mtu rcfg0)" ""

[ "$fails" -eq 0 ] || { echo "FAIL: $fails checks"; exit 1; }
echo "PASS"
