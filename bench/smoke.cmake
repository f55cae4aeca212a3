# Each bench in its smoke mode, as CTest tests (label bench): seconds each,
# nothing timed, no lab boot. The C++ benches with their smallest sizes; the
# lab benches (shell) with --smoke, which runs every rocecfg command line of
# the bench on this host and reads the real documents the way the bench does.
if(NOT BUILD_TESTING)
  return()
endif()
set(ROCECFG_REQUIRES_SH ${PROJECT_SOURCE_DIR}/tests/requires.sh)
add_test(NAME bench.smoke.switch_fleet
         COMMAND switch_fleet_bench --switches 2 --parallel 2 --no-rss)
add_test(NAME bench.smoke.switch_counters
         COMMAND switch_counters_bench --switches 2 --parallel 2 --window-ms 100 --no-rss)
add_test(NAME bench.smoke.host_apply
         COMMAND sh ${ROCECFG_REQUIRES_SH} netns $<TARGET_FILE:host_apply_bench> --count 2 --iterations 1)
add_test(NAME bench.smoke.probe_vs_perftest
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/probe-vs-perftest --smoke ${PROJECT_BINARY_DIR})
add_test(NAME bench.smoke.fabric_vs_perftest
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/fabric-vs-perftest --smoke ${PROJECT_BINARY_DIR})
add_test(NAME bench.smoke.gate
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/gate_bench.sh --smoke)
set_tests_properties(bench.smoke.switch_fleet bench.smoke.switch_counters bench.smoke.host_apply
                     bench.smoke.probe_vs_perftest bench.smoke.fabric_vs_perftest bench.smoke.gate
                     PROPERTIES LABELS bench TIMEOUT 120)
set_tests_properties(bench.smoke.host_apply PROPERTIES SKIP_RETURN_CODE 77 LABELS "bench;netns")
# a real sshd and the vendor emulators on loopback, as the ssh-labelled tests
set_tests_properties(bench.smoke.switch_fleet bench.smoke.switch_counters PROPERTIES
                     LABELS "bench;ssh")
set_tests_properties(bench.smoke.gate PROPERTIES ENVIRONMENT ROCECFG_BIN=$<TARGET_FILE:rocecfg>)
