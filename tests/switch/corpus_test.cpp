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
#include "switch/state_view.h"
#include "switch_fixtures.h"

namespace rocecfg::sw {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

fs::path corpus_dir() {
  return fs::path(ROCECFG_SOURCE_DIR) / "tests/switch/corpus";
}

// What the parser says of `knob` on `port` ("" = the switch as a whole), in
// the expected file's shape: not in the file -> missing, a vendor default ->
// {"default": value}, configured -> the value (sw::knob_view, the reading
// `show switch --json` prints).
std::optional<json> observed(const SwitchState& st, const std::string& port, model::Knob k) {
  KnobView v = knob_view(st, port, k);
  if (v.source == Source::not_in_file) {
    if (!v.value.is_null()) return json{{"not-in-file but valued", v.value}};
    return std::nullopt;
  }
  if (v.source == Source::vendor_default) return json{{"default", v.value}};
  return v.value;
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
    for (model::Knob k : switch_knobs()) known |= it.key() == model::knob_name(k);
    CHECK_MESSAGE(known, "unknown key in expected values: " << it.key());
  }
  for (model::Knob k : switch_knobs()) {
    std::string key(model::knob_name(k));
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
    const std::map<std::string, size_t> floor{{"cumulus", 14},   {"eos", 12},  {"h3c", 12},
                                              {"huawei-ce", 13}, {"junos", 5}, {"nxos", 11},
                                              {"sonic", 13}};
    size_t files = 0;
    for (const std::string& vendor : adapter_vendors()) {
      const Tally& t = tally[vendor];
      fmt::print("corpus: {:<9} {:>2} files {:>4} fields scored\n", vendor, t.files, t.fields);
      CHECK_MESSAGE(t.files >= (floor.contains(vendor) ? floor.at(vendor) : 0),
                    vendor << " lost corpus files");
      files += t.files;
    }
    CHECK(files >= 75);
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
    fmt::print("corpus: {} refusals ({} inputs x {} vendors, own files excepted)\n", refused,
               inputs.size(), adapter_vendors().size());
  }
}

}  // namespace
}  // namespace rocecfg::sw
