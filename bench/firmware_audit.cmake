# `cmake --build <dir> --target bench_firmware_audit` (as root): the firmware
# audit of 8 ConnectX NICs through the mstconfig stand-in with its documented
# per-device latency (5 s per query, as a real mstconfig query takes), rocecfg
# (all devices at once) against the sequential loop an operator runs
# (`for d in ...; do mstconfig -e -d $d query; done`). Goal: <= 6 s vs ~40 s.
add_custom_target(bench_firmware_audit
  COMMAND env ROCECFG_BIN=$<TARGET_FILE:rocecfg> ${CMAKE_CURRENT_SOURCE_DIR}/firmware_audit_bench.sh
  DEPENDS rocecfg
  USES_TERMINAL
  COMMENT "firmware audit of 8 NICs: rocecfg in parallel vs a mstconfig loop (~1 min)")
