// Whole real public configs (../shared/wild-configs, sources in its
// README.md) read by the SONiC and Cumulus readers (issue 31): every config
// read with no refusal, QoS values checked where the file states any --
// written by hand from the file's text and the SONiC YANG models / NVIDIA
// documents, never from our parser's output -- and every file of foreign/
// refused by both readers. Prints, per file, how much the reader passed
// over. The counters-*.txt files are outputs, not configs (counters tests).
// Run by CTest switch.wild_sonic_cumulus; skipped (77) with the reason
// where ../shared is absent, a failure under ROCECFG_NO_SKIP=1.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/capture.h"
#include "files.h"
#include "switch/adapter.h"
#include "switch/state_view.h"

namespace rocecfg::sw {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path wild_dir() {
  return fs::path(ROCECFG_SOURCE_DIR) / ".." / "shared" / "wild-configs";
}

void require_wild() {
  if (fs::is_directory(wild_dir())) return;
  std::string why = fmt::format("{} is absent", wild_dir().string());
  const char* no_skip = std::getenv("ROCECFG_NO_SKIP");
  if (no_skip && std::string(no_skip) == "1") FAIL(why << " (ROCECFG_NO_SKIP=1)");
  fmt::print("SKIP: {}\n", why);
  std::exit(77);
}

std::vector<fs::path> files_in(const std::string& sub) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(wild_dir() / sub))
    if (e.is_regular_file() && !e.path().filename().string().starts_with("counters-"))
      out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The counts fold_passed_over put after the form in `recognised_as`.
size_t passed_over(const SwitchState& st) {
  size_t n = 0;
  const std::string& r = st.recognised_as;
  for (size_t at = r.find(kPassedOverPrefix); at != std::string::npos;
       at = r.find(kPassedOverPrefix, at + 1))
    n += std::stoul(r.substr(at + kPassedOverPrefix.size()));
  return n;
}

// The value and source of a knob as `show switch --json` prints them.
std::string view(const SwitchState& st, const std::string& port, model::Knob k) {
  KnobView v = knob_view(st, port, k);
  return fmt::format("{} {}", v.value.dump(), to_string(v.source));
}

TEST_SUITE("wild_sonic_cumulus" * doctest::skip()) {
  TEST_CASE("every SONiC and Cumulus wild config is read; QoS values as the text states") {
    require_wild();
    std::map<std::string, SwitchState> read;
    for (const std::string vendor : {"sonic", "cumulus"}) {
      auto adapter = make_adapter(vendor);
      for (const fs::path& f : files_in(vendor)) {
        CAPTURE(f.string());
        auto st = adapter->parse(test::read_file(f.string()));
        REQUIRE_MESSAGE(st, (st ? "" : st.error().to_string()));
        fmt::print("wild: {}/{}: {} ports, passed over {} (read as {})\n", vendor,
                   f.filename().string(), st->ports.size(), passed_over(*st), st->recognised_as);
        read[vendor + "/" + f.filename().string()] = std::move(*st);
      }
    }
    using model::Knob;
    // inventec D7032Q28B qos.json: PORT_QOS_MAP "Ethernet0,...,Ethernet124"
    // pfc_enable "3,4" and dscp_to_tc_map AZURE; QUEUE "<same ports>|3-4"
    // wred_profile AZURE_LOSSLESS: ecn_all, green 104000..312000 bytes, no
    // green_drop_probability (YANG default 100); AZURE maps DSCP 3 -> 3, 4 -> 4.
    const SwitchState& inv = read.at("sonic/inventec-d7032q28b-qos.json");
    CHECK(inv.ports.size() == 32);
    for (const std::string p : {"Ethernet0", "Ethernet64", "Ethernet124"}) {
      CAPTURE(p);
      CHECK(view(inv, p, Knob::pfc) == "[3,4] configured");
      CHECK(view(inv, p, Knob::trust) == "\"dscp\" configured");
      CHECK(view(inv, p, Knob::ecn_priorities) == "[3,4] configured");
      CHECK(
          view(inv, p, Knob::ecn) ==
          R"({"mark_probability_percent":100,"max_threshold_bytes":312000,"min_threshold_bytes":104000} configured)");
    }
    // centec ES6220 qos.json: PORT_QOS_MAP "Ethernet1,...,Ethernet54" pfc
    // 3,4; its WRED profiles state no `ecn` (YANG default ecn_none: drop,
    // no marking), so no queue marks.
    const SwitchState& cen = read.at("sonic/centec-es6220-qos.json");
    CHECK(cen.ports.size() == 54);
    for (const std::string p : {"Ethernet1", "Ethernet54"}) {
      CAPTURE(p);
      CHECK(view(cen, p, Knob::pfc) == "[3,4] configured");
      CHECK(view(cen, p, Knob::trust) == "\"dscp\" configured");
      CHECK(view(cen, p, Knob::ecn_priorities).starts_with("[] "));
    }
    // The YANG sample: two DSCP_TO_TC maps bound to different ports,
    // Ethernet0 -> Dscp_to_tc_map1 {1:1, 2:2}, Ethernet4 -> Dscp_to_tc_map2
    // {3:3, 4:4}; Ethernet0's queues 0 and 1 use Wred1 (ecn_all, green
    // 1024000..2048000 bytes, 50 %).
    const SwitchState& yang = read.at("sonic/yang-models-sample_config_db.json");
    CHECK(view(yang, "Ethernet0", Knob::dscp_map) == R"({"1":1,"2":2} configured)");
    CHECK(view(yang, "Ethernet4", Knob::dscp_map) == R"({"3":3,"4":4} configured)");
    CHECK(view(yang, "Ethernet0", Knob::ecn_priorities) == "[0,1] configured");
    CHECK(
        view(yang, "Ethernet0", Knob::ecn) ==
        R"({"mark_probability_percent":50,"max_threshold_bytes":2048000,"min_threshold_bytes":1024000} configured)");
    CHECK(view(yang, "Ethernet0", Knob::pfc) == "[3,4] configured");
    CHECK(view(yang, "Ethernet4", Knob::pfc) == "[3,4] configured");
    // sonic-mgmt PE1: PORT Ethernet0 mtu "9100", no QoS table.
    const SwitchState& pe1 = read.at("sonic/sonic-mgmt-7nodes-cisco-PE1.json");
    CHECK(view(pe1, "Ethernet0", Knob::mtu) == "9100 configured");
    CHECK(view(pe1, "Ethernet0", Knob::pfc) == "[] default");
    // Cumulus: none of the five states QoS (README): nothing configured.
    for (const auto& [name, st] : read) {
      if (!name.starts_with("cumulus/")) continue;
      CAPTURE(name);
      CHECK(configured_knobs(st) == 0);
    }
    // The CL 5.4 traffic.conf holds hashing and DoS keys only: no port, no QoS.
    CHECK(read.at("cumulus/oxidized-vx-5.4.0-traffic.conf").ports.empty());
    CHECK(passed_over(read.at("cumulus/oxidized-vx-5.4.0-traffic.conf")) == 26);
    // The count `show switch --json` prints is the sum of what recognised_as says.
    for (const auto& [key, st] : read) CHECK_MESSAGE(st.passed_over == passed_over(st), key);
  }

  TEST_CASE("every foreign wild config is refused by the SONiC and Cumulus readers") {
    require_wild();
    size_t refused = 0, files = 0;
    for (const fs::path& f : files_in("foreign")) {
      ++files;
      for (const std::string vendor : {"sonic", "cumulus"}) {
        CAPTURE(vendor);
        CAPTURE(f.string());
        auto st = make_adapter(vendor)->parse(test::read_file(f.string()));
        CHECK_FALSE(st);
        refused += !st;
      }
    }
    fmt::print("wild: {} foreign files, {} refusals by sonic and cumulus\n", files, refused);
    CHECK(files >= 10);
  }
}

}  // namespace
}  // namespace rocecfg::sw
