// The shared CLI config reader and helpers (vendors/switch/cli): what the
// four vendor parsers rely on, pinned on small inputs.
#include <doctest/doctest.h>

#include "cli/common.h"
#include "cli/config_tree.h"
#include "cli/ports.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw::cli {
namespace {

std::vector<std::string> flat(const std::vector<ConfigLine>& nodes, int depth = 0) {
  std::vector<std::string> out;
  for (const auto& n : nodes) {
    out.push_back(std::string(static_cast<size_t>(depth) * 2, ' ') + n.text);
    auto kids = flat(n.children, depth + 1);
    out.insert(out.end(), kids.begin(), kids.end());
  }
  return out;
}

TEST_SUITE("cli config reader") {
  TEST_CASE("pager prompts erased by backspaces or ANSI cursor moves leave the real line") {
    CHECK(sanitize(" --More-- \b\b\b\b\b\b\b\b\b\b          \b\b\b\b\b\b\b\b\b\b   mtu 9214") ==
          "   mtu 9214");
    CHECK(sanitize("  ---- More ----\x1b[42D                                          \x1b[42D"
                   " trust dscp") == " trust dscp");
    CHECK(sanitize("mtu 9214\r\n\tqos trust dscp  \r\n") == "mtu 9214\n        qos trust dscp\n");
  }

  TEST_CASE("only mode-opening lines take children; odd indentation stays a sibling") {
    TreeOptions o;
    o.openers = {"interface"};
    auto tree =
        parse_tree("interface A\n  mtu 1\n        trust dscp\n    pfc on\ninterface B\n", o);
    CHECK(flat(tree) == std::vector<std::string>{"interface A", "  mtu 1", "  trust dscp",
                                                 "  pfc on", "interface B"});
  }

  TEST_CASE("banners are skipped whole, EOF-ended and delimited") {
    TreeOptions o;
    o.eof_banners = {"banner motd"};
    o.delimited_banners = {"header login information"};
    auto tree = parse_tree(
        "banner motd\ninterface X\nEOF\nheader login information \"\nmtu 1\n\"\nhostname h\n", o);
    CHECK(flat(tree) == std::vector<std::string>{"hostname h"});
  }

  TEST_CASE("number lists in every spelling vendors use") {
    CHECK(*parse_number_list("3-4", 7) == std::vector<unsigned>{3, 4});
    CHECK(*parse_number_list("0 2 to 3", 7) == std::vector<unsigned>{0, 2, 3});
    CHECK(*parse_number_list("24,26", 63) == std::vector<unsigned>{24, 26});
    CHECK_FALSE(parse_number_list("8", 7));
    CHECK_FALSE(parse_number_list("4-3", 7));
    CHECK(parse_number_list("x", 7).error().to_string() == "x: not a list of numbers 0..7");
  }

  TEST_CASE("port runs compress consecutive ports for range commands") {
    auto runs = port_runs({"Ethernet1/1", "Ethernet1/2", "Ethernet1/4", "Ethernet2/5"});
    REQUIRE(runs.size() == 3);
    CHECK(run_text(runs[0]) == "Ethernet1/1-2");
    CHECK(run_text(runs[1]) == "Ethernet1/4");
    CHECK(run_text(runs[2]) == "Ethernet2/5");
  }

  TEST_CASE("seconds and DSCP names") {
    CHECK(seconds_text(200) == "0.2");
    CHECK(seconds_text(50) == "0.05");
    CHECK(seconds_text(1000) == "1");
    CHECK(parse_seconds_ms("0.05") == 50u);
    CHECK_FALSE(parse_seconds_ms("0.0005"));
    CHECK(dscp_value("af31") == 26u);
    CHECK(dscp_value("cs6") == 48u);
    CHECK(dscp_value("ef") == 46u);
    CHECK_FALSE(dscp_value("af51"));
  }

  TEST_CASE("ECN thresholds convert bytes and KiB units, and refuse platform units") {
    CHECK(threshold_bytes("150", "kbytes")->bytes == 153600u);
    CHECK(threshold_bytes("950", "kbytes")->vendor_text == "950 kbytes = 972800 B");
    CHECK(threshold_bytes("153600", "bytes")->vendor_text == "153600 bytes");
    CHECK(threshold_bytes("2", "mbytes")->bytes == 2097152u);
    CHECK_FALSE(threshold_bytes("2000", "segments"));
    CHECK_FALSE(threshold_bytes("10", "milliseconds"));
    CHECK_FALSE(threshold_bytes("x", "bytes"));
  }
}

}  // namespace
}  // namespace rocecfg::sw::cli
