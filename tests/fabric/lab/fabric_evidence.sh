#!/bin/bash
# The probe's own evidence in rocecfg fabric (issue 32), on fabric_rails.sh's
# six endpoints (h1 = rxef1 (rail 0) + rxef4 (rail 1), h2 = rxef2 + rxef5,
# h3 = rxef3 + rxef6), both faults in one run (one run is ~30 s here):
#   a lossy link on rail 1 (netem loss on the path rxef4 <-> rxef5 only):
#     exactly `link h1:rxef4 - h2:rxef5`, its pairs bad by the sequence
#     error counters;
#   h3's rail-0 NIC at MTU 1500 (path MTU 1024 against the 4096 the
#     profile's MTU implies): exactly `nic h3:rxef3`, its pairs bad by the
#     path MTU rule.
# Neither is a rate limit: measured 2 Dec, the lossy pair ran at 0.3 x and
# the MTU host's pairs at 0.63-0.69 x the median, inside the lab's wide
# bandwidth spread (outlier below 0.25 x), so the median alone named neither.
# (A whole host at the wrong MTU is `host`: tests/fabric/rails_test.cpp.)
set -euo pipefail
export FABRIC_N=6
. "$(dirname "$0")/common.sh"
rails_fabric_up
fabric_faults_clear
cleanup() {
  fabric_faults_clear
  ip link set fab3 mtu 9000 || true
}
trap cleanup EXIT
labels() { jq -r '[.findings[] | .label] | join(", ")' "$1"; }
# evidence OUT ENDPOINT REGEX: every bad pair of ENDPOINT has a probe failure matching REGEX
evidence() {
  jq -e --arg ep "$2" --arg re "$3" '[.pairs[] | select(.bad and (.client == $ep or .server == $ep))]
    | length > 0 and all(.probe_failures | any(test($re)))' "$1" >/dev/null
}
bad_pairs() { jq -c '[.pairs[] | select(.bad) | {client, server, bw_fraction, probe_failures, reasons}]' "$1"; }
first() { jq -r --arg ep "$2" '[.pairs[] | select(.bad and (.client == $ep or .server == $ep))][0] | "bw \(.bw_fraction * 100 | floor / 100) x median; \(.probe_failures[0])"' "$1"; }

fault_link_netem 4 5 loss "${LOSS:-3%}"
ip link set fab3 mtu 1500
sleep 1
out=/tmp/evidence.json
fabric_json "$out" --pattern all
[ "$RC" = 1 ] && [ "$(labels "$out")" = "nic h3:rxef3, link h1:rxef4 - h2:rxef5" ] &&
  evidence "$out" h1:rxef4 '^sequence errors' && evidence "$out" h3:rxef3 '^path MTU: 1024 < 4096' ||
  die "lossy link + wrong MTU: rc=$RC findings '$(labels "$out")' $(summary "$out") $(bad_pairs "$out")"
ok "lossy link named: link h1:rxef4 - h2:rxef5; $(first "$out" h1:rxef4)"
ok "wrong-MTU NIC named: nic h3:rxef3; $(first "$out" h3:rxef3); $(summary "$out")"
