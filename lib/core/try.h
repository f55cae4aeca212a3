// ROCECFG_TRY(expr): the value of a Result<T> (nothing for a Status), or --
// when it holds an Error -- return that Error from the enclosing function,
// whatever Result/Status that function returns. It replaces the hand-written
//
//     auto x = f();
//     if (!x) return std::unexpected(x.error());
//     use(*x);
//
// with `use(ROCECFG_TRY(f()));`, so the error path cannot be forgotten or
// mistyped (returning the wrong variable's error). Prefer it in new code and
// in files you touch; add context with wrap() where the caller knows more.
//
// A GNU statement expression (GCC and Clang, the only compilers this project
// builds with): C++ has no expression that returns from the caller.
#pragma once

#include <expected>
#include <utility>

#include "core/result.h"

#define ROCECFG_TRY(...)                                                                      \
  ({                                                                                          \
    auto rocecfg_try_result_ = (__VA_ARGS__);                                                 \
    if (!rocecfg_try_result_) return std::unexpected(std::move(rocecfg_try_result_).error()); \
    *std::move(rocecfg_try_result_);                                                          \
  })
