#!/bin/sh
# Hostile input and concurrent operators, end to end through the rocecfg
# binary (issue 12): files that once crashed or hung it, JSON with bytes that
# are not UTF-8, textfile attacks through the metrics directory, and two host
# applies at once on veths in a network namespace of our own (needs root).
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
here=$(cd "$(dirname "$0")" && pwd)
ns=rocecfg-hostile-$$
tmp=$(mktemp -d /tmp/rocecfg-hostile-XXXXXX)
fails=0
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns"; rm -rf "$tmp"' EXIT
for i in 0 2 4 6; do ip -n "$ns" link add rcfg$i type veth peer name rcfg$((i + 1)); done
ifs="--interface rcfg0 --interface rcfg1 --interface rcfg2 --interface rcfg3"

run() { ip netns exec "$ns" "$bin" "$@"; }
mtu() { ip -n "$ns" -o link show "$1" | sed -n 's/.* mtu \([0-9]*\) .*/\1/p'; }
check() {  # check NAME CONDITION-RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then
    printf 'FAIL: %s\n%s\n' "$1" "$3"
    fails=$((fails + 1))
  else
    echo "ok: $1"
  fi
}
expect_rc() {  # expect_rc NAME WANT GOT OUTPUT
  [ "$2" = "$3" ]
  check "$1 (rc $2)" $? "got rc $3: $4"
}
contains() { case "$1" in *"$2"*) return 0 ;; esac; return 1; }

# ---- files that crashed, hung or read without bound --------------------------
python3 -c "print('[' + '.'.join(['a'] * 50000) + ']')" > "$tmp/deep.toml"
out=$("$bin" validate "$tmp/deep.toml" 2>&1); rc=$?
expect_rc "50,000-level table header is refused (was exit 139)" 2 $rc "$out"
contains "$out" "deep.toml:1:65: error: keys and tables nest deeper than 32 levels; refused before parsing"
check "  ...with a located message" $? "$out"

out=$(timeout 10 "$bin" validate /dev/zero 2>&1); rc=$?
expect_rc "validate /dev/zero is refused at once (read until OOM)" 2 $rc "$out"
mkfifo "$tmp/fifo.toml"
printf 'include = "fifo.toml"\n[fabric]\nname = "f"\n' > "$tmp/fifo-top.toml"
out=$(timeout 10 "$bin" validate "$tmp/fifo-top.toml" 2>&1); rc=$?
expect_rc "an include that is a FIFO is refused (blocked forever)" 2 $rc "$out"
ln -s loop-b.toml "$tmp/loop-a.toml"; ln -s loop-a.toml "$tmp/loop-b.toml"
printf 'include = "loop-a.toml"\n[fabric]\nname = "l"\n' > "$tmp/loop-top.toml"
out=$("$bin" validate "$tmp/loop-top.toml" 2>&1); rc=$?
expect_rc "an include through a symlink loop is a located error (was exit 134)" 2 $rc "$out"
contains "$out" "loop-top.toml:1:11: error: include: cannot read"
check "  ...naming the include" $? "$out"

# ---- JSON stays valid whatever bytes come in --------------------------------
bad=$(printf "$tmp/bad\377name.toml")
printf '[fabric]\nname = "x"\n[cnp]\ndscp = 99\n' > "$bad"
out=$("$bin" validate --json "$bad" 2>/dev/null); rc=$?
expect_rc "validate --json of a non-UTF-8 file name (was exit 134, empty stdout)" 2 $rc "$out"
printf '%s' "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["ok"] is False and d["error"]["diagnostics"][0]["key"] == "cnp.dscp"'
check "  ...and stdout is one JSON document" $? "$out"

# ---- secrets and other people's files stay out of stderr --------------------
printf '[[switch]]\nname = "leaf1"\naddress = "127.0.0.1"\nvendor = "cumulus"\npassword = "hunter2-s3cret"\n' > "$tmp/inv.toml"
out=$("$bin" validate "$here/profiles/mtu-9000.toml" --inventory "$tmp/inv.toml" 2>&1); rc=$?
expect_rc "an inventory password is refused" 2 $rc "$out"
! contains "$out" "hunter2"
check "  ...without echoing its value" $? "$out"

# ---- CLI values that wrapped or were ignored --------------------------------
out=$("$bin" probe --tos 999 2>&1); rc=$?
expect_rc "probe --tos 999 is refused (wrapped to 231)" 2 $rc "$out"
out=$(run audit "$here/profiles/mtu-9000.toml" $ifs --textfile "" 2>&1); rc=$?
expect_rc "audit --textfile \"\" is refused (was ignored)" 2 $rc "$out"

# ---- the textfile writer never follows a planted link ----------------------
prom=$tmp/prom
mkdir "$prom"
echo "precious" > "$tmp/victim"
run apply "$here/profiles/mtu-9000.toml" $ifs > /dev/null 2>&1
# The old temp name was DIR/.rocecfg_audit.prom.PID.tmp: plant it for the PID
# the audit will have (exec keeps the shell's PID).
out=$(ip netns exec "$ns" sh -c 'ln -s "$1" "$2/.rocecfg_audit.prom.$$.tmp"; shift 2; exec "$@"' \
  sh "$tmp/victim" "$prom" "$bin" audit "$here/profiles/mtu-9000.toml" $ifs --textfile "$prom" 2>&1); rc=$?
expect_rc "audit --textfile with a planted symlink still writes" 0 $rc "$out"
[ "$(cat "$tmp/victim")" = "precious" ]
check "  ...and the symlink's target is untouched (was overwritten as root)" $? "$(head -3 "$tmp/victim")"
[ -f "$prom/rocecfg_audit.prom" ] && [ ! -L "$prom/rocecfg_audit.prom" ] &&
  grep -q '^rocecfg_audit_drift' "$prom/rocecfg_audit.prom"
check "  ...the metrics file is a regular file with the metrics" $? "$(ls -la "$prom")"
ln -sf "$tmp/victim" "$prom/rocecfg_audit.prom"
out=$(run audit "$here/profiles/mtu-9000.toml" $ifs --textfile "$prom" 2>&1); rc=$?
[ "$(cat "$tmp/victim")" = "precious" ] && [ ! -L "$prom/rocecfg_audit.prom" ]
check "a symlink at the metrics name is replaced, not followed" $? "rc $rc: $out"
out=$(run audit "$here/profiles/mtu-9000.toml" $ifs --textfile "$tmp/victim" 2>&1); rc=$?
expect_rc "a textfile directory that cannot be used fails the audit (was exit 0)" 3 $rc "$out"

# ---- one host apply at a time ----------------------------------------------
mkdir -p /run/rocecfg
sed 's/9000/4200/; s/mtu-9000/mtu-4200/' "$here/profiles/mtu-9000.toml" > "$tmp/mtu-4200.toml"
flock /run/rocecfg/host-apply.lock sleep 4 &
holder=$!
sleep 0.3
out=$(run apply "$tmp/mtu-4200.toml" $ifs --lock-wait 1 2>&1); rc=$?
expect_rc "apply while another holds the host lock waits, then gives up" 3 $rc "$out"
contains "$out" "rocecfg apply: /run/rocecfg/host-apply.lock: another rocecfg apply holds the host apply lock; waited 1 s, changed nothing"
check "  ...with a clear message" $? "$out"
[ "$(mtu rcfg0)" = 9000 ]
check "  ...and changed nothing" $? "mtu $(mtu rcfg0)"
out=$(run apply "$tmp/mtu-4200.toml" $ifs --lock-wait 30 2>&1); rc=$?
expect_rc "apply waits for the lock within --lock-wait" 0 $rc "$out"
wait $holder

# Two applies at once, many times: each must exit 0 and the interfaces must
# end in one profile's state, never a mix (6 of 300 pairs mixed before).
mixed=0
i=0
while [ $i -lt 20 ]; do
  run apply "$here/profiles/mtu-9000.toml" $ifs > "$tmp/a.out" 2>&1 & a=$!
  run apply "$tmp/mtu-4200.toml" $ifs > "$tmp/b.out" 2>&1 & b=$!
  wait $a; rca=$?
  wait $b; rcb=$?
  m0=$(mtu rcfg0); m1=$(mtu rcfg1); m2=$(mtu rcfg2); m3=$(mtu rcfg3)
  if [ $rca -ne 0 ] || [ $rcb -ne 0 ] || [ "$m0" != "$m1" ] || [ "$m0" != "$m2" ] || [ "$m0" != "$m3" ]; then
    mixed=$((mixed + 1))
    printf 'pair %s: rc %s/%s, mtu %s %s %s %s\n' $i $rca $rcb "$m0" "$m1" "$m2" "$m3"
    cat "$tmp/a.out" "$tmp/b.out"
  fi
  i=$((i + 1))
done
[ $mixed -eq 0 ]
check "20 concurrent apply pairs: all exit 0, no interface mix" $? "$mixed pairs went wrong"

[ $fails -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
