// Precompiled for the rocecfg binary (cmake/Precompile.cmake): the standard
// headers most sources include, fmt and nlohmann/json (everywhere), and CLI11,
// which every verb's file includes through command.h. Only headers whose
// result depends on no macro of ours belong here: the compiler reads this
// before the source's own first line.
#pragma once

#include "std.h"

#include <CLI/CLI.hpp>
