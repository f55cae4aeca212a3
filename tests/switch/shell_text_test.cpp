// lib/switch/shell_text: what the interactive SSH shell makes of a switch's
// output, on the texts the emulators print (tests/switch/emu: EOS `leaf1#`
// prompts, the testcli pager's " --More-- " erased with "\r          \r",
// Huawei `<HUAWEI>` and `[~HUAWEI]`), and on hostile output (issue 33).
#include <doctest/doctest.h>

#include <string>

#include "switch/adapter.h"
#include "switch/shell_text.h"

namespace rocecfg::sw {
namespace {

ShellMatcher matcher(const std::string& vendor) {
  auto m = compile_dialect(make_adapter(vendor)->shell_dialect(), "leaf1");
  REQUIRE(m);
  return std::move(*m);
}

TEST_SUITE("shell_text") {
  TEST_CASE("the prompt ends a command's output; the echo and the prompt are cut") {
    ShellMatcher eos = matcher("eos");
    std::string got =
        "show version\r\nArista DCS-7050CX3-32S\r\nSoftware image version: 4.28.3M\r\n";
    CHECK(classify_tail(got, eos) == ShellTail::read_more);
    got += "leaf1#";
    CHECK(classify_tail(got, eos) == ShellTail::prompt);
    auto out = command_output(got, "show version", eos, "leaf1");
    REQUIRE(out);
    CHECK(*out == "Arista DCS-7050CX3-32S\nSoftware image version: 4.28.3M\n");
    CHECK(classify_tail("leaf1(config-if-Et1)# ", eos) == ShellTail::prompt);
    // A prompt-like word inside a line is not the prompt.
    CHECK(classify_tail("the switch leaf1# said", eos) == ShellTail::read_more);
  }

  TEST_CASE("a pager prompt is answered and dropped; its erasure leaves nothing") {
    ShellMatcher eos = matcher("eos");
    std::string got = "show running-config\r\nhostname leaf1\r\n --More-- ";
    CHECK(classify_tail(got, eos) == ShellTail::pager);
    drop_last_line(got);
    CHECK(got == "show running-config\r\nhostname leaf1\r\n");
    got += "\r          \rinterface Ethernet1\r\nleaf1#";
    auto out = command_output(got, "show running-config", eos, "leaf1");
    REQUIRE(out);
    CHECK(*out == "hostname leaf1\ninterface Ethernet1\n");
  }

  TEST_CASE("an error marker fails the command with its line") {
    ShellMatcher eos = matcher("eos");
    auto out = command_output("bogus\r\n% Invalid input (at token 0: 'bogus')\r\nleaf1#", "bogus",
                              eos, "leaf1");
    REQUIRE_FALSE(out);
    CHECK(out.error().to_string() ==
          "leaf1: \"bogus\" rejected: % Invalid input (at token 0: 'bogus')");
    ShellMatcher huawei = matcher("huawei-ce");
    CHECK(classify_tail("<HUAWEI>", huawei) == ShellTail::prompt);
    CHECK(classify_tail("[~HUAWEI-100GE1/0/1]", huawei) == ShellTail::prompt);
    auto h = command_output(
        "qos x\r\n              ^\r\nError: Unrecognized command found at '^' "
        "position.\r\n[~HUAWEI]",
        "qos x", huawei, "ce1");
    REQUIRE_FALSE(h);
    CHECK(h.error().to_string() == "ce1: \"qos x\" rejected:               ^");
  }

  TEST_CASE("a 60,000-character line is no prompt and no crash; an error after it is seen") {
    ShellMatcher eos = matcher("eos");
    std::string wide(60000, ' ');
    CHECK(classify_tail(wide + "leaf1#", eos) == ShellTail::read_more);
    auto out =
        command_output("show x\r\n" + wide + "x\r\n% Error: y\r\nleaf1#", "show x", eos, "leaf1");
    REQUIRE_FALSE(out);
    CHECK(out.error().to_string() == "leaf1: \"show x\" rejected: % Error: y");
    // Only the end of a long last line is looked at: a carriage return
    // there still returns to the line's start, as a terminal would show it.
    CHECK(classify_tail(wide + "\rleaf1#", eos) == ShellTail::prompt);
    CHECK(classify_tail(wide + wide + "leaf1#", eos) == ShellTail::read_more);
  }

  TEST_CASE("a dialect regex that does not compile is a located error") {
    ShellDialect d;
    d.prompt_regex = "([";
    auto m = compile_dialect(d, "leaf1");
    REQUIRE_FALSE(m);
    CHECK(m.error().to_string().starts_with("leaf1: bad regex in shell dialect: "));
  }
}

}  // namespace
}  // namespace rocecfg::sw
