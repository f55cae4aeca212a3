#!/bin/bash
# tc faults: a delay on one link is named as that link; a delay on one
# endpoint is named as that host, by all-pairs and by locate; the baseline
# from clean.sh flags the regression.
set -euo pipefail
. "$(dirname "$0")/common.sh"
fabric_up
fabric_faults_clear
trap fabric_faults_clear EXIT

fault_link 1 2 2ms
fabric_json /tmp/link.json --pattern all --svg "$LAB_OUT/fabric-link.svg" --baseline "$LAB_OUT/fabric-baseline.json"
[ "$RC" = 1 ] && [ "$(findings /tmp/link.json)" = "link f1 - f2" ] ||
  die "link fault: rc=$RC findings '$(findings /tmp/link.json)' $(summary /tmp/link.json)"
[ "$(jq -r .baseline.verdict /tmp/link.json)" = REGRESSED ] || die "link fault: baseline verdict $(jq -c .baseline /tmp/link.json)"
ok "link fault f1-f2 named: $(findings /tmp/link.json); $(summary /tmp/link.json); baseline $(jq -c '[.baseline.pairs[] | select(.regressed) | "\(.client)->\(.server)"]' /tmp/link.json)"
fabric_faults_clear

fault_host 3 2ms
fabric_json /tmp/host.json --pattern all --svg "$LAB_OUT/fabric-host.svg"
[ "$RC" = 1 ] && [ "$(findings /tmp/host.json)" = "host f3" ] ||
  die "host fault: rc=$RC findings '$(findings /tmp/host.json)' $(summary /tmp/host.json)"
ok "host fault f3 named: $(findings /tmp/host.json); $(summary /tmp/host.json)"
fabric_json /tmp/host-locate.json --pattern locate
[ "$RC" = 1 ] && [ "$(findings /tmp/host-locate.json)" = "host f3" ] && [ "$(jq .rounds /tmp/host-locate.json)" -le 4 ] ||
  die "host fault, locate: rc=$RC findings '$(findings /tmp/host-locate.json)' $(summary /tmp/host-locate.json) notes $(jq -c .notes /tmp/host-locate.json)"
ok "host fault f3, locate: $(findings /tmp/host-locate.json); $(summary /tmp/host-locate.json)"
