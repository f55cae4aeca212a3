// ROCECFG_TRY (core/try.h): passes the value through, returns the error from
// the enclosing function unchanged, and evaluates its argument once.
#include <doctest/doctest.h>

#include <string>

#include "core/try.h"

using namespace rocecfg;

namespace {

Result<int> number(bool ok, int& calls) {
  ++calls;
  if (!ok) return fail(ErrorKind::invalid_input, "leaf1", "not a number");
  return 41;
}

Status check(bool ok) {
  if (!ok) return fail(ErrorKind::timeout, "eth0", "no answer");
  return {};
}

Result<std::string> twice(bool first, bool second, int& calls, bool& reached_end) {
  int a = ROCECFG_TRY(number(first, calls));
  ROCECFG_TRY(check(second));
  reached_end = true;
  return std::to_string(a + 1);
}

}  // namespace

TEST_SUITE("core.try") {
  TEST_CASE("values pass through; the argument is evaluated once") {
    int calls = 0;
    bool end = false;
    Result<std::string> r = twice(true, true, calls, end);
    REQUIRE(r);
    CHECK(*r == "42");
    CHECK(calls == 1);
    CHECK(end);
  }

  TEST_CASE("an error returns from the caller with kind, context and message intact") {
    int calls = 0;
    bool end = false;
    Result<std::string> r = twice(false, true, calls, end);
    REQUIRE_FALSE(r);
    CHECK(r.error().kind == ErrorKind::invalid_input);
    CHECK(r.error().to_string() == "leaf1: not a number");
    CHECK_FALSE(end);

    Result<std::string> s = twice(true, false, calls, end);
    REQUIRE_FALSE(s);
    CHECK(s.error().kind == ErrorKind::timeout);
    CHECK(s.error().to_string() == "eth0: no answer");
    CHECK_FALSE(end);
  }
}
