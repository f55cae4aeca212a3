// H3C Comware adapter: rendering (golden), parsing captured configs, the
// render -> parse round trip (cells, 100 ms units), and the saved rollback
// point with commit delay.
#include <doctest/doctest.h>

#include <algorithm>

#include "cli/common.h"
#include "h3c/h3c.h"
#include "switch/engine.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw {
namespace {

using testing::standard_intent;

const std::vector<std::string> kPorts{"HundredGigE1/0/1", "HundredGigE1/0/2", "HundredGigE1/0/3",
                                      "HundredGigE1/0/4"};

std::unique_ptr<Adapter> h3c_adapter() {
  return testing::adapter_for("h3c");
}

using testing::messages;

TEST_SUITE("h3c") {
  TEST_CASE("cells, weights and the recovery action are warned about with the values applied") {
    auto a = h3c_adapter();
    Diagnostics warnings;
    model::Settings fit = a->representable(standard_intent(), warnings);
    CHECK(messages(warnings) ==
          std::vector<std::string>{
              "ets: H3C WRR weights start at 1: ETS classes of 0 % are applied as weight 1, taken "
              "from the largest classes",
              "ecn: H3C WRED limits are queue lengths in a unit the public references do not "
              "state; rocecfg assumes 256-byte cells: 150000B/1500000B are applied as "
              "150016B/1500160B (586/5860 cells): check the ASIC's cell size"});
    // drop is expressible: `auto-recover action discard` (issue 19 defect 7).
    CHECK(fit.pfc_watchdog->action == model::WatchdogAction::drop);
    CHECK(fit.ecn == model::Ecn{150016, 1500160, 10});
    // Within one cell of the profile: the documented tolerance.
    CHECK(fit.ecn->min_threshold_bytes - 150000 < h3c::kCellBytes);
  }

  // Issue 19 item 7: a deadlock timer's CoS must already be a no-drop
  // priority (H3C S6850 configuration guide, "PFC deadlock detection"), and
  // its unit follows the timer precision (default normal).
  TEST_CASE("deadlock timers follow the no-drop stanzas, at normal precision; high/low not read") {
    Diagnostics warnings;
    auto lines = render_all(*h3c_adapter(), standard_intent(), kPorts, warnings);
    REQUIRE(lines);
    auto at = [&](const std::string& l) {
      return std::find(lines->begin(), lines->end(), l) - lines->begin();
    };
    long last_no_drop = -1;
    for (size_t i = 0; i < lines->size(); ++i)
      if ((*lines)[i] == " priority-flow-control no-drop dot1p 3") last_no_drop = long(i);
    const long precision = at("priority-flow-control deadlock precision normal");
    const long timer = at("priority-flow-control deadlock cos 3 interval 2");
    CHECK(last_no_drop >= 0);
    CHECK(precision > last_no_drop);
    CHECK(timer > precision);
    CHECK(timer < long(lines->size()));

    std::string text = testing::lines_text(*lines);
    auto normal = h3c_adapter()->parse(text);
    REQUIRE(normal);
    CHECK(normal->ports.at("HundredGigE1/0/1").pfc_watchdog);
    for (const char* p : {"high", "low"}) {
      std::string other = text;
      other.replace(other.find("precision normal"), 16, std::string("precision ") + p);
      auto st = h3c_adapter()->parse(other);
      REQUIRE(st);
      CHECK_FALSE(st->ports.at("HundredGigE1/0/1").pfc_watchdog);
    }
  }

  TEST_CASE("standard profile renders the golden config") {
    CHECK(testing::standard_render_mismatch(*h3c_adapter(), kPorts, "h3c/standard.txt") == "");
  }

  TEST_CASE("render -> parse round trip meets the intent on every port and plans nothing") {
    testing::check_round_trip(*h3c_adapter(), kPorts);
  }

  TEST_CASE("a captured config with a header, tabs, a range import and drop levels") {
    auto a = h3c_adapter();
    auto state = a->parse(testing::read_test_file("captured/h3c-s6850.txt"));
    REQUIRE(state);
    CHECK(state->ports.size() == 3);  // the header's port and the management port are not ports
    const auto& p1 = state->ports.at("HundredGigE1/0/1");
    CHECK(p1.mtu_bytes == 9216u);
    CHECK(p1.trust == model::Trust::dscp);
    CHECK(p1.pfc_enabled == PriorityMask(1u << 3));
    CHECK(p1.pfc_watchdog == model::PfcWatchdog{200, 300, model::WatchdogAction::forward});
    // Green drop level only: 600/6000 cells of 256 bytes.
    CHECK(p1.ecn == model::Ecn{153600, 1536000, 10});
    CHECK(p1.ecn_priorities == PriorityMask(1u << 3));
    CHECK(p1.ets->tc_tsa[6] == model::Tsa::strict);
    CHECK(p1.ets->tc_bandwidth_percent[0] == 50);
    CHECK(p1.ets->prio_tc == model::prio_tc_array({0, 1, 2, 3, 4, 5, 6, 7}));

    const auto& p2 = state->ports.at("HundredGigE1/0/2");
    CHECK(p2.trust == model::Trust::dscp);
    CHECK_FALSE(p2.pfc_enabled);  // auto: DCBX decides, not the file
    CHECK_FALSE(p2.pfc_watchdog);
    CHECK_FALSE(p2.ecn);

    const auto& dscp = *state->global.dscp_priority;
    CHECK(dscp.at(Dscp::unchecked(24)) == 3);
    CHECK(dscp.at(Dscp::unchecked(31)) == 3);
    CHECK(dscp.at(Dscp::unchecked(48)) == 6);
    CHECK_FALSE(dscp.contains(Dscp::unchecked(40)));  // the Comware default map is not assumed
    CHECK_FALSE(state->global.cnp);
    CHECK(state->policies.at("wred ROCE") == std::vector<std::string>{"HundredGigE1/0/1"});
    CHECK(state->notes ==
          std::vector<std::string>{
              "line 26: WRED drop-level 1: not part of the profile model: queue 3 drop-level 1 "
              "low-limit 100 high-limit 200 discard-probability 90",
              "HundredGigE1/0/2: PFC auto follows DCBX negotiation; not in the file"});
  }

  TEST_CASE("push: saved rollback point, commit delay, commit") {
    auto a = h3c_adapter();
    testing::RecordingSession s;
    REQUIRE(a->push(s, {"interface HundredGigE1/0/1", " jumboframe enable 9216", " quit"}));
    CHECK(s.sent ==
          std::vector<std::string>{"save flash:/rocecfg-rollback.cfg", "Y", "system-view",
                                   "configuration commit delay 5", "interface HundredGigE1/0/1",
                                   " jumboframe enable 9216", " quit", "configuration commit"});
  }

  TEST_CASE("push: a failure replaces the running config with the saved file") {
    auto a = h3c_adapter();
    testing::RecordingSession s;
    s.fail_at = 5;
    auto r = a->push(s, {"interface HundredGigE1/0/1", " jumboframe enable 9216", " quit"});
    REQUIRE_FALSE(r);
    CHECK(std::vector<std::string>(s.sent.end() - 4, s.sent.end()) ==
          std::vector<std::string>{"configuration replace file flash:/rocecfg-rollback.cfg", "N",
                                   "configuration commit", "return"});

    testing::RecordingSession d;
    d.fail_at = 6;
    d.drop = true;
    REQUIRE_FALSE(a->push(d, {"interface HundredGigE1/0/1", " jumboframe enable 9216", " quit"}));
    CHECK(std::vector<std::string>(d.sent.end() - 6, d.sent.end()) ==
          std::vector<std::string>{"<reconnect>", "system-view",
                                   "configuration replace file flash:/rocecfg-rollback.cfg", "N",
                                   "configuration commit", "return"});
  }
}

}  // namespace
}  // namespace rocecfg::sw
