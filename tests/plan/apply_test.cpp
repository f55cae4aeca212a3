#include <doctest/doctest.h>

#include "fixtures.h"
#include "plan/apply.h"

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
    std::vector<std::string> tail(dev.calls().end() - 6, dev.calls().end());
    CHECK(tail ==
          std::vector<std::string>{"write eth0 pfc none", "read eth0 pfc",
                                   "write eth0 ets prio_tc=0,0,0,0,0,0,0,0 "
                                   "tsa=vendor,vendor,vendor,vendor,vendor,vendor,vendor,vendor "
                                   "bw=0,0,0,0,0,0,0,0",
                                   "read eth0 ets", "write eth0 mtu 1500", "read eth0 mtu"});
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
