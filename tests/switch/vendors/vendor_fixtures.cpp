#include "vendor_fixtures.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "cli/common.h"
#include "require_ok.h"
#include "switch/engine.h"

namespace rocecfg::sw::testing {

std::vector<std::string> rendered(const std::string& vendor, const std::vector<std::string>& ports,
                                  const model::Settings& intent) {
  auto a = adapter_for(vendor);
  Diagnostics warnings;
  auto p = a->expand_interfaces(ports);
  REQUIRE_OK(p);
  auto c = render_all(*a, intent, *p, warnings);
  REQUIRE_OK(c);
  return *c;
}

std::string read_test_file(const std::string& relative) {
  std::ifstream in(std::string(ROCECFG_SOURCE_DIR) + "/tests/switch/vendors/" + relative);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string lines_text(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

std::string golden_mismatch(const std::string& name, const std::string& actual) {
  std::string path = std::string(ROCECFG_SOURCE_DIR) + "/tests/switch/vendors/golden/" + name;
  if (const char* u = std::getenv("ROCECFG_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    std::ofstream(path) << actual;
    return "";
  }
  std::string expected = read_test_file("golden/" + name);
  if (expected == actual) return "";
  std::istringstream a(expected), b(actual);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ha = static_cast<bool>(std::getline(a, la));
    bool hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) return path + ": differs (whitespace at end)";
    if (ha != hb || la != lb)
      return path + ":" + std::to_string(line) + ": expected '" + (ha ? la : "<end>") + "', got '" +
             (hb ? lb : "<end>") + "'";
  }
}

Result<std::string> RecordingSession::run(const std::string& command) {
  if (dropped) return fail(ErrorKind::failed, command, "connection closed");
  sent.push_back(command);
  if (fail_at > 0 && static_cast<int>(sent.size()) == fail_at) {
    if (drop) {
      dropped = true;
      return fail(ErrorKind::failed, command, "connection closed");
    }
    return fail(ErrorKind::failed, command, "% Invalid input (injected)");
  }
  if (replies.empty()) return std::string();
  std::string r = replies.front();
  replies.pop_front();
  return r;
}

Status RecordingSession::reconnect() {
  ++reconnects;
  dropped = false;
  sent.push_back("<reconnect>");
  return {};
}

std::unique_ptr<Adapter> adapter_for(const std::string& vendor) {
  auto a = make_adapter(vendor);
  REQUIRE(a);
  // Huawei's deadlock forms differ by model: the tests use a CE8855.
  if (vendor == "huawei-ce") a->set_platform({"CE8855", "", ""});
  return a;
}

std::vector<std::string> messages(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const auto& x : d.all()) out.push_back(x.key + ": " + x.message);
  return out;
}

std::string standard_render_mismatch(const Adapter& adapter, const std::vector<std::string>& ports,
                                     const std::string& name) {
  Diagnostics warnings;
  model::Settings intent = adapter.representable(standard_intent(), warnings);
  auto commands = render_all(adapter, intent, ports, warnings);
  REQUIRE_OK(commands);
  return golden_mismatch(name, lines_text(*commands));
}

std::string switch_wide_render_mismatch(const Adapter& adapter, const std::string& name) {
  Diagnostics warnings;
  model::Settings intent = adapter.representable(standard_intent(), warnings);
  auto commands = render_all(adapter, intent, {}, warnings);
  REQUIRE_OK(commands);
  std::istringstream golden(read_test_file("golden/" + name));
  std::string wide, line;
  bool in_stanza = false;
  while (std::getline(golden, line)) {
    if (line.starts_with("interface "))
      in_stanza = true;
    else if (!line.starts_with(" "))
      in_stanza = false;
    if (!in_stanza) wide += line + "\n";
  }
  std::string got = lines_text(*commands);
  return got == wide ? ""
                     : "without ports:\n" + got + "--- want (golden without interfaces):\n" + wide;
}

void check_round_trip(const Adapter& adapter, const std::vector<std::string>& ports) {
  Diagnostics warnings;
  model::Settings intent = adapter.representable(standard_intent(), warnings);
  auto commands = render_all(adapter, intent, ports, warnings);
  REQUIRE(commands);
  auto state = adapter.parse(lines_text(*commands));
  REQUIRE_OK(state);
  for (const auto& port : ports) {
    CAPTURE(port);
    model::Settings got = cli::effective(*state, port);
    for (model::Knob k : model::all_knobs()) {
      CAPTURE(model::knob_name(k));
      CHECK(model::knob_satisfied(switch_intent(intent), got, k));
    }
  }
  CHECK_FALSE(state->global.cnp);  // a config never states the CNP class: not invented
  auto again = plan_switch(adapter, intent, ports, *state);
  REQUIRE(again);
  CHECK(again->changes() == 0);
  auto nothing = adapter.render(switch_intent(intent), ports, *again, warnings);
  REQUIRE(nothing);
  CHECK(nothing->empty());
}

}  // namespace rocecfg::sw::testing
