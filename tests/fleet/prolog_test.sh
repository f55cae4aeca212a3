#!/bin/bash
# The Slurm prolog wrapper maps the gate's exit codes to Slurm's semantics:
# only "unhealthy" drains (with the gate's reason); "could not evaluate",
# configuration errors and a missing binary let the job run.
# Usage: prolog_test.sh SOURCE_DIR
set -u
prolog=$1/packaging/slurm/rocecfg-prolog.sh
work=$(mktemp -d /tmp/rocecfg-prolog.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
# scontrol and logger stand-ins record what the wrapper asked of Slurm and syslog.
printf '#!/bin/sh\necho "$*" >> %s/scontrol.log\n' "$work" > "$work/bin/scontrol"
printf '#!/bin/sh\necho "$*" >> %s/logger.log\n' "$work" > "$work/bin/logger"
# A gate that prints a summary line and exits with $FAKE_RC.
cat > "$work/bin/gate" <<'SH'
#!/bin/sh
echo "devices   FAIL          rxe0 port 1 is DOWN"
echo "$FAKE_LINE"
exit "$FAKE_RC"
SH
chmod +x "$work/bin/"*
export PATH=$work/bin:$PATH ROCECFG=$work/bin/gate SLURMD_NODENAME=node7
passed=0 failed=0
check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"; else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
run() {  # run RC LINE
  rm -f "$work"/*.log
  FAKE_RC=$1 FAKE_LINE=$2 sh "$prolog" 2> "$work/stderr"
  rc=$?
}

run 0 "node7 | healthy"
check "healthy: exit 0, nothing drained" [ "$rc" = 0 -a ! -e "$work/scontrol.log" ]
run 1 "node7 | unhealthy: devices: rxe0 port 1 is DOWN"
check "unhealthy: exit 1 (Slurm drains)" [ "$rc" = 1 ]
check "drain reason is the gate's reason" \
  [ "$(cat "$work/scontrol.log")" = 'update NodeName=node7 State=DRAIN Reason=rocecfg: unhealthy: devices: rxe0 port 1 is DOWN' ]
check "unhealthy is logged" grep -q 'rocecfg-gate -- node7 | unhealthy' "$work/logger.log"
run 4 "node7 | not evaluated: audit: did not finish within the 3000 ms budget"
check "not evaluated: exit 0, logged, not drained" \
  [ "$rc" = 0 -a ! -e "$work/scontrol.log" ] 
check "not evaluated is logged" grep -q 'not evaluated, job allowed: node7 | not evaluated' "$work/logger.log"
run 2 "rocecfg gate: --budget x: expected a duration like 3s or 500ms"
check "bad configuration: exit 0, not drained" [ "$rc" = 0 -a ! -e "$work/scontrol.log" ]
check "and logged with the exit code" grep -q 'gate did not run (exit 2)' "$work/logger.log"
ROCECFG=$work/none run 1 "x"
check "missing binary: exit 0" [ "$rc" = 0 ]
ROCECFG_SET_REASON=0 run 1 "node7 | unhealthy: mtu: eth0 MTU 1500 bytes, profile says 9000"
check "ROCECFG_SET_REASON=0 leaves the reason to Slurm" [ "$rc" = 1 -a ! -e "$work/scontrol.log" ]

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
