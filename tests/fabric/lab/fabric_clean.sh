#!/bin/bash
# A clean fabric of four endpoints shows no outlier over two all-pairs runs
# (the second saves the baseline the fault scenarios compare with), and locate
# stops after its two ring rounds.
set -euo pipefail
. "$(dirname "$0")/common.sh"
fabric_up
fabric_faults_clear
rm -f "$LAB_OUT/fabric-baseline.json"
for i in 1 2; do
  save=()
  [ "$i" = 2 ] && save=(--save-baseline "$LAB_OUT/fabric-baseline.json")
  fabric_json "/tmp/clean$i.json" --pattern all --svg "$LAB_OUT/fabric-clean.svg" "${save[@]}"
  [ "$RC" = 0 ] && [ "$(jq -r .verdict "/tmp/clean$i.json")" = PASS ] && [ "$(findings "/tmp/clean$i.json")" = "" ] ||
    die "clean run $i: rc=$RC $(summary "/tmp/clean$i.json"): $(findings "/tmp/clean$i.json") $(jq -c '[.pairs[] | select(.bad) | .reasons]' "/tmp/clean$i.json")"
  [ "$(jq '[.pairs[] | select(.error == null and .bw_gbps > 0 and .lat_p50_us > 0)] | length' "/tmp/clean$i.json")" = 6 ] ||
    die "clean run $i: not 6 measured pairs: $(jq -c .pairs "/tmp/clean$i.json")"
  [ "$(jq .rounds "/tmp/clean$i.json")" = 3 ] || die "clean run $i: $(jq .rounds "/tmp/clean$i.json") rounds, want 3"
  ok "clean all-pairs run $i: $(summary "/tmp/clean$i.json"); $(spread "/tmp/clean$i.json")"
done
[ "$(jq '.pairs | length' "$LAB_OUT/fabric-baseline.json")" = 6 ] || die "baseline has not 6 pairs"
ok "baseline saved: $(jq -c '[.pairs[] | [.client, .server, (.bw_gbps * 1000 | floor / 1000)]]' "$LAB_OUT/fabric-baseline.json")"
grep -q '<rect' "$LAB_OUT/fabric-clean.svg" && grep -q '>f4<' "$LAB_OUT/fabric-clean.svg" || die "heat map without cells or host labels"
fabric_json /tmp/clean-locate.json --pattern locate
[ "$RC" = 0 ] && [ "$(jq .rounds /tmp/clean-locate.json)" = 2 ] && [ "$(findings /tmp/clean-locate.json)" = "" ] ||
  die "clean locate: rc=$RC $(summary /tmp/clean-locate.json) $(findings /tmp/clean-locate.json)"
ok "clean locate: $(summary /tmp/clean-locate.json)"
