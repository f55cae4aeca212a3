#!/bin/sh
# Slurm TaskProlog for `rocecfg env --slurm`: what the job's libraries must
# send (NCCL_IB_TC, NCCL_IB_HCA, UCX_*) set in every task's environment from
# the profile, with this node's NICs from its [[host]] in the inventory.
# Install as e.g. /usr/share/rocecfg/slurm/rocecfg-task-prolog.sh and set
# TaskProlog= to it (slurm.conf.example).
#
# Slurm reads a TaskProlog's stdout: each "export NAME=value" line is set in
# the task's environment, each "print ..." line goes to the task's stdout;
# its exit code is ignored. So this wrapper must never print anything else:
# rocecfg's warnings go to stderr (slurmd's log), and when rocecfg fails the
# task gets one "print" line saying so and keeps its own environment (the
# library defaults: NCCL_IB_TC 0 is lossy on a DSCP-trusting fabric, which
# the gate and `nccl-log` then show).
# Environment (for tests and sites): ROCECFG (binary), ROCECFG_PROFILE,
# ROCECFG_INVENTORY (unset or empty: no inventory; the HCAs are this host's),
# SLURMD_NODENAME (set by slurmd: this node's name in the inventory).
set -u
ROCECFG=${ROCECFG:-/usr/bin/rocecfg}
PROFILE=${ROCECFG_PROFILE:-/etc/rocecfg/profile.toml}
INVENTORY=${ROCECFG_INVENTORY:-}

if [ -n "$INVENTORY" ] && [ -n "${SLURMD_NODENAME:-}" ]; then
  out=$("$ROCECFG" env "$PROFILE" --slurm --inventory "$INVENTORY" --host "$SLURMD_NODENAME")
else
  out=$("$ROCECFG" env "$PROFILE" --slurm)
fi
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "print rocecfg env failed (exit $rc): NCCL/UCX keep their defaults; see slurmd's log"
  exit 0
fi
# Only the lines Slurm understands, whatever a future rocecfg prints.
printf '%s\n' "$out" | grep -E '^(export|unset) [A-Za-z_][A-Za-z0-9_]*'
exit 0
