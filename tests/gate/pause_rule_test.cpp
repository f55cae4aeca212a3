// The pause rule on counter deltas as the gate measures them: which lines, in
// which order, and where a few frames end and a storm begins.
#include "gate/pause_rule.h"

#include <doctest/doctest.h>

using namespace rocecfg;
using namespace rocecfg::gate;

namespace {

PauseRules lossless3() {
  PauseRules r;
  r.lossless = PriorityMask(0x08);
  return r;
}

}  // namespace

TEST_SUITE("gate.pause") {
  TEST_CASE("no pause counter moved: pass, nothing to say") {
    PauseJudgement j =
        judge_pause({{"eth0:rx_prio3_pause", 0}, {"eth0:rx_dropped", 4}}, 100, lossless3());
    CHECK(j.status == CheckStatus::pass);
    CHECK(j.findings.empty());
  }

  TEST_CASE("the bound is a rate: 99 frames in 100 ms warn, 100 fail") {
    PauseJudgement under = judge_pause({{"eth0:rx_prio3_pause", 99}}, 100, lossless3());
    CHECK(under.status == CheckStatus::warn);
    CHECK(under.findings == std::vector<std::string>{
                                "pause frames on lossless priority 3: eth0:rx_prio3_pause +99 in "
                                "100 ms (990/s, under the storm bound 1000/s): the switch is "
                                "pausing this host"});
    PauseJudgement at = judge_pause({{"eth0:rx_prio3_pause", 100}}, 100, lossless3());
    CHECK(at.status == CheckStatus::fail);
    CHECK(at.findings.front() ==
          "pause storm on lossless priority 3: eth0:rx_prio3_pause +100 in 100 ms (1000/s, bound "
          "1000/s): the switch is pausing this host");
    // the same 100 frames over a whole second are a trickle
    CHECK(judge_pause({{"eth0:rx_prio3_pause", 100}}, 1000, lossless3()).status ==
          CheckStatus::warn);
  }

  TEST_CASE("ice, bnxt and link-level names read the same way") {
    PauseJudgement j = judge_pause({{"ens1:tx_priority_3_xoff.nic", 2},
                                    {"ens2:rx_pfc_ena_frames_pri3", 3},
                                    {"ens1:link_xoff_rx.nic", 1}},
                                   100, lossless3());
    CHECK(j.status == CheckStatus::warn);
    CHECK(j.findings ==
          std::vector<std::string>{
              "pause frames on lossless priority 3: ens2:rx_pfc_ena_frames_pri3 +3 in 100 ms "
              "(30/s, under the storm bound 1000/s): the switch is pausing this host",
              "pause frames on lossless priority 3: ens1:tx_priority_3_xoff.nic +2 in 100 ms "
              "(20/s, under the storm bound 1000/s): this host is pausing the switch",
              "pause frames on link-level pause: ens1:link_xoff_rx.nic +1 in 100 ms (10/s, under "
              "the storm bound 1000/s): the switch is pausing this host"});
  }

  TEST_CASE("pause on a priority the profile leaves lossy says host and switch disagree") {
    PauseJudgement j = judge_pause({{"eth0:rx_prio5_pause", 4}}, 200, lossless3());
    CHECK(j.status == CheckStatus::warn);
    CHECK(j.findings.front() ==
          "pause frames on priority 5: eth0:rx_prio5_pause +4 in 200 ms (20/s, under the storm "
          "bound 1000/s): the switch is pausing this host (the profile makes only priority 3 "
          "lossless: host and switch disagree on PFC)");
  }

  TEST_CASE("paused time: mlx5 duration counters in microseconds against the window") {
    PauseRules r = lossless3();
    PauseJudgement j =
        judge_pause({{"eth0:rx_prio3_pause_duration", 45000}, {"eth0:rx_prio3_pause", 3}}, 100, r);
    CHECK(j.status == CheckStatus::fail);
    REQUIRE(j.findings.size() == 2);
    CHECK(j.findings[0] ==
          "lossless priority 3 paused 45% of the 100 ms window: eth0:rx_prio3_pause_duration "
          "+45000 us (bound 10%): the switch is pausing this host");
    r.max_paused_fraction = 0.5;
    CHECK(judge_pause({{"eth0:rx_prio3_pause_duration", 45000}}, 100, r).status ==
          CheckStatus::warn);
  }

  TEST_CASE("the NIC's own storm detector fails first, whatever the rates") {
    PauseJudgement j = judge_pause({{"eth0:tx_prio3_pause", 5000},
                                    {"eth0:tx_pause_storm_error_events", 1},
                                    {"eth0:rx_prio3_pause", 1}},
                                   100, lossless3());
    CHECK(j.status == CheckStatus::fail);
    REQUIRE(j.findings.size() == 3);
    CHECK(j.findings[0] ==
          "the NIC's pause storm detector fired: eth0:tx_pause_storm_error_events +1: this host "
          "is pausing the switch");
    CHECK(j.findings[1].starts_with("pause storm on lossless priority 3: eth0:tx_prio3_pause"));
    CHECK(j.findings[2].starts_with("pause frames on lossless priority 3: eth0:rx_prio3_pause"));
  }

  TEST_CASE("a window measured as zero cannot divide by zero") {
    PauseJudgement j = judge_pause({{"eth0:rx_prio3_pause", 1}}, 0, lossless3());
    CHECK(j.status == CheckStatus::fail);  // 1 frame in under a millisecond is >= 1000/s
    CHECK(j.findings.front().find("in 1 ms (1000/s") != std::string::npos);
  }
}
