#!/bin/bash
# The traffic the job sends (issue 14): the gate fails a host where NCCL would
# send outside the lossless class, and its probe fails a wire that rewrites
# DSCP (tc pedit on veth1's egress, as tests/probe/lab/marking.sh).
. "$(dirname "$0")/common.sh"
cleanup() { tc qdisc del dev veth1 clsact 2>/dev/null || true; }
trap cleanup EXIT
lab_reset
NCCL_IB_TC=0 gate --no-state
expect 1 "lab | unhealthy: workload: NCCL would send ToS 0 (DSCP 0, ECN Not-ECT), outside the lossless class (DSCP 26): NCCL_IB_TC=0 from environment"

tc qdisc add dev veth1 clsact
tc filter add dev veth1 egress protocol ip flower ip_proto udp dst_port 4791 \
  action pedit ex munge ip dsfield set 0 retain 0xfc pipe action csum ip
gate --no-state --loopback rxe1,rxe0 --budget 10s
expect 1 "lab | unhealthy: probe: marking DSCP (idle): DSCP rewritten on the path: sent 26, received 0 — a switch on the path does not trust DSCP; RoCE travels in the lossy class (200 of 200 packets rewritten)"
