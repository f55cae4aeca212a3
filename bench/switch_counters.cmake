# switch_counters_bench: read the counters of N emulated SONiC switches (real
# sshd + emulator on loopback) in one window with rocecfg's collector, versus a
# sequential `ssh` loop running the same show commands; then peak RSS of the
# collector at 64 and 256 switches. Run by hand: build-*/bench/switch_counters_bench
add_executable(switch_counters_bench ${CMAKE_CURRENT_SOURCE_DIR}/switch_counters_bench.cpp
  ${PROJECT_SOURCE_DIR}/tests/switch/switch_fixtures.cpp)
target_include_directories(switch_counters_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/switch)
target_compile_definitions(switch_counters_bench PRIVATE ROCECFG_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  DOCTEST_CONFIG_DISABLE)
target_link_libraries(switch_counters_bench PRIVATE rocecfg_vendors_switch rocecfg_switch rocecfg_test_support
  doctest::doctest)
