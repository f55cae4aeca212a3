// REQUIRE_OK(r) / CHECK_OK(r): the Result r holds a value; if not, the
// assertion fails with r's error. The message is built only for a failed r:
// doctest also formats the messages of passing assertions (`-s`), and
// r.error() of a Result that holds a value is undefined behaviour.
#pragma once

#include <string>

#include <doctest/doctest.h>

namespace rocecfg::test {

template <typename R>
std::string error_text(const R& r) {
  return r ? std::string() : r.error().to_string();
}

}  // namespace rocecfg::test

#define REQUIRE_OK(r) REQUIRE_MESSAGE(r, ::rocecfg::test::error_text(r))
#define CHECK_OK(r) CHECK_MESSAGE(r, ::rocecfg::test::error_text(r))
