// The real-world corpus (issue 20): configs and `show` outputs written in the
// shape of public examples (each file's header names the one it mirrors),
// parsed by their vendor's adapter and scored field by field against an
// expected-values file written by hand from the file's text and the vendor's
// documentation -- never from our parser's output. See
// tests/switch/corpus/README.md for the expected-values format.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "files.h"
#include "model/knob.h"
#include "switch/adapter.h"
#include "switch_fixtures.h"

namespace rocecfg::sw {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

fs::path corpus_dir() {
  return fs::path(ROCECFG_SOURCE_DIR) / "tests/switch/corpus";
}

// The knobs every port group is scored on, by their expected-values key.
const std::vector<std::pair<std::string, model::Knob>>& scored_knobs() {
  static const std::vector<std::pair<std::string, model::Knob>> k{
      {"mtu", model::Knob::mtu},
      {"pfc", model::Knob::pfc},
      {"trust", model::Knob::trust},
      {"dscp_map", model::Knob::dscp_map},
      {"ecn_priorities", model::Knob::ecn_priorities},
      {"ecn", model::Knob::ecn},
      {"ets", model::Knob::ets},
      {"pfc_watchdog", model::Knob::pfc_watchdog},
      {"buffers", model::Knob::buffers},
      {"cnp", model::Knob::cnp}};
  return k;
}

json priorities(PriorityMask m) {
  json out = json::array();
  for (unsigned p = 0; p < 8; ++p)
    if (m.has(Priority::unchecked(p))) out.push_back(p);
  return out;
}

// A knob's value in the expected-values file's (tool-independent) shape;
// null when absent.
json value_of(const model::Settings& s, model::Knob k) {
  using model::Knob;
  switch (k) {
    case Knob::mtu:
      return s.mtu_bytes ? json(*s.mtu_bytes) : json();
    case Knob::pfc:
      return s.pfc_enabled ? priorities(*s.pfc_enabled) : json();
    case Knob::trust:
      return s.trust ? json(model::to_string(*s.trust)) : json();
    case Knob::dscp_map: {
      if (!s.dscp_priority) return json();
      json m = json::object();
      for (auto [d, p] : *s.dscp_priority) m[std::to_string(d)] = p;
      return m;
    }
    case Knob::ecn_priorities:
      return s.ecn_priorities ? priorities(*s.ecn_priorities) : json();
    case Knob::ecn:
      if (!s.ecn) return json();
      return {{"min_bytes", s.ecn->min_threshold_bytes},
              {"max_bytes", s.ecn->max_threshold_bytes},
              {"probability_percent", s.ecn->mark_probability_percent}};
    case Knob::ets: {
      if (!s.ets) return json();
      json tsa = json::array(), bw = json::array();
      for (unsigned t = 0; t < 8; ++t) {
        tsa.push_back(model::to_string(s.ets->tc_tsa[t]));
        bw.push_back(s.ets->tc_bandwidth_percent[t]);
      }
      return {{"prio_tc", s.ets->prio_tc}, {"tsa", tsa}, {"bandwidth_percent", bw}};
    }
    case Knob::pfc_watchdog:
      if (!s.pfc_watchdog) return json();
      return {{"detection_ms", s.pfc_watchdog->detection_ms},
              {"restoration_ms", s.pfc_watchdog->restoration_ms},
              {"action", model::to_string(s.pfc_watchdog->action)}};
    case Knob::buffers: {
      if (!s.buffers) return json();
      json b = json::object();
      if (s.buffers->headroom_bytes) b["headroom_bytes"] = *s.buffers->headroom_bytes;
      if (s.buffers->cable_length_m) b["cable_length_m"] = *s.buffers->cable_length_m;
      if (s.buffers->lossless_pgs) {
        json pgs = json::array();
        for (PriorityMask m : *s.buffers->lossless_pgs) pgs.push_back(priorities(m));
        b["lossless_pgs"] = pgs;
      }
      if (s.buffers->prio_buffer) b["prio_buffer"] = *s.buffers->prio_buffer;
      if (s.buffers->buffer_size_bytes) b["buffer_size_bytes"] = *s.buffers->buffer_size_bytes;
      return b;
    }
    case Knob::cnp:
      if (!s.cnp) return json();
      return {{"dscp", s.cnp->dscp}, {"priority", s.cnp->priority}};
    default:
      return json();
  }
}

// What the parser says of `knob` on `port` ("" = the switch as a whole), in
// the expected file's shape: absent/not-in-file -> missing, a vendor default
// -> {"default": value}, configured -> the value.
std::optional<json> observed(const SwitchState& st, const std::string& port, model::Knob k) {
  const model::Settings* s = &st.global;
  std::string_view target = kGlobalTarget;
  if (!port.empty()) {
    const model::Settings& mine = st.ports.at(port);
    bool own = model::knob_present(mine, k) || st.origin(port, k).source != Source::not_in_file;
    if (own) s = &mine, target = port;
  }
  Origin o = st.origin(target, k);
  json v = value_of(*s, k);
  if (o.source == Source::not_in_file) {
    if (!v.is_null()) return json{{"not-in-file but valued", v}};
    return std::nullopt;
  }
  if (o.source == Source::vendor_default) return json{{"default", v}};
  return v;
}

std::vector<std::string> split_names(const std::string& key) {
  std::vector<std::string> out;
  std::stringstream ss(key);
  for (std::string n; std::getline(ss, n, ',');) out.push_back(n);
  return out;
}

struct Tally {
  size_t files = 0;
  size_t fields = 0;
};

// Scores one target's knobs; every mismatch is one failed CHECK naming it.
void score(const SwitchState& st, const std::string& port, const json& want, size_t& fields) {
  for (auto it = want.begin(); it != want.end(); ++it) {
    bool known = it.key() == "comment";
    for (const auto& [key, k] : scored_knobs()) known |= it.key() == key;
    CHECK_MESSAGE(known, "unknown key in expected values: " << it.key());
  }
  for (const auto& [key, k] : scored_knobs()) {
    CAPTURE(key);
    std::optional<json> got = observed(st, port, k);
    std::string want_text = want.contains(key) ? want.at(key).dump() : "not-in-file";
    std::string got_text = got ? got->dump() : "not-in-file";
    CHECK_MESSAGE(got_text == want_text, (port.empty() ? "switch" : port) << " " << key);
    ++fields;
  }
}

TEST_SUITE("corpus") {
  TEST_CASE("every corpus file yields exactly its hand-written expected values") {
    std::map<std::string, Tally> tally;
    for (const std::string& vendor : adapter_vendors()) {
      fs::path dir = corpus_dir() / vendor;
      std::vector<fs::path> files;
      if (!fs::is_directory(dir)) continue;
      for (const auto& e : fs::directory_iterator(dir))
        if (e.path().string().ends_with(".expected.json")) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      auto adapter = make_adapter(vendor);
      for (const fs::path& ex : files) {
        CAPTURE(ex.filename().string());
        json want = json::parse(test::read_file(ex.string()));
        fs::path input = dir / want.at("file").get<std::string>();
        auto st = adapter->parse(test::read_file(input.string()));
        REQUIRE_MESSAGE(st, (st ? "" : st.error().to_string()));
        Tally& t = tally[vendor];
        ++t.files;
        // Ports: exactly the listed ones, none invented, none lost.
        std::set<std::string> listed;
        if (want.contains("ports"))
          for (auto g = want["ports"].begin(); g != want["ports"].end(); ++g)
            for (const std::string& n : split_names(g.key())) listed.insert(n);
        std::set<std::string> parsed;
        for (const auto& [n, s] : st->ports) parsed.insert(n);
        CHECK(fmt::format("{}", fmt::join(parsed, ",")) ==
              fmt::format("{}", fmt::join(listed, ",")));
        ++t.fields;
        if (want.contains("ports")) {
          for (auto g = want["ports"].begin(); g != want["ports"].end(); ++g)
            for (const std::string& n : split_names(g.key()))
              if (st->ports.contains(n)) score(*st, n, g.value(), t.fields);
        }
        if (want.contains("switch")) score(*st, "", want["switch"], t.fields);
        // Lines not understood: exactly these (per line, never deduplicated).
        std::set<int> unread;
        for (const Unread& u : st->not_understood)
          if (u.line > 0) unread.insert(u.line);
        std::set<int> want_unread;
        for (int l : want.value("unread_lines", std::vector<int>{})) want_unread.insert(l);
        CHECK(fmt::format("{}", fmt::join(unread, ",")) ==
              fmt::format("{}", fmt::join(want_unread, ",")));
        ++t.fields;
      }
    }
    // The floor the corpus has reached (it may grow, never shrink); the
    // target is 30 files, at least 4 per vendor (README.md).
    const std::map<std::string, size_t> floor{{"cumulus", 5},   {"eos", 5},  {"h3c", 5},
                                              {"huawei-ce", 5}, {"nxos", 5}, {"sonic", 5}};
    size_t files = 0;
    for (const std::string& vendor : adapter_vendors()) {
      const Tally& t = tally[vendor];
      fmt::print("corpus: {:<9} {:>2} files {:>4} fields scored\n", vendor, t.files, t.fields);
      CHECK_MESSAGE(t.files >= (floor.contains(vendor) ? floor.at(vendor) : 0),
                    vendor << " lost corpus files");
      files += t.files;
    }
    CHECK(files >= 30);
  }

  // Every vendor refuses every foreign input and every other vendor's corpus
  // file: an audit never reads a config it does not recognise.
  TEST_CASE("every foreign input and every other vendor's corpus file is refused") {
    std::vector<std::pair<std::string, fs::path>> inputs;  // owner ("" = foreign), file
    for (const auto& e : fs::directory_iterator(corpus_dir() / "foreign"))
      if (e.path().extension() != ".md") inputs.push_back({"", e.path()});
    for (const std::string& vendor : adapter_vendors())
      if (fs::is_directory(corpus_dir() / vendor))
        for (const auto& e : fs::directory_iterator(corpus_dir() / vendor))
          if (!e.path().string().ends_with(".expected.json") && e.path().extension() != ".md")
            inputs.push_back({vendor, e.path()});
    std::sort(inputs.begin(), inputs.end());
    size_t refused = 0;
    for (const std::string& vendor : adapter_vendors()) {
      CAPTURE(vendor);
      auto a = make_adapter(vendor);
      for (const auto& [owner, file] : inputs) {
        if (owner == vendor) continue;
        CAPTURE(file.string());
        auto st = a->parse(test::read_file(file.string()));
        CHECK_FALSE(st);
        if (!st) ++refused;
      }
    }
    fmt::print("corpus: {} refusals ({} inputs x 6 vendors, own files excepted)\n", refused,
               inputs.size());
  }
}

}  // namespace
}  // namespace rocecfg::sw
