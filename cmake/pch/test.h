// Precompiled for every doctest binary (cmake/Precompile.cmake): the standard
// headers most sources include, fmt and nlohmann/json, and doctest's
// declarations (doctest_main.cpp, which compiles doctest's implementation, is
// in a library of its own without it).
#pragma once

#include "std.h"

#include <doctest/doctest.h>
