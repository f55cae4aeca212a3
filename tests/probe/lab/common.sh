# shellcheck shell=bash
# Shared by the probe lab scenarios: helpers from the lab, the binary under
# test, the lab profile, and JSON checks.
# shellcheck source-path=SCRIPTDIR source=../../lab/lib/scenario.sh
. "$(dirname "$0")/../../lab/lib/scenario.sh"
ROCECFG=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
PROFILE=$(cd "$(dirname "$0")/../../.." && pwd)/profiles/lab.toml
# Short windows: the lab runs ~0.5 Gb/s and every second counts on 2 cores.
FAST=(--duration-ms 800 --size 64 --size 64KiB)
# No --max-retransmits override: the lab profile's 50 applies. The lab has no
# PFC, so under background load (TCP and RoCE share one veth queue) the
# emulated wire drops a few packets per phase: up to 19 sequence errors were
# seen in a clean loaded phase (23:17 run), while injected faults produce
# 170-879 in the idle phase alone.

# probe_json OUT ARGS...: runs `rocecfg probe --json ARGS`, saves stdout in OUT,
# sets RC to its exit status; never exits the scenario by itself.
probe_json() {
  local out=$1
  shift
  RC=0
  timeout 120 "$ROCECFG" probe "$PROFILE" --json "$@" >"$out.doc" 2>/tmp/probe.err || RC=$?
  [ "$RC" != 124 ] || die "rocecfg probe hung (killed after 120 s): $*"
  # One envelope document (cmd/schemas/); the scenarios read its payload.
  jq -e --argjson rc "$RC" '.schema_version == 1 and .exit_code == $rc' "$out.doc" >/dev/null 2>&1 ||
    { cat /tmp/probe.err >&2; die "no JSON envelope from rocecfg probe (rc=$RC): $*"; }
  jq .payload "$out.doc" >"$out"
}

# verdict FILE: PASS/WARN/FAIL
verdict() { jq -r .verdict.level "$1"; }
# failed_figures FILE: the figures of failed findings, one per line
failed_figures() { jq -r '.verdict.findings[] | select(.level == "FAIL") | .figure' "$1"; }
# show FILE: the failed findings, for the log
show_failures() { jq -r '.verdict.findings[] | select(.level == "FAIL") | "  \(.figure): \(.message)"' "$1"; }

# assert_sane FILE: every test measured something, percentiles ordered
assert_sane() {
  local f=$1
  jq -e '[.tests[] | select(.error)] | length == 0' "$f" >/dev/null ||
    die "tests failed: $(jq -c '[.tests[] | select(.error) | .error]' "$f")"
  # Idle bandwidth must be > 0. Under load the emulated device may starve the
  # probe's own QP for a whole short window (64 B messages under TCG), so a
  # loaded figure only has to exist.
  jq -e '[.tests[] | select(.bandwidth and .phase == "idle") | .bandwidth.gbps > 0] | all' "$f" >/dev/null ||
    die "an idle bandwidth figure is 0"
  jq -e '[.tests[] | select(.latency) | .latency | (.min_us > 0 and .min_us <= .median_us and
          .median_us <= .p99_us and .p99_us <= .p99_9_us and .p99_9_us <= .max_us)] | all' "$f" >/dev/null ||
    die "latency percentiles not ordered: $(jq -c '[.tests[] | select(.latency) | .latency]' "$f")"
}
