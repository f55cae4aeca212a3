#!/bin/bash
# Lab scenario: the probe engine on real rxe devices (bandwidth WRITE/READ/SEND,
# latency, same-device loopback, server death), via the doctest binary built on
# the host (ROCECFG_BUILD_DIR).
set -euo pipefail
exec "${ROCECFG_BUILD_DIR:?set ROCECFG_BUILD_DIR to the host build tree}/tests/probe/probe_engine_lab_test"
