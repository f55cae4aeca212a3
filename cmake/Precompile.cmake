# Precompiled headers where they pay (issue 30), applied here after all
# directories are added, so a test binary added in the usual way
# (rocecfg_unit_test, or add_executable linking rocecfg_doctest_main) gets
# them with no line of its own.
#
# Two headers (cmake/pch/): cli.h (the standard library, fmt, nlohmann/json
# and CLI11) for the rocecfg binary, whose every verb file includes CLI11;
# test.h (the same without CLI11, with doctest) compiled once and reused
# (REUSE_FROM) by every doctest binary. GCC accepts a reused header only where
# the macros it looks at are defined alike, hence no toml++ (its TOML_* macros
# are set only on what links lib/profile; ten sources include it). CMake adds
# -Winvalid-pch, so a header that stops matching shows as a warning.
# The libraries get none: GCC reads the whole header back for every source
# (~0.25 s for the standard library and fmt, ~0.7 s with json), more than a
# small library source costs to compile (lib/core and lib/model: 11 of 12
# sources slower, 13.6 s of CPU against 10.2 s).
# Off with -DROCECFG_PCH=OFF, and in the clang fuzz tree.
include_guard(GLOBAL)
set(ROCECFG_PCH_DIR ${CMAKE_CURRENT_LIST_DIR}/pch)

# Every target defined in `dir` and below.
function(rocecfg_targets_in dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    rocecfg_targets_in(${sub} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# The targets `target` links, directly or through the libraries it links.
function(rocecfg_link_closure target out)
  set(seen "")
  set(todo ${target})
  while(todo)
    list(POP_FRONT todo t)
    if(NOT TARGET ${t} OR t IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${t})
    get_target_property(imported ${t} IMPORTED)
    get_target_property(libs ${t} INTERFACE_LINK_LIBRARIES)
    if(NOT imported)
      get_target_property(direct ${t} LINK_LIBRARIES)
      list(APPEND libs ${direct})
    endif()
    foreach(lib IN LISTS libs)
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" lib "${lib}")
      if(lib AND TARGET ${lib})
        list(APPEND todo ${lib})
      endif()
    endforeach()
  endwhile()
  set(${out} ${seen} PARENT_SCOPE)
endfunction()

function(rocecfg_precompile_headers)
  target_precompile_headers(rocecfg PRIVATE ${ROCECFG_PCH_DIR}/cli.h)
  # The test header's owner: a library of one empty source (CMake compiles a
  # header only for a target with a C++ source) with the usage requirements
  # (FMT_SHARED, include paths) of the binaries that reuse it.
  add_library(rocecfg_pch_test OBJECT ${ROCECFG_PCH_DIR}/owner.cpp)
  target_link_libraries(rocecfg_pch_test PRIVATE fmt::fmt nlohmann_json::nlohmann_json doctest::doctest)
  target_precompile_headers(rocecfg_pch_test PRIVATE ${ROCECFG_PCH_DIR}/test.h)

  get_property(plain GLOBAL PROPERTY ROCECFG_PLAIN_FILES)  # tests/CMakeLists.txt
  rocecfg_targets_in(${PROJECT_SOURCE_DIR} targets)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(NOT type STREQUAL "EXECUTABLE")
      continue()
    endif()
    rocecfg_link_closure(${t} closure)
    # fmt::fmt: FMT_SHARED as in the header's owner
    if("rocecfg_doctest_main" IN_LIST closure AND "fmt::fmt" IN_LIST closure)
      target_precompile_headers(${t} REUSE_FROM rocecfg_pch_test)
      get_target_property(sources ${t} SOURCES)
      get_target_property(dir ${t} SOURCE_DIR)
      foreach(src IN LISTS sources)
        cmake_path(ABSOLUTE_PATH src BASE_DIRECTORY ${dir} NORMALIZE OUTPUT_VARIABLE path)
        cmake_path(RELATIVE_PATH path BASE_DIRECTORY ${PROJECT_SOURCE_DIR}/tests OUTPUT_VARIABLE rel)
        if(rel IN_LIST plain)
          set_source_files_properties(${path} TARGET_DIRECTORY ${t} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
        endif()
      endforeach()
    endif()
  endforeach()
endfunction()
