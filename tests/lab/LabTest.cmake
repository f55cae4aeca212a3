# rocecfg_lab_test(NAME <test> SCENARIOS <script>... [TIMEOUT <s>] [ENVIRONMENT <VAR=value>...])
#
# Registers a CTest test that boots the lab VM once and runs the scenario scripts in it
# (`tests/lab/lab run` for one, `lab run-many` for several).  Labelled "lab", serialised on the
# "rocecfg_lab" resource lock (one VM at a time on a 2-core machine).  On a machine without root
# or QEMU the test is SKIPPED with the reason (tests/requires.sh, exit 77); under tests/run
# (ROCECFG_NO_SKIP=1) that is a failure.  Once the prerequisites are there, a lab that cannot
# come up FAILS.  Other test directories include this file:
#   include(${PROJECT_SOURCE_DIR}/tests/lab/LabTest.cmake)
#   rocecfg_lab_test(NAME host.dcb_netlink SCENARIOS ${CMAKE_CURRENT_SOURCE_DIR}/lab/dcb_netlink.sh)
# -DROCECFG_LAB_TESTS=OFF registers none (said once at configure time).
include_guard(GLOBAL)
option(ROCECFG_LAB_TESTS "Register the QEMU lab scenarios as CTest tests (label 'lab'); skipped without root/QEMU, failed if the lab cannot come up" ON)
set(ROCECFG_LAB ${CMAKE_CURRENT_LIST_DIR}/lab CACHE INTERNAL "tests/lab/lab driver")
if(NOT ROCECFG_LAB_TESTS)
  message(STATUS "ROCECFG_LAB_TESTS=OFF: no lab tests registered")
endif()

function(rocecfg_lab_test)
  cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SCENARIOS;ENVIRONMENT" ${ARGN})
  if(NOT ARG_NAME OR NOT ARG_SCENARIOS)
    message(FATAL_ERROR "rocecfg_lab_test: NAME and SCENARIOS are required")
  endif()
  if(NOT ROCECFG_LAB_TESTS)
    return()
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
  add_test(NAME ${ARG_NAME}
           COMMAND sh ${PROJECT_SOURCE_DIR}/tests/requires.sh lab ${ROCECFG_LAB} ${mode} ${ARG_SCENARIOS})
  set_tests_properties(${ARG_NAME} PROPERTIES
    LABELS lab
    SKIP_RETURN_CODE 77
    RESOURCE_LOCK rocecfg_lab
    TIMEOUT ${ARG_TIMEOUT}
    ENVIRONMENT "LAB_TIMEOUT=${guest_timeout};LAB_OUT=${CMAKE_BINARY_DIR}/lab-out;${ARG_ENVIRONMENT}")
endfunction()
