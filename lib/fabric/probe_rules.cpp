#include "fabric/probe_rules.h"

#include <fmt/format.h>

namespace rocecfg::fabric {
namespace {

bool judges_the_path(const std::string& rule) {
  return rule == "counters" || rule == "path MTU" || rule == "marking";
}

}  // namespace

std::vector<std::string> probe_rule_failures(const probe::Verdict& v) {
  std::vector<std::string> out;
  for (const probe::Finding* f : v.failed())
    if (judges_the_path(f->rule)) out.push_back(fmt::format("{}: {}", f->figure, f->message));
  return out;
}

std::vector<std::string> probe_rule_failures(const nlohmann::json& verdict) {
  probe::Verdict v;
  if (!verdict.is_object() || !verdict.contains("findings") || !verdict["findings"].is_array())
    return {};
  for (const nlohmann::json& f : verdict["findings"]) {
    if (!f.is_object()) continue;
    auto text = [&](const char* key) {
      return f.contains(key) && f[key].is_string() ? f[key].get<std::string>() : std::string();
    };
    // Only what render_json writes for a failed finding (probe::to_string).
    if (text("level") != probe::to_string(probe::Level::fail)) continue;
    v.findings.push_back({probe::Level::fail, text("rule"), text("figure"), text("message")});
  }
  return probe_rule_failures(v);
}

std::vector<std::string> judging_args(const probe::Expectations& e) {
  std::vector<std::string> a;
  if (e.min_path_mtu_bytes)
    a.insert(a.end(), {"--expect-mtu", std::to_string(*e.min_path_mtu_bytes)});
  a.insert(a.end(), {"--max-retransmits", std::to_string(e.rules.max_retransmits), "--max-discards",
                     std::to_string(e.rules.max_discards)});
  if (e.rules.ignore_emulation_retransmits) a.push_back("--ignore-emulation-retransmits");
  return a;
}

}  // namespace rocecfg::fabric
