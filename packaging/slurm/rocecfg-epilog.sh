#!/bin/sh
# Slurm Epilog example for rocecfg (install as e.g.
# /etc/slurm/epilog.d/50-rocecfg-audit.sh): after each job, audit this node
# against the profile and refresh the node_exporter metrics, so a job that
# changed the NIC's QoS (a container with CAP_NET_ADMIN, a vendor tool) shows
# as drift on the dashboard and in syslog before the next job's gate.
# An Epilog that exits non-zero drains the node; this one does so only when
# ROCECFG_EPILOG_ON_DRIFT=fail (default "log": the next Prolog's gate decides).
set -u
ROCECFG=${ROCECFG:-/usr/bin/rocecfg}
PROFILE=${ROCECFG_PROFILE:-/etc/rocecfg/profile.toml}
TEXTFILE_DIR=${ROCECFG_TEXTFILE_DIR:-/var/lib/prometheus/node-exporter}
LIMIT=${ROCECFG_TIMEOUT:-10}

out=$(timeout "$LIMIT" "$ROCECFG" audit "$PROFILE" --textfile "$TEXTFILE_DIR" 2>&1)
rc=$?
[ "$rc" = 0 ] && exit 0
logger -p user.warning -t rocecfg-epilog -- "audit exit $rc after job ${SLURM_JOB_ID:-?}: $(printf '%s\n' "$out" | head -n 3 | tr '\n' ' ')" 2>/dev/null || true
[ "$rc" = 1 ] && [ "${ROCECFG_EPILOG_ON_DRIFT:-log}" = fail ] && exit 1
exit 0
