// rocecfg fabric PROFILE: probes between many hosts (lib/fabric): a schedule
// of rounds (ring, pairs, all, locate), each round's tests at once, the pair
// matrix judged against the fleet median, isolation of bad hosts and links,
// baselines and soak. Transports: SSH to each host (default), Slurm job
// steps inside an allocation (--transport srun), or in this process for
// endpoints that all live on this machine (--transport local).
#include <fcntl.h>
#include <unistd.h>

#include <ext/stdio_filebuf.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "core/atomic_file.h"
#include "core/printable.h"
#include "fabric/baseline.h"
#include "fabric/cabling.h"
#include "fabric/hosts.h"
#include "fabric/html.h"
#include "fabric/local_prober.h"
#include "fabric/rails.h"
#include "fabric/run.h"
#include "fabric/soak.h"
#include "fabric/srun_prober.h"
#include "fabric/ssh_prober.h"
#include "fabric/svg.h"
#include "load_or_report.h"
#include "model/hostlist.h"
#include "option_checks.h"
#include "output.h"
#include "profile/source_file.h"

namespace rocecfg::cmd {
namespace {

using namespace rocecfg::fabric;

struct Options {
  std::string profile;
  std::string hosts;
  std::string pattern = "ring";
  std::string cross_rail = "none";
  size_t rounds = 1;
  size_t parallel = 0;
  bool dry_run = false;
  std::string transport = "ssh";
  std::string remote_rocecfg = "rocecfg";
  std::string servers = "start";
  bool accept_new_host_keys = false;
  bool no_cabling = false;
  std::string lldp_socket;  // lldpcli -u on the hosts; empty: its default
  std::string svg, html;
  std::string save_baseline, baseline;
  std::string soak, every = "60s", series, series_svg;
};

int usage(const std::string& message) {
  return report_error(kUsage, message);
}

// A picture that could not be written is said, and the run's verdict stands.
void cannot_write(const std::string& path) {
  fmt::print(stderr, "rocecfg fabric: cannot write {}\n", path);
  add_warning(path, "warning", "cannot write " + path);
}

// Written atomically through the link-safe writer: a symlink planted at the
// path is replaced, never followed (an ofstream wrote through it, as root).
bool write_file(const std::string& path, const std::string& text) {
  return static_cast<bool>(write_path_atomically(path, text));
}

// The profile again, for its fingerprint: bounded like every load.
std::optional<std::string> read_file(const std::string& path) {
  Result<std::string> text = profile::read_source_file(path);
  if (!text) return std::nullopt;
  return *text;
}

std::string this_host() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

int run(const Options& o, const Globals& g) {
  std::optional<Pattern> pattern = parse_pattern(o.pattern);
  if (!pattern)
    return usage(fmt::format("--pattern {}: must be ring, pairs, all or locate", o.pattern));
  if (o.rounds == 0) return usage("--rounds must be at least 1");
  std::optional<CrossRail> cross_rail = parse_cross_rail(o.cross_rail);
  if (!cross_rail)
    return usage(fmt::format("--cross-rail {}: must be none, canary or all", o.cross_rail));
  // Sent to every host's shell (quoted): an absolute path, nothing else.
  if (!o.lldp_socket.empty() &&
      (o.lldp_socket.front() != '/' || printable(o.lldp_socket) != o.lldp_socket))
    return usage(
        fmt::format("--lldp-socket {}: must be an absolute path", printable(o.lldp_socket)));
  if (o.servers != "start" && o.servers != "running")
    return usage(fmt::format("--servers {}: must be start or running", o.servers));
  std::optional<double> soak_s, every_s;
  if (!o.soak.empty()) {
    soak_s = parse_duration_s(o.soak);
    every_s = parse_duration_s(o.every);
    if (!soak_s) return usage(fmt::format("--soak {}: a duration such as 90s, 30m, 4h", o.soak));
    if (!every_s) return usage(fmt::format("--every {}: a duration such as 30s, 5m", o.every));
    if (!o.save_baseline.empty()) return usage("--save-baseline records one run, not a soak");
    if (!o.html.empty()) return usage("--html reports one run, not a soak (--series-svg plots it)");
  }
  std::optional<profile::Intent> intent = load_profile_or_report(o.profile, g.json);
  if (!intent) return kUsage;
  std::optional<profile::Inventory> inventory;
  if (!g.inventory.empty()) {
    inventory = load_inventory_or_report(g.inventory, g.json);
    if (!inventory) return kUsage;
  }
  std::vector<std::string> names;
  // Inside an allocation without --hosts, the job's nodes (with an
  // inventory: the [[host]]s on them, with all their rails).
  std::string hostlist = o.hosts;
  const char* job_nodes = std::getenv("SLURM_JOB_NODELIST");
  if (hostlist.empty() && o.transport == "srun" && job_nodes) hostlist = job_nodes;
  if (!hostlist.empty()) {
    auto expanded = model::expand_hostlist(hostlist);
    if (!expanded) return usage(fmt::format("--hosts: {}", expanded.error().to_string()));
    names = std::move(*expanded);
  }
  auto hosts = resolve_hosts(names, inventory ? &*inventory : nullptr);
  if (!hosts) return usage(hosts.error().to_string());
  if (hosts->size() < 2) return usage("a fabric run needs at least two hosts");
  std::optional<Baseline> baseline;
  if (!o.baseline.empty()) {
    auto b = load_baseline(o.baseline);
    if (!b) return usage("--baseline: " + b.error().to_string());
    baseline = std::move(*b);
  }

  RunOptions ro;
  ro.pattern = *pattern;
  ro.pair_rounds = o.rounds;
  ro.parallel = o.parallel;
  ro.thresholds.min_bw_fraction = intent->validation.fabric_min_bandwidth_fraction;
  ro.thresholds.max_lat_factor = intent->validation.fabric_max_latency_factor;
  ro.thresholds.rail_min_bw_fraction = intent->validation.fabric_min_rail_bandwidth_fraction;
  ro.thresholds.rail_max_lat_factor = intent->validation.fabric_max_rail_latency_factor;
  std::vector<std::string> labels = host_names(*hosts);
  {
    std::vector<std::string> host_of;
    std::vector<uint32_t> rail_of;
    for (const FabricHost& h : *hosts) {
      host_of.push_back(h.host);
      rail_of.push_back(h.rail);
    }
    ro.rails = rail_layout(host_of, rail_of);
    ro.cross_rail = *cross_rail;
  }

  if (o.dry_run && !o.html.empty()) return usage("--html reports a run; not with --dry-run");
  if (o.dry_run) {
    std::vector<Round> rounds = planned_rounds(ro, hosts->size());
    std::string note = *pattern == Pattern::locate
                           ? "rounds 3-4 pair each suspect from rounds 1-2 with two healthy hosts; "
                             "they depend on what rounds 1-2 find"
                           : "";
    json_document().payload = render_schedule_json(*pattern, labels, rounds, note);
    if (!g.json) fmt::print("{}", render_schedule_text(*pattern, labels, rounds, note));
    return kOk;
  }

  PairTest test = pair_test_from(*intent);
  std::unique_ptr<Prober> prober;
  std::vector<std::string> setup_notes;
  if (o.transport == "local") {
    auto p = LocalProber::start(*hosts, test);
    if (!p) return report_error(kRuntime, p.error().to_string());
    prober = std::move(*p);
  } else if (o.transport == "ssh") {
    for (FabricHost& h : *hosts) h.ssh.accept_new_host_key = o.accept_new_host_keys;
    SshProberOptions so;
    so.remote_rocecfg = o.remote_rocecfg;
    so.start_servers = o.servers == "start";
    if (soak_s) so.server_lifetime_s = static_cast<uint32_t>(*soak_s + 600);
    auto p = SshProber::start(*hosts, test, so);
    for (size_t i = 0; i < hosts->size(); ++i)
      if (const auto& e = p->host_errors()[i])
        setup_notes.push_back(fmt::format("host {} cannot take part: {}", (*hosts)[i].name, *e));
    prober = std::move(p);
  } else if (o.transport == "srun") {
    const char* job = std::getenv("SLURM_JOB_ID");
    if (!job || !*job)
      return usage(
          "--transport srun runs inside a Slurm allocation ($SLURM_JOB_ID is not set): "
          "salloc, sbatch, or a prolog's job");
    SrunProberOptions so;
    so.remote_rocecfg = o.remote_rocecfg;
    so.start_servers = o.servers == "start";
    if (soak_s) so.server_lifetime_s = static_cast<uint32_t>(*soak_s + 600);
    auto p = SrunProber::start(*hosts, test, so);
    for (size_t i = 0; i < hosts->size(); ++i)
      if (const auto& e = p->host_errors()[i])
        setup_notes.push_back(fmt::format("host {} cannot take part: {}", (*hosts)[i].name, *e));
    prober = std::move(p);
  } else {
    return usage(fmt::format("--transport {}: must be ssh, srun or local", o.transport));
  }
  for (const std::string& n : setup_notes) {
    fmt::print(stderr, "rocecfg fabric: {}\n", n);
    add_warning("fabric", "warning", n);
  }

  SteadyClock clock;
  bool progress = !g.json && isatty(STDERR_FILENO);
  auto on_round = [&](const RoundDone& d) {
    if (progress)
      fmt::print(stderr, "\rfabric: round {}/{} done in {:.1f} s\033[K", d.index + 1, d.count,
                 d.seconds);
  };

  if (soak_s) {
    SoakOptions so;
    so.run = ro;
    so.duration_s = *soak_s;
    so.every_s = *every_s;
    // Appended to across runs, so not replaced like the pictures: opened with
    // O_NOFOLLOW, a symlink planted at the path is refused, never followed.
    std::unique_ptr<__gnu_cxx::stdio_filebuf<char>> series_buf;
    std::unique_ptr<std::ostream> series;
    if (!o.series.empty()) {
      int fd =
          ::open(o.series.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
      if (fd < 0)
        return usage(fmt::format("--series {}: cannot open for appending: {}", printable(o.series),
                                 std::strerror(errno)));
      series_buf = std::make_unique<__gnu_cxx::stdio_filebuf<char>>(fd, std::ios::out);
      series = std::make_unique<std::ostream>(series_buf.get());
    }
    SoakReport r =
        soak(so, labels, *prober, clock, series.get(), [&](size_t k, const RunReport& it) {
          if (progress)
            fmt::print(stderr, "\rfabric soak: iteration {} {} in {:.1f} s\033[K", k + 1,
                       verdict_of(it), it.seconds);
        });
    if (progress) fmt::print(stderr, "\r\033[K");
    if (!o.series_svg.empty() && !write_file(o.series_svg, soak_svg(r))) cannot_write(o.series_svg);
    json_document().payload = render_soak_json(r);
    if (!g.json) fmt::print("{}", render_soak_text(r));
    // A soak passes when every test ran and no iteration had an outlier.
    return r.tests == 0 ? kRuntime : (r.failed || r.iterations_with_findings) ? kDrift : kOk;
  }

  RunReport report = run_pattern(ro, labels, *prober, clock, on_round);
  report.notes.insert(report.notes.begin(), setup_notes.begin(), setup_notes.end());
  if (progress) fmt::print(stderr, "\r\033[K");
  // The cables, through the same transport, while its sessions are open:
  // only where the inventory says which switch port a NIC reaches.
  if (inventory && !o.no_cabling) {
    FabricCabling c = check_fabric_cabling(
        *hosts, *inventory, o.lldp_socket,
        [&](size_t e, const std::vector<std::string>& argv) {
          return prober->run_on_host(e, argv);
        },
        o.parallel ? o.parallel : 32);
    if (c.declared > 0) {
      report.cabling = RunReport::Cabling{c.declared, c.checked, c.unknown};
      for (Finding& f : c.findings) report.analysis.findings.push_back(std::move(f));
    }
  }
  prober.reset();  // stops the servers it started before printing
  if (!o.svg.empty() && !write_file(o.svg, heatmap_svg(report))) cannot_write(o.svg);
  std::optional<BaselineComparison> cmp;
  if (baseline) cmp = compare(*baseline, report, intent->validation.baseline_tolerance);
  nlohmann::json j = render_json(report);
  if (cmp) j["baseline"] = render_comparison_json(*cmp, *baseline);
  if (!o.html.empty()) {
    // What the run was asked, for the report's settings table.
    std::vector<std::pair<std::string, std::string>> settings{
        {"profile", o.profile},
        {"inventory", g.inventory.empty() ? "-" : g.inventory},
        {"hosts", o.hosts.empty() ? "every [[host]]" : o.hosts},
        {"pattern", o.pattern},
        {"cross-rail", o.cross_rail},
        {"transport", o.transport},
        {"started", iso8601_utc(clock.epoch_offset_s())},
        {"controller", this_host()},
        {"rocecfg", ROCECFG_VERSION}};
    if (!o.baseline.empty()) settings.emplace_back("baseline", o.baseline);
    if (!write_file(o.html, html_report(report, settings, j))) cannot_write(o.html);
  }
  json_document().payload = std::move(j);
  if (!g.json) {
    fmt::print("{}", render_text(report));
    if (cmp) fmt::print("{}", render_comparison_text(*cmp, *baseline));
  }
  if (!o.save_baseline.empty()) {
    BaselineMeta m{ROCECFG_VERSION, iso8601_utc(clock.epoch_offset_s()),
                   this_host(),     o.profile,
                   intent->name,    fingerprint(read_file(o.profile).value_or(""))};
    if (!write_file(o.save_baseline,
                    rocecfg::json_text(baseline_json(make_baseline(report, m))) + "\n"))
      return report_error(kRuntime, fmt::format("cannot write {}", o.save_baseline));
  }
  std::string v = verdict_of(report);
  if (v == "FAIL" || (cmp && cmp->regressed())) return kDrift;
  return v == "PASS" ? kOk : kRuntime;
}

const bool registered = register_command(
    {"fabric",
     "probe many hosts: ring, all pairs or locate; outliers, bad hosts and links",
     [](CLI::App& sub, Globals& g) {
       auto o = std::make_shared<Options>();
       sub.add_option("profile", o->profile, "profile TOML ([validation] thresholds, sizes, ToS)")
           ->required();
       sub.add_option("--hosts", o->hosts,
                      "hosts as Slurm writes them: gpu[001-064],login1 (default: the "
                      "inventory's [[host]]s; srun: $SLURM_JOB_NODELIST, inventory hosts by "
                      "name or slurm_node, all their rails)");
       sub.add_option("--pattern", o->pattern,
                      "ring (successor in order), pairs (--rounds of the round-robin), all (every "
                      "pair, N-1 rounds), locate (<= 4 rounds); over rails, each rail's own, all "
                      "rails in the same rounds");
       sub.add_option("--cross-rail", o->cross_rail,
                      "pairs between rails where the fabric routes them: none (default), canary "
                      "(one pair per rail pair) or all");
       sub.add_option("--rounds", o->rounds, "pairs: tournament rounds to run (default 1)")
           ->check(at_least(1));
       sub.add_option("--parallel", o->parallel,
                      "at most N tests at once (rounds split into waves; default: whole rounds)")
           ->check(at_least(1));
       sub.add_flag("--dry-run", o->dry_run, "print the schedule; contact no host");
       sub.add_option("--transport", o->transport,
                      "ssh (default: each host over SSH), srun (job steps inside a Slurm "
                      "allocation; [[host]] slurm_node) or local (endpoints on this machine)");
       sub.add_option("--remote-rocecfg", o->remote_rocecfg,
                      "ssh, srun: the rocecfg binary on the hosts (default rocecfg)");
       sub.add_option("--servers", o->servers,
                      "ssh, srun: start (a probe server per host for this run, default) or "
                      "running (already under systemd)");
       sub.add_flag("--accept-new-host-keys", o->accept_new_host_keys,
                    "ssh: trust and record unknown host keys (a changed key is always refused)");
       sub.add_flag("--no-cabling", o->no_cabling,
                    "do not check each NIC's LLDP neighbour against the inventory's switch_port "
                    "(checked by default where the inventory names one; not in a soak)");
       sub.add_option("--lldp-socket", o->lldp_socket,
                      "lldpd's control socket on the hosts for the cabling check (default: "
                      "lldpcli's)");
       sub.add_option("--svg", o->svg, "write the pair heat map (SVG) to FILE");
       sub.add_option("--html", o->html,
                      "write a self-contained HTML report (findings, per-rail heat maps, pairs, "
                      "settings, the JSON) to FILE");
       sub.add_option("--save-baseline", o->save_baseline, "record this run's figures in FILE");
       sub.add_option("--baseline", o->baseline,
                      "compare with FILE; regressions beyond [validation] baseline_tolerance fail");
       sub.add_option("--soak", o->soak, "repeat the pattern for DURATION (90s, 30m, 4h)");
       sub.add_option("--every", o->every, "soak: start an iteration every INTERVAL (default 60s)");
       sub.add_option("--series", o->series, "soak: append the JSON-lines time series to FILE");
       sub.add_option("--series-svg", o->series_svg, "soak: write the time-series plot to FILE");
       return std::function<int()>([o, &g] { return run(*o, g); });
     },
     {kOk, kDrift, kUsage, kRuntime}});

}  // namespace
}  // namespace rocecfg::cmd
