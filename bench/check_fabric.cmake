# `cmake --build <dir> --target bench_check_fabric` (as root): rocecfg check
# over 64 emulated switches and 256 SSH-reached hosts against a sequential
# ssh loop of the same show commands (goal: < 30 s for check).
add_custom_target(bench_check_fabric
  COMMAND env ROCECFG_BIN=$<TARGET_FILE:rocecfg> bash ${CMAKE_CURRENT_SOURCE_DIR}/check_fabric_bench.sh
  DEPENDS rocecfg
  USES_TERMINAL
  COMMENT "rocecfg check vs a sequential ssh loop (64 switches, 256 hosts; a few minutes)")
