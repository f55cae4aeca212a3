#include <doctest/doctest.h>

#include "core/types.h"
#include "core/units.h"

using namespace rocecfg;

TEST_SUITE("units") {
  TEST_CASE("KB is 1000 and KiB is 1024") {
    CHECK(parse_bytes("150KB") == 150000u);
    CHECK(parse_bytes("150KiB") == 153600u);
    CHECK(parse_bytes("1.5MiB") == 1572864u);
    CHECK(parse_bytes("1500KB") == 1500000u);
    CHECK(parse_bytes("3MB") == 3000000u);
    CHECK(parse_bytes("9000B") == 9000u);
    CHECK(parse_bytes("1 GiB") == 1073741824u);
  }
  TEST_CASE("sizes beyond 64 bits are refused, not wrapped") {
    CHECK(parse_bytes("17179869183GiB") == 18446744072635809792u);
    CHECK_FALSE(parse_bytes("17179869184GiB"));  // 2^64: wrapped to 0
    CHECK_FALSE(parse_bytes("17179869185GiB"));  // wrapped to 1 GiB
    CHECK(parse_bytes("18446744073709551615B") == 18446744073709551615u);
    CHECK_FALSE(parse_bytes("18446744073709551616B"));
    CHECK_FALSE(parse_bytes("99999999999999999999999999B"));
  }

  TEST_CASE("sizes without a known unit are refused") {
    CHECK_FALSE(parse_bytes("150"));
    CHECK_FALSE(parse_bytes("150kb"));
    CHECK_FALSE(parse_bytes("KB"));
    CHECK_FALSE(parse_bytes("1.5B"));  // a fraction of a byte
    CHECK_FALSE(parse_bytes("-5KB"));
    CHECK_FALSE(parse_bytes("1..5KB"));
    CHECK_FALSE(parse_bytes("99999999999999999KB"));
  }
  TEST_CASE("format_bytes picks the shortest exact unit") {
    CHECK(format_bytes(150000) == "150KB");
    CHECK(format_bytes(1500000) == "1500KB");
    CHECK(format_bytes(1572864) == "1536KiB");
    CHECK(format_bytes(1500) == "1500B");
    CHECK(format_bytes(0) == "0B");
    CHECK(format_bytes(1048576) == "1MiB");
  }
  TEST_CASE("bounded types reject out-of-range values") {
    CHECK(Priority::make(7));
    CHECK_FALSE(Priority::make(8));
    CHECK_FALSE(Priority::make(-1));
    CHECK(Dscp::make(63)->value() == 63);
    CHECK_FALSE(Dscp::make(64));
  }
  TEST_CASE("priority masks render as the plan shows them") {
    PriorityMask m;
    CHECK(m.to_string() == "none");
    m.set(Priority::unchecked(3));
    m.set(Priority::unchecked(4));
    CHECK(m.to_string() == "3,4");
    CHECK(m.bits() == 0x18);
    m.clear(Priority::unchecked(3));
    CHECK(m.to_string() == "4");
  }
}
