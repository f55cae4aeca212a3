#!/bin/sh
# Slurm Prolog wrapper for `rocecfg gate` (install as e.g.
# /etc/slurm/prolog.d/50-rocecfg-gate.sh; see slurm.conf.example).
#
# Slurm semantics: a Prolog that exits non-zero puts the node in DRAIN and
# requeues the job held. So only a real verdict drains:
#   gate exit 0  healthy                      -> exit 0
#   gate exit 1  unhealthy                    -> drain (reason = the gate's summary), exit 1
#   gate exit 4  could not evaluate (budget)  -> log, exit 0: a slow check is no fault
#   anything else (bad profile, missing binary, timeout) -> log, exit 0: a fleet-wide
#                configuration mistake must not drain the whole cluster
# Environment (for tests and sites): ROCECFG (binary), ROCECFG_PROFILE,
# ROCECFG_GATE_ARGS, ROCECFG_TIMEOUT (hard limit, s), ROCECFG_SET_REASON=0 to
# leave the drain reason to Slurm ("Prolog error").
set -u
ROCECFG=${ROCECFG:-/usr/bin/rocecfg}
PROFILE=${ROCECFG_PROFILE:-/etc/rocecfg/profile.toml}
ARGS=${ROCECFG_GATE_ARGS:---budget 3s}
LIMIT=${ROCECFG_TIMEOUT:-10}

log() { logger -t rocecfg-gate -- "$*" 2>/dev/null || true; echo "rocecfg-gate: $*" >&2; }

# shellcheck disable=SC2086  # ARGS is a list of options
out=$(timeout "$LIMIT" "$ROCECFG" gate "$PROFILE" $ARGS 2>&1)
rc=$?
summary=$(printf '%s\n' "$out" | tail -n 1)
case $rc in
  0)
    exit 0 ;;
  1)
    log "$summary"
    if [ "${ROCECFG_SET_REASON:-1}" = 1 ] && command -v scontrol >/dev/null 2>&1; then
      node=${SLURMD_NODENAME:-$(hostname -s)}
      # Slurm reasons are short: the summary minus the host name.
      scontrol update NodeName="$node" State=DRAIN Reason="rocecfg: ${summary#*| }" || true
    fi
    exit 1 ;;
  4)
    log "not evaluated, job allowed: $summary"
    exit 0 ;;
  *)
    log "gate did not run (exit $rc), job allowed: $summary"
    exit 0 ;;
esac
