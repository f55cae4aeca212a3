// The field (issue 31): whole real public configs from ../shared/wild-configs
// (its README names each file's repository, path, commit and licence), read
// by the four CLI readers. Every EOS, NX-OS, Huawei CE and H3C file is read
// with no refusal, whatever else it holds (aaa, dot1x, igmp-snooping, an
// elided "(...)" line); the QoS values the files state are checked against
// values written by hand from their text; every foreign file, and every
// other vendor's file, is refused by each of the four. Prints per file how
// many statements the reader passed over (not QoS) and listed as QoS not
// understood.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "files.h"
#include "wild_corpus.h"
#include "switch/adapter.h"
#include "switch/state_view.h"

namespace rocecfg::sw {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kCliVendors{"eos", "nxos", "huawei-ce", "h3c"};

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Hand-written from each file's text (grep the stanza, read the line): the
// MTU and trust of the ports that state one. Nothing else in these files is
// lossless QoS (wild-configs/README.md: "QoS: MTU only" / "no").
struct Want {
  std::vector<std::string> ports;
  std::string knob;
  std::string value;  // knob_view's JSON
};
const std::map<std::string, std::vector<Want>>& hand_checked() {
  static const std::map<std::string, std::vector<Want>> m{
      // interface Ethernet1..4 / mtu 9114 (Vlan interfaces are not ports)
      {"eos/aclabs-A-LEAF3-4.36.1F.cfg",
       {{{"Ethernet1", "Ethernet2", "Ethernet3", "Ethernet4"}, "mtu", "9114"}}},
      {"eos/aclabs-A-SPINE1-mlag.cfg", {{{"Ethernet5", "Ethernet6"}, "mtu", "9214"}}},
      {"eos/avd-cv-pathfinder-site1-wan1.cfg", {{{"Ethernet1", "Ethernet2"}, "mtu", "9214"}}},
      {"eos/avd-dual-dc-dc1-leaf2a.cfg",
       {{{"Ethernet1", "Ethernet2", "Ethernet6"}, "mtu", "1500"}}},
      {"eos/swamaki-ceos-DC1_LEAF1A-runcfg.txt", {{{"Ethernet1", "Ethernet2"}, "mtu", "9214"}}},
      // interface Ten-GigabitEthernet1/0/1 / qos trust dscp
      {"h3c/netutils-comware7-NTC123456.txt",
       {{{"Ten-GigabitEthernet1/0/1"}, "trust", "\"dscp\""}}},
  };
  return m;
}

TEST_SUITE("wild") {
  TEST_CASE("every real EOS, NX-OS, Huawei CE and H3C config is read, its stated QoS exactly") {
    auto dir = test::wild_corpus_dir();
    if (!dir) return;
    size_t read = 0, files = 0, checked = 0;
    for (const std::string& vendor : kCliVendors) {
      auto adapter = make_adapter(vendor);
      REQUIRE(adapter);
      for (const fs::path& f : files_in(*dir / vendor)) {
        std::string key = vendor + "/" + f.filename().string();
        CAPTURE(key);
        ++files;
        auto st = adapter->parse(test::read_file(f.string()));
        CHECK_MESSAGE(st, (st ? "" : st.error().to_string()));
        if (!st) continue;
        ++read;
        fmt::print(
            "wild: {:<48} read as {}: {} statements passed over, {} QoS lines not "
            "understood\n",
            key, st->recognised_as, st->passed_over, st->not_understood.size());
        auto it = hand_checked().find(key);
        if (it == hand_checked().end()) continue;
        for (const Want& w : it->second)
          for (const std::string& port : w.ports) {
            CAPTURE(port);
            REQUIRE(st->ports.contains(port));
            bool found = false;
            for (model::Knob k : switch_knobs())
              if (model::knob_name(k) == w.knob) {
                found = true;
                CHECK(knob_view(*st, port, k).value.dump() == w.value);
                ++checked;
              }
            CHECK(found);
          }
      }
    }
    fmt::print("wild: {} of {} EOS/NX-OS/Huawei CE/H3C files read, {} hand-checked values\n", read,
               files, checked);
    CHECK(files >= 18);
    CHECK(read == files);
    CHECK(checked == 14);
  }

  TEST_CASE("every foreign file and every other vendor's file is refused by each CLI reader") {
    auto dir = test::wild_corpus_dir();
    if (!dir) return;
    size_t refused = 0, tried = 0;
    for (const std::string& vendor : kCliVendors) {
      auto adapter = make_adapter(vendor);
      for (std::string_view owner :
           {"foreign", "eos", "nxos", "huawei-ce", "h3c", "cumulus", "sonic"}) {
        if (owner == vendor) continue;
        for (const fs::path& f : files_in(*dir / std::string(owner))) {
          CAPTURE(vendor);
          CAPTURE(f.string());
          ++tried;
          auto st = adapter->parse(test::read_file(f.string()));
          CHECK_FALSE(st);
          if (st) continue;
          ++refused;
          CHECK(st.error().context == "not a " + vendor + " running-config");
        }
      }
    }
    fmt::print("wild: {} of {} foreign or other-vendor files refused by the CLI readers\n", refused,
               tried);
    CHECK(refused == tried);
    CHECK(tried >= 4 * 30);
  }
}

}  // namespace
}  // namespace rocecfg::sw
