// The marking phase's pure parts: reading the GRH area a UD receive delivers,
// the tally's wire form, and the rules with the findings' exact wording.
#include <doctest/doctest.h>

#include <array>

#include <fmt/format.h>

#include "probe/grh.h"
#include "probe/marking.h"
#include "probe/marking_verdict.h"
#include "probe/report.h"

using namespace rocecfg;
using namespace rocecfg::probe;

namespace {

// A GRH area as rxe's build_rdma_network_hdr leaves it for RoCE v2 over IPv4:
// 20 zero bytes, then the IPv4 header with a valid checksum.
std::array<uint8_t, 40> ipv4_grh(uint8_t tos) {
  std::array<uint8_t, 40> g{};
  uint8_t* h = g.data() + 20;
  const uint8_t hdr[20] = {0x45, tos,  0x00, 0x5c, 0x12, 0x34, 0x40, 0x00, 0x40, 0x11,
                           0x00, 0x00, 10,   0,    0,    2,    10,   0,    0,    1};
  std::copy(hdr, hdr + 20, h);
  uint32_t sum = 0;
  for (int i = 0; i < 20; i += 2) sum += static_cast<uint32_t>(h[i] << 8 | h[i + 1]);
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  const uint16_t check = static_cast<uint16_t>(~sum);
  h[10] = static_cast<uint8_t>(check >> 8);
  h[11] = static_cast<uint8_t>(check & 0xff);
  return g;
}

MarkingRecord record(const std::string& phase, uint8_t sent_tos, uint64_t sent,
                     std::map<uint8_t, uint64_t> by_tos, uint64_t unreadable = 0) {
  MarkingOutcome o;
  o.sent_tos = sent_tos;
  o.sent = sent;
  o.arrived.by_tos = std::move(by_tos);
  o.arrived.unreadable = unreadable;
  o.arrived.received = unreadable;
  for (const auto& [tos, n] : o.arrived.by_tos) o.arrived.received += n;
  return {phase, o, {}};
}

std::vector<std::string> judged(const MarkingRecord& r, std::optional<bool> dcqcn,
                                std::optional<uint8_t> rdma_cm_tos = std::nullopt) {
  Expectations e;
  if (dcqcn)
    e.congestion =
        *dcqcn ? model::CongestionAlgorithm::dcqcn : model::CongestionAlgorithm::pfc_only;
  e.rdma_cm_tos = rdma_cm_tos;
  std::vector<Finding> f;
  judge_marking(r, e, f);
  std::vector<std::string> out;
  for (const Finding& x : f)
    out.push_back(fmt::format("{} {}: {}", to_string(x.level), x.figure, x.message));
  return out;
}

}  // namespace

TEST_SUITE("probe marking") {
  TEST_CASE("the IPv4 header at offset 20 of the GRH area gives DSCP and ECN") {
    auto g = ipv4_grh(106);
    auto h = parse_grh(g.data(), g.size());
    REQUIRE(h);
    CHECK(h->ip_version == 4);
    CHECK(h->tos == 106);
    CHECK(tos_dscp(h->tos) == 26);
    CHECK(tos_ecn(h->tos) == Ecn::ect0);
    CHECK(std::string(to_string(tos_ecn(107))) == "CE");
  }

  TEST_CASE("an IPv4 header with a wrong checksum or an empty area is not read") {
    auto g = ipv4_grh(106);
    g[20 + 11] ^= 1;
    CHECK_FALSE(parse_grh(g.data(), g.size()));
    std::array<uint8_t, 40> empty{};
    CHECK_FALSE(parse_grh(empty.data(), empty.size()));
    CHECK_FALSE(parse_grh(g.data(), 39));
  }

  TEST_CASE("an IPv6 GRH gives the traffic class after the version nibble") {
    std::array<uint8_t, 40> g{};
    g[0] = 0x66;  // version 6, traffic class high nibble 6
    g[1] = 0xa0;  // traffic class low nibble a: 0x6a = 106
    auto h = parse_grh(g.data(), g.size());
    REQUIRE(h);
    CHECK(h->ip_version == 6);
    CHECK(h->tos == 106);
  }

  TEST_CASE("the tally crosses the wire unchanged and a forged one is refused") {
    MarkingTally t;
    t.received = 200;
    t.unreadable = 0;
    t.by_tos = {{106, 150}, {107, 50}};
    t.by_ipv = {{4, 200}};
    auto m = encode_tally(t);
    CHECK(m == wire::CounterMap{{"received", 200},
                                {"unreadable", 0},
                                {"tos:106", 150},
                                {"tos:107", 50},
                                {"ipv:4", 200}});
    auto back = decode_tally(m);
    REQUIRE(back);
    CHECK(back->by_tos == t.by_tos);
    CHECK(back->received == 200);
    m["tos:107"] = 49;
    CHECK(decode_tally(m).error().message == "marks message: 199 packets tallied, 200 received");
    CHECK(decode_tally({{"tos:256", 1}}).error().message == "marks message: unknown key 'tos:256'");
  }

  TEST_CASE("a clean wire passes all three marking rules") {
    CHECK(judged(record("idle", 106, 200, {{106, 200}}), true) ==
          std::vector<std::string>{
              "PASS marking DSCP (idle): sent 26, received 26 on 200 of 200 packets",
              "PASS marking ECN (idle): sent ECT(0), ECN-capable on arrival on 200 of 200 packets",
              "PASS marking CE (idle): 0 of 200 packets CE-marked"});
  }

  TEST_CASE("a DSCP rewrite fails, naming what was sent and what arrived") {
    CHECK(judged(record("idle", 106, 200, {{2, 200}}), true)[0] ==
          "FAIL marking DSCP (idle): DSCP rewritten on the path: sent 26, received 0 \u2014 a "
          "switch on the path does not trust DSCP; RoCE travels in the lossy class (200 of 200 "
          "packets rewritten)");
    CHECK(judged(record("idle", 106, 200, {{2, 50}, {106, 150}}), true)[0] ==
          "FAIL marking DSCP (idle): DSCP rewritten on the path: sent 26, received 0 on 50, 26 on "
          "150 \u2014 a switch on the path does not trust DSCP; RoCE travels in the lossy class "
          "(50 of 200 packets rewritten)");
  }

  TEST_CASE("ECT cleared on the way: fails with DCQCN, warns without") {
    CHECK(judged(record("idle", 106, 200, {{104, 200}}), true)[1] ==
          "FAIL marking ECN (idle): not ECN-capable on the wire (ECT not set): sent ECT(0), "
          "received Not-ECT on 200 of 200 packets; DCQCN cannot work: switches drop or pause "
          "instead of marking");
    CHECK(judged(record("idle", 106, 200, {{104, 200}}), false)[1] ==
          "WARN marking ECN (idle): not ECN-capable on the wire (ECT not set): sent ECT(0), "
          "received Not-ECT on 200 of 200 packets");
    // --tos 0 on a DCQCN profile: what an unconfigured application gets.
    CHECK(judged(record("idle", 0, 200, {{0, 200}}), true)[1] ==
          "FAIL marking ECN (idle): not ECN-capable on the wire (ECT not set): sent Not-ECT, "
          "received Not-ECT on 200 of 200 packets; DCQCN cannot work: switches drop or pause "
          "instead of marking");
    CHECK(judged(record("idle", 0, 200, {{0, 200}}), std::nullopt)[1] ==
          "PASS marking ECN (idle): sent Not-ECT, received Not-ECT on 200 of 200 packets");
  }

  TEST_CASE("CE marks are counted: a warning idle, expected under load with DCQCN") {
    auto idle = judged(record("idle", 106, 200, {{106, 150}, {107, 50}}), true);
    CHECK(idle[0] == "PASS marking DSCP (idle): sent 26, received 26 on 200 of 200 packets");
    CHECK(idle[1] ==
          "PASS marking ECN (idle): sent ECT(0), ECN-capable on arrival on 200 of 200 packets");
    CHECK(idle[2] ==
          "WARN marking CE (idle): 50 packets CE-marked while idle (of 200): a queue on the path "
          "is congested without our load, or marks below its ECN threshold");
    CHECK(judged(record("loaded", 106, 200, {{106, 150}, {107, 50}}), true)[2] ==
          "PASS marking CE (loaded): 50 packets CE-marked under load (of 200; expected with "
          "DCQCN)");
    CHECK(judged(record("loaded", 106, 200, {{106, 150}, {107, 50}}), false)[2] ==
          "WARN marking CE (loaded): 50 packets CE-marked under load (of 200; DCQCN is not "
          "enabled: nothing slows the senders)");
  }

  TEST_CASE("lost and headerless packets are said, nothing arrived fails") {
    CHECK(judged(record("idle", 106, 200, {{106, 190}}), true)[0] ==
          "PASS marking DSCP (idle): sent 26, received 26 on 190 of 190 packets (200 sent, 10 "
          "lost)");
    CHECK(judged(record("idle", 106, 200, {}), true) ==
          std::vector<std::string>{"FAIL marking (idle): none of 200 marking packets arrived"});
    CHECK(judged(record("idle", 106, 200, {}, 200), true) ==
          std::vector<std::string>{
              "SKIP marking (idle): 200 packets arrived without a readable network header (GRH)"});
    MarkingRecord old_peer{"idle",
                           {},
                           Error{ErrorKind::invalid_input, "10.0.0.1:18600",
                                 "peer: hello message: unknown session kind 4"}};
    CHECK(judged(old_peer, true) ==
          std::vector<std::string>{"SKIP marking (idle): the peer's rocecfg has no marking phase "
                                   "(older build): DSCP/ECN on arrival not observed"});
    MarkingRecord err{"idle", {}, Error{ErrorKind::timeout, "rxe0", "no offer"}};
    auto f = judged(err, true);
    REQUIRE(f.size() == 1);
    CHECK(f[0].starts_with("FAIL idle marking: "));
  }

  TEST_CASE("through RDMA-CM the CM's ToS is judged against the profile's rdma_cm.tos") {
    MarkingRecord cm = record("idle", 106, 200, {{106, 200}});
    cm.outcome->rdma_cm = CmFacts{"rxe1", 1, 106};
    auto ok = judged(cm, true, 106);
    REQUIRE(ok.size() == 4);
    CHECK(ok[0] ==
          "PASS rdma_cm ToS (idle): RDMA-CM chose ToS 106 (DSCP 26, ECN ECT(0)) on rxe1 port 1, "
          "the profile's rdma_cm.tos");
    CHECK(ok[1] == "PASS marking DSCP (idle): sent 26, received 26 on 200 of 200 packets");

    // configfs default_roce_tos left at 0: the wire agrees with what was
    // sent, so only the CM rule can tell.
    MarkingRecord zero = record("idle", 0, 200, {{0, 200}});
    zero.outcome->rdma_cm = CmFacts{"rxe1", 1, 0};
    auto bad = judged(zero, true, 106);
    REQUIRE(bad.size() == 4);
    CHECK(bad[0] ==
          "FAIL rdma_cm ToS (idle): RDMA-CM sends ToS 0 (DSCP 0, ECN Not-ECT) from rxe1 port 1, "
          "the profile's rdma_cm.tos is ToS 106 (DSCP 26, ECN ECT(0)): rdma_cm applications "
          "travel outside the profile's class (configfs rdma_cm/rxe1/ports/1/default_roce_tos; "
          "rocecfg apply sets it)");
    CHECK(bad[1] == "PASS marking DSCP (idle): sent 0, received 0 on 200 of 200 packets");
    CHECK(judged(zero, true)[0] ==
          "SKIP rdma_cm ToS (idle): RDMA-CM chose ToS 0 (DSCP 0, ECN Not-ECT) on rxe1 port 1; "
          "the profile sets no rdma_cm.tos");
    // Out of band there is no CM rule at all.
    CHECK(judged(record("idle", 0, 200, {{0, 200}}), true, 106).size() == 3);

    MarkingRecord old_peer{"idle",
                           {},
                           Error{ErrorKind::invalid_input, "10.0.0.1:18600",
                                 "peer: hello message: unknown session kind 5"}};
    CHECK(judged(old_peer, true, 106) ==
          std::vector<std::string>{
              "SKIP marking (idle): the peer's rocecfg cannot connect the marking phase through "
              "rdma_cm (older build): the RDMA-CM ToS on the wire not observed"});

    ProbeReport r;
    r.marking.push_back(cm);
    Expectations e;
    e.rdma_cm_tos = 106;
    Verdict v = judge(r, e);
    CHECK(render_text(r, v).find("marking (idle): sent ToS 106 (DSCP 26, ECN ECT(0)) x 200 via "
                                 "rdma_cm (rxe1 port 1); arrived 200:") != std::string::npos);
    auto j = render_json(r, v);
    CHECK(j["marking"][0]["connection"] == "rdma_cm");
    CHECK(j["marking"][0]["rdma_cm"]["device"] == "rxe1");
    CHECK(j["marking"][0]["rdma_cm"]["port"] == 1);
    CHECK(j["marking"][0]["rdma_cm"]["route_tos"] == 106);
    ProbeReport oob;
    oob.marking.push_back(record("idle", 106, 200, {{106, 200}}));
    CHECK(render_json(oob, judge(oob, e))["marking"][0]["connection"] == "out_of_band");
  }

  TEST_CASE("the probe verdict includes the marking rules and the report shows what arrived") {
    ProbeReport r;
    r.marking.push_back(record("idle", 106, 200, {{2, 200}}));
    Expectations e;
    e.congestion = model::CongestionAlgorithm::dcqcn;
    Verdict v = judge(r, e);
    CHECK(v.level == Level::fail);
    const std::string text = render_text(r, v);
    CHECK(text.find("marking (idle): sent ToS 106 (DSCP 26, ECN ECT(0)) x 200; arrived 200: ToS 2 "
                    "(DSCP 0, ECN ECT(0)) x 200\n") != std::string::npos);
    auto j = render_json(r, v);
    CHECK(j["marking"][0]["arrived"][0]["dscp"] == 0);
    CHECK(j["marking"][0]["sent"]["dscp"] == 26);
    CHECK(j["marking"][0]["ce_marked"] == 0);
  }
}

TEST_CASE("the report says where the traffic class came from") {
  ProbeReport r;
  r.mode = "cross-device loopback";
  r.local_device = "rxe1";
  r.server = "127.0.0.1:18600";
  r.tos = 0;
  r.tos_source = "workload: NCCL's default (NCCL_IB_TC unset)";
  const std::string text = render_text(r, judge(r, Expectations{}));
  CHECK(
      text.starts_with("probe: cross-device loopback rxe1 -> ? (127.0.0.1:18600), op write, 1 "
                       "QP, ToS 0 (workload: NCCL's default (NCCL_IB_TC unset))\n"));
  CHECK(render_json(r, judge(r, Expectations{}))["tos_source"] ==
        "workload: NCCL's default (NCCL_IB_TC unset)");
}

TEST_CASE("the probe's traffic class is judged against the profile's lossless DSCPs") {
  ProbeReport r;
  Expectations e;
  e.lossless_dscps = {26};
  r.tos = 0;
  r.tos_source = "workload: NCCL's default (NCCL_IB_TC unset)";
  Verdict v = judge(r, e);
  REQUIRE(v.findings.size() == 1);
  CHECK(v.level == Level::fail);
  CHECK(v.findings[0].message ==
        "ToS 0 (DSCP 0, ECN Not-ECT) from workload: NCCL's default (NCCL_IB_TC unset) is outside "
        "the lossless class (DSCP 26): this traffic travels lossy");
  r.tos = 106;
  r.tos_source = "profile rdma_cm.tos";
  v = judge(r, e);
  CHECK(v.level == Level::pass);
  CHECK(
      v.findings[0].message ==
      "ToS 106 (DSCP 26, ECN ECT(0)) from profile rdma_cm.tos is in the lossless class (DSCP 26)");
  CHECK(judge(r, Expectations{}).findings.empty());  // no lossless DSCPs known: not judged
}
