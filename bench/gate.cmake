# `cmake --build <dir> --target bench_gate` (as root): boots the lab once and
# times `rocecfg gate` without and with the short probe against what an
# operator would run by hand (the NHC-style sequence of ibv_devinfo, ip link,
# configfs reads; ib_write_bw for the probe). Targets: <= 200 ms, <= 3 s.
add_custom_target(bench_gate
  COMMAND env ROCECFG_BIN=$<TARGET_FILE:rocecfg> ${PROJECT_SOURCE_DIR}/tests/lab/lab run
          ${CMAKE_CURRENT_SOURCE_DIR}/gate_bench.sh
  DEPENDS rocecfg
  USES_TERMINAL
  COMMENT "rocecfg gate timing on Soft-RoCE (lab VM, ~1-2 min)")
