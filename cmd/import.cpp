// rocecfg import --vendor V --from-file F [--port P] [-o OUT]: write a
// profile (TOML) of what a saved switch config states for one port -- the
// first RoCE-configured one (PFC on), unless --port names it -- with the
// switch-wide values that port runs with. Only what the file configures is
// imported: vendor defaults and knobs the file does not state are reported,
// never written as if configured. The written profile always validates: a
// value the profile loader refuses (ETS shares that do not sum to 100, an
// MTU outside the profile's range, ...) is left out and the report says why.
// The report is the profile's trailing comments and, with --json,
// payload.report.
#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/atomic_file.h"
#include "core/printable.h"
#include "core/regular_file.h"
#include "model/vendors.h"
#include "output.h"
#include "profile/load.h"
#include "profile/write.h"
#include "switch/adapter.h"
#include "switch/interfaces.h"
#include "switch/state_view.h"

namespace rocecfg::cmd {
namespace {

using nlohmann::json;

struct ImportArgs {
  std::string vendor;
  std::string file;
  std::string out;
  std::string port;
};

// The port whose settings are imported: the first (interface order) with
// PFC configured on some priority, else the first with any configured knob.
std::string pick_port(const sw::SwitchState& st) {
  std::vector<std::string> names;
  for (const auto& [name, s] : st.ports) names.push_back(name);
  std::sort(names.begin(), names.end(), sw::interface_less);
  for (const std::string& n : names) {
    sw::KnobView pfc = sw::knob_view(st, n, model::Knob::pfc);
    if (pfc.source == sw::Source::configured && pfc.value.is_array() && !pfc.value.empty())
      return n;
  }
  for (const std::string& n : names)
    for (model::Knob k : sw::switch_knobs())
      if (sw::knob_view(st, n, k).source == sw::Source::configured) return n;
  return names.empty() ? std::string() : names.front();
}

// Put knob `k` of `from` into the intent (the switch MTU has a field of its
// own; the lossless priorities are the PFC map, common.pfc_enabled).
void assign(profile::Intent& in, const model::Settings& from, model::Knob k) {
  if (k == model::Knob::mtu)
    in.switch_mtu_bytes = from.mtu_bytes;
  else
    model::knob_assign(in.common, from, k);
}

// The first error the profile loader finds in `in`, or "" when it loads.
std::string load_error(const profile::Intent& in) {
  auto loaded = profile::load_profile_text(profile::write_profile(in), "imported.toml");
  if (loaded.value) return {};
  for (const Diagnostic& d : loaded.diagnostics.all())
    if (d.severity == Severity::error) return d.key.empty() ? d.message : d.key + ": " + d.message;
  return "the profile does not load";
}

struct ReportLine {
  std::string knob, source, value, vendor_text, outcome;  // outcome: imported | not imported: why
};

profile::Intent imported_intent(const sw::SwitchState& st, const std::string& port,
                                const std::string& file, std::vector<ReportLine>& report) {
  profile::Intent in;
  std::string base = file.substr(file.find_last_of('/') + 1);
  for (char c : base) in.name += (std::isalnum(static_cast<unsigned char>(c)) ? c : '-');
  in.name = "imported-" + in.name;
  // The file's name reaches the written profile: escaped (a control
  // character in it once made the imported profile fail validate).
  in.description =
      "Settings found in " + printable(base) + (port.empty() ? "" : " (port " + port + ")");
  const model::Settings* own = port.empty() ? &st.global : &st.ports.at(port);
  std::vector<std::pair<model::Knob, size_t>> pending;  // configured knobs, report index
  for (model::Knob k : sw::switch_knobs()) {
    sw::KnobView v = sw::knob_view(st, port, k);
    const model::Settings& from = model::knob_present(*own, k) ? *own : st.global;
    ReportLine line{std::string(model::knob_name(k)), sw::to_string(v.source),
                    v.source == sw::Source::not_in_file ? "-" : model::knob_value_text(from, k),
                    v.vendor_text, ""};
    if (v.source != sw::Source::configured || !model::knob_present(from, k))
      line.outcome = v.source == sw::Source::not_in_file ? "not imported: not in the file"
                     : v.source == sw::Source::vendor_default
                         ? "not imported: the vendor's default, not configured"
                         : "not imported: configured off";
    else
      pending.emplace_back(k, report.size());
    report.push_back(line);
  }
  // Knob by knob, kept only while the profile still loads, so the written
  // profile always validates; repeated while a pass adds something, since
  // the loader's cross-field checks (trust dscp needs a DSCP map to the
  // lossless priority) depend on what is already in.
  for (bool added = true; added;) {
    added = false;
    for (auto it = pending.begin(); it != pending.end();) {
      auto [k, at] = *it;
      const model::Settings& from = model::knob_present(*own, k) ? *own : st.global;
      profile::Intent tried = in;
      assign(tried, from, k);
      if (std::string why = load_error(tried); !why.empty()) {
        report[at].outcome = "not imported: " + why;
        ++it;
        continue;
      }
      in = tried;
      report[at].outcome = "imported";
      it = pending.erase(it);
      added = true;
    }
  }
  return in;
}

int run_import(const ImportArgs& a, const Globals& g) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(a.vendor);
  if (!adapter) {
    return report_error(kUsage, fmt::format("unknown vendor {:?}", a.vendor));
  }
  Result<std::string> text = read_input_file(a.file);
  if (!text)
    return report_error(kUsage,
                        fmt::format("cannot read {}: {}", printable(a.file), text.error().message));
  auto state = adapter->parse(*text);
  if (!state) {
    // Not this vendor's config: refused, exit 3 (the reading rule of the switch parsers).
    return report_error(
        kRuntime, fmt::format("{}: {}", printable(a.file), printable(state.error().to_string())));
  }
  if (!a.port.empty() && !state->ports.contains(a.port)) {
    std::vector<std::string> names;
    for (const auto& [name, s] : state->ports) names.push_back(name);
    return report_error(kUsage,
                        fmt::format("no port {:?} in {} (ports: {})", a.port, a.file,
                                    names.empty() ? "none" : sw::compress_interfaces(names)));
  }
  std::string port = a.port.empty() ? pick_port(*state) : a.port;
  std::vector<ReportLine> report;
  profile::Intent intent = imported_intent(*state, port, a.file, report);
  std::vector<std::string> trailer;
  json report_json = json::array();
  for (const ReportLine& r : report) {
    trailer.push_back(fmt::format("{}: {} ({}{}): {}", r.knob, r.value, r.source,
                                  r.vendor_text.empty() ? "" : ", " + r.vendor_text, r.outcome));
    report_json.push_back({{"knob", r.knob},
                           {"source", r.source},
                           {"value", r.value},
                           {"vendor_text", r.vendor_text},
                           {"imported", r.outcome == "imported"},
                           {"outcome", r.outcome}});
  }
  for (const std::string& n : state->notes) trailer.push_back("note: " + n);
  std::string toml = profile::write_profile(
      intent,
      {fmt::format("Imported by `rocecfg import --vendor {}` from {}", printable(a.vendor),
                   printable(a.file)),
       fmt::format("Read as {}{}; the report of what was configured, default or not in the "
                   "file is at the end.",
                   state->recognised_as, port.empty() ? "" : ", port " + port)},
      trailer);
  json_document().payload = {{"vendor", a.vendor},
                             {"file", a.file},
                             {"port", port.empty() ? json() : json(port)},
                             {"report", report_json},
                             {"output", a.out.empty() ? json() : json(a.out)},
                             {"profile_toml", toml}};
  if (a.out.empty()) {
    if (!g.json) fmt::print("{}", toml);
    return kOk;
  }
  // Written atomically through the link-safe writer: an existing symlink at
  // -o is replaced, never followed (root once wrote through one).
  if (Status s = write_path_atomically(a.out, toml, 0644); !s)
    return report_error(kRuntime,
                        fmt::format("cannot write {}: {}", printable(a.out), s.error().message));
  return kOk;
}

const bool registered = register_command(
    {"import",
     "write a profile (TOML) of what a saved switch config states for one port",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<ImportArgs>();
       sub.add_option("--vendor", a->vendor, model::switch_vendor_list())->required();
       sub.add_option("--from-file", a->file, "running config / config_db.json / NVUE backup")
           ->required();
       sub.add_option("--port", a->port,
                      "import this port's settings (default: the first port with PFC on)");
       sub.add_option("-o,--output", a->out, "write the profile here (default: stdout)");
       return std::function<int()>([a, &g] { return run_import(*a, g); });
     },
     {kOk, kUsage, kRuntime}});

}  // namespace
}  // namespace rocecfg::cmd
