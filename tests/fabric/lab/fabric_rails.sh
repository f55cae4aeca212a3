#!/bin/bash
# rocecfg fabric over rails, for real: three hosts x two rails = six rxe
# endpoints (h1..h3; rail 0 on fab1..3, rail 1 on fab4..6, one [[host.nic]]
# each), all pairs per rail in the same rounds. Clean: no finding. A rate
# limit on h2's rail-1 NIC only: exactly `nic h2:rxef5`. On every rail-1 NIC:
# exactly `rail 1`. On both of h2's NICs: exactly `host h2`. Every run
# pairs NICs of one rail only.
set -euo pipefail
export FABRIC_N=6
. "$(dirname "$0")/common.sh"
rails_fabric_up
fabric_faults_clear
trap fabric_faults_clear EXIT
labels() { jq -r '[.findings[] | .label] | join(", ")' "$1"; }
same_rail() {
  jq -e '[.pairs[] | [.client, .server] | map(split(":")[1] | ltrimstr("rxef") | tonumber | (. - 1) / 3 | floor) | unique | length] | all(. == 1)' "$1" >/dev/null
}

fabric_json /tmp/rails-clean.json --pattern all
[ "$RC" = 0 ] && [ "$(jq '.findings | length' /tmp/rails-clean.json)" = 0 ] &&
  [ "$(jq '.pairs | length' /tmp/rails-clean.json)" = 6 ] && [ "$(jq .rounds /tmp/rails-clean.json)" = 3 ] ||
  die "clean rails: rc=$RC findings '$(labels /tmp/rails-clean.json)' $(summary /tmp/rails-clean.json) $(spread /tmp/rails-clean.json)"
same_rail /tmp/rails-clean.json || die "clean rails: a pair across rails: $(jq -c '[.pairs[] | [.client, .server]]' /tmp/rails-clean.json)"
ok "clean 3 hosts x 2 rails: $(summary /tmp/rails-clean.json); rails $(jq -c '[.rails[] | .median.bw_gbps * 1000 | floor / 1000]' /tmp/rails-clean.json) Gb/s; $(spread /tmp/rails-clean.json)"

fault_host 5 "$FAULT_RATE"
fabric_json /tmp/rails-nic.json --pattern all
[ "$RC" = 1 ] && [ "$(labels /tmp/rails-nic.json)" = "nic h2:rxef5" ] ||
  die "bad NIC: rc=$RC findings '$(labels /tmp/rails-nic.json)' $(summary /tmp/rails-nic.json) $(spread /tmp/rails-nic.json)"
ok "bad NIC named: $(labels /tmp/rails-nic.json); $(summary /tmp/rails-nic.json)"
fabric_faults_clear

for e in 4 5 6; do fault_host "$e" "$FAULT_RATE"; done
fabric_json /tmp/rails-rail.json --pattern all
[ "$RC" = 1 ] && [ "$(labels /tmp/rails-rail.json)" = "rail 1" ] ||
  die "bad rail: rc=$RC findings '$(labels /tmp/rails-rail.json)' $(summary /tmp/rails-rail.json) rails $(jq -c .rails /tmp/rails-rail.json)"
ok "bad rail named: $(labels /tmp/rails-rail.json); $(jq -r '.rails[1].reasons[0]' /tmp/rails-rail.json)"
fabric_faults_clear

fault_host 2 "$FAULT_RATE"
fault_host 5 "$FAULT_RATE"
fabric_json /tmp/rails-host.json --pattern all
[ "$RC" = 1 ] && [ "$(labels /tmp/rails-host.json)" = "host h2" ] ||
  die "bad host: rc=$RC findings '$(labels /tmp/rails-host.json)' $(summary /tmp/rails-host.json) $(spread /tmp/rails-host.json)"
ok "bad host named: $(labels /tmp/rails-host.json); $(summary /tmp/rails-host.json)"
