// The shared CLI config reader and helpers (vendors/switch/cli): what the
// four vendor parsers rely on, pinned on small inputs.
#include <doctest/doctest.h>

#include "cli/capture.h"
#include "cli/common.h"
#include "cli/config_tree.h"
#include "cli/ports.h"
#include "cli/recognise.h"
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

  TEST_CASE("pager prompts are removed by a linear matcher, anywhere in a line") {
    CHECK(sanitize("mtu 9214 --More-- ") == "mtu 9214");
    CHECK(sanitize("  ---- More ----  trust dscp") == "trust dscp");
    CHECK(sanitize("-- (more) 42% --mtu 1") == "mtu 1");
    // Not a pager prompt: "Moreover", dashes without "More", a "More" with no closing dash.
    CHECK(sanitize("description --Moreover--") == "description --Moreover--");
    CHECK(sanitize("description a--b") == "description a--b");
    CHECK(sanitize("description --More") == "description --More");
    // Long lines stay linear: 200,000 dashes and 100,000 "-More" repeats.
    CHECK(sanitize(std::string(200000, '-')).size() == 200000);
    std::string many;
    for (int i = 0; i < 100000; ++i) many += "-More";
    CHECK(sanitize(many).size() < many.size());
  }

  TEST_CASE("a line longer than the bound is a located error") {
    std::string text = "hostname a\n" + std::string(kMaxLineBytes + 1, ' ') + "\nend\n";
    Status s = check_line_lengths(text);
    REQUIRE_FALSE(s);
    CHECK(s.error().to_string() ==
          "line 2: 16385 bytes, longer than any configuration line (16384 at most)");
    CHECK(check_line_lengths(std::string(kMaxLineBytes, ' ')));
  }

  TEST_CASE("prompts of every CLI, and what is not one") {
    CHECK(prompt_length("leaf1#show running-config") == 6);
    CHECK(prompt_length("leaf1(config-if-Et1)#mtu 9214") == 21);
    CHECK(prompt_length("switch# configure terminal") == 8);
    CHECK(prompt_length("<HUAWEI>display current-configuration") == 8);
    CHECK(prompt_length("[~HUAWEI-100GE1/0/1] dcb pfc enable mode manual") == 21);
    CHECK(prompt_length("[H3C] interface HundredGigE1/0/1") == 6);
    CHECK(prompt_length("cumulus@leaf:~$ sudo cat traffic.conf") == 16);
    CHECK(prompt_length("interface Ethernet1") == 0);
    CHECK(prompt_length("#") == 0);
    CHECK(prompt_length("!Command: show running-config") == 0);
    CHECK(prompt_length("host$ ls") == 0);  // `$` only after user@host
  }

  TEST_CASE("a capture keeps its line numbers: prompts and session verbs become blank") {
    TreeOptions o;
    o.openers = {"interface", "tx-queue"};
    o.nested_openers = {"tx-queue"};
    Capture c = clean_capture(
        "leaf1#configure terminal\nleaf1(config)#interface Ethernet1\n"
        "leaf1(config-if-Et1)#tx-queue 3\nleaf1(config-if-Et1-txq-3)#no priority\n"
        "leaf1(config-if-Et1-txq-3)#exit\nleaf1(config-if-Et1)#mtu 9214\nleaf1(config-if-Et1)#end\n"
        "leaf1#",
        o);
    CHECK(c.session);
    CHECK(c.text == "\ninterface Ethernet1\n  tx-queue 3\n    no priority\n\n  mtu 9214\n\n");
    CHECK(c.prompts.size() == 8);
    Capture doc = clean_capture("    interface A\n       mtu 1\n", o);
    CHECK_FALSE(doc.session);
    CHECK(doc.text == "interface A\n   mtu 1\n");
    Capture typed = clean_capture("system-view\ninterface A\nmtu 1\nquit\nhostname h\n", o);
    CHECK(typed.text == "\ninterface A\n  mtu 1\n\nhostname h\n");
    // A guide types `interface 100ge 1/0/1`; the configuration spells it 100GE1/0/1.
    o.interface_types = {"100GE", "Ethernet"};
    Capture spaced = clean_capture("system-view\ninterface 100ge 1/0/1\nquit\n", o);
    CHECK(spaced.text == "\ninterface 100GE1/0/1\n\n");
    Capture other = clean_capture("configure\ninterface vlan 10\n", o);
    CHECK(other.text == "\ninterface vlan 10\n");
  }

  TEST_CASE("interface-name shapes") {
    CHECK(name_shape("Ethernet1", "Ethernet", 1, 1));
    CHECK_FALSE(name_shape("Ethernet1/1", "Ethernet", 1, 1));
    CHECK(name_shape("HundredGigE1/0/1", "HundredGigE", 3, 3));
    CHECK(name_shape("HundredGigE1/0/1:2", "HundredGigE", 3, 3));
    CHECK_FALSE(name_shape("HundredGigE0/0/0/0", "HundredGigE", 3, 3));
    CHECK(name_shape("Ethernet1/1-4", "Ethernet", 2, 2));
    CHECK(name_shape("100ge 1/0/1", "100ge ", 3, 3));
    CHECK_FALSE(name_shape("Ethernetx", "Ethernet", 1, 1));
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
