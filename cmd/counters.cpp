// rocecfg counters: switch-side evidence. Live: two snapshots of every
// inventory switch's PFC, watchdog, drop, ECN and buffer counters over a
// window, deltas and rates judged by the profile's [validation] rules.
// Offline: --vendor V --from-file F [--from-file F2] parses saved outputs
// (one file: absolute values since the vendor last cleared them; two: the
// delta between them, rates over the time between the saves: the clock each
// save states (a `date` or `show clock` output in it), else --window-ms,
// which is then required -- never an assumed second).
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/printable.h"
#include "core/regular_file.h"
#include "gate/switch_counters.h"
#include "load_or_report.h"
#include "metrics/textfile.h"
#include "metrics_output.h"
#include "model/vendors.h"
#include "output.h"
#include "switch/counter_report.h"
#include "switch_verbs.h"

namespace rocecfg::cmd {

namespace {

using nlohmann::json;

struct Options {
  std::string profile;
  std::vector<std::string> switches;
  uint32_t window_ms = 1000;
  bool window_given = false;  // --window-ms on the command line
  int parallel = 64;
  bool loaded = false;
  bool accept_new_host_keys = false;
  std::string vendor;
  std::vector<std::string> from_files;
  std::string textfile_dir;
};

json read_json(const sw::CounterRead& r, const sw::CounterJudgement& j) {
  json deltas = json::array();
  for (const sw::CounterDelta& d : r.window.deltas) {
    json e = {{"port", d.key.port},
              {"scope", sw::to_string(d.key.scope)},
              {"index", d.key.index},
              {"counter", sw::to_string(d.key.kind)},
              {"unit", sw::to_string(d.after.unit)},
              {"value", d.delta},
              {"gauge", d.after.gauge},
              {"reset_on_read", d.after.reset_on_read},
              {"command", d.after.command}};
    if (!r.window.absolute && !d.after.gauge) e["per_second"] = d.per_second;
    if (d.reset) e["reset"] = true;
    if (d.wrapped) e["wrapped"] = true;
    deltas.push_back(std::move(e));
  }
  json findings = json::array();
  for (const sw::CounterFinding& f : j.findings)
    findings.push_back({{"level", sw::to_string(f.level)}, {"port", f.port}, {"text", f.text}});
  json out = {{"switch", r.name},       {"vendor", r.vendor},
              {"read", r.ok},           {"verdict", sw::to_string(j.verdict)},
              {"findings", findings},   {"not_judged", j.not_judged},
              {"counters", deltas},     {"not_read", r.window.unread},
              {"notes", r.window.notes}};
  if (!r.ok) out["error"] = r.error;
  if (r.ok) out["window_ms"] = r.window.absolute ? json(nullptr) : json(r.window.window_ms);
  return out;
}

}  // namespace

nlohmann::json counter_reads_json(const std::vector<sw::CounterRead>& reads,
                                  const std::vector<sw::CounterJudgement>& judgements) {
  json out = json::array();
  for (size_t i = 0; i < reads.size(); ++i) out.push_back(read_json(reads[i], judgements[i]));
  return out;
}

namespace {

int finish(const std::vector<sw::CounterRead>& reads, const sw::CounterRules& rules,
           const Globals& g, const Options& o) {
  std::vector<sw::CounterJudgement> judgements;
  for (const sw::CounterRead& r : reads) judgements.push_back(sw::judge_read(r, rules));
  sw::CounterVerdict verdict = sw::overall_verdict(reads, judgements);
  // The counters were read and are reported; a metrics file that could not
  // be written makes the exit 3 (metrics_output.h).
  metrics::MetricSet m;
  if (!o.textfile_dir.empty()) gate::add_switch_counter_metrics(m, reads, judgements);
  auto exit_with = [&](int code) {
    return o.textfile_dir.empty()
               ? code
               : write_metrics("counters", o.textfile_dir, "rocecfg_switch_counters.prom", m, code);
  };
  json j = {{"verdict", sw::to_string(verdict)},
            {"switches", counter_reads_json(reads, judgements)}};
  for (size_t i = 0; i < reads.size(); ++i) {
    add_target({{"name", reads[i].name},
                {"kind", "switch"},
                {"outcome", reads[i].ok ? sw::to_string(judgements[i].verdict) : "unreadable"}});
  }
  json_document().payload = std::move(j);
  if (!g.json) fmt::print("{}", sw::format_counter_report(reads, judgements, g.verbose));
  // Several findings at once: worst_exit_code's precedence (3 outranks 1),
  // so a FAIL on one switch beside an unreadable one is 3, as in audit.
  int rc = kOk;
  if (verdict == sw::CounterVerdict::fail) rc = worst_exit_code(rc, kDrift);
  for (const sw::CounterRead& r : reads)
    if (!r.ok) rc = worst_exit_code(rc, kRuntime);
  if (verdict == sw::CounterVerdict::not_evaluated) rc = worst_exit_code(rc, kRuntime);
  // PASS on what was read, but a judged class was not read: no green.
  if (verdict == sw::CounterVerdict::incomplete) rc = worst_exit_code(rc, kNotEvaluated);
  if (rc == kRuntime && g.json && !json_document().error)
    for (const sw::CounterRead& r : reads)
      if (!r.ok) {
        report_error(kRuntime, fmt::format("{}: {}", r.name, printable(r.error)));
        break;
      }
  return exit_with(rc);
}

// The time between two saved reads: from the clocks the saves state, else
// --window-ms; without either there is no rate to judge, so it is a usage
// error, never a guessed window.
Result<double> saved_window_ms(const sw::CounterSnapshot& a, const sw::CounterSnapshot& b,
                               const Options& o) {
  if (a.stated_at_ms && b.stated_at_ms) {
    if (a.stated_zone != b.stated_zone)
      return fail(ErrorKind::invalid_input, "",
                  fmt::format("the two saves state their time in different zones ({:?} and "
                              "{:?}); give --window-ms",
                              a.stated_zone, b.stated_zone));
    double ms = *b.stated_at_ms - *a.stated_at_ms;
    if (ms <= 0)
      return fail(ErrorKind::invalid_input, "",
                  fmt::format("the second --from-file states a time {:.0f} ms not after the "
                              "first's: give them in the order they were taken",
                              -ms));
    if (o.window_given && std::abs(ms - o.window_ms) > 1000)
      return fail(ErrorKind::invalid_input, "",
                  fmt::format("--window-ms {} disagrees with the {:.0f} ms between the times the "
                              "two saves state",
                              o.window_ms, ms));
    return ms;
  }
  if (o.window_given) return static_cast<double>(o.window_ms);
  return fail(ErrorKind::invalid_input, "",
              "two --from-file need the time between them: neither save states its time (a "
              "`date` or `show clock` output before the counters), so give --window-ms");
}

int offline(const Options& o, const Globals& g) {
  auto reader = sw::make_counter_reader(o.vendor);
  if (!reader) return report_error(kUsage, model::unknown_vendor_text(o.vendor));
  std::vector<sw::CounterSnapshot> snaps;
  for (const std::string& file : o.from_files) {
    Result<std::string> text = read_input_file(file);
    if (!text) {
      return report_error(kUsage,
                          fmt::format("cannot read {}: {}", printable(file), text.error().message));
    }
    auto snap = sw::parse_transcript(*reader, *text, o.vendor);
    if (!snap) {
      return report_error(kUsage, fmt::format("{}: {}", file, snap.error().to_string()));
    }
    snaps.push_back(std::move(*snap));
  }
  if (snaps.size() == 2) {
    auto ms = saved_window_ms(snaps[0], snaps[1], o);
    if (!ms) return report_error(kUsage, ms.error().message);
    snaps[0].taken_at_ms = 0;
    snaps[1].taken_at_ms = *ms;
  }
  profile::Intent defaults;
  std::optional<profile::Intent> intent;
  if (!o.profile.empty()) {
    intent = load_profile_or_report(o.profile, g.json);
    if (!intent) return kUsage;
  }
  // Named by the file, as an offline audit names its switch (the last file:
  // the state the window ends in), the path(s) once above the report.
  sw::CounterRead r;
  r.name = file_display_name(o.from_files.back());
  if (!g.json) fmt::print("file: {}\n", fmt::join(o.from_files, " -> "));
  r.vendor = o.vendor;
  r.ok = true;
  r.window =
      snaps.size() == 1 ? sw::counter_absolute(snaps[0]) : sw::counter_window(snaps[0], snaps[1]);
  if (!intent && !g.json)
    fmt::print(
        "(no profile: lossless priorities unknown, so drops and lossy-priority pauses are not "
        "judged; storms and watchdog are, with the [validation] defaults)\n");
  sw::CounterRules rules = gate::switch_counter_rules(intent ? *intent : defaults, o.loaded);
  rules.lossless_known = intent.has_value();
  return finish({r}, rules, g, o);
}

int live(const Options& o, const Globals& g) {
  if (o.profile.empty()) {
    return report_error(kUsage, "a PROFILE is needed with --inventory");
  }
  std::optional<profile::Intent> intent = load_profile_or_report(o.profile, g.json);
  if (!intent) return kUsage;
  std::optional<profile::Inventory> inv = load_inventory_or_report(g.inventory, g.json);
  if (!inv) return kUsage;
  std::vector<sw::FleetSwitch> fleet;
  for (const std::string& name : o.switches)
    if (!inv->find_switch(name)) {
      return report_error(kUsage, fmt::format("no switch named {:?} in {}", name, inv->path));
    }
  for (const profile::SwitchEntry& e : inv->switches)
    if (o.switches.empty() ||
        std::find(o.switches.begin(), o.switches.end(), e.name) != o.switches.end())
      fleet.push_back(fleet_entry(e, o.accept_new_host_keys));
  sw::CounterCollectOptions c;
  c.window_ms = o.window_ms;
  c.parallel = o.parallel;
  std::vector<sw::CounterRead> reads = sw::collect_counters(fleet, c);
  return finish(reads, gate::switch_counter_rules(*intent, o.loaded), g, o);
}

const bool registered = register_command(
    {"counters",
     "read and judge switch PFC, watchdog, drop, ECN and buffer counters",
     [](CLI::App& sub, Globals& g) {
       auto o = std::make_shared<Options>();
       sub.add_option("profile", o->profile, "profile (TOML); optional offline");
       add_list_option(sub, "--switch", o->switches, "only this inventory switch");
       CLI::Option* window =
           sub.add_option("--window-ms", o->window_ms,
                          "time between the two reads (live: default 1000; two --from-file: "
                          "required unless the saves state their times)")
               // Up to a day: two saves an operator took hours apart are a window too.
               ->check(CLI::Range(1u, 86400000u));
       sub.add_option("--parallel", o->parallel, "switches read at once (default 64)")
           ->check(CLI::Range(1, 256));
       sub.add_flag("--loaded", o->loaded,
                    "traffic saturated the lossless class during the window (expect ECN marks "
                    "under DCQCN)");
       sub.add_flag("--accept-new-host-keys", o->accept_new_host_keys,
                    "trust a switch's host key on first contact (a changed key is always refused)");
       sub.add_option("--vendor", o->vendor, "offline: the vendor of --from-file");
       sub.add_option("--from-file", o->from_files,
                      "offline: saved outputs of the vendor's counter commands, with or without "
                      "their prompt and command line; twice for a delta")
           ->check(CLI::ExistingFile)
           ->expected(1, 2);
       sub.add_option("--textfile", o->textfile_dir,
                      "write rocecfg_switch_counter metrics to DIR/rocecfg_switch_counters.prom "
                      "(atomically; exit 3 when the write fails)")
           ->check(non_empty_directory_name());
       return std::function<int()>([o, &g, window] {
         o->window_given = window->count() > 0;
         if (!o->from_files.empty() || !o->vendor.empty()) {
           if (o->from_files.empty() || o->vendor.empty()) {
             return report_error(kUsage, "--vendor and --from-file go together");
           }
           if (o->from_files.size() > 2) {
             return report_error(kUsage, "at most two --from-file");
           }
           return offline(*o, g);
         }
         if (g.inventory.empty()) {
           return report_error(kUsage,
                               "--inventory INV (live) or --vendor V --from-file F (offline)");
         }
         return live(*o, g);
       });
     },
     {kOk, kDrift, kUsage, kRuntime, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
