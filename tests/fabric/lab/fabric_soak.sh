#!/bin/bash
# A soak of a minute with endpoint f4's link taken down and
# up mid-run records the outage with start and end and carries on; the time
# series is written as it goes.
set -euo pipefail
. "$(dirname "$0")/common.sh"
fabric_up
fabric_faults_clear
trap fabric_faults_clear EXIT
series=$LAB_OUT/fabric-soak.jsonl
rm -f "$series"
start=$(date +%s)
( sleep 20; ip link set fab4 down; sleep 18; ip link set fab4 up; fabric_routes 4 ) &
RC=0
timeout 300 "$ROCECFG" fabric "$PROFILE" --inventory "$INV" --transport local --pattern ring \
  --soak 60s --every 10s --series "$series" --series-svg "$LAB_OUT/fabric-soak.svg" --json >/tmp/soak.envelope 2>/tmp/soak.err || RC=$?
wait
jq -e .payload /tmp/soak.envelope >/tmp/soak.json 2>/dev/null || { cat /tmp/soak.err >&2; die "no JSON from the soak (rc=$RC)"; }
ok "soak: rc=$RC in $(($(date +%s) - start)) s, $(jq -c '{iterations, tests, failed, outages}' /tmp/soak.json)"
[ "$(jq '[.outages[] | select(.what == "host f4")] | length' /tmp/soak.json)" = 1 ] || die "no single outage of host f4: $(jq -c .outages /tmp/soak.json)"
from=$(jq '.outages[] | select(.what == "host f4") | .from_s' /tmp/soak.json)
to=$(jq '.outages[] | select(.what == "host f4") | .to_s' /tmp/soak.json)
[ "$to" != null ] || die "the outage of f4 did not end"
awk -v f="$from" -v t="$to" 'BEGIN { exit !(f >= 15 && f <= 32 && t >= 38 && t <= 58) }' ||
  die "outage of f4 from $from to $to s, expected about 20 -> 38 s (+ up to one iteration)"
[ "$(jq '.iterations' /tmp/soak.json)" -ge 5 ] || die "the soak stopped early: $(jq .iterations /tmp/soak.json) iterations"
jq -se '[.[] | select(.type == "outage_start" and .what == "host f4")] | length == 1' "$series" >/dev/null || die "no outage_start line in the series"
jq -se '[.[] | select(.type == "sample")] | length >= 20' "$series" >/dev/null || die "too few sample lines"
ok "outage host f4 recorded $from s -> $to s; series $(wc -l <"$series") lines"
