#!/bin/sh
# Lab scenario: as user nobody, audit reads what it can (DCB, MTU) and says
# what it could not (rdma_cm configfs); apply refuses and changes nothing.
set -e
bin=${ROCECFG_HOST_LAB_TEST:?set ROCECFG_HOST_LAB_TEST to the built host_lab_test (ctest sets it)}
[ -x "$bin" ] || { echo "FAIL: $bin not built (cmake --build ... --target host_lab_test)"; exit 1; }
exec "$bin" --test-case="unprivileged:*" --no-version --no-colors
