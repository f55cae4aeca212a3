#!/bin/sh
# rocecfg nccl-log and env end to end: exit codes and the cause named.
set -u
bin=${ROCECFG_BIN:?}; src=${ROCECFG_SOURCE_DIR:?}
p=$src/profiles/roce-lossless-nccl.toml
logs=$src/tests/workload/nccl-logs
fail() { echo "FAIL: $*"; exit 1; }
out=$("$bin" nccl-log "$p" "$logs/socket-fallback.log"); rc=$?
[ $rc -eq 1 ] || fail "socket fallback exit $rc, want 1"
echo "$out" | grep -q 'rank 1 (gpu02): fell back to NET/Socket (TCP, no RDMA): NCCL found no usable RDMA device' || fail "cause not named: $out"
"$bin" nccl-log "$p" - < "$logs/roce-ok.log" > /dev/null; rc=$?
[ $rc -eq 0 ] || fail "roce-ok from stdin exit $rc, want 0"
"$bin" nccl-log "$p" "$logs/roce-wrong-tc.log" > /dev/null; rc=$?
[ $rc -eq 1 ] || fail "wrong tc exit $rc, want 1"
"$bin" nccl-log "$p" /nonexistent.log 2>/dev/null; rc=$?
[ $rc -eq 2 ] || fail "missing file exit $rc, want 2"
# env against an empty sysfs tree: the settings, and a warning that no port was found
root=$(mktemp -d); trap 'rm -rf "$root"' EXIT
out=$(ROCECFG_SYSFS_ROOT=$root "$bin" env "$p" --slurm 2>/dev/null); rc=$?
[ $rc -eq 0 ] || fail "env exit $rc"
[ "$out" = "export NCCL_IB_TC=106
export NCCL_IB_ADDR_FAMILY=AF_INET
export NCCL_IB_ROCE_VERSION_NUM=2
export UCX_IB_TRAFFIC_CLASS=106" ] || fail "env --slurm output: $out"
echo ok
