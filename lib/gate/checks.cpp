#include "gate/checks.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "gate/pause_rule.h"
#include "model/path_mtu.h"
#include "plan/render.h"
#include "probe/from_intent.h"
#include "probe/rails.h"
#include "probe/verdict.h"

namespace rocecfg::gate {

namespace {

CheckResult result(const char* name, CheckStatus s, std::string message,
                   std::vector<std::string> details = {}) {
  return CheckResult{name, s, std::move(message), std::move(details), 0};
}

// The first detail, or a count, as the one-line message of a failed check.
std::string first_and_count(const std::vector<std::string>& items) {
  if (items.size() == 1) return items.front();
  return fmt::format("{} (and {} more)", items.front(), items.size() - 1);
}

std::string read_trimmed(const host::FsRoot& fs, const std::string& path) {
  Result<std::string> r = fs.read(path);
  return r ? *r : std::string();
}

}  // namespace

std::optional<uint32_t> profile_host_mtu(const profile::Intent& intent) {
  return intent.host_settings().mtu_bytes;
}

CheckResult check_devices(Context& c) {
  // The active MTU (verbs) is the mtu check's, inside the counter window.
  host::HostInventory inv = host::discover(c.fs, /*query_verbs=*/false, /*gid_tables=*/false);
  std::vector<std::string> problems;
  std::vector<std::string> seen;
  auto add_target = [&](const host::Netdev& n) {
    Target t;
    t.netdev = n;
    for (const host::RdmaDevice& d : inv.rdma_devices)
      for (const host::RdmaPort& p : d.ports)
        if (p.netdev == n.name && p.link_layer == "Ethernet" && t.rdma_device.empty()) {
          t.rdma_device = d.name;
          t.rdma_port = p.port;
          t.port_state = p.state;
          t.active_mtu_bytes = p.active_mtu_bytes;
        }
    c.targets.push_back(std::move(t));
  };
  problems = probe::declared_nic_problems(c.options.declared_nics, inv);
  if (c.options.interfaces.empty()) {
    for (const host::Netdev& n : inv.netdevs) add_target(n);
    // No RDMA device at all is a missing driver or the wrong node, not a
    // verdict on the fabric: not evaluated (exit 4), never a drain -- unless
    // the inventory says this host has NICs: then they are gone.
    if (c.targets.empty() && !problems.empty())
      return result("devices", CheckStatus::fail, first_and_count(problems), problems);
    if (c.targets.empty())
      return result("devices", CheckStatus::not_evaluated,
                    "no RDMA device with an Ethernet port (is the RDMA driver loaded?)");
  } else {
    for (const std::string& name : c.options.interfaces) {
      Result<host::Netdev> n = host::describe_netdev(c.fs, name);
      if (!n) {
        problems.push_back(n.error().to_string());
        continue;
      }
      add_target(*n);
    }
  }
  for (const Target& t : c.targets) {
    const std::string& ifname = t.netdev.name;
    // "unknown" is what drivers without carrier reporting (and dcbsim) say; only
    // an explicit down/lowerlayerdown is a dead link.
    std::string oper = read_trimmed(c.fs, "/sys/class/net/" + ifname + "/operstate");
    if (oper == "down" || oper == "lowerlayerdown" || oper == "notpresent")
      problems.push_back(fmt::format("{} is {}", ifname, oper));
    if (t.rdma_device.empty()) {
      problems.push_back(fmt::format("{} has no RDMA device", ifname));
      continue;
    }
    if (t.port_state != "ACTIVE")
      problems.push_back(fmt::format("{} port {} is {}", t.rdma_device, t.rdma_port,
                                     t.port_state.empty() ? "in an unknown state" : t.port_state));
    std::string speed;
    if (Result<double> rate =
            probe::port_rate_gbps(c.fs, t.rdma_device, static_cast<uint32_t>(t.rdma_port))) {
      speed = fmt::format(" {:g} Gb/s", *rate);
      if (auto want = c.options.intent.validation.expected_rate_gbps; want && *rate < *want)
        problems.push_back(fmt::format("{} port {} runs at {:g} Gb/s, expected {:g} Gb/s",
                                       t.rdma_device, t.rdma_port, *rate, *want));
    }
    seen.push_back(fmt::format("{} port {} ({}) {}{}", t.rdma_device, t.rdma_port, ifname,
                               t.port_state, speed));
  }
  if (!problems.empty())
    return result("devices", CheckStatus::fail, first_and_count(problems), problems);
  return result(
      "devices", CheckStatus::pass,
      fmt::format("{} RoCE port{} active", c.targets.size(), c.targets.size() == 1 ? "" : "s"),
      seen);
}

CheckResult check_mtu(Context& c) {
  std::optional<uint32_t> want = profile_host_mtu(c.options.intent);
  std::vector<std::string> problems, seen;
  for (Target& t : c.targets) {
    if (!t.rdma_device.empty())
      t.active_mtu_bytes = host::active_mtu(c.fs, t.rdma_device, t.rdma_port);
    uint32_t mtu = t.netdev.mtu_bytes;
    if (want && mtu != *want)
      problems.push_back(
          fmt::format("{} MTU {} bytes, profile says {}", t.netdev.name, mtu, *want));
    // The RoCE path MTU follows the netdev MTU (iboe_get_mtu); a smaller active
    // MTU means the port has not caught up or the netdev MTU is too small.
    uint32_t allowed = model::roce_path_mtu_for(want ? *want : mtu);
    if (t.active_mtu_bytes && allowed && *t.active_mtu_bytes < allowed)
      problems.push_back(fmt::format("{} port {} active MTU {} bytes, the profile's MTU allows {}",
                                     t.rdma_device, t.rdma_port, *t.active_mtu_bytes, allowed));
    seen.push_back(fmt::format("{} MTU {}{}", t.netdev.name, mtu,
                               t.active_mtu_bytes
                                   ? fmt::format(", RoCE active MTU {}", *t.active_mtu_bytes)
                                   : std::string()));
  }
  if (!problems.empty())
    return result("mtu", CheckStatus::fail, first_and_count(problems), problems);
  return result("mtu", CheckStatus::pass,
                want ? fmt::format("{} bytes as the profile says", *want)
                     : std::string("profile does not manage MTU"),
                seen);
}

CheckResult check_audit(Context& c) {
  if (!c.env.audit)
    return result("audit", CheckStatus::not_evaluated, "no host backend to audit with");
  std::vector<std::string> names;
  for (const Target& t : c.targets) names.push_back(t.netdev.name);
  Result<plan::Plan> p = c.env.audit(names);
  if (!p) return result("audit", CheckStatus::not_evaluated, p.error().to_string());
  c.drift_steps = p->changes();
  std::vector<std::string> drift, unsupported;
  for (const plan::Step& s : p->steps) {
    std::string line = fmt::format("{} {}: {} -> {}", s.target, model::knob_name(s.knob),
                                   model::knob_value_text(s.before, s.knob),
                                   model::knob_value_text(s.after, s.knob));
    (s.kind == plan::StepKind::change ? drift : unsupported).push_back(line);
  }
  if (!drift.empty())
    return result("audit", CheckStatus::fail,
                  fmt::format("{} setting{} drifted from the profile: {}", drift.size(),
                              drift.size() == 1 ? "" : "s", drift.front()),
                  drift);
  if (!unsupported.empty())
    return result("audit", CheckStatus::warn,
                  fmt::format("no drift; {} knob{} not supported here", unsupported.size(),
                              unsupported.size() == 1 ? "" : "s"),
                  unsupported);
  return result("audit", CheckStatus::pass, "no drift from the profile");
}

namespace {

// Counters that must not move on a healthy node between jobs. Pause counters
// have their own rule (pause_rule.h).
bool hard_error(std::string_view counter) {
  probe::CounterClass k = probe::classify(counter);
  return k == probe::CounterClass::loss || k == probe::CounterClass::transport_error ||
         k == probe::CounterClass::discard || k == probe::CounterClass::link_down ||
         counter == "rx_errors" || counter == "tx_errors" || counter == "rx_crc_errors" ||
         counter.find("symbol_error") != std::string_view::npos;
}

probe::CounterMap snapshot(Context& c, std::vector<std::string>& errors) {
  probe::CounterMap all;
  auto add = [&](const Result<probe::CounterMap>& r) {
    if (r)
      all.insert(r->begin(), r->end());
    else
      errors.push_back(r.error().to_string());
  };
  for (const Target& t : c.targets) {
    if (!t.rdma_device.empty())
      add(probe::snapshot_rdma(c.fs, t.rdma_device, static_cast<uint32_t>(t.rdma_port)));
    add(probe::snapshot_netdev(c.fs, t.netdev.name));
    if (c.env.ethtool) add(c.env.ethtool(t.netdev.name));
  }
  return all;
}

double now_ms(const Context& c) {
  if (c.env.now_ms) return c.env.now_ms();
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void begin_counter_window(Context& c) {
  double t0 = now_ms(c);
  c.counters_before = snapshot(c, c.counter_errors);
  c.window_opened_ms = (t0 + now_ms(c)) / 2;
}

CheckResult check_counters(Context& c, uint32_t window_ms) {
  if (!c.window_opened_ms) begin_counter_window(c);
  // The window is measured between the midpoints of the two snapshots, so a
  // slow read does not inflate the pause rate.
  double opened = *c.window_opened_ms;
  double waited = now_ms(c) - opened;
  if (c.env.sleep) c.env.sleep(waited >= window_ms ? 0 : window_ms - static_cast<uint32_t>(waited));
  std::vector<std::string>& errors = c.counter_errors;
  const probe::CounterMap& before = c.counters_before;
  double t2 = now_ms(c);
  probe::CounterMap after = snapshot(c, errors);
  double t3 = now_ms(c);
  c.counters = after;
  if (before.empty())
    return result("counters", CheckStatus::not_evaluated, "no counters readable", errors);
  probe::CounterMap deltas = probe::delta(before, after);
  std::vector<std::string> moved;
  for (const auto& [key, d] : deltas) {
    std::string_view name = std::string_view(key).substr(key.rfind(':') + 1);
    if (d != 0 && hard_error(name)) moved.push_back(fmt::format("{} +{}", key, d));
  }
  PauseRules rules{c.options.max_pause_per_s, c.options.max_paused_fraction,
                   c.options.intent.lossless_priorities()};
  PauseJudgement pause = judge_pause(deltas, (t2 + t3) / 2 - opened, rules);
  if (!moved.empty()) {
    std::vector<std::string> details = moved;
    details.insert(details.end(), pause.findings.begin(), pause.findings.end());
    return result(
        "counters", CheckStatus::fail,
        fmt::format("error counters rising within {} ms: {}", window_ms, first_and_count(moved)),
        details);
  }
  if (pause.status != CheckStatus::pass)
    return result("counters", pause.status, pause.findings.front(), pause.findings);
  return result("counters", CheckStatus::pass,
                fmt::format("{} counters still over {} ms", before.size(), window_ms), errors);
}

namespace {

// The budget is for the whole probe: every (size, mode) test runs for its own window.
probe::ProbeConfig within(probe::ProbeConfig cfg, uint32_t duration_ms) {
  size_t tests = cfg.sizes_bytes.size() * ((cfg.bandwidth ? 1 : 0) + (cfg.latency ? 1 : 0));
  cfg.duration_ms =
      std::max<uint32_t>(1, duration_ms / static_cast<uint32_t>(std::max<size_t>(1, tests)));
  return cfg;
}

// Every rail at once, each its own thread with the whole window: 8 rails
// cost about one rail's time, not eight.
CheckResult check_rail_probes(Context& c, uint32_t duration_ms) {
  const std::vector<RailProbe>& rails = c.options.rail_probes;
  std::vector<Result<probe::ProbeReport>> got(rails.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < rails.size(); ++i)
    threads.emplace_back([&, i] { got[i] = c.env.probe(within(rails[i].config, duration_ms)); });
  for (std::thread& t : threads) t.join();
  std::vector<std::string> failed = c.options.rail_problems, not_run, warned, lines;
  probe::Expectations exp = probe::expectations_for(c.options.intent);
  for (size_t i = 0; i < rails.size(); ++i) {
    std::string rail = fmt::format("rail {} ({})", rails[i].rail, rails[i].label);
    if (!got[i]) {
      not_run.push_back(fmt::format("{}: {}", rail, got[i].error().to_string()));
      lines.push_back(not_run.back());
      continue;
    }
    if (!c.probe) c.probe = *got[i];
    probe::Verdict v = probe::judge(*got[i], exp);
    for (const probe::Finding& f : v.findings) {
      lines.push_back(
          fmt::format("{} {}: {}: {}", rail, probe::to_string(f.level), f.figure, f.message));
      if (f.level == probe::Level::fail)
        failed.push_back(fmt::format("{}: {}: {}", rail, f.figure, f.message));
      else if (f.level == probe::Level::warn)
        warned.push_back(fmt::format("{}: {}: {}", rail, f.figure, f.message));
    }
  }
  for (const std::string& p : c.options.rail_problems) lines.push_back(p);
  if (!failed.empty()) return result("probe", CheckStatus::fail, first_and_count(failed), lines);
  if (!not_run.empty())
    return result("probe", CheckStatus::not_evaluated, first_and_count(not_run), lines);
  if (!warned.empty()) return result("probe", CheckStatus::warn, first_and_count(warned), lines);
  return result("probe", CheckStatus::pass, fmt::format("{} rails passed", rails.size()), lines);
}

}  // namespace

CheckResult check_probe(Context& c, uint32_t duration_ms) {
  if (!c.options.rail_probes.empty() || !c.options.rail_problems.empty()) {
    if (!c.env.probe) return result("probe", CheckStatus::not_evaluated, "no probe engine");
    return check_rail_probes(c, duration_ms);
  }
  if (!c.options.probe) return result("probe", CheckStatus::skipped, "no probe requested");
  if (!c.env.probe) return result("probe", CheckStatus::not_evaluated, "no probe engine");
  probe::ProbeConfig cfg = within(*c.options.probe, duration_ms);
  Result<probe::ProbeReport> r = c.env.probe(cfg);
  if (!r) return result("probe", CheckStatus::not_evaluated, r.error().to_string());
  c.probe = *r;
  probe::Verdict v = probe::judge(*r, probe::expectations_for(c.options.intent));
  std::vector<std::string> lines;
  const probe::Finding* worst = nullptr;
  for (const probe::Finding& f : v.findings) {
    lines.push_back(fmt::format("{} {}: {}", probe::to_string(f.level), f.figure, f.message));
    if (f.level == v.level && !worst) worst = &f;
  }
  if (v.level == probe::Level::fail)
    return result("probe", CheckStatus::fail,
                  worst ? fmt::format("{}: {}", worst->figure, worst->message) : "failed", lines);
  if (v.level == probe::Level::warn)
    return result("probe", CheckStatus::warn,
                  worst ? fmt::format("{}: {}", worst->figure, worst->message) : "warning", lines);
  return result("probe", CheckStatus::pass, fmt::format("{} to {} passed", r->mode, r->server),
                lines);
}

}  // namespace rocecfg::gate
