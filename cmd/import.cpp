// rocecfg import --vendor V --from-file F [-o OUT]: write a profile (TOML)
// that reproduces what a saved switch config does. Per-interface knobs take
// the value most interfaces have; the others are listed as comments so
// nothing is silently lost.
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "command.h"
#include "core/units.h"
#include "model/vendors.h"
#include "switch/adapter.h"
#include "switch/interfaces.h"

namespace rocecfg::cmd {
namespace {

struct ImportArgs {
  std::string vendor;
  std::string file;
  std::string out;
};

// The value most interfaces share for a knob (ties: the first interface's).
model::Settings majority(const sw::SwitchState& st, model::Knob k,
                         std::vector<std::string>& outliers) {
  std::vector<std::pair<model::Settings, std::vector<std::string>>> seen;
  for (const auto& [name, s] : st.ports) {
    model::Settings slice = model::knob_slice(s, k);
    auto it = std::find_if(seen.begin(), seen.end(), [&](auto& p) { return p.first == slice; });
    if (it == seen.end())
      seen.push_back({slice, {name}});
    else
      it->second.push_back(name);
  }
  if (seen.empty()) return {};
  auto best = std::max_element(seen.begin(), seen.end(),
                               [](auto& a, auto& b) { return a.second.size() < b.second.size(); });
  for (auto& [slice, names] : seen)
    if (&slice != &best->first)
      for (auto& n : names)
        outliers.push_back(
            fmt::format("{} {} = {}", n, model::knob_name(k), model::knob_value_text(slice, k)));
  return best->first;
}

std::string int_list(PriorityMask m) {
  std::string out;
  for (unsigned p = 0; p < 8; ++p)
    if (m.has(Priority::unchecked(p))) out += (out.empty() ? "" : ", ") + std::to_string(p);
  return "[" + out + "]";
}

std::string to_toml(const sw::SwitchState& st, const std::string& vendor, const std::string& file,
                    bool port_pfc) {
  model::Settings s = st.global;
  std::vector<std::string> outliers;
  for (model::Knob k : model::all_knobs()) {
    bool on_ports = false;
    for (const auto& [n, ps] : st.ports) on_ports |= model::knob_present(ps, k);
    if (on_ports) model::knob_assign(s, majority(st, k, outliers), k);
  }
  (void)port_pfc;
  std::string t =
      fmt::format("# Imported by `rocecfg import --vendor {}` from {}\n\n", vendor, file);
  std::string base = file.substr(file.find_last_of('/') + 1);
  std::string name;
  for (char c : base) name += (std::isalnum(static_cast<unsigned char>(c)) ? c : '-');
  t += fmt::format("[fabric]\nname = \"imported-{}\"\ndescription = \"Settings found in {}\"\n\n",
                   name, base);
  PriorityMask lossless = s.pfc_enabled.value_or(PriorityMask());
  t += "[lossless]\n";
  if (!lossless.empty()) t += fmt::format("priorities = {}\n", int_list(lossless));
  if (s.trust) t += fmt::format("trust = \"{}\"\n", model::to_string(*s.trust));
  t += "\n";
  if (s.dscp_priority) {
    // Only DSCPs classified into a non-default priority: the rest is what
    // every switch does anyway.
    std::string lines;
    for (auto [d, p] : *s.dscp_priority)
      if (p != 0 && (lossless.has(Priority::unchecked(p)) || p >= 5))
        lines += fmt::format("{} = {}\n", d, p);
    if (!lines.empty()) t += "[dscp_map]\n" + lines + "\n";
  }
  if (s.ets) {
    std::string prio_tc, bw, strict;
    for (int i = 0; i < 8; ++i) {
      prio_tc += (i ? ", " : "") + std::to_string(s.ets->prio_tc[i]);
      if (s.ets->tc_tsa[i] == model::Tsa::strict)
        strict += (strict.empty() ? "" : ", ") + std::to_string(i);
      else if (s.ets->tc_bandwidth_percent[i])
        bw += fmt::format("{}{} = {}", bw.empty() ? "" : ", ", i, s.ets->tc_bandwidth_percent[i]);
    }
    t += fmt::format("[ets]\nprio_tc = [{}]\nbandwidth_percent = {{ {} }}\nstrict = [{}]\n\n",
                     prio_tc, bw, strict);
  }
  if (s.ecn) {
    t += fmt::format(
        "[ecn]\nmin_threshold = \"{}\"\nmax_threshold = \"{}\"\nmark_probability_percent = {}\n",
        format_bytes(s.ecn->min_threshold_bytes), format_bytes(s.ecn->max_threshold_bytes),
        s.ecn->mark_probability_percent);
    if (s.ecn_priorities) t += fmt::format("priorities = {}\n", int_list(*s.ecn_priorities));
    t += "\n";
  }
  if (s.mtu_bytes) t += fmt::format("[mtu]\nswitch_bytes = {}\n\n", *s.mtu_bytes);
  if (s.pfc_watchdog)
    t += fmt::format("[pfc_watchdog]\ndetection_ms = {}\nrestoration_ms = {}\naction = \"{}\"\n\n",
                     s.pfc_watchdog->detection_ms, s.pfc_watchdog->restoration_ms,
                     model::to_string(s.pfc_watchdog->action));
  for (const std::string& o : outliers) t += "# differs on " + o + "\n";
  for (const std::string& n : st.notes) t += "# note: " + n + "\n";
  return t;
}

int run_import(const ImportArgs& a) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(a.vendor);
  if (!adapter) {
    fmt::print(stderr, "rocecfg import: unknown vendor {:?}\n", a.vendor);
    return kUsage;
  }
  std::ifstream in(a.file);
  if (!in) {
    fmt::print(stderr, "rocecfg import: cannot read {}\n", a.file);
    return kUsage;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  auto state = adapter->parse(ss.str());
  if (!state) {
    fmt::print(stderr, "rocecfg import: {}: {}\n", a.file, state.error().to_string());
    return kRuntime;  // not this vendor's config: refused, exit 3
  }
  std::string toml = to_toml(*state, a.vendor, a.file, adapter->port_knob(model::Knob::pfc));
  if (a.out.empty()) {
    fmt::print("{}", toml);
    return kOk;
  }
  std::ofstream out(a.out);
  out << toml;
  if (!out) {
    fmt::print(stderr, "rocecfg import: cannot write {}\n", a.out);
    return kRuntime;
  }
  return kOk;
}

const bool registered = register_command(
    {"import", "write a profile (TOML) reproducing a saved switch config",
     [](CLI::App& sub, Globals&) {
       auto a = std::make_shared<ImportArgs>();
       sub.add_option("--vendor", a->vendor, model::switch_vendor_list())
           ->required();
       sub.add_option("--from-file", a->file, "running config / config_db.json / NVUE backup")
           ->required();
       sub.add_option("-o,--output", a->out, "write the profile here (default: stdout)");
       return std::function<int()>([a] { return run_import(*a); });
     }});

}  // namespace
}  // namespace rocecfg::cmd
