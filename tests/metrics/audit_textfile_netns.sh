#!/bin/sh
# `rocecfg audit --textfile DIR` on a veth pair in a namespace of our own
# (root): drift per target and knob in node_exporter's format, replaced
# atomically on the next run; a failed audit leaves the last good file.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=$(cd "$(dirname "$0")/../.." && pwd)
p=$src/tests/host/profiles/mtu-9000.toml
ns=rocecfg-audit-prom-$$
dir=$(mktemp -d /tmp/rocecfg-prom.XXXXXX)
fails=0
ip netns add "$ns" || exit 1
trap 'ip netns del "$ns"; rm -rf "$dir"' EXIT
ip -n "$ns" link add rcfg0 type veth peer name rcfg1
ip -n "$ns" link set rcfg1 mtu 9000

check() {  # check NAME WANT GOT
  if [ "$2" = "$3" ]; then echo "ok: $1"; else
    printf 'FAIL: %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fails=$((fails + 1)); fi
}
# the file without the timestamp sample (its value changes every run)
metrics() { grep -v '^rocecfg_audit_last_run_timestamp_seconds ' "$dir/rocecfg_audit.prom"; }

ip netns exec "$ns" "$bin" audit "$p" --interface rcfg0 --interface rcfg1 --textfile "$dir" >/dev/null
check "drift: exit 1" 1 $?
check "drift: one step on rcfg0's mtu" '# HELP rocecfg_audit_drift_steps settings that differ from the profile, per target and knob
# TYPE rocecfg_audit_drift_steps gauge
rocecfg_audit_drift_steps{knob="mtu",target="rcfg0"} 1
# HELP rocecfg_audit_drift_total all drifted settings on this host
# TYPE rocecfg_audit_drift_total gauge
rocecfg_audit_drift_total 1
# HELP rocecfg_audit_last_run_timestamp_seconds when the last audit finished
# TYPE rocecfg_audit_last_run_timestamp_seconds gauge
# HELP rocecfg_audit_unsupported_total profile settings the devices of this host cannot take (warnings, not drift)
# TYPE rocecfg_audit_unsupported_total gauge
rocecfg_audit_unsupported_total 0
# HELP rocecfg_audit_unverifiable_total profile settings that could not be read back on this host
# TYPE rocecfg_audit_unverifiable_total gauge
rocecfg_audit_unverifiable_total 0' "$(metrics)"
ts=$(sed -n 's/^rocecfg_audit_last_run_timestamp_seconds //p' "$dir/rocecfg_audit.prom")
now=$(date +%s)
check "timestamp is now" 1 "$(awk -v t="$ts" -v n="$now" 'BEGIN{print (t >= n - 60 && t <= n + 1) ? 1 : 0}')"

ip -n "$ns" link set rcfg0 mtu 9000
ip netns exec "$ns" "$bin" audit "$p" --interface rcfg0 --interface rcfg1 --textfile "$dir" >/dev/null
check "clean: exit 0" 0 $?
check "clean: drift total 0, no per-knob samples" 'rocecfg_audit_drift_total 0
rocecfg_audit_unsupported_total 0
rocecfg_audit_unverifiable_total 0' \
  "$(metrics | grep -v '^#')"
check "no temporary file left behind" "rocecfg_audit.prom" "$(ls -A "$dir")"

before=$(cat "$dir/rocecfg_audit.prom")
ip netns exec "$ns" "$bin" audit "$p" --interface nosuch0 --textfile "$dir" >/dev/null 2>"$dir.err"
rc=$?
check "failed audit (a missing netdev): exit 3" 3 "$rc"
check "failed audit: says so" "rocecfg audit: metrics not written: the audit did not complete" \
  "$(grep 'metrics not written' "$dir.err")"
check "failed audit: last good file kept" "$before" "$(cat "$dir/rocecfg_audit.prom")"
rm -f "$dir.err"
[ "$fails" = 0 ]
