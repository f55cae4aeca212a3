# fabric_rails_bench: the l8k-sized matrix (18 hosts x 8 rails: same-rail
# tests and one cross-rail canary per rail pair) scheduled by rocecfg fabric
# in rounds versus the same tests one after another (sequential ib_write_bw
# pairs), on the simulated transport at a fixed per-test time; then locate
# and all pairs at 1,024 hosts x 8 rails. Run by hand:
# build/bench/fabric_rails_bench [--test-s 8.75]
add_executable(fabric_rails_bench ${CMAKE_CURRENT_SOURCE_DIR}/fabric_rails_bench.cpp)
target_include_directories(fabric_rails_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/fabric)
target_link_libraries(fabric_rails_bench PRIVATE rocecfg_fabric)
