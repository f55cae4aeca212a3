// Saved counter outputs cut as people keep them (lib/switch/counter_transcript):
// which lines are prompts, what pager residue leaves, the common indent, and the
// clock outputs a delta between two saves is measured by.
#include <doctest/doctest.h>

#include "switch/counter_collect.h"
#include "switch/counter_judge.h"
#include "switch/counter_reader.h"
#include "switch/counter_transcript.h"

namespace rocecfg::sw::testing {

namespace {
bool never(std::string_view, const void*) {
  return false;
}
}  // namespace

TEST_SUITE("switch counter transcripts") {
  TEST_CASE("prompts of every vendor, and lines that are not prompts") {
    CHECK(prompt_command("admin@sonic:~$ show pfc counters") == "show pfc counters");
    CHECK(prompt_command("root@sonic:/home/admin# show queue counters") == "show queue counters");
    CHECK(prompt_command("cumulus@leaf01:mgmt:~$ nv show interface swp1 counters qos") ==
          "nv show interface swp1 counters qos");
    CHECK(prompt_command("<HUAWEI> display dcb pfc") == "display dcb pfc");
    CHECK(prompt_command("<HUAWEI>display dcb pfc") == "display dcb pfc");
    CHECK(prompt_command("[~DeviceD] display qos queue statistics interface 100ge 1/0/3") ==
          "display qos queue statistics interface 100ge 1/0/3");
    CHECK(prompt_command("[*HUAWEI-100GE1/0/1]") == "");
    CHECK(prompt_command("leaf1(config)#show qos interfaces ecn counters queue | json") ==
          "show qos interfaces ecn counters queue | json");
    CHECK(prompt_command("N9K-1# show interface priority-flow-control") ==
          "show interface priority-flow-control");
    CHECK(prompt_command("admin@leaf-:~$") == "");  // a trailing prompt, cut short
    CHECK(prompt_command("$ show pfc counters") == "show pfc counters");
    for (const char* not_prompt :
         {"Ethernet0   1,200     201", "  Port Rx    PFC0", "---------  ------", "{",
          "\"interfaceCounters\": {", "100GE1/0/1             5       0", "# Display the PFC",
          "Queue statistics info: interface 10GE1/0/1", "Ethernet0:3      stormed"})
      CHECK_MESSAGE(!prompt_command(not_prompt), not_prompt);
  }

  TEST_CASE("pager residue, CRLF and a common indent are removed; a prompt cuts outputs") {
    CHECK(without_pager_residue("  ---- More ----\x1b[42D          \x1b[42D     6   0   1330") ==
          "6   0   1330");
    CHECK(without_pager_residue(" --More--\b\b\b\b\b\b\b\b        \b\b\b\b\b\b\b\bEthernet1/1") ==
          "Ethernet1/1");
    CHECK(without_pager_residue("Ethernet0    UC1   60\r") == "Ethernet0    UC1   60");
    auto parts = split_saved_outputs(
        "# Source: a document\r\n    x@h:~$ show a\r\n      T  U\r\n      -  -\r\n      1  2\r\n"
        "    x@h:~$\r\n",
        never, nullptr);
    REQUIRE(parts.size() == 3);
    CHECK(parts[0].text.find_first_not_of(" \n") == std::string::npos);  // the comment: dropped
    CHECK(parts[1].command_line == "show a");
    CHECK(parts[1].line == 3);
    CHECK(parts[1].text == "T  U\n-  -\n1  2\n");
    CHECK(parts[2].after_prompt);
    CHECK(parts[2].text.empty());
  }

  TEST_CASE("a trailing prompt is never read as a port") {
    auto sonic = make_counter_reader("sonic");
    auto snap = parse_transcript(*sonic,
                                 "  Port Rx    PFC3\n---------  ------\nEthernet0       7\n"
                                 "admin@leaf-:~$\n",
                                 "s");
    REQUIRE_MESSAGE(snap.has_value(), (snap ? "" : snap.error().to_string()));
    CHECK(snap->counters.size() == 1);
    // A table row that is not a port is refused, never read as one.
    auto bad =
        parse_transcript(*sonic, "  Port Rx    PFC3\n---------  ------\nadmin@leaf-: N/A\n", "s");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().to_string() ==
          "line 1: 'admin@leaf- : N/A' is not a row of the table: no port first");
  }

  TEST_CASE(
      "every reader lists the forms it recognises, each with its source; a refusal names them") {
    for (const std::string& vendor : counter_reader_vendors()) {
      INFO(vendor);
      auto reader = make_counter_reader(vendor);
      std::vector<std::string> forms = reader->forms();
      CHECK(forms.size() >= 1);
      for (const std::string& f : forms) {
        INFO(f);
        size_t open = f.find("  (");
        REQUIRE(open != std::string::npos);
        CHECK(f.ends_with(")"));
        CHECK(f.size() > open + 12);  // a document or repository, not an empty citation
      }
      auto refused = parse_transcript(*reader, "Lorem ipsum dolor sit amet\n", "s");
      REQUIRE_FALSE(refused);
      std::string text = refused.error().to_string();
      CHECK(text.starts_with("line 1: 'Lorem ipsum dolor sit amet' is not a " + vendor +
                             " counter output this reader recognises; the forms it reads:\n  "));
      for (const std::string& f : forms) CHECK(text.find(f) != std::string::npos);
    }
  }

  TEST_CASE("clock outputs: date, EOS and NX-OS show clock, display clock") {
    auto date = clock_output("Wed Dec  2 17:50:59 UTC 2026\n");
    REQUIRE(date);
    CHECK(date->zone == "UTC");
    auto later = clock_output("Wed Dec  2 17:55:59 UTC 2026\n");
    REQUIRE(later);
    CHECK(later->ms - date->ms == 300000);
    auto eos = clock_output("Wed Dec 2 17:50:59 2026\nTimezone: UTC\nClock source: local\n");
    REQUIRE(eos);
    CHECK(eos->ms == date->ms);
    CHECK(eos->zone == "UTC");
    auto nxos = clock_output("*17:50:59.250 UTC Wed Dec 02 2026\nTime source is NTP\n");
    REQUIRE(nxos);
    CHECK(nxos->ms - date->ms == 250);
    auto huawei = clock_output("2026-12-02 17:50:59+00:00\nWednesday\nTime Zone(UTC) : UTC\n");
    REQUIRE(huawei);
    CHECK(huawei->ms == date->ms);
    CHECK(huawei->zone == "+00:00");
    CHECK_FALSE(clock_output("Wed Dec  2 17:50:59 UTC 2026\nEthernet0  1\n"));
    CHECK_FALSE(clock_output("Ethernet0   1,200\n"));
    CHECK_FALSE(clock_output("Wed Dec 32 17:50:59 UTC 2026\n"));
  }
}

}  // namespace rocecfg::sw::testing

namespace rocecfg::sw::testing {

namespace {
// A SONiC device that answers each counter command with a saved output (a
// stand-in for the device, not for rocecfg's code).
class SavedSonic final : public Session {
 public:
  Result<std::string> run(const std::string& command) override {
    if (command == "show pfc counters")
      return std::string(
          "  Port Rx    PFC3\n---------  ------\nEthernet0       1\nEthernet4     N/A\n\n"
          "  Port Tx    PFC3\n---------  ------\nEthernet0       2\nEthernet4     N/A\n");
    if (command == "show queue counters")
      return std::string(
          "     Port    TxQ    Drop/pkts\n---------  -----  -----------\n"
          "Ethernet0    UC3            0\nEthernet4    UC3          N/A\n");
    if (command == "show queue wredcounters")
      return std::string(
          "     Port    TxQ    EcnMarked/pkts\n---------  -----  ----------------\n"
          "Ethernet0    UC3                 0\nEthernet4    UC3               N/A\n");
    if (command == "show priority-group watermark shared")
      return std::string(
          "     Port    PG3\n---------  -----\nEthernet0      0\nEthernet4    N/A\n");
    return std::string();  // show pfcwd stats: no queue monitored
  }
};
}  // namespace

TEST_CASE("a live read keeps only the inventory's ports, their N/A cells included") {
  auto reader = make_counter_reader("sonic");
  SavedSonic device;
  auto snap = take_snapshot(*reader, device, {"Ethernet0"}, "leaf1");
  REQUIRE_MESSAGE(snap.has_value(), (snap ? "" : snap.error().to_string()));
  CHECK(snap->counters.size() == 5);
  CHECK(snap->not_available.empty());  // Ethernet4's N/A is not this read's business
  CounterRules rules;
  rules.lossless = PriorityMask(1u << 3);
  rules.watchdog = false;
  CounterJudgement j = judge_counters({counter_absolute(*snap)}, rules);
  CHECK(j.verdict == CounterVerdict::pass);
  CHECK(j.not_judged.empty());
}

}  // namespace rocecfg::sw::testing
