#!/bin/bash
# rocecfg fabric --transport srun inside a real Slurm allocation: a
# single-node Slurm in the guest (tests/fabric/lab/slurm.sh: munged,
# slurmctld, slurmd), the node `lab-host` holding the four rxe endpoints
# (each [[host]] has slurm_node = "lab-host" and its own device, address and
# probe port). `salloc` makes the allocation; rocecfg launches every probe
# server and every test as a job step (srun --nodelist=lab-host --overlap)
# and reads the tests' JSON from srun's stdout. With a rate limit on f3 the
# ring (f1 -> f2 -> f3 -> f4 -> f1, 2 rounds) names exactly `host f3` (exit
# 1; bad pairs f2-f3 and f3-f4, f3's only partners), the other pairs
# measured, and no server step is left. Outside an allocation the transport
# is refused with the reason (exit 2). Measured 2 Dec, host load ~7: Slurm
# up in 14.9 s; all pairs took 77.6 s (16 steps, each ~6-10 s under TCG),
# hence the ring here. Not in probe.lab: 138-150 s with fabric_up and
# teardown, over a scenario's share of the CI budget.
set -euo pipefail
t_start=$(date +%s%N)
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/slurm.sh"
fabric_up
fabric_faults_clear
echo "fabric up in $((($(date +%s%N) - t_start) / 1000000)) ms"
D=/tmp/fabric-slurm
rm -rf "$D"
OLD_HOSTNAME=$(hostname)
# The guest boots without a host name ("(none)"): slurmctld must find its
# SlurmctldHost in it. Put it back after (switches.sh does the same).
hostname lab-host
trap 'slurm_down "$D"; echo "$OLD_HOSTNAME" >/proc/sys/kernel/hostname; fabric_faults_clear' EXIT
t0=$(date +%s%N)
slurm_up "$D" lab-host || die "slurm did not start"
slurm_ms=$((($(date +%s%N) - t0) / 1000000))
echo "slurm up in $slurm_ms ms: $(sinfo -h -N -o '%N %t %c')"
# on failure, what Slurm said
passed=
trap '[ -n "$passed" ] || tail -n 20 "$D/slurmctld.log" "$D/slurmd.log" >&2 || true; slurm_down "$D"; echo "$OLD_HOSTNAME" >/proc/sys/kernel/hostname; fabric_faults_clear' EXIT
SRUN_INV=/tmp/fabric-srun-inventory.toml
for i in $(seq 1 "$FABRIC_N"); do
  printf '[[host]]\nname = "f%d"\nslurm_node = "lab-host"\nrdma_device = "rxef%d"\nprobe_address = "10.0.3.%d"\nprobe_port = %d\n\n' \
    "$i" "$i" $((10 + i)) $((18620 + i))
done >"$SRUN_INV"
FABRIC_ARGS=(--inventory "$SRUN_INV" --transport srun --remote-rocecfg "$ROCECFG")

# Outside an allocation: refused, nothing launched.
rc=0
env -u SLURM_JOB_ID "$ROCECFG" fabric "$PROFILE" "${FABRIC_ARGS[@]}" --pattern all >/tmp/srun-noalloc.out 2>&1 || rc=$?
[ "$rc" = 2 ] && [ "$(cat /tmp/srun-noalloc.out)" = "rocecfg fabric: --transport srun runs inside a Slurm allocation (\$SLURM_JOB_ID is not set): salloc, sbatch, or a prolog's job" ] ||
  die "srun outside an allocation: rc=$rc $(cat /tmp/srun-noalloc.out)"

fault_host 3 "$FAULT_RATE"
# --immediate: fail rather than queue if the node cannot take the job
FABRIC_LAUNCH=(salloc --nodes=1 --quiet --immediate=30)
fabric_json /tmp/srun-host.json --pattern ring
[ "$RC" = 1 ] && [ "$(findings /tmp/srun-host.json)" = "host f3" ] ||
  die "srun, host fault: rc=$RC findings '$(findings /tmp/srun-host.json)' $(summary /tmp/srun-host.json) $(jq -c '[.pairs[] | {client, server, error}]' /tmp/srun-host.json) $(cat /tmp/fabric.err)"
[ "$(jq -c '[.pairs[] | select(.bad) | [.client, .server] | sort] | sort' /tmp/srun-host.json)" = '[["f2","f3"],["f3","f4"]]' ] ||
  die "srun, host fault: bad pairs $(jq -c '[.pairs[] | select(.bad)]' /tmp/srun-host.json)"
[ "$(jq '[.pairs[] | select(.error == null and .bw_gbps > 0 and .lat_p50_us > 0)] | length' /tmp/srun-host.json)" = 4 ] &&
  [ "$(jq .rounds /tmp/srun-host.json)" = 2 ] && [ "$(jq -c .notes /tmp/srun-host.json)" = '[]' ] ||
  die "srun, host fault: not 4 measured pairs in 2 rounds without notes: $(jq -c '{rounds, notes, pairs}' /tmp/srun-host.json)"
servers_stopped || die "probe server steps still running after the run: $(pgrep -af -- "$ROCECFG probe --server")"
passed=1
ok "srun transport, host fault f3 named: $(findings /tmp/srun-host.json); $(summary /tmp/srun-host.json); $(spread /tmp/srun-host.json); slurm up in ${slurm_ms} ms, scenario $((($(date +%s%N) - t_start) / 1000000)) ms"
