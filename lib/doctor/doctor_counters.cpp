#include "doctor/doctor_counters.h"

#include <fmt/format.h>

#include "switch/counter_report.h"

namespace rocecfg::doctor {

namespace {

struct Explained {
  const char* check;
  const char* why;
  std::string fix;
};

Explained explain(sw::CounterProblem p, const std::string& fix_counters,
                  const std::string& fix_apply) {
  using P = sw::CounterProblem;
  switch (p) {
    case P::lossless_drop:
      return {"switch drop",
              "PFC exists so this class never drops: a drop means PFC is off on one side, the "
              "headroom is too small for the cable and MTU, or a sender ignores pause",
              fix_apply +
                  " (PFC and buffers), then [buffers] headroom or cable length in the "
                  "profile"};
    case P::watchdog_storm:
    case P::watchdog_drop:
      return {"switch wd",
              "the PFC watchdog found a queue stuck in XOFF and broke it open by dropping: a "
              "pause storm happened on that port",
              "find the port's peer (a NIC that stopped draining or a host paused by its own "
              "PCIe) and watch it with " +
                  fix_counters};
    case P::pause_storm:
      return {"switch pfc",
              "a receiver that cannot drain refreshes XOFF thousands of times a second; the "
              "pause spreads upstream and stalls every flow of the priority (a PFC storm)",
              "check the port's peer (ethtool -S pause counters); turn the PFC watchdog on "
              "([pfc_watchdog] in the profile) with " +
                  fix_apply};
    case P::lossy_pause:
      return {"switch pfc",
              "pause on a priority the profile leaves lossy: host and switch disagree on PFC "
              "(a NIC pausing other priorities, or PFC taken from DCBX)",
              "rocecfg audit on the host and " + fix_apply + " --dry-run"};
    case P::no_ecn_marks:
      return {"switch ecn",
              "under DCQCN the switch must mark CE before PFC pauses; without marks the senders "
              "never slow down and PFC does all the work",
              "check [ecn] thresholds on the switch: " + fix_apply + " --dry-run"};
    case P::fcs_errors:
      return {"switch fcs", "frames lost to a cable or optic are losses PFC cannot prevent",
              "reseat or replace the cable or optic of that port"};
    case P::link_flaps:
      return {"switch link", "each flap drops what was in flight and resets PFC state",
              "check the port's cable, optic and the peer's link log"};
  }
  return {"switch", "", fix_counters};
}

}  // namespace

std::vector<Finding> check_switch_counters(const std::vector<sw::CounterRead>& reads,
                                           const sw::CounterRules& rules,
                                           const std::string& fix_counters,
                                           const std::string& fix_apply) {
  std::vector<Finding> out;
  for (const sw::CounterRead& r : reads) {
    if (!r.ok) {
      out.push_back({"sw counters", Severity::info,
                     fmt::format("{}: counters not read ({})", r.name, r.error), "", ""});
      continue;
    }
    sw::CounterJudgement j = sw::judge_read(r, rules);
    for (const sw::CounterFinding& f : j.findings) {
      Explained e = explain(f.problem, fix_counters, fix_apply);
      out.push_back({e.check,
                     f.level == sw::CounterVerdict::fail ? Severity::problem : Severity::warning,
                     f.text, e.why, e.fix});
    }
    if (!j.not_judged.empty()) {
      std::string missing;
      for (const std::string& c : j.not_judged) missing += (missing.empty() ? "" : ", ") + c;
      out.push_back({"sw counters", Severity::info,
                     fmt::format("{} ({}): {} not read, so not judged", r.name, r.vendor, missing),
                     "", ""});
    } else if (j.findings.empty())
      out.push_back({"sw counters", Severity::ok,
                     fmt::format("{}: {} counters over {:.0f} ms, nothing wrong", r.name,
                                 r.window.deltas.size(), r.window.window_ms),
                     "", ""});
  }
  return out;
}

}  // namespace rocecfg::doctor
