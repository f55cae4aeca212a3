// SONiC adapter offline: golden renders, the CONFIG_DB parser on captured
// configs (legacy [TABLE|key] and bare references), exact restore, refusals.
#include <doctest/doctest.h>

#include <algorithm>

#include <fmt/format.h>
#include "require_ok.h"

#include "sonic/sonic.h"
#include "switch/engine.h"
#include "switch/state_view.h"
#include "switch/validate.h"
#include "vendor_fixtures.h"

namespace rocecfg::sw::testing {

TEST_SUITE("sonic offline") {
  // CONFIG_DB is identified by its table names and shape in every saved
  // form (config_db_text.cpp); JSON of another schema is refused (issue 31).
  TEST_CASE("SONiC: JSON of another schema is refused; the flat and wrapped forms are read") {
    auto a = make_adapter("sonic");
    const std::string expected =
        "not a sonic config: expected a CONFIG_DB JSON dump (/etc/sonic/config_db.json, `show "
        "runningconfiguration all`, or the flat \"TABLE|key\" form of sonic-db-dump / "
        "redis-dump / show techsupport); ";
    auto pkg = a->parse(R"({"name": "web", "version": "1.0.0", "dependencies": {}})");
    REQUIRE_FALSE(pkg);
    CHECK(pkg.error().to_string() == expected + "\"dependencies\" is not a CONFIG_DB table");
    auto lower = a->parse(R"({"port|Ethernet0": {"mtu": "9100"}})");
    REQUIRE_FALSE(lower);
    CHECK(lower.error().to_string() == expected + "\"port|Ethernet0\" is not a CONFIG_DB table");
    auto none = a->parse(R"({"SYSLOG_SERVER": {"192.0.2.5": {}}})");
    REQUIRE_FALSE(none);
    CHECK(none.error().to_string() == expected + "none of its tables is a port or QoS table");
    // The same entry in the three forms reads the same.
    auto nested = a->parse(R"({"PORT": {"Ethernet0": {"mtu": "9000"}}})");
    auto flat = a->parse(R"({"PORT|Ethernet0": {"mtu": "9000"}})");
    auto wrapped = a->parse(
        R"({"PORT|Ethernet0": {"type": "hash", "ttl": -0.001, "expireat": 1.0, "value": {"mtu": "9000"}},)"
        R"( "LOCK|x": {"type": "string", "ttl": -0.001, "expireat": 1.0, "value": "y"}})");
    REQUIRE_OK(nested);
    REQUIRE_OK(flat);
    REQUIRE_OK(wrapped);
    CHECK(nested->ports == flat->ports);
    CHECK(nested->ports == wrapped->ports);
    CHECK(*wrapped->ports.at("Ethernet0").mtu_bytes == 9000);
    CHECK(wrapped->recognised_as ==
          "CONFIG_DB flat TABLE|key dump; passed over 1 Redis keys that are not hashes");
    // A capture: prompt and command before, a bare prompt after.
    auto capture = a->parse(
        "admin@sonic:~$ show runningconfiguration all\n{\"PORT\": {\"Ethernet0\": {\"mtu\": "
        "\"9000\"}}}\nadmin@sonic:~$\n");
    REQUIRE_OK(capture);
    CHECK(capture->ports == nested->ports);
  }

  TEST_CASE("golden: the standard profile rendered for SONiC") {
    CHECK(golden_mismatch("sonic/standard.txt",
                          joined(rendered("sonic", {"Ethernet0,Ethernet4"}))) == "");
  }

  TEST_CASE("golden: SONiC schedulers, cable length and lossless headroom") {
    model::Settings intent = standard_profile();
    intent.buffers.emplace();
    intent.buffers->cable_length_m = 30;
    intent.buffers->headroom_bytes = 65536;
    CHECK(golden_mismatch("sonic/buffers.txt", joined(rendered("sonic", {"Ethernet0"}, intent))) ==
          "");
  }

  TEST_CASE("SONiC: ETS other than the identity queue map is refused, not approximated") {
    model::Settings intent = standard_profile();
    intent.ets->prio_tc = model::prio_tc_array({0, 0, 0, 3, 0, 0, 6, 0});
    auto a = make_adapter("sonic");
    Diagnostics warnings;
    auto c = render_all(*a, intent, {"Ethernet0"}, warnings);
    REQUIRE_FALSE(c);
    CHECK(c.error().to_string() ==
          "Ethernet0: SONiC: rocecfg schedules queues and keeps the port's identity "
          "TC_TO_QUEUE map; ets.prio_tc must be 0,1,2,3,4,5,6,7");
  }

  TEST_CASE("SONiC: a pfcwd time outside sonic-pfcwd.yang is refused, never clamped") {
    // issue 19 defect 4: `config pfcwd start` refuses detection below 100 ms.
    auto a = make_adapter("sonic");
    for (auto [detect, restore] : {std::pair{50u, 200u}, {200u, 50u}, {5001u, 200u}}) {
      model::Settings intent = standard_profile();
      intent.pfc_watchdog = model::PfcWatchdog{detect, restore, model::WatchdogAction::drop};
      Diagnostics warnings;
      auto c = render_all(*a, intent, {"Ethernet0"}, warnings);
      REQUIRE_FALSE(c);
      CHECK(c.error().to_string() ==
            fmt::format("pfc_watchdog: sonic pfcwd takes detection 100..5000 ms and restoration "
                        "100..60000 ms (sonic-pfcwd.yang); the profile asks {} ms / {} ms",
                        detect, restore));
      // The same check, before anything is rendered (`rocecfg validate --inventory`).
      CHECK(a->check_intent(intent).error().to_string() == c.error().to_string());
    }
    model::Settings edge = standard_profile();
    edge.pfc_watchdog = model::PfcWatchdog{100, 60000, model::WatchdogAction::drop};
    Diagnostics warnings;
    CHECK(render_all(*a, edge, {"Ethernet0"}, warnings));
  }

  TEST_CASE("SONiC: a port range must say its step; ports are numbered by their first lane") {
    // issue 19 defect 4: Ethernet0-124 named 125 ports where a 4-lane
    // platform has 32 (Ethernet0, Ethernet4, ...).
    auto a = make_adapter("sonic");
    auto r = a->expand_interfaces({"Ethernet0-124"});
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "Ethernet0-124: a SONiC port range needs its step: ports are numbered by their first "
          "lane (Ethernet0, Ethernet4, ...); write e.g. Ethernet0-124/4, or /1 where every "
          "number is a port");
    CHECK_FALSE(a->expand_interfaces({"Ethernet8,Ethernet0-Ethernet4"}));
    CHECK(*a->expand_interfaces({"Ethernet0-12/4", "Ethernet64"}) ==
          std::vector<std::string>{"Ethernet0", "Ethernet4", "Ethernet8", "Ethernet12",
                                   "Ethernet64"});
    CHECK(a->expand_interfaces({"Ethernet0-3/1"})->size() == 4);
    CHECK(*a->expand_interfaces({"Ethernet0,Ethernet4"}) ==
          std::vector<std::string>{"Ethernet0", "Ethernet4"});
  }

  // Issue 19 item 4: the watchdog runs on PORT_QOS_MAP.pfcwd_sw_enable's queues
  // (sonic-port-qos-map.yang), the factory's 3,4; `config interface pfc
  // priority` edits only pfc_enable (sonic-utilities pfc/main.py).
  TEST_CASE(
      "SONiC: a lossless priority outside pfcwd_sw_enable has no watchdog; the push sets it") {
    auto a = make_adapter("sonic");
    const std::string db = R"({
      "PORT": {"Ethernet0": {"mtu": "9216"}},
      "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,5", "pfcwd_sw_enable": "3,4"}},
      "PFC_WD": {"Ethernet0": {"action": "drop", "detection_time": "200",
                               "restoration_time": "200"}}
    })";
    auto st = a->parse(db);
    REQUIRE_OK(st);
    CHECK_FALSE(st->ports.at("Ethernet0").pfc_watchdog);
    REQUIRE(st->notes.size() == 1);
    CHECK(st->notes[0] ==
          "Ethernet0: pfcwd_sw_enable '3,4' leaves lossless priorities 5 unwatched");

    model::Settings intent;
    intent.pfc_enabled = PriorityMask((1u << 3) | (1u << 5));
    intent.pfc_watchdog = model::PfcWatchdog{200, 200, model::WatchdogAction::drop};
    SwitchResult r = audit_config(*a, db, intent, {"Ethernet0"});
    CHECK(r.outcome == SwitchOutcome::drift);
    REQUIRE(r.plan.changes() == 1);
    Diagnostics warnings;
    auto lines = a->render(a->representable(intent, warnings), {"Ethernet0"}, r.plan, warnings);
    REQUIRE_OK(lines);
    CHECK(std::find(lines->begin(), lines->end(),
                    "sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|Ethernet0' pfcwd_sw_enable 3,5") !=
          lines->end());

    // Written as the push writes it, the watchdog covers both: in sync.
    const std::string fixed = R"({
      "PORT": {"Ethernet0": {"mtu": "9216"}},
      "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,5", "pfcwd_sw_enable": "3,5"}},
      "PFC_WD": {"Ethernet0": {"action": "drop", "detection_time": "200",
                               "restoration_time": "200"}}
    })";
    CHECK(audit_config(*a, fixed, intent, {"Ethernet0"}).outcome == SwitchOutcome::in_sync);
  }

  // Issue 19 item 4: on the traditional buffer model buffermgrd rebinds the
  // lossless PGs on every pfc_enable change (sonic-swss cfgmgr/buffermgr.cpp).
  TEST_CASE(
      "SONiC: the buffer model is read: a fixed headroom on traditional is said to not hold") {
    auto a = make_adapter("sonic");
    auto db = [](const char* model) {
      return fmt::format(R"({{
        "DEVICE_METADATA": {{"localhost": {{"buffer_model": "{}"}}}},
        "PORT": {{"Ethernet0": {{"mtu": "9216"}}}},
        "PORT_QOS_MAP": {{"Ethernet0": {{"pfc_enable": "3"}}}},
        "BUFFER_POOL": {{"ingress_lossless_pool": {{"mode": "dynamic"}}}},
        "BUFFER_PROFILE": {{"rocecfg_lossless_65536": {{"pool": "ingress_lossless_pool",
                            "xon": "18432", "xoff": "65536", "size": "83968", "dynamic_th": "0"}}}},
        "BUFFER_PG": {{"Ethernet0|3": {{"profile": "rocecfg_lossless_65536"}}}}
      }})",
                         model);
    };
    auto traditional = a->parse(db("traditional"));
    REQUIRE_OK(traditional);
    CHECK(std::find(traditional->notes.begin(), traditional->notes.end(),
                    "traditional buffer model: buffermgrd rebinds BUFFER_PG Ethernet0|3 to its "
                    "pg_profile_lookup.ini profile on the next pfc_enable change") !=
          traditional->notes.end());
    auto dynamic = a->parse(db("dynamic"));
    REQUIRE_OK(dynamic);
    CHECK(dynamic->notes.empty());
    // swss starts buffermgrd with the lookup file for anything but "dynamic"
    // (buffermgrd.sh), an absent field included: that is traditional too.
    std::string absent = db("x");
    absent.replace(absent.find(R"("buffer_model": "x")"), 19, R"("hostname": "leaf1")");
    auto unset = a->parse(absent);
    REQUIRE_OK(unset);
    CHECK(unset->notes == traditional->notes);
  }

  // pg_profile_lookup.ini as buffermgrd reads it (readPgProfileLookupFile):
  // '#' in the first column and empty lines skipped, leading blanks allowed.
  TEST_CASE("SONiC: pg_profile_lookup.ini rows by speed and cable length") {
    sonic::PgLookup rows = sonic::parse_pg_lookup(
        "# PG lossless profiles.\n"
        "# speed cable size    xon  xoff threshold xon_offset\n"
        "  10000  5m   4608    4608 160000   0        4608\n"
        "\n"
        " 100000  40m  4608    4608 160000   0        4608\n"
        " 100000  300m 4608    4608 160000   0\n");
    CHECK(rows == sonic::PgLookup{{"10000", {"5m"}}, {"100000", {"300m", "40m"}}});
    CHECK(sonic::pg_lookup_path("x86_64-arista_7050cx3_32s", "Arista-7050CX3-32S-C32") ==
          "/usr/share/sonic/device/x86_64-arista_7050cx3_32s/Arista-7050CX3-32S-C32/"
          "pg_profile_lookup.ini");
  }

  TEST_CASE("SONiC: legacy [TABLE|key] and bare-name references give identical results") {
    auto a = make_adapter("sonic");
    auto legacy = a->parse(read_test_file("captured/sonic-legacy-config_db.json"));
    auto bare = a->parse(read_test_file("captured/sonic-bare-config_db.json"));
    REQUIRE_OK(legacy);
    REQUIRE_OK(bare);
    CHECK(legacy->global == bare->global);
    CHECK(legacy->ports == bare->ports);
    CHECK(legacy->policies == bare->policies);
    const model::Settings& e0 = legacy->ports.at("Ethernet0");
    CHECK(*e0.mtu_bytes == 9216);
    CHECK(e0.pfc_enabled->to_string() == "3");
    CHECK(e0.ecn_priorities->to_string() == "3,4");  // the range key "Ethernet0|3-4"
    CHECK(e0.trust == model::Trust::dscp);
    CHECK(model::knob_value_text(e0, model::Knob::pfc_watchdog) ==
          "detect=200ms restore=200ms action=drop");
    const model::Settings& e4 = legacy->ports.at("Ethernet4");
    CHECK(e4.pfc_enabled->to_string() == "3,4");
    CHECK_FALSE(e4.pfc_watchdog);
    CHECK(model::knob_value_text(legacy->global, model::Knob::ecn) == "min=150KB max=1500KB p=10%");
    // The map both ports bind is theirs, not the switch's (no "global" entry).
    CHECK_FALSE(legacy->global.dscp_priority);
    CHECK(e0.dscp_priority->at(Dscp::unchecked(26)) == 3);
    CHECK(e4.dscp_priority == e0.dscp_priority);
    // Schedulers through references and range keys; queue 5 and 7 unbound;
    // DWRR weights 14/14/14/15/15 as shares of 100.
    CHECK(model::knob_value_text(e0, model::Knob::ets) ==
          "prio_tc=0,1,2,3,4,5,6,7 tsa=ets,ets,ets,ets,ets,ets,strict,ets bw=20,19,19,21,21,0,0,0");
    CHECK(model::knob_value_text(e4, model::Knob::ets) ==
          "prio_tc=0,1,2,3,4,5,6,7 tsa=ets,ets,ets,ets,ets,ets,ets,ets bw=0,0,0,0,0,0,0,0");
    // Headroom is the xoff of the static profile on the lossless PG; a
    // "NULL" profile (dynamic model) has no fixed headroom but still marks
    // its PGs lossless, the range key "3-4" as PGs 3 and 4.
    CHECK(model::knob_value_text(e0, model::Knob::buffers) ==
          "cable_length=40m headroom=49KiB lossless_pgs=3");
    CHECK(model::knob_value_text(e4, model::Knob::buffers) == "cable_length=300m lossless_pgs=3,4");
    CHECK(e4.buffers->lossless_pgs == std::vector<PriorityMask>{PriorityMask(0x18)});
    CHECK(legacy->notes.empty());
  }

  // Issue 31: one DSCP_TO_TC map bound to some ports was shown as the whole
  // switch's, so an unbound port read as classifying by it.
  TEST_CASE("SONiC: a DSCP map bound to some ports is theirs; an unbound port has none") {
    auto st = make_adapter("sonic")->parse(R"({
      "PORT": {"Ethernet0": {"mtu": "9100"}, "Ethernet4": {"mtu": "9100"}},
      "DSCP_TO_TC_MAP": {"AZURE": {"26": "3", "48": "6"}},
      "PORT_QOS_MAP": {"Ethernet0": {"dscp_to_tc_map": "AZURE", "pfc_enable": "3"}}})");
    REQUIRE_OK(st);
    CHECK_FALSE(st->global.dscp_priority);
    CHECK(st->ports.at("Ethernet0").dscp_priority == model::dscp_priority_map({{26, 3}, {48, 6}}));
    CHECK_FALSE(st->ports.at("Ethernet4").dscp_priority);
    CHECK(knob_view(*st, "Ethernet4", model::Knob::dscp_map).source == Source::not_in_file);
    CHECK(knob_view(*st, "", model::Knob::dscp_map).source == Source::not_in_file);
    CHECK(st->policies.at("dscp_to_tc_map AZURE") == std::vector<std::string>{"Ethernet0"});
  }

  TEST_CASE("SONiC: exact restore rewrites only rocecfg's tables, referenced entries first") {
    auto a = make_adapter("sonic");
    // Before: factory PG range 3-4 on pg_lossless; now: rocecfg's per-PG 4,
    // a new profile, an MTU change, and a VLAN someone else added meanwhile.
    const char* before = R"({"PORT": {"Ethernet0": {"mtu": "9100", "speed": "100000"}},
        "BUFFER_PROFILE": {"pg_lossless": {"pool": "ingress_lossless_pool", "xoff": "34816"}},
        "BUFFER_PG": {"Ethernet0|3-4": {"profile": "pg_lossless"}}})";
    const char* now = R"({"PORT": {"Ethernet0": {"mtu": "9216", "speed": "100000"}},
        "BUFFER_PROFILE": {"pg_lossless": {"pool": "ingress_lossless_pool", "xoff": "34816"},
                           "rocecfg_lossless_65536": {"pool": "ingress_lossless_pool"}},
        "BUFFER_PG": {"Ethernet0|4": {"profile": "rocecfg_lossless_65536"}},
        "VLAN": {"Vlan10": {"vlanid": "10"}}})";
    auto undo = a->restore_commands(before, now);
    REQUIRE(undo);
    CHECK(*undo == std::vector<std::string>{
                       "sonic-db-cli CONFIG_DB DEL 'BUFFER_PG|Ethernet0|4'",
                       "sonic-db-cli CONFIG_DB HSET 'PORT|Ethernet0' 'mtu' '9100'",
                       "sonic-db-cli CONFIG_DB HSET 'BUFFER_PG|Ethernet0|3-4' 'profile' "
                       "'pg_lossless'",
                       "sonic-db-cli CONFIG_DB DEL 'BUFFER_PROFILE|rocecfg_lossless_65536'",
                   });
    for (const std::string& c : *undo) CHECK(check_command(c));
    // A value no single-quoted word can carry: no exact restore, the engine
    // replays the observed values instead.
    CHECK_FALSE(a->restore_commands(R"({"PORT": {"Ethernet0": {"alias": "it's"}}})",
                                    R"({"PORT": {"Ethernet0": {"alias": "x"}}})"));
  }

  TEST_CASE("SONiC: a scheduler reference to nothing is an error naming the queue") {
    auto a = make_adapter("sonic");
    auto r = a->parse(R"({"PORT": {"Ethernet0": {}},
                          "QUEUE": {"Ethernet0|3": {"scheduler": "[SCHEDULER|gone]"}}})");
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() ==
          "QUEUE|Ethernet0|3: scheduler \"gone\" is not in the SCHEDULER table");
  }

  TEST_CASE("SONiC: garbage is an error that names the table") {
    auto a = make_adapter("sonic");
    auto r = a->parse(R"({"PORT": {"Ethernet0": {"mtu": "9k"}}})");
    REQUIRE_FALSE(r);
    CHECK(r.error().to_string() == "PORT|Ethernet0.mtu: expected a number, got \"9k\"");
    CHECK_FALSE(a->parse("not json"));
  }
}

}  // namespace rocecfg::sw::testing
