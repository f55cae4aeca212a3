#!/bin/bash
# rocecfg probe in all three modes on real rxe devices: cross-device loopback
# rxe1 -> rxe0 over the veth pair (with background load), same-device loopback
# on rxe0, and peer mode (server process + client process). Figures sane, GID
# auto-selected, verdict PASS under the lab profile (asserted in every mode).
set -euo pipefail
. "$(dirname "$0")/common.sh"
trap '[ -z "${SRV:-}" ] || kill "$SRV" 2>/dev/null || true' EXIT

probe_json /tmp/cross.json --device rxe1 --peer-device rxe0 "${FAST[@]}" --load
assert_sane /tmp/cross.json
[ "$(jq -r .mode /tmp/cross.json)" = "cross-device loopback" ] || die "mode is $(jq -r .mode /tmp/cross.json)"
[ "$(jq -r .local_gid.index /tmp/cross.json)" = "$(lab_gid_index rxe1)" ] || die "wrong GID index chosen"
[ "$(jq -r .local_gid.reason /tmp/cross.json)" = "auto: IPv4-mapped RoCE v2" ] || die "GID reason"
[ "$(jq -r .remote_device /tmp/cross.json)" = rxe0 ] || die "remote device is not rxe0"
[ "$(jq -r .tos /tmp/cross.json)" = 106 ] || die "ToS from the profile not used"
[ "$(jq '[.tests[] | select(.phase == "loaded")] | length' /tmp/cross.json)" = 4 ] || die "no loaded phase"
jq -e '.load.rdma_gbps > 0 and .load.tcp_bytes > 0' /tmp/cross.json >/dev/null || die "background load did not run: $(jq -c .load /tmp/cross.json)"
jq -e '.counters[0].delta | to_entries | map(select(.key | startswith("rxe0:"))) | length > 0' /tmp/cross.json >/dev/null ||
  die "no rxe0 counter deltas (peer counters missing)"
[ "$(verdict /tmp/cross.json)" != FAIL ] || { show_failures /tmp/cross.json; die "clean cross-device probe failed"; }
ok "cross-device rxe1->rxe0 with load: $(jq -r '[.tests[] | select(.bandwidth) | "\(.phase) \(.size_bytes)B \(.bandwidth.gbps*1000|floor) Mb/s"] | join(", ")' /tmp/cross.json); verdict $(verdict /tmp/cross.json)"

probe_json /tmp/same.json --device rxe0 "${FAST[@]}"
assert_sane /tmp/same.json
[ "$(jq -r .mode /tmp/same.json)" = loopback ] || die "mode is $(jq -r .mode /tmp/same.json)"
[ "$(jq -r .remote_device /tmp/same.json)" = rxe0 ] || die "same-device loopback left rxe0"
[ "$(verdict /tmp/same.json)" != FAIL ] || { show_failures /tmp/same.json; die "clean same-device probe failed"; }
ok "same-device loopback rxe0: verdict $(verdict /tmp/same.json), p50 $(jq -r '.tests[1].latency.median_us' /tmp/same.json) us"

"$ROCECFG" probe --server --device rxe0 --port 18700 >/tmp/srv.out 2>&1 &
SRV=$!
wait_tcp_listen 18700
probe_json /tmp/peer.json --peer 10.0.0.1 --port 18700 --device rxe1 "${FAST[@]}"
assert_sane /tmp/peer.json
[ "$(jq -r .mode /tmp/peer.json)" = peer ] || die "mode is $(jq -r .mode /tmp/peer.json)"
[ "$(jq -r .remote_device /tmp/peer.json)" = rxe0 ] || die "peer device $(jq -r .remote_device /tmp/peer.json)"
[ "$(jq -r .remote_gid.gid /tmp/peer.json)" = "::ffff:10.0.0.1" ] || die "peer GID $(jq -r .remote_gid.gid /tmp/peer.json)"
[ "$(jq -r .path_mtu_bytes /tmp/peer.json)" = 4096 ] || die "path MTU $(jq -r .path_mtu_bytes /tmp/peer.json)"
# The figures of a clean link: all four tests, bandwidth above the lab profile's
# floor (0.5 x 0.1 Gb/s), the server's counters in the deltas, no sequence errors
# beyond noise. A FAIL here prints the findings that caused it.
[ "$(jq '[.tests[] | select(.bandwidth or .latency)] | length' /tmp/peer.json)" = 4 ] ||
  die "want 4 tests (bw+lat x 64B, 64KiB): $(jq -c '[.tests[] | {test, size_bytes, error}]' /tmp/peer.json)"
jq -e '.tests[] | select(.test == "bw" and .size_bytes == 65536) | .bandwidth.gbps >= 0.05' /tmp/peer.json >/dev/null ||
  die "64KiB bandwidth below the profile's 0.05 Gb/s: $(jq -c '[.tests[].bandwidth.gbps]' /tmp/peer.json)"
jq -e '.counters[0].delta | to_entries | map(select(.key | startswith("rxe0:"))) | length > 0' /tmp/peer.json >/dev/null ||
  die "no rxe0 counter deltas from the server process"
jq -e '.verdict.findings[] | select(.figure == "sequence errors (idle)" and .level == "PASS")' /tmp/peer.json >/dev/null ||
  die "sequence errors not judged PASS: $(jq -c '.verdict.findings' /tmp/peer.json)"
[ "$RC" = 0 ] && [ "$(verdict /tmp/peer.json)" = PASS ] ||
  { show_failures /tmp/peer.json; die "clean peer-mode probe: verdict $(verdict /tmp/peer.json), exit $RC"; }
kill "$SRV"; wait "$SRV" || true; SRV=
grep -q "session done: write bw" /tmp/srv.out || die "server log has no finished session: $(cat /tmp/srv.out)"
ok "peer mode rxe1 -> server on rxe0: verdict PASS, 64KiB $(jq -r '.tests[] | select(.test == "bw" and .size_bytes == 65536) | .bandwidth.gbps * 1000 | floor' /tmp/peer.json) Mb/s, setup $(jq -r '[.tests[].setup_ms] | max | floor' /tmp/peer.json) ms max"
