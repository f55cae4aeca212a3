#include "gate/gate.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <thread>

#include <fmt/format.h>

#include "core/printable.h"

#include "core/exit_code.h"
#include "gate/checks.h"

namespace rocecfg::gate {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Runs `check` on its own thread and waits until `deadline`. A check that is
// still running then (a hung sysfs read, a black-holed probe) is abandoned:
// the thread keeps the shared Context alive and dies with the process.
CheckResult run_with_deadline(const char* name, std::shared_ptr<Context> ctx,
                              std::function<CheckResult(Context&)> check,
                              Clock::time_point deadline, uint32_t budget_ms) {
  auto task = std::make_shared<std::packaged_task<CheckResult()>>(
      [ctx, check = std::move(check)] { return check(*ctx); });
  std::future<CheckResult> done = task->get_future();
  std::thread([task] { (*task)(); }).detach();
  if (done.wait_until(deadline) == std::future_status::ready) return done.get();
  return CheckResult{name,
                     CheckStatus::not_evaluated,
                     fmt::format("did not finish within the {} ms budget", budget_ms),
                     {},
                     0};
}

std::string hostname() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "localhost";
  return buf;
}

}  // namespace

const char* to_string(CheckStatus s) {
  switch (s) {
    case CheckStatus::pass:
      return "ok";
    case CheckStatus::warn:
      return "warn";
    case CheckStatus::fail:
      return "FAIL";
    case CheckStatus::not_evaluated:
      return "not evaluated";
    case CheckStatus::skipped:
      return "skipped";
  }
  return "?";
}

const char* to_string(Health h) {
  switch (h) {
    case Health::healthy:
      return "healthy";
    case Health::unhealthy:
      return "unhealthy";
    case Health::not_evaluated:
      return "not evaluated";
  }
  return "?";
}

GateReport run_gate(const GateOptions& options, const GateEnv& env) {
  Clock::time_point start = Clock::now();
  // The mtu check's first verbs call loads every libibverbs provider (120 ms
  // of the gate's ~250 in-process ms in the lab); loading them while the
  // devices check reads sysfs hides most of it. Detached like an overrunning
  // check: libibverbs serialises it with the mtu check's own call.
  if (env.root == "/") std::thread(host::preload_verbs).detach();
  Clock::time_point deadline = start + std::chrono::milliseconds(options.budget_ms);
  auto ctx = std::make_shared<Context>(options, env);
  GateReport report;
  report.host = options.host.empty() ? hostname() : options.host;
  report.budget_ms = options.budget_ms;

  auto remaining_ms = [&] {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    return left.count() > 0 ? static_cast<uint32_t>(left.count()) : 0u;
  };
  // Cheapest first; a hard failure makes the rest moot. Each check gets the
  // budget left when it starts (computed here, so nothing on the worker refers
  // to this frame).
  struct Step {
    const char* name;
    std::function<CheckResult(Context&, uint32_t left_ms)> run;
  };
  std::vector<Step> steps = {
      {"devices",
       [](Context& c, uint32_t) {
         CheckResult r = check_devices(c);
         if (r.status != CheckStatus::fail) begin_counter_window(c);
         return r;
       }},
      {"cabling", [](Context& c, uint32_t) { return check_cabling(c); }},
      {"mtu", [](Context& c, uint32_t) { return check_mtu(c); }},
      {"audit", [](Context& c, uint32_t) { return check_audit(c); }},
      // The window takes at most half of what is left, so later checks still get time.
      {"counters",
       [](Context& c, uint32_t left_ms) {
         return check_counters(c, std::min(c.options.counter_window_ms, left_ms / 2));
       }},
      {"flaps", [](Context& c, uint32_t) { return check_flaps(c); }},
      // Half of what is left, as the host counters' window.
      {"switches",
       [](Context& c, uint32_t left_ms) {
         return c.env.switch_counters(std::min(c.options.switch_window_ms, left_ms / 2));
       }},
      {"workload", [](Context& c, uint32_t) { return check_workload(c); }},
      // Leave a quarter of the remaining budget for setup and teardown of the QPs.
      {"probe",
       [](Context& c, uint32_t left_ms) {
         return check_probe(
             c, std::min(c.options.intent.validation.probe_duration_ms, left_ms * 3 / 4));
       }},
      {"baseline",
       [](Context& c, uint32_t) {
         if (!c.probe)
           return CheckResult{
               "baseline", CheckStatus::not_evaluated, "the probe measured nothing", {}, 0};
         return c.env.probe_baseline(*c.probe);
       }},
  };
  bool stop = false;
  for (Step& step : steps) {
    if (std::string(step.name) == "switches" && !env.switch_counters) continue;
    if (std::string(step.name) == "baseline" && !env.probe_baseline) continue;
    if (std::string(step.name) == "cabling" &&
        (!env.lldp_neighbors ||
         std::none_of(options.declared_nics.begin(), options.declared_nics.end(),
                      [](const profile::NicEntry& n) { return n.switch_port.has_value(); })))
      continue;
    if (stop) {
      report.checks.push_back({step.name, CheckStatus::skipped, "after an earlier failure", {}, 0});
      continue;
    }
    if (std::string(step.name) == "probe" && !options.probe && options.rail_probes.empty() &&
        options.rail_problems.empty()) {
      report.checks.push_back({step.name, CheckStatus::skipped, "no probe requested", {}, 0});
      continue;
    }
    if (Clock::now() >= deadline) {
      report.checks.push_back({step.name,
                               CheckStatus::not_evaluated,
                               fmt::format("the {} ms budget ran out first", options.budget_ms),
                               {},
                               0});
      continue;
    }
    Clock::time_point t0 = Clock::now();
    uint32_t left_ms = remaining_ms();
    CheckResult r = run_with_deadline(
        step.name, ctx, [run = step.run, left_ms](Context& c) { return run(c, left_ms); }, deadline,
        options.budget_ms);
    r.elapsed_ms = ms_since(t0);
    // The device list feeds every later check: without it nothing else means anything.
    stop = r.status == CheckStatus::fail ||
           (r.status == CheckStatus::not_evaluated && std::string(step.name) == "devices");
    report.checks.push_back(std::move(r));
  }
  report.elapsed_ms = ms_since(start);
  // The worker of an abandoned check may still write to ctx; only read what
  // completed checks filled (they finished before we got here).
  bool abandoned = false;
  for (const CheckResult& r : report.checks) {
    if (r.status == CheckStatus::fail) report.health = Health::unhealthy;
    if (r.status == CheckStatus::not_evaluated) abandoned = true;
  }
  if (report.health != Health::unhealthy && abandoned) report.health = Health::not_evaluated;
  report.exit_code = report.health == Health::healthy     ? kOk
                     : report.health == Health::unhealthy ? kDrift
                                                          : kNotEvaluated;
  if (!abandoned) {
    report.drift_steps = ctx->drift_steps;
    report.counters = ctx->counters;
    report.probe = ctx->probe;
  }
  return report;
}

std::string GateReport::summary_line() const {
  auto first = [this](CheckStatus s) -> const CheckResult* {
    for (const CheckResult& r : checks)
      if (r.status == s) return &r;
    return nullptr;
  };
  switch (health) {
    case Health::healthy:
      return fmt::format("{} | healthy", host);
    case Health::unhealthy: {
      const CheckResult* r = first(CheckStatus::fail);
      return fmt::format("{} | unhealthy: {}: {}", host, r->name, r->message);
    }
    case Health::not_evaluated: {
      const CheckResult* r = first(CheckStatus::not_evaluated);
      return fmt::format("{} | not evaluated: {}: {}", host, r->name, r->message);
    }
  }
  return host;
}

std::string render_gate_text(const GateReport& r, bool verbose) {
  std::string out;
  for (const CheckResult& c : r.checks) {
    if (c.status == CheckStatus::skipped && !verbose) continue;
    // Messages, details and the host name carry outside text (--host, device
    // and switch output): escaped, one line each.
    out += fmt::format("{:<9} {:<13} {}\n", c.name, to_string(c.status), printable(c.message));
    // Details explain a problem; for passing checks they are noise unless asked.
    bool show = verbose || c.status == CheckStatus::fail || c.status == CheckStatus::warn;
    if (show && c.details.size() > 1)
      for (const std::string& d : c.details) out += fmt::format("{:<23} {}\n", "", printable(d));
    else if (show && c.details.size() == 1 && c.details.front() != c.message)
      out += fmt::format("{:<23} {}\n", "", printable(c.details.front()));
  }
  out += printable(r.summary_line()) + "\n";
  return out;
}

namespace {

const char* json_status(CheckStatus s) {
  switch (s) {
    case CheckStatus::pass:
      return "pass";
    case CheckStatus::warn:
      return "warn";
    case CheckStatus::fail:
      return "fail";
    case CheckStatus::not_evaluated:
      return "not_evaluated";
    case CheckStatus::skipped:
      return "skipped";
  }
  return "?";
}

}  // namespace

nlohmann::json to_json(const GateReport& r) {
  nlohmann::json checks = nlohmann::json::array();
  for (const CheckResult& c : r.checks)
    checks.push_back({{"name", c.name},
                      {"status", json_status(c.status)},
                      {"message", c.message},
                      {"details", c.details},
                      {"elapsed_ms", c.elapsed_ms}});
  nlohmann::json j = {
      {"host", r.host},
      {"health", r.health == Health::not_evaluated ? "not_evaluated" : to_string(r.health)},
      {"exit_code", r.exit_code},
      {"summary", r.summary_line()},
      {"budget_ms", r.budget_ms},
      {"elapsed_ms", r.elapsed_ms},
      {"checks", checks}};
  if (r.drift_steps) j["drift_steps"] = *r.drift_steps;
  return j;
}

}  // namespace rocecfg::gate
