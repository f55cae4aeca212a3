#!/bin/sh
# Lab scenario: devlink info and parameters read by rocecfg over generic
# netlink from the real kernel devlink code. Debian's kernel builds no
# netdevsim, so devlinksim.ko (tests/lab/dcbsim/devlinksim.c, built beside
# dcbsim by `lab setup`) registers the instance; devlink(8) is the
# independent reader (tests/host/devlink_lab_test.cpp).
set -u
test_bin=${ROCECFG_DEVLINK_LAB_TEST:?set ROCECFG_DEVLINK_LAB_TEST to build/tests/host/devlink_lab_test}
ko=$LAB_BUILD_DIR/dcbsim/devlinksim.ko
insmod "$ko" || { echo "FAIL: insmod $ko"; exit 1; }
"$test_bin"
rc=$?
rmmod devlinksim
exit $rc
