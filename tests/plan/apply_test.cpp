#include <doctest/doctest.h>

#include "fixtures.h"
#include "plan/apply.h"
#include "plan/render.h"

using namespace rocecfg;
using model::Knob;

TEST_SUITE("plan.apply") {
  TEST_CASE("apply writes and reads back each change in order; audit after apply is clean") {
    plan::RecordingExecutor dev({{"eth0", test::factory_nic()}});
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    plan::ApplyReport r = plan::apply(p, dev);
    CHECK(r.complete());
    CHECK_FALSE(r.failed);
    CHECK(dev.calls() == std::vector<std::string>{
                             "write eth0 mtu 9000",
                             "read eth0 mtu",
                             "write eth0 ets prio_tc=0,1,2,3,4,5,6,7 "
                             "tsa=ets,ets,ets,ets,ets,ets,strict,ets bw=50,0,0,50,0,0,0,0",
                             "read eth0 ets",
                             "write eth0 pfc 3",
                             "read eth0 pfc",
                             "write eth0 trust dscp",
                             "read eth0 trust",
                             "write eth0 dscp_map 26:3,48:6",
                             "read eth0 dscp_map",
                             "write eth0 roce_tos 106",
                             "read eth0 roce_tos",
                         });
    CHECK(plan::diff("eth0", test::standard_intent(), dev.state("eth0")).empty());
  }

  TEST_CASE("a failure rolls back the completed steps in reverse order") {
    plan::RecordingExecutor dev({{"eth0", test::factory_nic()}});
    dev.fail_write_number(3);  // the PFC write
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    plan::ApplyReport r = plan::apply(p, dev);
    CHECK(r.failed);
    CHECK(r.rollback_clean);
    CHECK(r.results[0].outcome == plan::Outcome::rolled_back);
    CHECK(r.results[1].outcome == plan::Outcome::rolled_back);
    CHECK(r.results[2].outcome == plan::Outcome::failed);
    CHECK(r.results[2].detail == "eth0: pfc: injected failure");
    CHECK(r.results[3].outcome == plan::Outcome::not_run);
    // The device is exactly as it was.
    CHECK(dev.state("eth0") == test::factory_nic());
    // Each completed step is read first: restored only while it is still ours.
    std::vector<std::string> tail(dev.calls().end() - 8, dev.calls().end());
    CHECK(tail == std::vector<std::string>{
                      "write eth0 pfc none", "read eth0 pfc", "read eth0 ets",
                      "write eth0 ets prio_tc=0,0,0,0,0,0,0,0 "
                      "tsa=vendor,vendor,vendor,vendor,vendor,vendor,vendor,vendor "
                      "bw=0,0,0,0,0,0,0,0",
                      "read eth0 ets", "read eth0 mtu", "write eth0 mtu 1500", "read eth0 mtu"});
  }

  TEST_CASE("a stop signal between two writes ends the run there and rolls back") {
    plan::RecordingExecutor dev({{"eth0", test::factory_nic()}});
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    int asked = 0;
    // SIGTERM (15) arrives after the second change is in place.
    plan::ApplyReport r = plan::apply(p, dev, [&] { return ++asked > 2 ? 15 : 0; });
    CHECK(r.interrupted_by == 15);
    CHECK(r.failed);
    CHECK(r.rollback_clean);
    CHECK(r.results[0].outcome == plan::Outcome::rolled_back);
    CHECK(r.results[1].outcome == plan::Outcome::rolled_back);
    for (size_t i = 2; i < r.results.size(); ++i)
      CHECK(r.results[i].outcome == plan::Outcome::not_run);
    CHECK(dev.state("eth0") == test::factory_nic());
    CHECK(plan::render_text(r).find("stopped by SIGTERM before the remaining steps; completed "
                                    "steps were rolled back\n") != std::string::npos);
    CHECK(plan::to_json(r)["interrupted_by"] == "SIGTERM");
  }

  TEST_CASE("a stop signal before the first write changes nothing") {
    plan::RecordingExecutor dev({{"eth0", test::factory_nic()}});
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    plan::ApplyReport r = plan::apply(p, dev, [] { return 2; });
    CHECK(r.interrupted_by == 2);
    CHECK(dev.calls().empty());
    CHECK(plan::to_json(r)["interrupted_by"] == "SIGINT");
  }

  TEST_CASE("rollback leaves a value someone else changed since, and says so") {
    plan::RecordingExecutor dev({{"eth0", test::factory_nic()}});
    // Another apply sets MTU 4200 after ours wrote 9000; then our PFC write fails.
    dev.before_write_number(
        3, [](model::Settings& s) { s.mtu_bytes = 4200; }, "eth0");
    dev.fail_write_number(3);
    plan::ApplyReport r =
        plan::apply(plan::diff("eth0", test::standard_intent(), test::factory_nic()), dev);
    CHECK(r.failed);
    CHECK_FALSE(r.rollback_clean);
    CHECK(r.results[0].outcome == plan::Outcome::rollback_failed);
    CHECK(r.results[0].detail ==
          "changed by someone else since this run wrote it (now 4200); left as is");
    CHECK(r.results[1].outcome == plan::Outcome::rolled_back);
    CHECK(dev.state("eth0").mtu_bytes == 4200u);  // their value, not our snapshot (1500)
  }

  TEST_CASE("a write the device accepts but ignores is reported as 'did not stick'") {
    plan::RecordingExecutor dev({{"eth0", test::factory_nic()}});
    dev.ignore_writes_to(Knob::trust);
    plan::Plan p = plan::diff("eth0", test::standard_intent(), test::factory_nic());
    plan::ApplyReport r = plan::apply(p, dev);
    CHECK_FALSE(r.failed);
    CHECK_FALSE(r.complete());
    CHECK(r.count(plan::Outcome::not_stuck) == 1);
    CHECK(r.results[3].detail == "read back pcp");
    CHECK(r.count(plan::Outcome::applied) == 5);
  }

  TEST_CASE("an unsupported step is not attempted and does not make the apply incomplete") {
    plan::RecordingExecutor dev({{"eth0", test::factory_nic()}});
    plan::Plan p;
    plan::diff("eth0", test::standard_intent(), test::factory_nic(), {Knob::roce_tos}, p);
    REQUIRE(p.unsupported() == 1);
    plan::ApplyReport r = plan::apply(p, dev);
    CHECK(r.complete());
    CHECK(r.count(plan::Outcome::unsupported) == 1);
    CHECK(r.count(plan::Outcome::applied) == p.changes());
  }

  TEST_CASE("a step that cannot be undone is reported as such") {
    model::Settings observed = test::factory_nic();
    observed.mtu_bytes.reset();  // MTU was unreadable
    plan::RecordingExecutor dev({{"eth0", observed}});
    dev.fail_write_number(2);
    plan::ApplyReport r = plan::apply(plan::diff("eth0", test::standard_intent(), observed), dev);
    CHECK(r.failed);
    CHECK_FALSE(r.rollback_clean);
    CHECK(r.results[0].outcome == plan::Outcome::rollback_failed);
  }

  TEST_CASE("dry run changes nothing real and verifies trivially") {
    plan::DryRunExecutor dry;
    plan::ApplyReport r =
        plan::apply(plan::diff("eth0", test::standard_intent(), test::factory_nic()), dry);
    CHECK(r.complete());
    CHECK(dry.log().front() == "eth0 mtu 9000");
  }
}
