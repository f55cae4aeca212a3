# switch_fleet_bench: push the standard profile to N emulated switches (real
# sshd + NVUE emulator on loopback) with rocecfg's fleet runner, versus a
# sequential `ssh` loop sending the same commands; then peak RSS of the
# runner at 8/64/256 switches. Run by hand: build-*/bench/switch_fleet_bench
add_executable(switch_fleet_bench ${CMAKE_CURRENT_SOURCE_DIR}/switch_fleet_bench.cpp
  ${PROJECT_SOURCE_DIR}/tests/switch/switch_fixtures.cpp)
target_include_directories(switch_fleet_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/switch)
target_compile_definitions(switch_fleet_bench PRIVATE ROCECFG_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  DOCTEST_CONFIG_DISABLE)
target_link_libraries(switch_fleet_bench PRIVATE rocecfg_vendors_switch rocecfg_switch rocecfg_test_support
  doctest::doctest)
