#!/bin/sh
# An apply ended by a signal, end to end on veths in a network namespace of
# our own (needs root, strace). Each netlink send is slowed by strace's fault
# injection so the signal lands between two writes; the journal appearing in
# the state directory is the sign that writing has begun.
#  - SIGTERM (systemd's timeout, Ansible): the run stops before the next write,
#    rolls back what it wrote, exits 3 and says so; every MTU is as before.
#  - SIGKILL: nothing can be done in the run itself, so the next audit and
#    apply report the unfinished transaction from its journal; the apply that
#    then completes clears it.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
here=$(cd "$(dirname "$0")" && pwd)
command -v strace >/dev/null || { echo "interrupt_netns: missing package strace" >&2; exit 1; }
ns=rocecfg-intr-$$
tmp=$(mktemp -d /tmp/rocecfg-intr-XXXXXX)
state=$tmp/state
fails=0
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns"; rm -rf "$tmp"' EXIT
for i in 0 2 4 6; do ip -n "$ns" link add ri$i type veth peer name ri$((i + 1)); done
ifs="--interface ri0 --interface ri1 --interface ri2 --interface ri3"
mtus() { for i in 0 1 2 3; do ip -n "$ns" -o link show ri$i | sed -n 's/.* mtu \([0-9]*\) .*/\1/p'; done | tr '\n' ' '; }
check() {  # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}
contains() { case "$1" in *"$2"*) return 0 ;; esac; return 1; }
# An apply whose every netlink send takes 300 ms, in the background ($tracer).
slow_apply() {
  ROCECFG_STATE_DIR=$state ip netns exec "$ns" strace -f -qq -o /dev/null -e trace=sendmsg \
    -e inject=sendmsg:delay_exit=300000 "$bin" apply "$here/profiles/mtu-9000.toml" $ifs \
    > "$tmp/out" 2>&1 &
  tracer=$!
}
# Waits until the apply has written its journal (= is about to write), then
# a little more so that one or two changes are in place.
wait_until_writing() {
  n=0
  while [ ! -f "$state/host-apply.journal" ] && [ $n -lt 300 ]; do sleep 0.05; n=$((n + 1)); done
  [ -f "$state/host-apply.journal" ] || { echo "apply never started writing"; cat "$tmp/out"; }
  sleep 0.9
}
# The rocecfg process under strace, as its journal names it: the signal goes
# to rocecfg itself, as systemd would send it.
journal_pid() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["pid"])' "$state/host-apply.journal"; }

before="1500 1500 1500 1500 "
[ "$(mtus)" = "$before" ] || { echo "veths do not start at MTU 1500: $(mtus)"; exit 1; }

# ---- SIGTERM: stop, roll back, report ---------------------------------------
slow_apply
wait_until_writing
mid=$(mtus)
kill -TERM "$(journal_pid)"
wait "$tracer"; rc=$?
out=$(cat "$tmp/out")
[ "$mid" != "$before" ]
check "SIGTERM arrived after the first change was written (mtu $mid)" $? "$out"
[ $rc -eq 3 ]
check "apply stopped by SIGTERM exits 3" $? "rc $rc: $out"
contains "$out" "stopped by SIGTERM before the remaining steps; completed steps were rolled back"
check "  ...and says it was stopped and rolled back" $? "$out"
contains "$out" "rolled back"
check "  ...listing the rolled-back steps" $? "$out"
[ "$(mtus)" = "$before" ]
check "  ...and every interface is as before (mtu $(mtus))" $? "$out"
[ ! -e "$state/host-apply.journal" ]
check "  ...and leaves no journal (it finished, by rolling back)" $? "$(ls -la "$state")"

# ---- SIGKILL: the next run reports the unfinished apply ---------------------
slow_apply
wait_until_writing
pid=$(journal_pid)
kill -KILL "$pid"
wait "$tracer"
[ "$(mtus)" != "$before" ] && [ "$(mtus)" != "9000 9000 9000 9000 " ]
check "SIGKILL mid-apply leaves a mix (mtu $(mtus)): what the journal is for" $? ""
out=$(ROCECFG_STATE_DIR=$state ip netns exec "$ns" "$bin" audit "$here/profiles/mtu-9000.toml" $ifs 2>&1); rc=$?
[ $rc -eq 1 ]
check "the next audit finds the drift (rc 1)" $? "rc $rc: $out"
contains "$out" "warning: an earlier apply (pid $pid, started "
check "  ...and names the killed apply's pid" $? "$out"
contains "$out" "did not finish: it planned 4 change(s) on ri0, ri1, ri2, ri3; what it left is compared below"
check "  ...what it planned and where" $? "$out"
out=$(ROCECFG_STATE_DIR=$state ip netns exec "$ns" "$bin" --json audit "$here/profiles/mtu-9000.toml" $ifs 2>/dev/null)
printf '%s' "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); d=d.get('payload', d); a=d['interrupted_apply']; assert a['pid'] == $pid and a['planned_changes'] == 4 and a['interfaces'] == ['ri0','ri1','ri2','ri3'], a"
check "  ...also in JSON (interrupted_apply)" $? "$out"
out=$(ROCECFG_STATE_DIR=$state ip netns exec "$ns" "$bin" apply "$here/profiles/mtu-9000.toml" $ifs 2>&1); rc=$?
[ $rc -eq 0 ] && contains "$out" "warning: an earlier apply (pid $pid" &&
  contains "$out" "this apply re-planned from what the devices hold now"
check "the next apply reports it too, then completes (rc $rc)" $? "$out"
[ "$(mtus)" = "9000 9000 9000 9000 " ] && [ ! -e "$state/host-apply.journal" ]
check "  ...the profile is in place and the journal is gone" $? "mtu $(mtus); $(ls -la "$state")"
out=$(ROCECFG_STATE_DIR=$state ip netns exec "$ns" "$bin" audit "$here/profiles/mtu-9000.toml" $ifs 2>&1); rc=$?
[ $rc -eq 0 ] && ! contains "$out" "earlier apply"
check "an audit after that has nothing to report (rc $rc)" $? "$out"

# ---- a planted symlink at the journal is refused, not followed --------------
echo precious > "$tmp/victim"
ln -s "$tmp/victim" "$state/host-apply.journal"
sed 's/9000/4200/' "$here/profiles/mtu-9000.toml" > "$tmp/mtu-4200.toml"
out=$(ROCECFG_STATE_DIR=$state ip netns exec "$ns" "$bin" apply "$tmp/mtu-4200.toml" $ifs 2>&1); rc=$?
[ "$(cat "$tmp/victim")" = "precious" ]
check "a symlink planted at the journal is never written through (rc $rc)" $? "$out"

[ $fails -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
