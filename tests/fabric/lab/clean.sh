#!/bin/bash
# A clean fabric of four endpoints shows no outlier over repeated all-pairs
# runs, and locate stops after its two ring rounds. Saves the heat map and a
# baseline for the other scenarios.
set -euo pipefail
. "$(dirname "$0")/common.sh"
fabric_up
fabric_faults_clear
for i in 1 2 3; do
  fabric_json "/tmp/clean$i.json" --pattern all --svg "$LAB_OUT/fabric-clean.svg"
  [ "$RC" = 0 ] && [ "$(jq -r .verdict "/tmp/clean$i.json")" = PASS ] ||
    die "clean run $i: rc=$RC $(summary "/tmp/clean$i.json"): $(findings "/tmp/clean$i.json") $(jq -c '[.pairs[] | select(.bad) | .reasons]' "/tmp/clean$i.json")"
  [ "$(jq '.pairs | length' "/tmp/clean$i.json")" = 6 ] || die "clean run $i: not 6 pairs"
  ok "clean all-pairs run $i: $(summary "/tmp/clean$i.json"); bw fractions $(jq -c '[.pairs[].bw_fraction * 100 | floor / 100]' "/tmp/clean$i.json") lat factors $(jq -c '[.pairs[].lat_factor * 100 | floor / 100]' "/tmp/clean$i.json")"
done
fabric_json /tmp/clean-locate.json --pattern locate
[ "$RC" = 0 ] && [ "$(jq .rounds /tmp/clean-locate.json)" = 2 ] || die "clean locate: rc=$RC $(summary /tmp/clean-locate.json) $(findings /tmp/clean-locate.json)"
ok "clean locate: $(summary /tmp/clean-locate.json)"
fabric_json /tmp/baseline-run.json --pattern all --save-baseline "$LAB_OUT/fabric-baseline.json"
[ "$RC" = 0 ] || die "baseline run: rc=$RC $(findings /tmp/baseline-run.json)"
[ "$(jq '.pairs | length' "$LAB_OUT/fabric-baseline.json")" = 6 ] || die "baseline has not 6 pairs"
ok "baseline saved: $(jq -c '[.pairs[] | [.client, .server, (.bw_gbps * 1000 | floor / 1000)]]' "$LAB_OUT/fabric-baseline.json")"
