# rocecfg_lab_test(NAME <test> SCENARIOS <script>... [TIMEOUT <s>] [ENVIRONMENT <VAR=value>...])
#
# Registers a CTest test that boots the lab VM once and runs the scenario scripts in it
# (`tests/lab/lab run` for one, `lab run-many` for several).  Labelled "lab", serialised on the
# "rocecfg_lab" resource lock (one VM at a time on a 2-core machine).  The test FAILS if the lab
# cannot come up.  Other test directories include this file:
#   include(${PROJECT_SOURCE_DIR}/tests/lab/LabTest.cmake)
#   if(ROCECFG_LAB_TESTS)
#     rocecfg_lab_test(NAME host.dcb_netlink SCENARIOS ${CMAKE_CURRENT_SOURCE_DIR}/lab/dcb_netlink.sh)
#   endif()
include_guard(GLOBAL)
option(ROCECFG_LAB_TESTS "Register the QEMU lab scenarios as CTest tests (label 'lab'); they fail, not skip, if the lab cannot come up" ON)
set(ROCECFG_LAB ${CMAKE_CURRENT_LIST_DIR}/lab CACHE INTERNAL "tests/lab/lab driver")

function(rocecfg_lab_test)
  cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SCENARIOS;ENVIRONMENT" ${ARGN})
  if(NOT ARG_NAME OR NOT ARG_SCENARIOS)
    message(FATAL_ERROR "rocecfg_lab_test: NAME and SCENARIOS are required")
  endif()
  list(LENGTH ARG_SCENARIOS n)
  if(n EQUAL 1)
    set(mode run)
  else()
    set(mode run-many)
  endif()
  if(NOT ARG_TIMEOUT)
    # first run may install packages and download the kernel (~1 min); a boot is ~10-20 s
    math(EXPR ARG_TIMEOUT "240 + 120 * ${n}")
  endif()
  math(EXPR guest_timeout "${ARG_TIMEOUT} - 30")
  add_test(NAME ${ARG_NAME} COMMAND ${ROCECFG_LAB} ${mode} ${ARG_SCENARIOS})
  set_tests_properties(${ARG_NAME} PROPERTIES
    LABELS lab
    RESOURCE_LOCK rocecfg_lab
    TIMEOUT ${ARG_TIMEOUT}
    ENVIRONMENT "LAB_TIMEOUT=${guest_timeout};LAB_OUT=${CMAKE_BINARY_DIR}/lab-out;${ARG_ENVIRONMENT}")
endfunction()
