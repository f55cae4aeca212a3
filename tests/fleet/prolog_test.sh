#!/bin/bash
# The Slurm prolog wrapper maps the gate's exit codes to Slurm's semantics:
# "unhealthy" drains (exit 1) with the gate's reason in syslog; a
# configuration error (exit 2, a missing binary) fails closed by default and
# is logged as an error, or lets the job run with ROCECFG_ON_CONFIG_ERROR=allow;
# "could not evaluate" and runtime failures let the job run unless
# ROCECFG_ON_RUNTIME_ERROR=fail. The wrapper never calls scontrol.
# The TaskProlog wrapper prints only what Slurm reads (export lines), from the
# real rocecfg's `env --slurm` for this node's [[host]], and one "print" line
# when rocecfg fails.
# Usage: prolog_test.sh SOURCE_DIR ROCECFG_BIN
set -u
src=$1 bin=$2
prolog=$1/packaging/slurm/rocecfg-prolog.sh
epilog=$1/packaging/slurm/rocecfg-epilog.sh
task_prolog=$1/packaging/slurm/rocecfg-task-prolog.sh
work=$(mktemp -d /tmp/rocecfg-prolog.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
# scontrol and logger stand-ins record what the wrapper asked of Slurm and syslog.
printf '#!/bin/sh\necho "$*" >> %s/scontrol.log\n' "$work" > "$work/bin/scontrol"
printf '#!/bin/sh\necho "$*" >> %s/logger.log\n' "$work" > "$work/bin/logger"
# A gate that prints a summary line and exits with $FAKE_RC.
cat > "$work/bin/gate" <<'SH'
#!/bin/sh
echo "$*" > "$FAKE_ARGS"
echo "devices   FAIL          rxe0 port 1 is DOWN"
echo "$FAKE_LINE"
exit "$FAKE_RC"
SH
chmod +x "$work/bin/"*
export PATH=$work/bin:$PATH ROCECFG=$work/bin/gate SLURMD_NODENAME=node7 FAKE_ARGS=$work/args
passed=0 failed=0
check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"; else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
run() {  # run SCRIPT RC LINE
  rm -f "$work"/*.log
  FAKE_RC=$2 FAKE_LINE=$3 sh "$1" 2> "$work/stderr"
  rc=$?
}

run "$prolog" 0 "node7 | healthy"
check "healthy: exit 0, nothing logged" [ "$rc" = 0 -a ! -e "$work/logger.log" ]
run "$prolog" 1 "node7 | unhealthy: devices: rxe0 port 1 is DOWN"
check "unhealthy: exit 1 (Slurm drains)" [ "$rc" = 1 ]
check "unhealthy is logged as an error with the gate's reason" \
  [ "$(cat "$work/logger.log")" = '-p user.err -t rocecfg-gate -- node7 | unhealthy: devices: rxe0 port 1 is DOWN' ]
check "no scontrol call (a non-zero prolog already drains)" [ ! -e "$work/scontrol.log" ]
run "$prolog" 4 "node7 | not evaluated: audit: did not finish within the 3000 ms budget"
check "not evaluated: exit 0" [ "$rc" = 0 ]
check "not evaluated is logged as a warning" \
  [ "$(cat "$work/logger.log")" = '-p user.warning -t rocecfg-gate -- not evaluated, job allowed: node7 | not evaluated: audit: did not finish within the 3000 ms budget' ]
run "$prolog" 2 "rocecfg gate: /etc/rocecfg/profle.toml: cannot open"
check "configuration error: fails closed by default (exit 1)" [ "$rc" = 1 ]
check "and logged loudly as an error, with the exit code and reason" \
  [ "$(cat "$work/logger.log")" = '-p user.err -t rocecfg-gate -- CONFIGURATION ERROR: gate did not run (exit 2): rocecfg gate: /etc/rocecfg/profle.toml: cannot open, node drained (policy fail)' ]
check "on stderr too" grep -q '^rocecfg-gate: CONFIGURATION ERROR' "$work/stderr"
ROCECFG_ON_CONFIG_ERROR=allow run "$prolog" 2 "rocecfg gate: --budget x: expected a duration like 3s or 500ms"
check "ROCECFG_ON_CONFIG_ERROR=allow: exit 0" [ "$rc" = 0 ]
check "and still logged as a configuration error" grep -q 'CONFIGURATION ERROR: gate did not run (exit 2).*job allowed (policy allow)' "$work/logger.log"
ROCECFG=$work/none run "$prolog" 1 "x"
check "missing binary: a configuration error, fails closed" [ "$rc" = 1 ]
check "missing binary: logged with exit 127" grep -q 'CONFIGURATION ERROR: gate did not run (exit 127)' "$work/logger.log"
run "$prolog" 3 "rocecfg gate: netlink: Operation not permitted"
check "runtime failure: job allowed by default" [ "$rc" = 0 ]
check "runtime failure: logged" grep -q 'gate failed (exit 3).*job allowed (policy allow)' "$work/logger.log"
ROCECFG_ON_RUNTIME_ERROR=fail run "$prolog" 3 "x"
check "ROCECFG_ON_RUNTIME_ERROR=fail: exit 1" [ "$rc" = 1 ]
ROCECFG_GATE_ARGS="--budget 2s --no-state" run "$prolog" 0 "node7 | healthy"
check "gate arguments passed through" [ "$(cat "$work/args")" = "gate /etc/rocecfg/profile.toml --budget 2s --no-state" ]

# The epilog: audit with metrics; drift only logs unless asked to drain.
run "$epilog" 1 "drift (observed -> profile):"
check "epilog: drift: exit 0" [ "$rc" = 0 ]
check "epilog: drift logged" grep -q 'rocecfg-epilog -- audit exit 1' "$work/logger.log"
check "epilog: audits with --textfile" [ "$(cat "$work/args")" = "audit /etc/rocecfg/profile.toml --textfile /var/lib/prometheus/node-exporter" ]
ROCECFG_EPILOG_ON_DRIFT=fail run "$epilog" 1 "drift"
check "epilog: ROCECFG_EPILOG_ON_DRIFT=fail drains on drift" [ "$rc" = 1 ]
run "$epilog" 0 "no drift"
check "epilog: clean: exit 0, nothing logged" [ "$rc" = 0 -a ! -e "$work/logger.log" ]

# The TaskProlog, with the real binary: gpu001's two NICs from the inventory
# (this machine has no RDMA device: the warning goes to stderr, never to the
# lines Slurm reads).
out=$(ROCECFG=$bin ROCECFG_PROFILE=$src/profiles/roce-lossless-nccl.toml \
  ROCECFG_INVENTORY=$src/tests/workload/gpu-nodes.inventory.toml SLURMD_NODENAME=gpu001 \
  sh "$task_prolog" 2>"$work/task.err"); rc=$?
check "task prolog: exit 0" [ "$rc" = 0 ]
check "task prolog: only export lines, gpu001's NICs" [ "$out" = 'export NCCL_IB_TC=106
export NCCL_IB_ADDR_FAMILY=AF_INET
export NCCL_IB_ROCE_VERSION_NUM=2
export NCCL_IB_HCA==mlx5_0:1,mlx5_1:1
export UCX_IB_TRAFFIC_CLASS=106
export UCX_NET_DEVICES=mlx5_0:1,mlx5_1:1' ]
check "task prolog: rocecfg's warning on stderr (slurmd's log)" \
  grep -q 'declared by inventory host gpu001, not seen on this host' "$work/task.err"
out=$(ROCECFG=$work/bin/gate FAKE_RC=2 FAKE_LINE=x SLURMD_NODENAME=gpu001 sh "$task_prolog" 2>/dev/null); rc=$?
check "task prolog: rocecfg failing is one print line, exit 0" \
  [ "$rc" = 0 -a "$out" = "print rocecfg env failed (exit 2): NCCL/UCX keep their defaults; see slurmd's log" ]

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
