# host_apply_bench: rocecfg host apply/audit vs the equivalent ip/dcb commands.
# Run by hand as root: build-*/bench/host_apply_bench (veth/MTU on this
# machine), or in the lab for the full DCB profile:
#   LAB_DCBSIM_PARAMS=count=8 tests/lab/lab run build-*/bench/host_apply_bench --dcb dcbsim
add_executable(host_apply_bench ${CMAKE_CURRENT_SOURCE_DIR}/host_apply_bench.cpp)
target_include_directories(host_apply_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/host)
target_link_libraries(host_apply_bench PRIVATE rocecfg_host)
