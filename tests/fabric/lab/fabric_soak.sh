#!/bin/bash
# A soak of a minute (in probe.lab) with endpoint f4's link taken down and up mid-run
# records the outage with start and end and carries on; the time series is
# written as it goes. The outage is judged against when the link actually went
# down and came back (stamped here), not against a fixed window: on a loaded
# 2-core machine the soak's iterations stretch.
set -euo pipefail
. "$(dirname "$0")/common.sh"
fabric_up
fabric_faults_clear
trap fabric_faults_clear EXIT
series=$LAB_OUT/fabric-soak.jsonl
stamps=/tmp/soak.stamps
rm -f "$series" "$stamps"
start=$(date +%s)
( sleep 20; date +%s.%N >>"$stamps"; ip link set fab4 down
  sleep 18; ip link set fab4 up; fabric_routes 4; date +%s.%N >>"$stamps" ) &
RC=0
timeout 300 "$ROCECFG" fabric "$PROFILE" --inventory "$INV" --transport local --pattern ring \
  --soak 60s --every 10s --series "$series" --series-svg "$LAB_OUT/fabric-soak.svg" --json >/tmp/soak.envelope 2>/tmp/soak.err || RC=$?
wait
jq -e .payload /tmp/soak.envelope >/tmp/soak.json 2>/dev/null || { cat /tmp/soak.err >&2; die "no JSON from the soak (rc=$RC)"; }
ok "soak: rc=$RC in $(($(date +%s) - start)) s, $(jq -c '{iterations, tests, failed, outages}' /tmp/soak.json)"
[ "$RC" = 1 ] || die "a soak with an outage exits 1, not $RC"
# The soak's clock: each sample line holds its wall time (t, whole seconds)
# and its soak time (t_s); their difference is when the soak started.
epoch0=$(jq -rs '[.[] | select(.type == "sample") | (.t | fromdateiso8601) - .t_s] | min' "$series")
down_s=$(awk -v e="$epoch0" 'NR == 1 { print $1 - e }' "$stamps")
up_s=$(awk -v e="$epoch0" 'NR == 2 { print $1 - e }' "$stamps")
[ -n "$up_s" ] || die "the link was not brought back up"
[ "$(jq '[.outages[] | select(.what == "host f4")] | length' /tmp/soak.json)" = 1 ] || die "no single outage of host f4: $(jq -c .outages /tmp/soak.json)"
from=$(jq '.outages[] | select(.what == "host f4") | .from_s' /tmp/soak.json)
to=$(jq '.outages[] | select(.what == "host f4") | .to_s' /tmp/soak.json)
[ "$to" != null ] || die "the outage of f4 did not end"
# wall times are whole seconds: 1 s of slack on each stamp
awk -v f="$from" -v t="$to" -v d="$down_s" -v u="$up_s" 'BEGIN { exit !(f >= d - 1 && f <= u + 1 && t >= u - 1) }' ||
  die "outage of f4 from $from to $to s; the link was down from $down_s to $up_s s"
# Recovered for good: every f4 test after the outage passed, no outage is
# left open, and the soak went on after the link came back.
jq -e '[.outages[] | select(.to_s == null)] | length == 0' /tmp/soak.json >/dev/null || die "an outage was left open: $(jq -c .outages /tmp/soak.json)"
after=$(jq -s --argjson to "$to" '[.[] | select(.type == "sample" and .t_s >= $to and (.client == "f4" or .server == "f4"))] | length' "$series")
bad_after=$(jq -s --argjson to "$to" '[.[] | select(.type == "sample" and .t_s > $to and (.client == "f4" or .server == "f4") and (.error != null))] | length' "$series")
[ "$after" -ge 2 ] && [ "$bad_after" = 0 ] || die "after the outage ended at $to s: $after tests of f4, $bad_after failed"
[ "$(jq '.iterations' /tmp/soak.json)" -ge 5 ] || die "the soak stopped early: $(jq .iterations /tmp/soak.json) iterations"
jq -se '[.[] | select(.type == "outage_start" and .what == "host f4")] | length == 1' "$series" >/dev/null || die "no outage_start line in the series"
jq -se '[.[] | select(.type == "outage_end" and .what == "host f4")] | length == 1' "$series" >/dev/null || die "no outage_end line in the series"
jq -se '[.[] | select(.type == "sample")] | length >= 20' "$series" >/dev/null || die "too few sample lines"
ok "outage host f4 recorded $from s -> $to s (link down $down_s -> $up_s s); $after tests of f4 after it passed; series $(wc -l <"$series") lines"
