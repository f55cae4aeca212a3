// rocecfg import --vendor V --from-file F [-o OUT]: write a profile (TOML)
// that reproduces what a saved switch config does. Per-interface knobs take
// the value most interfaces have; the others are listed as comments so
// nothing is silently lost.
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "model/vendors.h"
#include "output.h"
#include "profile/write.h"
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

// What the config does as an Intent: switch knobs from the global settings,
// per-interface knobs by majority (the others reported as outliers).
profile::Intent imported_intent(const sw::SwitchState& st, const std::string& file,
                                std::vector<std::string>& outliers) {
  profile::Intent in;
  model::Settings& s = in.common;
  s = st.global;
  for (model::Knob k : model::all_knobs()) {
    bool on_ports = false;
    for (const auto& [n, ps] : st.ports) on_ports |= model::knob_present(ps, k);
    if (on_ports) model::knob_assign(s, majority(st, k, outliers), k);
  }
  // Only DSCPs classified into a lossless or a high (>= 5, CNP/control)
  // priority: the rest is what every switch does anyway.
  if (s.dscp_priority) {
    PriorityMask lossless = s.pfc_enabled.value_or(PriorityMask());
    std::erase_if(*s.dscp_priority, [&](const auto& e) {
      return e.second == 0 || !(lossless.has(Priority::unchecked(e.second)) || e.second >= 5);
    });
    if (s.dscp_priority->empty()) s.dscp_priority.reset();
  }
  in.switch_mtu_bytes = s.mtu_bytes;
  s.mtu_bytes.reset();
  std::string base = file.substr(file.find_last_of('/') + 1);
  std::string name;
  for (char c : base) name += (std::isalnum(static_cast<unsigned char>(c)) ? c : '-');
  in.name = "imported-" + name;
  in.description = "Settings found in " + base;
  return in;
}

int run_import(const ImportArgs& a, const Globals& g) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(a.vendor);
  if (!adapter) {
    return report_error(kUsage, fmt::format("unknown vendor {:?}", a.vendor));
  }
  std::ifstream in(a.file);
  if (!in) {
    return report_error(kUsage, fmt::format("cannot read {}", a.file));
  }
  std::stringstream ss;
  ss << in.rdbuf();
  auto state = adapter->parse(ss.str());
  if (!state) {
    // Not this vendor's config: refused, exit 3 (the reading rule of the switch parsers).
    return report_error(kRuntime, fmt::format("{}: {}", a.file, state.error().to_string()));
  }
  std::vector<std::string> trailer;
  profile::Intent intent = imported_intent(*state, a.file, trailer);
  for (std::string& o : trailer) o = "differs on " + o;
  for (const std::string& n : state->notes) trailer.push_back("note: " + n);
  std::string toml = profile::write_profile(
      intent, {fmt::format("Imported by `rocecfg import --vendor {}` from {}", a.vendor, a.file)},
      trailer);
  json_document().payload = {{"vendor", a.vendor},
                             {"file", a.file},
                             {"output", a.out.empty() ? nlohmann::json() : nlohmann::json(a.out)},
                             {"profile_toml", toml}};
  if (a.out.empty()) {
    if (!g.json) fmt::print("{}", toml);
    return kOk;
  }
  std::ofstream out(a.out);
  out << toml;
  if (!out) return report_error(kRuntime, fmt::format("cannot write {}", a.out));
  return kOk;
}

const bool registered = register_command(
    {"import",
     "write a profile (TOML) reproducing a saved switch config",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<ImportArgs>();
       sub.add_option("--vendor", a->vendor, model::switch_vendor_list())->required();
       sub.add_option("--from-file", a->file, "running config / config_db.json / NVUE backup")
           ->required();
       sub.add_option("-o,--output", a->out, "write the profile here (default: stdout)");
       return std::function<int()>([a, &g] { return run_import(*a, g); });
     },
     {kOk, kUsage, kRuntime}});

}  // namespace
}  // namespace rocecfg::cmd
