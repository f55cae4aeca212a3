#include "probe/verdict.h"

#include <algorithm>

#include <fmt/format.h>

#include "probe/marking_verdict.h"

namespace rocecfg::probe {
namespace {

std::string list_counters(const ClassTotal& t) {
  std::string s;
  for (const auto& [k, v] : t.nonzero) s += fmt::format("{}{}={}", s.empty() ? "" : ", ", k, v);
  return s;
}

const TestRecord* find(const ProbeReport& r, const std::string& phase, Mode mode, uint32_t size) {
  for (const TestRecord& t : r.tests)
    if (t.phase == phase && t.mode == mode && t.size_bytes == size && t.outcome) return &t;
  return nullptr;
}

class Judge {
 public:
  Judge(const ProbeReport& r, const Expectations& e) : r_(r), e_(e) {}

  Verdict run() {
    tests();
    bandwidth();
    latency();
    path_mtu();
    for (const PhaseCounters& pc : r_.counters) counters(pc);
    congestion();
    traffic_class();
    for (const MarkingRecord& m : r_.marking) judge_marking(m, e_, v_.findings);
    for (const Finding& f : v_.findings)
      if (f.level == Level::fail || (f.level == Level::warn && v_.level != Level::fail))
        v_.level = f.level;
    return std::move(v_);
  }

 private:
  void add(Level l, std::string rule, std::string figure, std::string message) {
    v_.findings.push_back({l, std::move(rule), std::move(figure), std::move(message)});
  }

  void tests() {
    for (const TestRecord& t : r_.tests)
      if (t.error)
        add(Level::fail, "test",
            fmt::format("{} {} {}", t.phase, t.mode == Mode::bw ? "bandwidth" : "latency",
                        size_label(t.size_bytes)),
            t.error->to_string());
    if (r_.load_error) add(Level::fail, "test", "background load", r_.load_error->to_string());
  }

  void bandwidth() {
    uint32_t largest = 0;
    for (const TestRecord& t : r_.tests)
      if (t.mode == Mode::bw) largest = std::max(largest, t.size_bytes);
    if (!largest) return;
    const std::string figure = fmt::format("idle bandwidth {}", size_label(largest));
    std::optional<double> expected = e_.rules.expected_rate_gbps;
    std::string source = "expected";
    if (!expected && r_.link_rate_gbps) {
      expected = r_.link_rate_gbps;
      source = "port rate";
    }
    const TestRecord* t = find(r_, "idle", Mode::bw, largest);
    if (!t) return;  // the test error is already a finding
    if (!expected) {
      add(Level::skip, "bandwidth", figure,
          fmt::format("{:.3f} Gb/s; no expected rate (set validation.expected_rate_gbps)",
                      t->outcome->bw->gbps));
      return;
    }
    const double gbps = t->outcome->bw->gbps;
    const double need = e_.rules.min_bandwidth_fraction * *expected;
    add(gbps >= need ? Level::pass : Level::fail, "bandwidth", figure,
        fmt::format("{:.3f} Gb/s {} {:.2f} x {:.3f} Gb/s {} ({:.3f} Gb/s)", gbps,
                    gbps >= need ? ">=" : "<", e_.rules.min_bandwidth_fraction, *expected, source,
                    need));
  }

  void latency() {
    for (const TestRecord& t : r_.tests) {
      if (t.mode != Mode::lat || !t.outcome || !t.outcome->lat) continue;
      const LatencyStats& l = *t.outcome->lat;
      if (e_.max_p99_us) {
        bool ok = l.p99_us <= *e_.max_p99_us;
        add(ok ? Level::pass : Level::fail, "latency",
            fmt::format("{} p99 latency {}", t.phase, size_label(t.size_bytes)),
            fmt::format("{:.1f} us {} {:.1f} us ceiling", l.p99_us, ok ? "<=" : ">",
                        *e_.max_p99_us));
      }
      if (t.phase != "loaded") continue;
      const TestRecord* idle = find(r_, "idle", Mode::lat, t.size_bytes);
      if (!idle) continue;
      const double base = idle->outcome->lat->p99_us;
      const double limit = e_.rules.max_loaded_p99_factor * base;
      bool ok = l.p99_us <= limit;
      add(ok ? Level::pass : Level::fail, "latency",
          fmt::format("loaded p99 latency {}", size_label(t.size_bytes)),
          fmt::format("{:.1f} us {} {:.1f} x idle p99 {:.1f} us ({:.1f} us)", l.p99_us,
                      ok ? "<=" : ">", e_.rules.max_loaded_p99_factor, base, limit));
    }
  }

  void path_mtu() {
    if (!e_.min_path_mtu_bytes) return;
    const TestOutcome* o = r_.first_outcome();
    if (!o) return;
    bool ok = o->path_mtu_bytes >= *e_.min_path_mtu_bytes;
    add(ok ? Level::pass : Level::fail, "path MTU", "path MTU",
        fmt::format("{} {} {} expected (ports: {} {}, {} {})", o->path_mtu_bytes, ok ? ">=" : "<",
                    *e_.min_path_mtu_bytes, o->local_device, o->local_port_mtu_bytes,
                    o->remote_device, o->remote_port_mtu_bytes));
  }

  void limit(const PhaseCounters& pc, CounterClass c, uint64_t max, const char* knob) {
    ClassTotal t = sum_class(pc.delta, c, e_.lossless);
    const std::string figure = fmt::format("{} ({})", to_string(c), pc.phase);
    if (t.counters == 0) {
      add(Level::skip, "counters", figure, "no such counters on this NIC");
      return;
    }
    bool ok = t.total <= max;
    add(ok ? Level::pass : Level::fail, "counters", figure,
        ok ? fmt::format("{} <= {} ({})", t.total, max, knob)
           : fmt::format("{} > {} ({}; {})", t.total, max, knob, list_counters(t)));
  }

  void counters(const PhaseCounters& pc) {
    for (const std::string& e : pc.errors)
      add(Level::warn, "counters", fmt::format("counters ({})", pc.phase), e);
    const uint64_t max_rt = e_.rules.max_retransmits;
    limit(pc, CounterClass::loss, max_rt, "max_retransmits");
    limit(pc, CounterClass::transport_error, max_rt, "max_retransmits");
    if (e_.rules.ignore_emulation_retransmits) {
      ClassTotal t = sum_class(pc.delta, CounterClass::retransmit, e_.lossless);
      add(Level::skip, "counters", fmt::format("retransmits ({})", pc.phase),
          fmt::format("{} ignored (ignore_emulation_retransmits)", t.total));
    } else {
      limit(pc, CounterClass::retransmit, max_rt, "max_retransmits");
    }
    limit(pc, CounterClass::discard, e_.rules.max_discards, "max_discards");
    limit(pc, CounterClass::link_down, 0, "a link must not go down");
    ClassTotal pause = sum_class(pc.delta, CounterClass::pause, e_.lossless);
    const std::string pf = fmt::format("pause ratio ({})", pc.phase);
    if (pause.counters == 0) {
      add(Level::skip, "counters", pf, "no pause counters on this NIC");
    } else {
      ClassTotal pk = sum_class(pc.delta, CounterClass::packets);
      double ratio =
          pk.total ? static_cast<double>(pause.total) / static_cast<double>(pk.total) : 0;
      bool ok = ratio <= e_.rules.max_pause_ratio;
      add(ok ? Level::pass : Level::fail, "counters", pf,
          fmt::format("{:.4f} {} {:.4f} ({} pause frames / {} packets)", ratio, ok ? "<=" : ">",
                      e_.rules.max_pause_ratio, pause.total, pk.total));
    }
  }

  void congestion() {
    if (!e_.congestion) return;
    const model::CongestionRule rule = model::congestion_rule(e_.congestion);
    for (const PhaseCounters& pc : r_.counters) {
      if (pc.phase != "loaded") continue;
      ClassTotal cnp = sum_class(pc.delta, CounterClass::cnp);
      ClassTotal ecn = sum_class(pc.delta, CounterClass::ecn_mark);
      const std::string figure = "CNP/ECN activity (loaded)";
      if (!rule.judged) {
        add(Level::skip, "congestion", figure,
            fmt::format("{} CNPs, {} ECN marks; not judged under {}", cnp.total, ecn.total,
                        rule.name));
      } else if (cnp.counters == 0 && ecn.counters == 0) {
        add(Level::skip, "congestion", figure, "no CNP/ECN counters on this NIC");
      } else if (rule.expect_marks && cnp.total + ecn.total == 0) {
        add(Level::warn, "congestion", figure,
            "DCQCN is enabled but no CNP or ECN mark under load (marking or CNP path broken?)");
      } else if (rule.cnps_unexpected && cnp.total > 0) {
        add(Level::warn, "congestion", figure,
            fmt::format("DCQCN is off ({}) but {} CNPs moved ({}): a notification point is on",
                        model::to_string(*e_.congestion), cnp.total, list_counters(cnp)));
      } else {
        add(Level::pass, "congestion", figure,
            fmt::format("{} CNPs, {} ECN marks; {}", cnp.total, ecn.total, rule.name));
      }
    }
  }

  void traffic_class() {
    if (e_.lossless_dscps.empty()) return;
    std::string dscps;
    for (uint8_t d : e_.lossless_dscps) dscps += fmt::format("{}{}", dscps.empty() ? "" : ",", d);
    const std::string what =
        fmt::format("{}{}", describe_tos(r_.tos),
                    r_.tos_source.empty() ? "" : fmt::format(" from {}", r_.tos_source));
    if (e_.lossless_dscps.count(static_cast<uint8_t>(r_.tos >> 2)))
      add(Level::pass, "traffic class", "traffic class",
          fmt::format("{} is in the lossless class (DSCP {})", what, dscps));
    else
      add(Level::fail, "traffic class", "traffic class",
          fmt::format("{} is outside the lossless class (DSCP {}): this traffic travels lossy",
                      what, dscps));
  }

  const ProbeReport& r_;
  const Expectations& e_;
  Verdict v_;
};

}  // namespace

const char* to_string(Level l) {
  switch (l) {
    case Level::pass:
      return "PASS";
    case Level::skip:
      return "SKIP";
    case Level::warn:
      return "WARN";
    case Level::fail:
      return "FAIL";
  }
  return "?";
}

std::vector<const Finding*> Verdict::failed() const {
  std::vector<const Finding*> out;
  for (const Finding& f : findings)
    if (f.level == Level::fail) out.push_back(&f);
  return out;
}

Verdict judge(const ProbeReport& report, const Expectations& exp) {
  return Judge(report, exp).run();
}

}  // namespace rocecfg::probe
