// Counter readers against outputs shaped like each vendor's documented
// examples (tests/switch/captured/counters/, the source of each shape is cited
// in the reader's header comment), and the window/judge rules on them:
// deltas, rates, a counter cleared between reads, a counter that wrapped.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include "switch/counter_judge.h"
#include "switch/counter_reader.h"
#include "switch/counter_report.h"
#include "switch/counter_text.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {

CounterSnapshot parsed(const std::string& vendor, const std::string& file, double at_ms) {
  auto reader = make_counter_reader(vendor);
  REQUIRE(reader);
  auto snap =
      parse_transcript(*reader, read_source_file("captured/counters/" + file), vendor + "1");
  INFO(file);
  REQUIRE_MESSAGE(snap.has_value(), (snap ? "" : snap.error().to_string()));
  snap->taken_at_ms = at_ms;
  return *snap;
}

uint64_t value(const CounterSnapshot& s, const std::string& port, CounterScope scope, int index,
               CounterKind kind) {
  auto it = s.counters.find(CounterKey{port, scope, index, kind});
  REQUIRE_MESSAGE(it != s.counters.end(), port << " " << to_string(kind));
  return it->second.value;
}

CounterRules rules_p3() {
  CounterRules r;
  r.lossless = PriorityMask(1u << 3);
  return r;
}

std::vector<std::string> findings(const std::string& vendor) {
  CounterWindow w = counter_window(parsed(vendor, vendor + "-before.txt", 0),
                                   parsed(vendor, vendor + "-after.txt", 1000));
  std::vector<std::string> out;
  for (const CounterFinding& f : judge_counters({w}, rules_p3()).findings)
    out.push_back(std::string(to_string(f.level)) + " " + f.text);
  return out;
}

}  // namespace

TEST_SUITE("switch counters") {
  TEST_CASE("numbers as vendors print them: separators, N/A, NVUE sizes") {
    CHECK(parse_counter_number("1,200") == 1200u);
    CHECK(parse_counter_number("18,446,744,073,709,551,615") == 18446744073709551615u);
    CHECK_FALSE(parse_counter_number("N/A"));
    CHECK_FALSE(parse_counter_number("-"));
    CHECK_FALSE(parse_counter_number("12abc"));
    CHECK_FALSE(parse_counter_number("99999999999999999999999"));
    CHECK(parse_counter_number("0 Bytes", true) == 0u);
    CHECK(parse_counter_number("1.50 KB", true) == 1536u);
    CHECK(parse_counter_number("7.29 MB", true) == 7644119u);
    CHECK_FALSE(parse_counter_number("7.29 parsecs", true));
  }

  TEST_CASE("dashed tables keep headers with spaces and cells with units whole") {
    auto t = parse_dashed_tables("  Port Rx    PFC0\n---------  ------\nEthernet0   1,200\n\nx\n");
    REQUIRE(t.size() == 1);
    CHECK(t[0].headers == std::vector<std::string>{"Port Rx", "PFC0"});
    CHECK(t[0].rows == std::vector<std::vector<std::string>>{{"Ethernet0", "1,200"}});
  }

  TEST_CASE("sonic: pfcstat, queuestat, wredstat, pfcwd and watermark tables") {
    CounterSnapshot s = parsed("sonic", "sonic-before.txt", 0);
    CHECK(value(s, "Ethernet0", CounterScope::priority, 0, CounterKind::pause_rx_frames) == 1200);
    CHECK(value(s, "Ethernet8", CounterScope::priority, 7, CounterKind::pause_rx_frames) == 807);
    CHECK(value(s, "Ethernet4", CounterScope::priority, 3, CounterKind::pause_tx_frames) == 413);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 3, CounterKind::queue_drops) == 19);
    CHECK(value(s, "Ethernet4", CounterScope::queue, 3, CounterKind::ecn_marked) == 48);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 3, CounterKind::watchdog_storms) == 1);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 3, CounterKind::watchdog_drops) == 600);
    CHECK(value(s, "Ethernet8", CounterScope::queue, 4, CounterKind::watchdog_restores) == 2);
    CHECK(value(s, "Ethernet4", CounterScope::priority_group, 15, CounterKind::watermark) == 215);
    CHECK(s.counters.count({"Ethernet0", CounterScope::queue, 10, CounterKind::queue_drops}) ==
          0);  // MC10 is a multicast queue, read as such, never as unicast queue 10
    CHECK(value(s, "Ethernet0", CounterScope::mc_queue, 10, CounterKind::queue_drops) == 74);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 1, CounterKind::tx_packets) == 60);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 1, CounterKind::tx_bytes) == 43);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 2, CounterKind::drop_bytes) == 21);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 2, CounterKind::ecn_marked_bytes) == 21);
    CHECK(value(s, "Ethernet0", CounterScope::queue, 3, CounterKind::wred_drops) == 52);
    // The pfcwd STATUS column is a state: stormed now (1) or not (0).
    CHECK(value(s, "Ethernet0", CounterScope::queue, 3, CounterKind::watchdog_stormed) == 1);
    CHECK(value(s, "Ethernet4", CounterScope::queue, 3, CounterKind::watchdog_stormed) == 0);
    CHECK(s.not_available.empty());  // the ALL20 row (N/A cells) is passed over and noted
  }

  TEST_CASE("sonic: a storm, a lossless drop, a watchdog trip, a clear and a wrap") {
    CounterWindow w = counter_window(parsed("sonic", "sonic-before.txt", 0),
                                     parsed("sonic", "sonic-after.txt", 1000));
    CHECK(w.window_ms == 1000);
    bool saw_reset = false, saw_wrap = false;
    for (const CounterDelta& d : w.deltas) {
      if (d.key ==
          CounterKey{"Ethernet4", CounterScope::priority, 0, CounterKind::pause_rx_frames}) {
        CHECK(d.reset);
        CHECK(d.delta == 12);
        saw_reset = true;
      }
      if (d.key ==
          CounterKey{"Ethernet8", CounterScope::priority, 7, CounterKind::pause_tx_frames}) {
        CHECK(d.wrapped);
        CHECK(d.delta == 11);
        saw_wrap = true;
      }
      if (d.key.kind == CounterKind::watermark && d.key.port == "Ethernet0" && d.key.index == 3)
        CHECK(d.delta == 9000);  // a gauge is its latest value, never subtracted
    }
    CHECK(saw_reset);
    CHECK(saw_wrap);
    CHECK(
        findings("sonic") ==
        std::vector<std::string>{
            "FAIL sonic1 Ethernet0 priority 3: PFC storm, 5000 pause frames/s received (bound "
            "1000/s)",
            "FAIL sonic1 Ethernet0 queue 3: 12 packets dropped on a lossless class",
            "FAIL sonic1 Ethernet0 queue 3: PFC watchdog reports the queue stormed now (stuck: "
            "its traffic is being dropped)",
            "FAIL sonic1 Ethernet4 queue 3: PFC watchdog detected 1 storm(s)",
            "FAIL sonic1 Ethernet4 queue 3: PFC watchdog reports the queue stormed now (stuck: "
            "its traffic is being dropped)",
            "FAIL sonic1 Ethernet8 queue 4: PFC watchdog reports the queue stormed now (stuck: "
            "its traffic is being dropped)",
            "WARN sonic1 Ethernet4 priority 0: 12 pause frames received on a priority the profile "
            "leaves lossy (host and switch disagree on PFC)",
            "WARN sonic1 Ethernet8 priority 7: 11 pause frames sent on a priority the profile "
            "leaves lossy (host and switch disagree on PFC)"});
  }

  TEST_CASE("cumulus: NVUE pfc-stats, queue and buffer discards, port ECN, watchdog deadlocks") {
    CounterSnapshot s = parsed("cumulus", "cumulus-before.txt", 0);
    CHECK(value(s, "swp1", CounterScope::priority, 3, CounterKind::pause_rx_frames) == 120);
    CHECK(value(s, "swp1", CounterScope::priority, 3, CounterKind::pause_rx_duration) == 4400);
    CHECK(value(s, "swp1", CounterScope::queue, 3, CounterKind::queue_drops) == 0);
    CHECK(value(s, "swp1", CounterScope::priority_group, 7, CounterKind::queue_drops) == 0);
    CHECK(value(s, "swp1", CounterScope::port, -1, CounterKind::ecn_marked) == 0);
    CHECK(value(s, "swp1", CounterScope::queue, 7, CounterKind::watchdog_storms) == 3);
    CHECK(value(s, "swp1", CounterScope::queue, 3, CounterKind::tx_packets) == 8000);
    CHECK(value(s, "swp1", CounterScope::queue, 3, CounterKind::tx_bytes) ==
          12289311);  // 11.72 x 1024^2
    CHECK(value(s, "swp1", CounterScope::queue, 2, CounterKind::watchdog_stormed) == 1);
    // pfc-stats 8 x 4, egress 8 x 4, ingress 8 x 3, port ECN 1, port pause
    // frames 2 (receive, transmit), watchdog 8 x (count, status).
    CHECK(s.counters.size() == 8 * 4 + 8 * 4 + 8 * 3 + 1 + 2 + 8 * 2);
    CHECK(findings("cumulus") ==
          std::vector<std::string>{
              "FAIL cumulus1 swp1 queue 2: PFC watchdog reports the queue stormed now (stuck: its "
              "traffic is being dropped)",
              "FAIL cumulus1 swp1 queue 3: PFC watchdog detected 1 storm(s)",
              "FAIL cumulus1 swp1 queue 3: 1536 bytes dropped on a lossless class",
              "FAIL cumulus1 swp1 queue 3: PFC watchdog reports the queue stormed now (stuck: its "
              "traffic is being dropped)",
              "FAIL cumulus1 swp1 queue 7: PFC watchdog reports the queue stormed now (stuck: its "
              "traffic is being dropped)"});
  }

  TEST_CASE("eos: JSON PFC, watchdog, ECN, queue drops and FCS objects") {
    CounterSnapshot s = parsed("eos", "eos-before.txt", 0);
    CHECK(value(s, "Ethernet3/2/1", CounterScope::port, -1, CounterKind::pause_tx_frames) == 2);
    CHECK(value(s, "Ethernet3/2/1", CounterScope::queue, 3, CounterKind::ecn_marked) == 7);
    CHECK(s.counters.count({"Ethernet3/1/1", CounterScope::queue, 0, CounterKind::ecn_marked}) ==
          0);  // "-"
    CHECK(value(s, "Ethernet3/1/1", CounterScope::queue, 3, CounterKind::queue_drops) ==
          0);  // ucast only
    CHECK(value(s, "Ethernet3/1/1", CounterScope::port, -1, CounterKind::fcs_errors) == 0);
    CHECK(findings("eos") ==
          std::vector<std::string>{
              "FAIL eos1 Ethernet3/1/1 queue 3: PFC watchdog detected 1 storm(s)",
              "FAIL eos1 Ethernet3/1/1 queue 3: 7 packets dropped on a lossless class",
              "FAIL eos1 Ethernet3/1/1 all priorities: PFC storm, 2000 pause frames/s received "
              "(bound 1000/s)",
              "WARN eos1 Ethernet3/1/1: 3 frames received with a bad FCS (a cable or optic losing "
              "what "
              "PFC cannot protect)"});
  }

  TEST_CASE(
      "eos: a queue absent until its first watchdog event counts from zero; other new keys are "
      "noted") {
    CounterWindow w =
        counter_window(parsed("eos", "eos-before.txt", 0), parsed("eos", "eos-after.txt", 1000));
    CHECK(w.notes.empty());
    CounterSnapshot a, b;
    b.set({"p", CounterScope::queue, 3, CounterKind::queue_drops},
          {5, CounterUnit::packets, 64, false, false, "x"});
    CounterWindow w2 = counter_window(a, b);
    CHECK(w2.deltas.empty());
    CHECK(w2.notes == std::vector<std::string>{"p queue 3 queue_drops: only in the second read"});
  }

  TEST_CASE(
      "nxos: RxPPP/TxPPP per port, one- and two-word Oper columns; watchdog per QoS group from "
      "NX-API JSON") {
    CounterSnapshot s = parsed("nxos", "nxos-before.txt", 0);
    CHECK(value(s, "Ethernet1/47", CounterScope::port, -1, CounterKind::pause_rx_frames) == 7316);
    CHECK(value(s, "Ethernet1/47", CounterScope::port, -1, CounterKind::pause_tx_frames) == 762946);
    // The aggregate row (2 shutdowns, 7 dropped), not the current-period one.
    CHECK(value(s, "Ethernet1/1", CounterScope::queue, 3, CounterKind::watchdog_storms) == 2);
    CHECK(value(s, "Ethernet1/1", CounterScope::queue, 3, CounterKind::watchdog_restores) == 2);
    CHECK(value(s, "Ethernet1/1", CounterScope::queue, 3, CounterKind::watchdog_drops) == 7);
    // show queuing interface | json: WRED/AFD & Tail Drop and ECN packets per
    // QoS group, unicast + multicast; CONTROL/SPAN groups are no queue.
    CHECK(value(s, "Ethernet1/1", CounterScope::queue, 0, CounterKind::queue_drops) == 5);
    CHECK(value(s, "Ethernet1/1", CounterScope::queue, 3, CounterKind::queue_drops) == 0);
    CHECK(value(s, "Ethernet1/1", CounterScope::queue, 3, CounterKind::ecn_marked) == 500);
    CHECK(s.counters.count({"Ethernet1/1", CounterScope::queue, 7, CounterKind::ecn_marked}) == 0);
    // pfc 2 ports x 2, watchdog 3, queuing: 8 groups x (tx pkts, tx bytes, drops, drop bytes), 7
    // ECN.
    CHECK(s.counters.size() == 2 * 2 + 3 + 8 * 4 + 7);
    auto nx = make_counter_reader("nxos");
    auto flat = parse_transcript(*nx, "sw# show queuing interface Ethernet1/1 | json\n{}\n", "n");
    REQUIRE_FALSE(flat);
    CHECK(flat.error().to_string() ==
          "line 2 (show queuing interface Ethernet1/1 | json): no "
          "TABLE_module/TABLE_queuing_interface/TABLE_qosgrp_egress_stats in the output");
    auto q9 = parse_transcript(*nx,
                               "sw# show queuing interface Ethernet1/1 | json\n"
                               "{\"TABLE_module\": {\"ROW_module\": {\"TABLE_queuing_interface\": "
                               "{\"ROW_queuing_interface\": {\"TABLE_qosgrp_egress_stats\": "
                               "{\"ROW_qosgrp_egress_stats\": {\"eq-qosgrp\": \"9\"}}}}}}}\n",
                               "n");
    REQUIRE_FALSE(q9);
    CHECK(q9.error().to_string() ==
          "line 2 (show queuing interface Ethernet1/1 | json): Ethernet1/1: eq-qosgrp '\"9\"'");
    CHECK(findings("nxos") ==
          std::vector<std::string>{
              "FAIL nxos1 Ethernet1/1 queue 3: PFC watchdog detected 1 storm(s)",
              "FAIL nxos1 Ethernet1/1 queue 3: PFC watchdog dropped 40 packets",
              "FAIL nxos1 Ethernet1/1 queue 3: 12 packets dropped on a lossless class",
              "FAIL nxos1 Ethernet1/1 all priorities: PFC storm, 90000 pause "
              "frames/s received (bound 1000/s)"});
  }

  TEST_CASE(
      "huawei-ce: two lines per queue, deadlocks and recoveries; queue drops and port ECN marks") {
    CounterSnapshot s = parsed("huawei-ce", "huawei-ce-before.txt", 0);
    CHECK(value(s, "100GE1/0/1", CounterScope::priority, 5, CounterKind::pause_rx_frames) == 12);
    CHECK(value(s, "100GE1/0/1", CounterScope::priority, 3, CounterKind::watchdog_restores) == 0);
    CHECK(value(s, "100GE1/0/1", CounterScope::queue, 6, CounterKind::queue_drops) == 0);
    CHECK(value(s, "100GE1/0/1", CounterScope::port, -1, CounterKind::ecn_marked) == 150);
    CHECK(value(s, "100GE1/0/2", CounterScope::port, -1, CounterKind::fcs_errors) == 0);
    CounterSnapshot a = parsed("huawei-ce", "huawei-ce-after.txt", 0);
    CHECK(value(a, "100GE1/0/1", CounterScope::queue, 3, CounterKind::queue_drops) == 12);
    // Bad FCS of every length: CRC 3 + Jabbers 40 (jumbo frames) + Fragments 1.
    CHECK(value(a, "100GE1/0/1", CounterScope::port, -1, CounterKind::fcs_errors) == 44);
    CHECK(findings("huawei-ce") ==
          std::vector<std::string>{
              "FAIL huawei-ce1 100GE1/0/1 priority 3: PFC watchdog detected 1 storm(s)",
              "FAIL huawei-ce1 100GE1/0/1 queue 3: 12 packets dropped on a lossless class",
              "WARN huawei-ce1 100GE1/0/1: 44 frames received with a bad FCS (a cable or optic "
              "losing what PFC cannot protect)"});
    CHECK(s.notes == std::vector<std::string>{
                         "display qos queue statistics: Huawei counts queue statistics exactly "
                         "only after 2 minutes; a shorter window may not show a drop yet"});
  }

  TEST_CASE("huawei-ce: interface error counters cleared between reads, and a block cut short") {
    auto reader = make_counter_reader("huawei-ce");
    auto errors = [&](uint64_t crc, uint64_t jabbers, double at_ms) {
      std::string t = fmt::format(
          "<HUAWEI> display interface counters errors\n\n"
          " interface 100GE1/0/1 Errors:\n"
          " CRC      :{:<20} Giants     :0\n"
          " Symbols  :0                    Alignments :0\n"
          " Runts    :0                    Jabbers    :{}\n"
          " Fragments:0                    OutDiscards:0\n",
          crc, jabbers);
      auto snap = parse_transcript(*reader, t, "leaf1");
      REQUIRE_MESSAGE(snap.has_value(), (snap ? "" : snap.error().to_string()));
      snap->taken_at_ms = at_ms;
      return *snap;
    };
    // `reset interface counters` between the reads: the new value, flagged.
    CounterWindow w = counter_window(errors(900, 100, 0), errors(2, 0, 1000));
    REQUIRE(w.deltas.size() == 1);
    CHECK(w.deltas[0].reset);
    CHECK(w.deltas[0].delta == 2);
    // The sum is a 64-bit count like its parts: a part past 2^64 wraps it.
    CounterWindow wrap = counter_window(errors(18446744073709551610u, 0, 0), errors(4, 0, 1000));
    REQUIRE(wrap.deltas.size() == 1);
    CHECK(wrap.deltas[0].wrapped);
    CHECK(wrap.deltas[0].delta == 10);
    auto cut = parse_transcript(*reader,
                                "<HUAWEI> display interface counters errors\n"
                                " interface 100GE1/0/1 Errors:\n"
                                " CRC      :0                    Giants     :0\n",
                                "leaf1");
    REQUIRE_FALSE(cut);
    CHECK(cut.error().message.find("100GE1/0/1: no 'Jabbers' count") != std::string::npos);
  }

  TEST_CASE("h3c: Prio Recv Send per interface and priority") {
    CounterSnapshot s = parsed("h3c", "h3c-before.txt", 0);
    CHECK(value(s, "HGE1/0/1", CounterScope::priority, 3, CounterKind::pause_rx_frames) == 178);
    CHECK(value(s, "HGE1/0/1", CounterScope::priority, 3, CounterKind::pause_tx_frames) == 43);
    CHECK(findings("h3c") ==
          std::vector<std::string>{
              "FAIL h3c1 HGE1/0/2 priority 3: PFC storm, 3000 pause frames/s sent (bound 1000/s)"});
    // Nothing moved, but H3C's queue drops and watchdog were not read: not a PASS.
    CounterWindow quiet = counter_window(s, parsed("h3c", "h3c-before.txt", 1000));
    CounterJudgement j = judge_counters({quiet}, rules_p3());
    CHECK(j.verdict == CounterVerdict::incomplete);
    CHECK(j.findings.empty());
    CHECK(j.not_judged == std::vector<std::string>{"queue drops", "watchdog"});
    CHECK(unjudged(j) == " (not read: queue drops, watchdog)");
  }

  TEST_CASE(
      "a 32-bit counter that wraps is counted through the wrap; one that drops near zero was "
      "cleared") {
    CounterSnapshot a, b;
    a.taken_at_ms = 0;
    b.taken_at_ms = 500;
    CounterKey k{"p1", CounterScope::priority, 3, CounterKind::pause_rx_frames};
    CounterKey k2{"p2", CounterScope::priority, 3, CounterKind::pause_rx_frames};
    a.set(k, {4294967290u, CounterUnit::frames, 32, false, false, "x"});
    b.set(k, {4, CounterUnit::frames, 32, false, false, "x"});
    a.set(k2, {1000, CounterUnit::frames, 32, false, false, "x"});
    b.set(k2, {3, CounterUnit::frames, 32, false, false, "x"});
    CounterWindow w = counter_window(a, b);
    REQUIRE(w.deltas.size() == 2);
    CHECK(w.deltas[0].wrapped);
    CHECK(w.deltas[0].delta == 10);
    CHECK(w.deltas[0].per_second == 20);
    CHECK(w.deltas[1].reset);
    CHECK(w.deltas[1].delta == 3);
  }

  TEST_CASE("reset-on-read counters are their own delta") {
    CounterSnapshot a, b;
    b.taken_at_ms = 1000;
    CounterKey k{"p1", CounterScope::queue, 3, CounterKind::queue_drops};
    a.set(k, {7, CounterUnit::packets, 64, true, false, "x"});
    b.set(k, {2, CounterUnit::packets, 64, true, false, "x"});
    CounterWindow w = counter_window(a, b);
    CHECK(w.deltas.at(0).delta == 2);
    CHECK_FALSE(w.deltas.at(0).reset);
  }

  TEST_CASE(
      "no ECN mark while a DCQCN profile was saturated warns; nothing read is not evaluated") {
    CounterWindow w;
    w.switch_name = "leaf1";
    w.window_ms = 1000;
    CounterDelta d;
    d.key = {"swp1", CounterScope::port, -1, CounterKind::ecn_marked};
    w.deltas.push_back(d);
    CounterRules r = rules_p3();
    r.dcqcn = true;
    // Not loaded: no ECN expectation, but pause, drops and watchdog were not read.
    CounterJudgement unloaded = judge_counters({w}, r);
    CHECK(unloaded.verdict == CounterVerdict::incomplete);
    CHECK(unloaded.not_judged == std::vector<std::string>{"pause", "queue drops", "watchdog"});
    r.loaded = true;
    CounterJudgement j = judge_counters({w}, r);
    CHECK(j.verdict == CounterVerdict::warn);
    REQUIRE(j.findings.size() == 1);
    CHECK(j.findings[0].text.starts_with("leaf1: no ECN marks on the ports read"));
    CHECK(judge_counters({}, r).verdict == CounterVerdict::not_evaluated);
  }

  TEST_CASE("a transcript without a command line, and an output of the wrong shape, are errors") {
    auto reader = make_counter_reader("sonic");
    auto none = parse_transcript(*reader, "hello\n", "s");
    REQUIRE_FALSE(none);
    CHECK(none.error().to_string().starts_with(
        "line 1: 'hello' is not a sonic counter output this reader recognises; the forms it "
        "reads:\n  show pfc counters  (sonic-net/sonic-utilities"));
    auto bad = parse_transcript(*reader, "admin@sonic:~$ show pfc counters\n% bad\n", "s");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().to_string() ==
          "line 2 (show pfc counters): no show pfc counters table in the output");
    auto eos = make_counter_reader("eos");
    auto notjson =
        parse_transcript(*eos, "sw#show interfaces counters errors | json\n{oops\n", "e");
    REQUIRE_FALSE(notjson);
    CHECK(notjson.error().to_string() ==
          "line 2 (show interfaces counters errors | json): output is not a JSON object");
  }

  TEST_CASE(
      "command-table readers (NX-OS, Huawei, H3C): whole-switch forms once, per-port forms "
      "per port, nothing else") {
    struct Want {
      const char* vendor;
      std::vector<std::string> commands;  // for ports p1, p2
      const char* refusal;
    };
    for (const Want& w :
         {Want{"nxos",
               {"show interface priority-flow-control",
                "show queuing pfc-queue interface p1 detail | json",
                "show queuing pfc-queue interface p2 detail | json",
                "show queuing interface p1 | json", "show queuing interface p2 | json"},
               "not an NX-OS counter command"},
          Want{"huawei-ce",
               {"display dcb pfc", "display qos queue statistics interface p1",
                "display qos queue statistics interface p2",
                "display qos ecn statistics interface p1",
                "display qos ecn statistics interface p2", "display interface counters errors"},
               "not a Huawei counter command"},
          Want{"h3c", {"display priority-flow-control interface"}, "not an H3C counter command"}}) {
      INFO(w.vendor);
      auto r = make_counter_reader(w.vendor);
      REQUIRE(r);
      std::vector<CounterCommand> cmds = r->commands({"p1", "p2"});
      std::vector<std::string> sent;
      for (const CounterCommand& c : cmds) {
        sent.push_back(c.command);
        auto back = r->recognise(c.command);
        REQUIRE(back.has_value());
        CHECK(back->port == c.port);
        CHECK((c.port.empty() || c.command.find(c.port) != std::string::npos));
      }
      CHECK(sent == w.commands);
      CHECK_FALSE(r->recognise("show running-config").has_value());
      CounterSnapshot snap;
      Status st = r->parse({"show running-config", ""}, "", snap);
      REQUIRE_FALSE(st);
      CHECK(st.error().kind == ErrorKind::unsupported);
      CHECK(st.error().message == w.refusal);
      CHECK(snap.counters.empty());
    }
    // A per-port form names one interface: a pipe is not one; Huawei's type and
    // number as its reference types them ("100ge 1/0/1") are.
    auto hw = make_counter_reader("huawei-ce");
    auto spaced = hw->recognise("display qos queue statistics interface 100ge 1/0/1");
    REQUIRE(spaced.has_value());
    CHECK(spaced->port == "100GE1/0/1");
    CHECK_FALSE(hw->recognise("display qos queue statistics interface 100ge 1/0/1 | x"));
    auto nx = make_counter_reader("nxos");
    CHECK_FALSE(
        nx->recognise("show queuing pfc-queue interface e1/1 detail | json | x").has_value());
    CHECK_FALSE(nx->recognise("show queuing interface e1/1").has_value());
    auto q = nx->recognise("show queuing interface Ethernet1/2 | json");
    REQUIRE(q.has_value());
    CHECK(q->port == "Ethernet1/2");
  }
}

}  // namespace rocecfg::sw::testing
