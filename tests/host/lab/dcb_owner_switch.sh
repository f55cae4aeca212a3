#!/bin/sh
# Lab scenario (runs inside the QEMU guest): one behaviour of the host
# backend, the test case "dcb_owner_switch" of tests/host/lab_dcb_test.cpp.
# ROCECFG_HOST_LAB_TEST points at the host-built doctest binary.
set -e
bin=${ROCECFG_HOST_LAB_TEST:?set ROCECFG_HOST_LAB_TEST to the built host_lab_test (ctest sets it)}
[ -x "$bin" ] || { echo "FAIL: $bin not built (cmake --build ... --target host_lab_test)"; exit 1; }
exec "$bin" --test-case="dcb_owner_switch:*" --no-version --no-colors
