#include "switch/counter_judge.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace rocecfg::sw {

const char* to_string(CounterVerdict v) {
  switch (v) {
    case CounterVerdict::pass:
      return "PASS";
    case CounterVerdict::warn:
      return "WARN";
    case CounterVerdict::fail:
      return "FAIL";
    case CounterVerdict::incomplete:
      return "INCOMPLETE";
    case CounterVerdict::not_evaluated:
      return "NOT EVALUATED";
  }
  return "?";
}

namespace {

int rank(CounterVerdict v) {
  switch (v) {
    case CounterVerdict::fail:
      return 0;
    case CounterVerdict::warn:
      return 1;
    default:
      return 2;
  }
}

std::string where(const CounterKey& k) {
  switch (k.scope) {
    case CounterScope::port:
      return k.kind == CounterKind::pause_rx_frames || k.kind == CounterKind::pause_tx_frames
                 ? " all priorities"
                 : "";
    case CounterScope::priority:
      return fmt::format(" priority {}", k.index);
    case CounterScope::queue:
      return fmt::format(" queue {}", k.index);
    case CounterScope::priority_group:
      return fmt::format(" pg {}", k.index);
    case CounterScope::mc_queue:
      return fmt::format(" multicast queue {}", k.index);
  }
  return "";
}

std::string amount(const CounterDelta& d) {
  return fmt::format("{} {}", d.delta, to_string(d.after.unit));
}

bool lossless_index(const CounterKey& k, PriorityMask lossless) {
  if (k.index < 0 || k.index > 7 || k.scope == CounterScope::mc_queue) return false;
  return (lossless.bits() >> k.index) & 1u;
}

}  // namespace

namespace {

// The judged class a kind belongs to, or nullptr for kinds read but not judged.
const char* judged_class(CounterKind k) {
  switch (k) {
    case CounterKind::pause_rx_frames:
    case CounterKind::pause_tx_frames:
      return "pause";
    case CounterKind::queue_drops:
      return "queue drops";
    case CounterKind::watchdog_storms:
    case CounterKind::watchdog_drops:
      return "watchdog";
    default:
      return nullptr;
  }
}

std::string place(CounterScope scope, int index) {
  return scope == CounterScope::port ? "all priorities"
                                     : fmt::format("{} {}", to_string(scope), index);
}

}  // namespace

std::vector<std::string> unjudged_classes(const CounterWindow& w, const CounterRules& rules) {
  bool pause = false, drops = false, watchdog = false, ecn = false;
  for (CounterKind k : w.kinds_read) {
    pause |= k == CounterKind::pause_rx_frames || k == CounterKind::pause_tx_frames;
    drops |= k == CounterKind::queue_drops;
    watchdog |= k == CounterKind::watchdog_storms || k == CounterKind::watchdog_drops;
    ecn |= k == CounterKind::ecn_marked;
  }
  std::vector<std::string> missing;
  if (!pause) missing.push_back("pause");
  if (!drops && rules.lossless_known) missing.push_back("queue drops");
  if (!watchdog && rules.watchdog) missing.push_back("watchdog");
  if (!ecn && rules.dcqcn && rules.loaded) missing.push_back("ECN marks");
  // Per counter: what the verdict needs on a port whose output states the
  // class. The rules judge drops on the lossless priorities only, pauses
  // (storms) on every priority -- the lossless ones when the profile names
  // them. Needed and not read: shown as N/A, present in one read only, or a
  // lossless priority missing from a port's rows (a read cut short).
  std::set<CounterKey> read;
  for (const CounterDelta& d : w.deltas) read.insert(d.key);
  auto judged_index = [&](const CounterKey& k, const char* cls) {
    if (k.scope == CounterScope::port) return std::string_view(cls) == "pause";
    if (k.scope == CounterScope::mc_queue) return false;
    if (!rules.lossless_known) return std::string_view(cls) != "queue drops";
    return lossless_index(k, rules.lossless);
  };
  // (class, place) -> ports
  std::map<std::pair<std::string, std::string>, std::set<std::string>> unread;
  std::map<std::pair<std::string, CounterKind>, bool> per_port;  // (port, kind) stated
  for (const CounterKey& k : w.stated) {
    const char* cls = judged_class(k.kind);
    if (!cls) continue;
    per_port[{k.port, k.kind}] = true;
    if (!judged_index(k, cls) || read.count(k)) continue;
    unread[{cls, place(k.scope, k.index)}].insert(k.port);
  }
  if (rules.lossless_known)
    for (const auto& [port_kind, _] : per_port) {
      const auto& [port, kind] = port_kind;
      if (kind == CounterKind::watchdog_storms || kind == CounterKind::watchdog_drops)
        continue;  // watchdogs list only the queues they watch
      for (int p = 0; p < 8; ++p) {
        if (!((rules.lossless.bits() >> p) & 1u)) continue;
        bool any = false;
        for (CounterScope sc : {CounterScope::priority, CounterScope::queue,
                                CounterScope::priority_group, CounterScope::port})
          any |= read.count({port, sc, sc == CounterScope::port ? -1 : p, kind}) > 0;
        // Only the scopes this port's output states for the kind count as missing.
        bool stated_here = false;
        for (CounterScope sc : {CounterScope::priority, CounterScope::queue,
                                CounterScope::priority_group, CounterScope::port})
          stated_here |= w.stated.count({port, sc, sc == CounterScope::port ? -1 : p, kind}) > 0;
        if (!any && !stated_here)
          unread[{judged_class(kind), fmt::format("priority {}", p)}].insert(port);
      }
    }
  for (const auto& [what, ports] : unread) {
    std::string names;
    size_t n = 0;
    for (const std::string& port : ports) {
      if (n++ == 3) {
        names += fmt::format(" +{} more", ports.size() - 3);
        break;
      }
      names += (names.empty() ? "" : ", ") + port;
    }
    missing.push_back(fmt::format("{} {} on {}", what.first, what.second, names));
  }
  return missing;
}

CounterJudgement judge_counters(const std::vector<CounterWindow>& windows,
                                const CounterRules& rules) {
  CounterJudgement j;
  auto add = [&](CounterVerdict level, CounterProblem problem, const CounterWindow& w,
                 const CounterDelta& d, std::string text) {
    j.findings.push_back(
        {level, problem, w.switch_name, d.key.port,
         fmt::format("{} {}{}: {}", w.switch_name, d.key.port, where(d.key), text)});
  };
  for (const CounterWindow& w : windows) {
    bool ecn_read = false;
    uint64_t ecn_marks = 0;
    j.counters_read += w.deltas.size();
    for (std::string& c : unjudged_classes(w, rules))
      if (std::find(j.not_judged.begin(), j.not_judged.end(), c) == j.not_judged.end())
        j.not_judged.push_back(std::move(c));
    bool rates = !w.absolute && w.window_ms > 0;
    for (const CounterDelta& d : w.deltas) {
      const CounterKind kind = d.key.kind;
      if (kind == CounterKind::queue_drops && d.delta > rules.max_lossless_drops &&
          rules.lossless_known && lossless_index(d.key, rules.lossless)) {
        add(CounterVerdict::fail, CounterProblem::lossless_drop, w, d,
            fmt::format("{} dropped on a lossless class", amount(d)));
      } else if (kind == CounterKind::watchdog_storms && d.delta > rules.max_watchdog_storms) {
        add(CounterVerdict::fail, CounterProblem::watchdog_storm, w, d,
            fmt::format("PFC watchdog detected {} storm(s)", d.delta));
      } else if (kind == CounterKind::watchdog_stormed && d.delta > 0) {
        add(CounterVerdict::fail, CounterProblem::watchdog_storm, w, d,
            "PFC watchdog reports the queue stormed now (stuck: its traffic is being dropped)");
      } else if (kind == CounterKind::watchdog_drops && d.delta > 0) {
        add(CounterVerdict::fail, CounterProblem::watchdog_drop, w, d,
            fmt::format("PFC watchdog dropped {}", amount(d)));
      } else if ((kind == CounterKind::pause_rx_frames || kind == CounterKind::pause_tx_frames) &&
                 d.delta > 0) {
        const char* dir = kind == CounterKind::pause_rx_frames ? "received" : "sent";
        if (rates && d.per_second >= rules.max_pause_per_s) {
          add(CounterVerdict::fail, CounterProblem::pause_storm, w, d,
              fmt::format("PFC storm, {:.0f} pause frames/s {} (bound {:.0f}/s)", d.per_second, dir,
                          rules.max_pause_per_s));
        } else if (d.key.scope == CounterScope::priority && rules.lossless_known &&
                   !lossless_index(d.key, rules.lossless)) {
          add(CounterVerdict::warn, CounterProblem::lossy_pause, w, d,
              fmt::format("{} pause frames {} on a priority the profile leaves lossy (host and "
                          "switch disagree on PFC)",
                          d.delta, dir));
        }
      } else if (kind == CounterKind::fcs_errors && d.delta > 0) {
        add(CounterVerdict::warn, CounterProblem::fcs_errors, w, d,
            fmt::format("{} received with a bad FCS (a cable or optic losing what PFC cannot "
                        "protect)",
                        amount(d)));
      } else if (kind == CounterKind::link_flaps && d.delta > 0) {
        add(CounterVerdict::warn, CounterProblem::link_flaps, w, d,
            fmt::format("link went down/up {} time(s)", d.delta));
      } else if (kind == CounterKind::ecn_marked) {
        ecn_read = true;
        ecn_marks += d.delta;
      }
    }
    if (rules.loaded && rules.dcqcn && ecn_read && ecn_marks == 0)
      j.findings.push_back({CounterVerdict::warn, CounterProblem::no_ecn_marks, w.switch_name, "",
                            fmt::format("{}: no ECN marks on the ports read while the traffic "
                                        "saturated a DCQCN profile (DCQCN never reacts; PFC does "
                                        "all the work)",
                                        w.switch_name)});
  }
  std::stable_sort(j.findings.begin(), j.findings.end(),
                   [](const CounterFinding& a, const CounterFinding& b) {
                     if (rank(a.level) != rank(b.level)) return rank(a.level) < rank(b.level);
                     return std::tie(a.switch_name, a.port) < std::tie(b.switch_name, b.port);
                   });
  if (j.counters_read == 0)
    j.verdict = CounterVerdict::not_evaluated;
  else if (!j.findings.empty())
    j.verdict = j.findings.front().level;
  else
    j.verdict = j.not_judged.empty() ? CounterVerdict::pass : CounterVerdict::incomplete;
  return j;
}

}  // namespace rocecfg::sw
