#include "common.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace rocecfg::sw::cli {

const plan::Step* RenderPlan::any_port_step(model::Knob k) const {
  for (const auto& [port, knobs] : ports)
    if (auto it = knobs.find(k); it != knobs.end()) return &it->second;
  auto it = switch_wide.find(k);
  return it == switch_wide.end() ? nullptr : &it->second;
}

model::Settings RenderPlan::global_want(const model::Settings& intent) const {
  model::Settings out = intent;
  for (const auto& [k, step] : global) model::knob_assign(out, step.after, k);
  return out;
}

model::Settings RenderPlan::port_want(const model::Settings& intent,
                                      const std::string& port) const {
  model::Settings out = intent;
  if (auto it = ports.find(port); it != ports.end())
    for (const auto& [k, step] : it->second) model::knob_assign(out, step.after, k);
  return out;
}

std::set<TrafficClass> ecn_queues_before(const std::map<model::Knob, plan::Step>& knobs,
                                         const model::Settings& want,
                                         const model::PrioTcMap& fallback) {
  model::PrioTcMap map = model::prio_tc_map(want, fallback);
  if (auto it = knobs.find(model::Knob::ets); it != knobs.end() && it->second.before.ets)
    map = it->second.before.ets->prio_tc;
  std::set<TrafficClass> out;
  for (model::Knob k : {model::Knob::ecn, model::Knob::ecn_priorities}) {
    auto it = knobs.find(k);
    if (it == knobs.end() || !it->second.before.ecn_priorities) continue;
    for (TrafficClass t : model::traffic_classes(map, *it->second.before.ecn_priorities))
      out.insert(t);
  }
  return out;
}

namespace {

std::string without_comments(std::string_view text) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    size_t first = line.find_first_not_of(' ');
    if (first != std::string_view::npos && line[first] != '!') {
      out += line;
      out += '\n';
    }
    start = end + 1;
  }
  return out;
}

}  // namespace

Status save_and_verify(Session& session, const std::vector<std::string>& save,
                       const std::string& running, const std::string& startup) {
  for (const std::string& c : save)
    if (auto r = session.run(c); !r) return std::unexpected(r.error());
  auto now = session.run(running);
  if (!now) return std::unexpected(now.error());
  auto saved = session.run(startup);
  if (!saved) return std::unexpected(saved.error());
  if (without_comments(*now) != without_comments(*saved))
    return fail(ErrorKind::failed, startup,
                "the startup configuration differs from the running one");
  return {};
}

Result<RenderPlan> render_plan(const plan::Plan& changes, const std::vector<std::string>& ports,
                               const model::Settings* intent) {
  RenderPlan out;
  // Only a render from factory state (every step's `before` empty: what
  // `render` does): an apply or a rollback on a switch listed without
  // interfaces writes what differs, never the intent wholesale.
  bool from_factory =
      std::all_of(changes.steps.begin(), changes.steps.end(),
                  [](const plan::Step& s) { return s.before == model::Settings{}; });
  if (ports.empty() && intent && from_factory)
    for (model::Knob k : model::all_knobs())
      if (model::knob_present(*intent, k))
        out.switch_wide[k] = plan::Step{"global",
                                        k,
                                        {},
                                        model::knob_slice(*intent, k),
                                        plan::StepKind::change,
                                        "switch-wide, from the intent"};
  std::set<std::string> known(ports.begin(), ports.end());
  for (const auto& step : changes.steps) {
    if (step.kind != plan::StepKind::change) continue;
    if (step.target == "global") {
      out.global[step.knob] = step;
      continue;
    }
    if (!known.contains(step.target))
      return fail(ErrorKind::invalid_input, step.target,
                  "the plan changes a port that is not among the switch's interfaces");
    out.ports[step.target][step.knob] = step;
  }
  return out;
}

model::DscpPriorityMap dscp_entries(const model::Settings& intent) {
  model::DscpPriorityMap out;
  if (intent.dscp_priority) out = *intent.dscp_priority;
  if (intent.cnp) out[intent.cnp->dscp] = intent.cnp->priority;
  return out;
}

model::Settings effective(const SwitchState& state, const std::string& port) {
  model::Settings out = state.global;
  auto it = state.ports.find(port);
  if (it == state.ports.end()) return out;
  for (model::Knob k : model::all_knobs())
    if (model::knob_present(it->second, k)) model::knob_assign(out, it->second, k);
  return out;
}

std::optional<Threshold> threshold_bytes(std::string_view value, std::string_view unit) {
  auto v = number(value, 1ull << 40);
  if (!v) return std::nullopt;
  uint64_t scale = unit == "bytes"    ? 1
                   : unit == "kbytes" ? 1024
                   : unit == "mbytes" ? 1024 * 1024
                                      : 0;
  if (scale == 0) return std::nullopt;
  std::string text = fmt::format("{} {}", *v, unit);
  if (scale != 1) text += fmt::format(" = {} B", *v * scale);
  return Threshold{*v * scale, text};
}

std::string seconds_text(uint32_t ms) {
  std::string s = fmt::format("{}.{:03}", ms / 1000, ms % 1000);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::optional<uint32_t> parse_seconds_ms(std::string_view text) {
  size_t dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view frac = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() && frac.empty()) return std::nullopt;
  uint32_t s = 0;
  if (!whole.empty()) {
    auto [p, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), s);
    if (ec != std::errc() || p != whole.data() + whole.size() || s > 3600) return std::nullopt;
  }
  if (frac.size() > 3) return std::nullopt;  // finer than a millisecond
  uint32_t ms = 0;
  for (size_t i = 0; i < 3; ++i) {
    char c = i < frac.size() ? frac[i] : '0';
    if (c < '0' || c > '9') return std::nullopt;
    ms = ms * 10 + static_cast<uint32_t>(c - '0');
  }
  return s * 1000 + ms;
}

void only_stated(SwitchState& state, std::string_view what) {
  for (auto& [target, knobs] : state.origins) {
    model::Settings* into = target == kGlobalTarget ? &state.global : nullptr;
    if (auto it = state.ports.find(target); it != state.ports.end()) into = &it->second;
    for (auto k = knobs.begin(); k != knobs.end();) {
      if (k->second.source != Source::vendor_default) {
        ++k;
        continue;
      }
      if (into) model::knob_assign(*into, model::Settings{}, k->first);
      k = knobs.erase(k);
    }
  }
  state.recognised_as = std::string(what) + " (typed commands: only what they state is read)";
}

void warn(Diagnostics& warnings, std::string_view vendor, model::Knob knob, std::string message) {
  // Rendering many ports would repeat the same remark; say it once.
  for (const auto& d : warnings.all())
    if (d.message == message && d.key == model::knob_name(knob)) return;
  warnings.warning(SourcePos{std::string(vendor), 0, 0}, std::string(model::knob_name(knob)),
                   std::move(message));
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (const auto& p : parts) {
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

}  // namespace rocecfg::sw::cli

namespace rocecfg::sw::cli {

namespace {
Status run_each(Session& session, const std::vector<std::string>& commands) {
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return wrap(r.error(), c);
  return {};
}
}  // namespace

Status recover(Session& session, const std::vector<std::string>& live,
               const std::vector<std::string>& fresh) {
  if (run_each(session, live)) return {};
  if (auto r = session.reconnect(); !r) return r;
  return run_each(session, fresh);
}

Error push_failure(Error cause, std::string_view vendor, const Status& rollback) {
  if (rollback)
    cause.message += "; the " + std::string(vendor) + " transaction was rolled back";
  else
    cause.message += "; " + std::string(kRollbackFailed) + " (" + rollback.error().to_string() +
                     "): check the switch's running config";
  return cause;
}

}  // namespace rocecfg::sw::cli

namespace rocecfg::sw::cli {

std::string run_text(const PortRun& run) {
  if (run.count < 2) return run.first;
  return run.first + "-" + std::to_string(split_port(run.last)->index);
}

Status interface_stanzas(const model::Settings& intent, const RenderPlan& plan,
                         const std::vector<std::string>& ports, const PortLines& port_lines,
                         const StanzaStyle& style, std::vector<std::string>& out) {
  auto lines = [&](const std::string& port) -> Result<std::vector<std::string>> {
    auto it = plan.ports.find(port);
    if (it == plan.ports.end()) return std::vector<std::string>{};
    return port_lines(plan.port_want(intent, port), it->second);
  };
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;
  for (const auto& port : ports) {
    auto l = lines(port);
    if (!l) return wrap(l.error(), port);
    if (l->empty()) continue;
    auto g = std::find_if(groups.begin(), groups.end(), [&](auto& x) { return x.first == *l; });
    if (g == groups.end())
      groups.push_back({std::move(*l), {port}});
    else
      g->second.push_back(port);
  }
  for (const auto& [body, members] : groups) {
    std::vector<PortRun> runs;
    if (style.ranges)
      runs = port_runs(members);
    else
      for (const auto& m : members) runs.push_back({m, m, 1});
    for (const auto& run : runs) {
      out.push_back("interface " + run_text(run));
      for (const auto& l : body) out.push_back(style.indent + l);
      if (!style.close.empty()) out.push_back(style.indent + style.close);
    }
  }
  return {};
}

}  // namespace rocecfg::sw::cli

namespace rocecfg::sw::cli {

std::optional<uint64_t> number(std::string_view s, uint64_t max) {
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size() || v > max) return std::nullopt;
  return v;
}

std::optional<unsigned> dscp_value(std::string_view w) {
  if (auto n = number(w, 63)) return static_cast<unsigned>(*n);
  if (w == "ef") return 46;
  if (w == "default" || w == "be") return 0;
  if (w.size() == 3 && w.starts_with("cs") && w[2] >= '0' && w[2] <= '7')
    return 8u * static_cast<unsigned>(w[2] - '0');
  if (w.size() == 4 && w.starts_with("af") && w[2] >= '1' && w[2] <= '4' && w[3] >= '1' &&
      w[3] <= '3')
    return 8u * static_cast<unsigned>(w[2] - '0') + 2u * static_cast<unsigned>(w[3] - '0');
  return std::nullopt;
}

}  // namespace rocecfg::sw::cli
