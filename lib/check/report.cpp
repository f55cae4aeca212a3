#include "check/report.h"

#include <algorithm>

#include <fmt/format.h>

#include "check/agreement.h"
#include "core/exit_code.h"
#include "core/printable.h"

namespace rocecfg::check {

namespace {

struct Counts {
  size_t switches = 0, hosts = 0, unread = 0, disagree = 0, unknown = 0, waived = 0;
};

Counts count(const std::vector<DeviceReading>& devices, const std::vector<Finding>& findings) {
  Counts c;
  for (const DeviceReading& d : devices) {
    (d.kind == DeviceKind::host ? c.hosts : c.switches)++;
    if (d.error) ++c.unread;
  }
  for (const Finding& f : findings) {
    c.disagree += f.verdict == Verdict::disagree;
    c.unknown += f.verdict == Verdict::unknown;
    c.waived += f.verdict == Verdict::waived;
  }
  return c;
}

std::string plural(size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : word.ends_with("h") ? "es" : "s");
}

// Unknown rows of one rule with the same detail, one after the other, as one
// row naming a few of them: 256 hosts whose NICs show no DCB are one line.
std::vector<Finding> merge_unknown(const std::vector<Finding>& findings) {
  std::vector<Finding> out;
  std::vector<std::string> wheres;
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    wheres.push_back(f.where);
    const Finding* next = i + 1 < findings.size() ? &findings[i + 1] : nullptr;
    if (f.verdict == Verdict::unknown && next && next->verdict == Verdict::unknown &&
        next->rule == f.rule && next->detail == f.detail)
      continue;
    out.push_back(f);
    out.back().where = name_list(wheres);
    wheres.clear();
  }
  return out;
}

}  // namespace

std::string render_text(const std::vector<DeviceReading>& devices,
                        const std::vector<Finding>& all_findings,
                        const std::set<std::string>& waived) {
  Counts c = count(devices, all_findings);
  std::vector<Finding> findings = merge_unknown(all_findings);
  std::string out = fmt::format("check: {}, {}; {} read\n", plural(c.switches, "switch"),
                                plural(c.hosts, "host"), devices.size() - c.unread);
  size_t w_rule = 4, w_verdict = 7, w_where = 5;
  for (const Finding& f : findings) {
    w_rule = std::max(w_rule, f.rule.size());
    w_verdict = std::max(w_verdict, std::string_view(to_string(f.verdict)).size());
    w_where = std::max(w_where, printable(f.where).size());
  }
  out += fmt::format("{:<{}}  {:<{}}  {:<{}}  {}\n", "RULE", w_rule, "VERDICT", w_verdict, "WHERE",
                     w_where, "FINDING");
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    out += fmt::format("{:<{}}  {:<{}}  {:<{}}  {}\n", f.rule, w_rule, to_string(f.verdict),
                       w_verdict, printable(f.where), w_where, printable(f.detail));
    bool last_of_rule = i + 1 == findings.size() || findings[i + 1].rule != f.rule;
    bool against = std::any_of(findings.begin(), findings.end(), [&](const Finding& g) {
      return g.rule == f.rule && (g.verdict == Verdict::disagree || g.verdict == Verdict::waived);
    });
    if (last_of_rule && against)
      out += fmt::format("  why: {}{}\n", find_rule(f.rule)->why,
                         waived.contains(f.rule) ? " (waived in the profile's [check])" : "");
  }
  bool any_unread = c.unread > 0 || std::any_of(devices.begin(), devices.end(),
                                                [](auto& d) { return !d.unread.empty(); });
  if (any_unread) {
    out += "not read:\n";
    for (const DeviceReading& d : devices) {
      if (d.error)
        out += fmt::format("  {} ({}{}): {}\n", d.name, to_string(d.kind),
                           d.source.empty() ? "" : ", " + d.source, printable(*d.error));
      for (const std::string& u : d.unread) out += fmt::format("  {} {}\n", d.name, printable(u));
    }
  }
  out +=
      fmt::format("verdict: {}, {}, {} waived, {} not read\n", plural(c.disagree, "disagreement"),
                  fmt::format("{} unknown", c.unknown), c.waived, plural(c.unread, "device"));
  return out;
}

nlohmann::json to_json(const std::vector<DeviceReading>& devices,
                       const std::vector<Finding>& findings, const std::set<std::string>& waived) {
  using nlohmann::json;
  json devs = json::array();
  for (const DeviceReading& d : devices) {
    json j = {{"name", d.name},   {"kind", to_string(d.kind)},       {"source", d.source},
              {"read", !d.error}, {"endpoints", d.endpoints.size()}, {"unread", d.unread}};
    if (!d.vendor.empty()) j["vendor"] = d.vendor;
    if (d.error) j["error"] = *d.error;
    devs.push_back(j);
  }
  json rows = json::array();
  for (const Finding& f : findings)
    rows.push_back({{"rule", f.rule},
                    {"verdict", f.verdict == Verdict::disagree ? "disagree" : to_string(f.verdict)},
                    {"where", f.where},
                    {"detail", f.detail},
                    {"why", find_rule(f.rule)->why}});
  json rule_list = json::array();
  for (const Rule& r : rules())
    rule_list.push_back(
        {{"name", r.name}, {"why", r.why}, {"waived", waived.contains(std::string(r.name))}});
  Counts c = count(devices, findings);
  return {{"devices", devs},
          {"findings", rows},
          {"rules", rule_list},
          {"summary",
           {{"switches", c.switches},
            {"hosts", c.hosts},
            {"unread", c.unread},
            {"disagree", c.disagree},
            {"unknown", c.unknown},
            {"waived", c.waived}}}};
}

int check_exit_code(const std::vector<DeviceReading>& devices,
                    const std::vector<Finding>& findings) {
  Counts c = count(devices, findings);
  int code = kOk;
  if (c.unread > 0) code = worst_exit_code(code, kRuntime);
  if (c.disagree > 0) code = worst_exit_code(code, kDrift);
  bool endpoint_unread = std::any_of(devices.begin(), devices.end(),
                                     [](const DeviceReading& d) { return !d.unread.empty(); });
  if (c.unknown > 0 || endpoint_unread || devices.empty())
    code = worst_exit_code(code, kNotEvaluated);
  return code;
}

}  // namespace rocecfg::check
