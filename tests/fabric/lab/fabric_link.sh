#!/bin/bash
# A netem rate limit on one link (f1 - f2) is named as that link, and the
# baseline from fabric_clean.sh flags the bandwidth regression of that pair
# only (latency against a baseline is noise in the lab: fabric-lab.toml).
set -euo pipefail
. "$(dirname "$0")/common.sh"
fabric_up
fabric_faults_clear
trap fabric_faults_clear EXIT
[ -f "$LAB_OUT/fabric-baseline.json" ] || die "no baseline from fabric_clean.sh"
fault_link 1 2 "$FAULT_RATE"
fabric_json /tmp/link.json --pattern all --svg "$LAB_OUT/fabric-link.svg" --baseline "$LAB_OUT/fabric-baseline.json"
[ "$RC" = 1 ] && [ "$(findings /tmp/link.json)" = "link f1 - f2" ] ||
  die "link fault: rc=$RC findings '$(findings /tmp/link.json)' $(summary /tmp/link.json) $(spread /tmp/link.json)"
[ "$(jq -c '[.pairs[] | select(.bad) | [.client, .server] | sort]' /tmp/link.json)" = '[["f1","f2"]]' ] ||
  die "link fault: bad pairs $(jq -c '[.pairs[] | select(.bad)]' /tmp/link.json)"
[ "$(jq -r .baseline.verdict /tmp/link.json)" = REGRESSED ] || die "link fault: baseline verdict $(jq -c .baseline /tmp/link.json)"
regressed=$(jq -c '[.baseline.pairs[] | select(any(.reasons[]; startswith("bandwidth"))) | [.client, .server] | sort] | unique' /tmp/link.json)
[ "$regressed" = '[["f1","f2"]]' ] || die "link fault: bandwidth regressions $regressed, want f1-f2 only: $(jq -c '[.baseline.pairs[] | select(.regressed)]' /tmp/link.json)"
ok "link fault f1-f2 named: $(findings /tmp/link.json); $(summary /tmp/link.json); $(spread /tmp/link.json); baseline regressed $regressed"
