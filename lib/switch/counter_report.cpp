#include "switch/counter_report.h"

#include <fmt/format.h>

namespace rocecfg::sw {

CounterJudgement judge_read(const CounterRead& read, const CounterRules& rules) {
  if (!read.ok) return CounterJudgement{};
  return judge_counters({read.window}, rules);
}

CounterEvidence counters_around(const std::vector<FleetSwitch>& switches, const CounterRules& rules,
                                const std::function<void()>& work, int parallel) {
  CounterCollectOptions o;
  o.parallel = parallel;
  o.between = work;
  CounterEvidence e;
  e.reads = collect_counters(switches, o);
  for (const CounterRead& r : e.reads) e.judgements.push_back(judge_read(r, rules));
  e.verdict = overall_verdict(e.reads, e.judgements);
  return e;
}

CounterVerdict overall_verdict(const std::vector<CounterRead>& reads,
                               const std::vector<CounterJudgement>& judgements) {
  bool fail = false, warn = false, unknown = false, incomplete = false, pass = false;
  for (size_t i = 0; i < reads.size(); ++i) {
    CounterVerdict v =
        i < judgements.size() ? judgements[i].verdict : CounterVerdict::not_evaluated;
    fail |= v == CounterVerdict::fail;
    warn |= v == CounterVerdict::warn;
    unknown |= v == CounterVerdict::not_evaluated;
    incomplete |= v == CounterVerdict::incomplete;
    pass |= v == CounterVerdict::pass;
  }
  if (fail) return CounterVerdict::fail;
  if (unknown || (!pass && !warn && !incomplete)) return CounterVerdict::not_evaluated;
  if (warn) return CounterVerdict::warn;
  return incomplete ? CounterVerdict::incomplete : CounterVerdict::pass;
}

std::vector<std::string> moved_counters(const CounterWindow& w) {
  std::vector<std::string> out;
  for (const CounterDelta& d : w.deltas) {
    if (d.delta == 0) continue;
    std::string where =
        d.key.scope == CounterScope::port
            ? d.key.port
            : fmt::format("{} {} {}", d.key.port, to_string(d.key.scope), d.key.index);
    std::string value =
        d.after.gauge ? fmt::format("{} {} (high-water mark)", d.delta, to_string(d.after.unit))
        : w.absolute
            ? fmt::format("{} {}", d.delta, to_string(d.after.unit))
            : fmt::format("+{} {} ({:.0f}/s)", d.delta, to_string(d.after.unit), d.per_second);
    out.push_back(fmt::format("{} {} {}", where, to_string(d.key.kind), value));
  }
  return out;
}

std::string unjudged(const CounterJudgement& j) {
  if (j.not_judged.empty()) return "";
  std::string out = " (not read: ";
  for (size_t i = 0; i < j.not_judged.size(); ++i) out += (i ? ", " : "") + j.not_judged[i];
  return out + ")";
}

std::string format_counter_report(const std::vector<CounterRead>& reads,
                                  const std::vector<CounterJudgement>& judgements, int verbose) {
  std::string out;
  size_t fails = 0, warns = 0, unread = 0;
  for (size_t i = 0; i < reads.size(); ++i) {
    const CounterRead& r = reads[i];
    const CounterJudgement& j = judgements[i];
    if (!r.ok) {
      ++unread;
      out += fmt::format("{} ({}): NOT READ: {}\n", r.name, r.vendor, r.error);
      continue;
    }
    std::string span = r.window.absolute ? "since last cleared"
                                         : fmt::format("over {:.0f} ms", r.window.window_ms);
    out += fmt::format("{} ({}): {}, {} counters {}{}\n", r.name, r.vendor, to_string(j.verdict),
                       r.window.deltas.size(), span, unjudged(j));
    for (const CounterFinding& f : j.findings) {
      out += fmt::format("  {} {}\n", to_string(f.level), f.text);
      (f.level == CounterVerdict::fail ? fails : warns)++;
    }
    if (verbose > 0) {
      for (const std::string& m : moved_counters(r.window)) out += "  moved: " + m + "\n";
      for (const std::string& n : r.window.notes) out += "  note: " + n + "\n";
      for (const std::string& u : r.window.unread) out += "  not read: " + u + "\n";
    } else if (!r.window.unread.empty()) {
      out += fmt::format("  {} counter group(s) not read on {} (-v lists them)\n",
                         r.window.unread.size(), r.vendor);
    }
  }
  out += fmt::format("verdict: {} ({} failed, {} warnings, {} switch(es) not read)\n",
                     to_string(overall_verdict(reads, judgements)), fails, warns, unread);
  return out;
}

}  // namespace rocecfg::sw
