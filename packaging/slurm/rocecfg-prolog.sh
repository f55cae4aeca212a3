#!/bin/sh
# Slurm Prolog wrapper for `rocecfg gate` (install as e.g.
# /etc/slurm/prolog.d/50-rocecfg-gate.sh; see slurm.conf.example).
#
# Slurm semantics: a Prolog that exits non-zero puts the node in DRAIN
# (Reason "Prolog error") and requeues the job held. This wrapper never calls
# scontrol; the gate's reason goes to syslog (tag rocecfg-gate) and stderr.
#   gate exit 0  healthy                          -> exit 0
#   gate exit 1  unhealthy                        -> log, exit 1 (drain)
#   gate exit 4  could not evaluate (budget, no RDMA driver) -> log, exit 0
#   gate exit 2  configuration error (mistyped profile path, bad option),
#                or the binary is missing          -> ROCECFG_ON_CONFIG_ERROR:
#                "fail" (default): logged as an error, exit 1: a broken gate
#                must not wave every job through; "allow": logged, exit 0
#   gate exit 3, or killed at ROCECFG_TIMEOUT      -> ROCECFG_ON_RUNTIME_ERROR:
#                "allow" (default): logged, exit 0; "fail": exit 1
# Environment (for tests and sites): ROCECFG (binary), ROCECFG_PROFILE,
# ROCECFG_GATE_ARGS, ROCECFG_TIMEOUT (hard limit, s), ROCECFG_ON_CONFIG_ERROR,
# ROCECFG_ON_RUNTIME_ERROR.
set -u
ROCECFG=${ROCECFG:-/usr/bin/rocecfg}
PROFILE=${ROCECFG_PROFILE:-/etc/rocecfg/profile.toml}
ARGS=${ROCECFG_GATE_ARGS:---budget 3s}
LIMIT=${ROCECFG_TIMEOUT:-10}
ON_CONFIG=${ROCECFG_ON_CONFIG_ERROR:-fail}
ON_RUNTIME=${ROCECFG_ON_RUNTIME_ERROR:-allow}

log() {  # log PRIORITY MESSAGE
  logger -p "user.$1" -t rocecfg-gate -- "$2" 2>/dev/null || true
  echo "rocecfg-gate: $2" >&2
}
# decide POLICY WHAT: "fail" drains (exit 1), anything else lets the job run.
decide() {
  if [ "$1" = allow ]; then
    log warning "$2, job allowed (policy allow)"
    exit 0
  fi
  log err "$2, node drained (policy fail)"
  exit 1
}

# shellcheck disable=SC2086  # ARGS is a list of options
out=$(timeout "$LIMIT" "$ROCECFG" gate "$PROFILE" $ARGS 2>&1)
rc=$?
summary=$(printf '%s\n' "$out" | tail -n 1)
case $rc in
  0) exit 0 ;;
  1) log err "$summary"; exit 1 ;;
  4) log warning "not evaluated, job allowed: $summary"; exit 0 ;;
  2 | 126 | 127)
    decide "$ON_CONFIG" "CONFIGURATION ERROR: gate did not run (exit $rc): $summary" ;;
  124) decide "$ON_RUNTIME" "gate killed after ${LIMIT}s" ;;
  *) decide "$ON_RUNTIME" "gate failed (exit $rc): $summary" ;;
esac
