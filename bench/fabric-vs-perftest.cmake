# `cmake --build <dir> --target bench_fabric_vs_perftest` (as root): boots the lab
# once and compares rocecfg fabric --pattern all with the same pairs run one
# after another with ib_write_bw / ib_write_lat.
add_custom_target(bench_fabric_vs_perftest
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fabric-vs-perftest ${PROJECT_BINARY_DIR}
  DEPENDS rocecfg
  USES_TERMINAL
  COMMENT "rocecfg fabric vs sequential perftest on four Soft-RoCE endpoints (lab VM, ~3 min)")
