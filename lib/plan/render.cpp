#include "plan/render.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/printable.h"
#include "core/stop_signal.h"

namespace rocecfg::plan {

using model::Knob;
using nlohmann::json;

namespace {

struct Row {
  std::string target, knob, before, after, note;
};

// The first row names the columns (a table pasted into a ticket should say
// what it holds); a step's note follows its value in brackets, unheaded.
std::string render_rows(std::vector<Row> rows) {
  // Target names and values may come from outside (--target, a device's
  // name): escaped before the widths are taken.
  for (Row& r : rows)
    for (std::string* cell : {&r.target, &r.knob, &r.before, &r.after, &r.note})
      *cell = printable(*cell);
  const Row header{"TARGET", "KNOB", "BEFORE", "AFTER", ""};
  size_t w_target = 0, w_knob = 0, w_before = 0;
  for (const Row& r : rows) {
    w_target = std::max(w_target, r.target.size());
    w_knob = std::max(w_knob, r.knob.size());
    w_before = std::max(w_before, r.before.size());
  }
  w_target = std::max(w_target, header.target.size());
  w_knob = std::max(w_knob, header.knob.size());
  w_before = std::max(w_before, header.before.size());
  std::string out = fmt::format("{:<{}}  {:<{}}  {:<{}}    {}", header.target, w_target,
                                header.knob, w_knob, header.before, w_before, header.after);
  out += "\n";
  for (const Row& r : rows) {
    std::string line = fmt::format("{:<{}}  {:<{}}  {:<{}} -> {}", r.target, w_target, r.knob,
                                   w_knob, r.before, w_before, r.after);
    if (!r.note.empty()) line += "  [" + r.note + "]";
    out += line + "\n";
  }
  return out;
}

json array8(const auto& a) {
  json out = json::array();
  for (auto v : a) {
    if constexpr (requires { v.value(); })
      out.push_back(v.value());
    else
      out.push_back(v);
  }
  return out;
}

}  // namespace

json knob_json(const model::Settings& s, Knob k) {
  if (!model::knob_present(s, k)) return nullptr;
  switch (k) {
    case Knob::mtu:
      return *s.mtu_bytes;
    case Knob::ets: {
      json tsa = json::array();
      for (auto t : s.ets->tc_tsa) tsa.push_back(model::to_string(t));
      return {{"prio_tc", array8(s.ets->prio_tc)},
              {"tsa", tsa},
              {"bandwidth_percent", array8(s.ets->tc_bandwidth_percent)}};
    }
    case Knob::buffers: {
      json b = json::object();
      if (s.buffers->prio_buffer) b["prio_buffer"] = array8(*s.buffers->prio_buffer);
      if (s.buffers->buffer_size_bytes)
        b["buffer_size_bytes"] = array8(*s.buffers->buffer_size_bytes);
      if (s.buffers->cable_length_m) b["cable_length_m"] = *s.buffers->cable_length_m;
      if (s.buffers->headroom_bytes) b["headroom_bytes"] = *s.buffers->headroom_bytes;
      if (const auto& sh = s.buffers->shared) {
        json j = {{"lossless_percent", sh->lossless_percent}, {"lossy_percent", sh->lossy_percent}};
        if (sh->headroom_percent) j["headroom_percent"] = *sh->headroom_percent;
        if (sh->multicast_percent) j["multicast_percent"] = *sh->multicast_percent;
        b["shared"] = j;
      }
      if (s.buffers->lossless_pgs) {
        b["lossless_pgs"] = json::array();
        PriorityMask pgs = model::pg_union(*s.buffers->lossless_pgs);
        for (unsigned p = 0; p < 8; ++p)
          if (pgs.has(Priority::unchecked(p))) b["lossless_pgs"].push_back(p);
      }
      return b;
    }
    case Knob::pfc:
    case Knob::ecn_priorities: {
      const PriorityMask& m = k == Knob::pfc ? *s.pfc_enabled : *s.ecn_priorities;
      json out = json::array();
      for (unsigned p = 0; p < 8; ++p)
        if (m.has(Priority::unchecked(p))) out.push_back(p);
      return out;
    }
    case Knob::trust:
      return model::to_string(*s.trust);
    case Knob::dscp_map: {
      json out = json::object();
      for (auto [dscp, prio] : *s.dscp_priority) out[std::to_string(dscp.value())] = prio.value();
      return out;
    }
    case Knob::ecn: {
      json out = {{"min_threshold_bytes", s.ecn->min_threshold_bytes},
                  {"max_threshold_bytes", s.ecn->max_threshold_bytes},
                  {"mark_probability_percent", s.ecn->mark_probability_percent}};
      if (s.ecn->fill)
        out["fill_level_percent"] = {s.ecn->fill->min_percent, s.ecn->fill->max_percent};
      return out;
    }
    case Knob::dcqcn: {
      json out = {{"enabled", s.dcqcn->enabled}};
      for (const auto& [name, value] : s.dcqcn->params) out[name] = value;
      return out;
    }
    case Knob::cnp:
      return {{"dscp", s.cnp->dscp.value()}, {"priority", s.cnp->priority.value()}};
    case Knob::pfc_watchdog:
      return {{"detection_ms", s.pfc_watchdog->detection_ms},
              {"restoration_ms", s.pfc_watchdog->restoration_ms},
              {"action", model::to_string(s.pfc_watchdog->action)}};
    case Knob::roce_mode:
      return model::to_string(*s.roce_mode);
    case Knob::roce_tos:
      return *s.roce_tos;
    case Knob::device_traffic_class:
      return *s.device_traffic_class;
    case Knob::nccl_conf:
      return *s.nccl_conf;
    case Knob::ucx_conf:
      return *s.ucx_conf;
    case Knob::job_env:
      return *s.job_env;
  }
  return nullptr;
}

std::string render_text(const Plan& plan, bool verbose) {
  if (plan.empty()) return "no changes\n";
  std::vector<Row> rows;
  for (const Step& s : plan.steps) {
    rows.push_back({s.target, std::string(model::knob_name(s.knob)),
                    model::knob_value_text(s.before, s.knob),
                    model::knob_value_text(s.after, s.knob),
                    s.kind == StepKind::unsupported ? "unsupported" : ""});
  }
  std::string out = render_rows(rows);
  if (verbose) {
    out += "\nwhy this order:\n";
    for (const Step& s : plan.steps)
      out += fmt::format("  {} {}: {}\n", printable(s.target), model::knob_name(s.knob),
                         printable(s.reason));
  }
  return out;
}

json to_json(const Plan& plan) {
  json steps = json::array();
  for (const Step& s : plan.steps) {
    steps.push_back({{"target", s.target},
                     {"knob", model::knob_name(s.knob)},
                     {"kind", s.kind == StepKind::change ? "change" : "unsupported"},
                     {"before", knob_json(s.before, s.knob)},
                     {"after", knob_json(s.after, s.knob)},
                     {"reason", s.reason}});
  }
  return {{"changes", plan.changes()}, {"unsupported", plan.unsupported()}, {"steps", steps}};
}

std::string render_text(const ApplyReport& report) {
  std::vector<Row> rows;
  for (const StepResult& r : report.results) {
    std::string note = to_string(r.outcome);
    if (!r.detail.empty()) note += ": " + r.detail;
    rows.push_back({r.step.target, std::string(model::knob_name(r.step.knob)),
                    model::knob_value_text(r.step.before, r.step.knob),
                    model::knob_value_text(r.step.after, r.step.knob), note});
  }
  std::string out = render_rows(rows);
  if (report.interrupted_by)
    out += fmt::format("stopped by {} before the remaining steps; ",
                       signal_name(report.interrupted_by)) +
           (report.rollback_clean ? "completed steps were rolled back\n"
                                  : "ROLLBACK INCOMPLETE, see the steps above\n");
  else if (report.failed)
    out += report.rollback_clean ? "apply failed; completed steps were rolled back\n"
                                 : "apply failed; ROLLBACK INCOMPLETE, see the steps above\n";
  return out;
}

json to_json(const ApplyReport& report) {
  json steps = json::array();
  for (const StepResult& r : report.results) {
    steps.push_back({{"target", r.step.target},
                     {"knob", model::knob_name(r.step.knob)},
                     {"before", knob_json(r.step.before, r.step.knob)},
                     {"after", knob_json(r.step.after, r.step.knob)},
                     {"outcome", to_string(r.outcome)},
                     {"detail", r.detail}});
  }
  json j = {{"failed", report.failed}, {"rollback_clean", report.rollback_clean}, {"steps", steps}};
  j["interrupted_by"] =
      report.interrupted_by ? json(signal_name(report.interrupted_by)) : json(nullptr);
  return j;
}

}  // namespace rocecfg::plan
