#!/bin/bash
# A netem rate limit on endpoint f3 (every path to and from it) is named as
# that host, by all-pairs and by locate.
set -euo pipefail
. "$(dirname "$0")/common.sh"
fabric_up
fabric_faults_clear
trap fabric_faults_clear EXIT
fault_host 3 "$FAULT_RATE"
fabric_json /tmp/host.json --pattern all --svg "$LAB_OUT/fabric-host.svg"
[ "$RC" = 1 ] && [ "$(findings /tmp/host.json)" = "host f3" ] ||
  die "host fault: rc=$RC findings '$(findings /tmp/host.json)' $(summary /tmp/host.json) $(spread /tmp/host.json)"
[ "$(jq -c '[.pairs[] | select(.bad) | [.client, .server] | sort] | sort' /tmp/host.json)" = '[["f1","f3"],["f2","f3"],["f3","f4"]]' ] ||
  die "host fault: bad pairs $(jq -c '[.pairs[] | select(.bad)]' /tmp/host.json)"
ok "host fault f3 named: $(findings /tmp/host.json); $(summary /tmp/host.json); $(spread /tmp/host.json)"
fabric_json /tmp/host-locate.json --pattern locate
[ "$RC" = 1 ] && [ "$(findings /tmp/host-locate.json)" = "host f3" ] && [ "$(jq .rounds /tmp/host-locate.json)" -le 4 ] ||
  die "host fault, locate: rc=$RC findings '$(findings /tmp/host-locate.json)' $(summary /tmp/host-locate.json) notes $(jq -c .notes /tmp/host-locate.json)"
ok "host fault f3, locate: $(findings /tmp/host-locate.json); $(summary /tmp/host-locate.json)"
