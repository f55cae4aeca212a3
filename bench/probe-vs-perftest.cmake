# `cmake --build <dir> --target bench_probe_vs_perftest` (as root): boots the lab
# once and compares rocecfg probe with perftest on the same rxe link.
add_custom_target(bench_probe_vs_perftest
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/probe-vs-perftest ${PROJECT_BINARY_DIR}
  DEPENDS rocecfg
  USES_TERMINAL
  COMMENT "rocecfg probe vs perftest on Soft-RoCE (lab VM, ~2-4 min)")
