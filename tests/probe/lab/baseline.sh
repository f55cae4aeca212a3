#!/bin/bash
# probe --baseline (issue 17): the pair's figures (the largest size's idle
# bandwidth, the smallest's idle p50 latency, as a fabric pair test records
# them) against a file in `rocecfg fabric --save-baseline`'s format, on real
# rxe1 -> rxe0 traffic. Baselines far from what the lab does, so run-to-run
# spread under TCG cannot change a verdict: 1000 Gb/s fails naming the fall,
# 0.0001 Gb/s with a 1 s p50 passes, a pair the file does not hold is exit 4.
set -euo pipefail
. "$(dirname "$0")/common.sh"
CROSS=(--device rxe1 --peer-device rxe0 "${FAST[@]}" --marking-packets 0)
# base FILE BW_GBPS LAT_US: one pair, lab -> rxe0
base() {
  printf '{"rocecfg_baseline": 1, "created": "2026-12-01T08:00:00Z", "pairs": [{"client": "lab", "server": "rxe0", "bw_gbps": %s, "lat_p50_us": %s}]}\n' "$2" "$3" >"$1"
}
# finding FILE: the baseline finding as "LEVEL MESSAGE"
finding() { jq -r '.verdict.findings[] | select(.figure == "baseline") | "\(.level) \(.message)"' "$1"; }

base /tmp/fast.json 1000 1
probe_json /tmp/b-fast.json "${CROSS[@]}" --baseline /tmp/fast.json --baseline-pair lab,rxe0
[ "$RC" = 1 ] || die "baseline 1000 Gb/s: exit $RC, want 1"
got=$(finding /tmp/b-fast.json)
case "$got" in
  "FAIL lab -> rxe0 regressed against /tmp/fast.json (2026-12-01T08:00:00Z): bandwidth "*" of its baseline 1e+03 (< 0.90); p50 latency "*" us is "*"x its baseline 1 (> 1.10); "*) ;;
  *) die "baseline 1000 Gb/s: finding '$got'" ;;
esac
ok "regressed: ${got:0:150}..."

base /tmp/slow.json 0.0001 1000000
probe_json /tmp/b-slow.json "${CROSS[@]}" --baseline /tmp/slow.json --baseline-pair rxe0,lab
[ "$RC" = 0 ] || { show_failures /tmp/b-slow.json; die "baseline 0.0001 Gb/s: exit $RC, want 0"; }
got=$(finding /tmp/b-slow.json)
case "$got" in
  "PASS rxe0 -> lab within 10 % of /tmp/slow.json (2026-12-01T08:00:00Z); bandwidth "*) ;;
  *) die "baseline 0.0001 Gb/s: finding '$got'" ;;
esac
ok "within: $got"

probe_json /tmp/b-none.json "${CROSS[@]}" --mode bw --baseline /tmp/slow.json --baseline-pair lab,nobody
[ "$RC" = 4 ] || die "pair not in the baseline: exit $RC, want 4"
got=$(finding /tmp/b-none.json)
[ "$got" = "SKIP /tmp/slow.json has no figures for lab -> nobody (recorded 2026-12-01T08:00:00Z over 1 pairs)" ] ||
  die "pair not in the baseline: finding '$got'"
ok "unknown pair: exit 4, $got"
