// rocecfg's fleet runner vs what an operator would otherwise run: a
// sequential loop over the switches, per switch three `ssh switch '...'`
// invocations sending exactly the exec lines rocecfg sends (read the config;
// `nv config detach && nv set ... && nv config apply -y`; read back), and the
// leanest loop: one ssh per switch with the transaction, no reads at all.
// Both talk to the same real sshd + NVUE emulator on 127.0.0.1; the loops use
// the OpenSSH client's defaults (key auth, strict known_hosts), as typed.
//   switch_fleet_bench [--switches 64] [--parallel 16] [--apply-latency-ms 0] [--no-rss]
// --apply-latency-ms models the device's own commit time: the emulator waits
// that long in `nv config apply` (real NVUE takes seconds). It is printed with
// the figures; 0 (the default) measures SSH + emulator only, which on a small
// machine is CPU-bound on the emulator for both sides.
// Then peak RSS of the fleet runner for 8, 64 and 256 switches, each in a
// fresh child process (ru_maxrss is per process).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "files.h"
#include "switch/fleet.h"
#include "switch_fixtures.h"

using namespace rocecfg;
using namespace rocecfg::sw;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<FleetSwitch> fleet_of(testing::SshdFixture& fx) {
  std::vector<FleetSwitch> fleet;
  for (size_t i = 0; i < fx.switches().size(); ++i) {
    FleetSwitch f;
    f.ssh = fx.target(i);
    f.ssh.command_timeout_ms = 120000;
    f.ssh.connect_timeout_ms = 60000;
    f.vendor = "cumulus";
    f.interfaces = {"swp1-32"};
    fleet.push_back(f);
  }
  return fleet;
}

// What a summary needs from each switch, and nothing more.
struct Tally {
  int applied = 0;
  std::vector<std::string> failures;
};

ResultSink tally_into(Tally& t) {
  return [&t](size_t, SwitchResult&& r) {
    if (r.outcome == SwitchOutcome::applied)
      ++t.applied;
    else
      t.failures.push_back(r.name + ": " + r.reason);
  };
}

int rss_child(int switches, int parallel) {
  testing::SshdFixture fx({fmt::format("cumulus:{}", switches)});
  Tally t;
  run_switches(fleet_of(fx), testing::standard_profile(), FleetMode::apply, parallel,
               tally_into(t));
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  fmt::print("{} {} {}\n", switches, t.applied, ru.ru_maxrss);
  return t.applied == switches ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  int switches = 64, parallel = 16, apply_latency_ms = 0;
  bool rss = true;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--switches") && i + 1 < argc)
      switches = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--parallel") && i + 1 < argc)
      parallel = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--apply-latency-ms") && i + 1 < argc)
      apply_latency_ms = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--no-rss"))
      rss = false;
    else if (!std::strcmp(argv[i], "--rss-child") && i + 1 < argc)
      return rss_child(std::atoi(argv[++i]), parallel);
  }
  testing::SshdFixture fx({fmt::format("cumulus:{}", switches)});
  std::vector<std::string> factory;
  for (auto& s : fx.switches()) {
    factory.push_back(test::read_file(s.dir + "/state.json"));
    if (apply_latency_ms > 0)
      std::ofstream(s.dir + "/delay.json")
          << fmt::format("{{\"nv config apply\": {}}}", apply_latency_ms);
  }

  // rocecfg keeps the staged commands only so the loop can send the same.
  std::vector<std::vector<std::string>> sent(fx.switches().size());
  Tally t;
  ResultSink tally = tally_into(t);
  auto t0 = std::chrono::steady_clock::now();
  run_switches(fleet_of(fx), testing::standard_profile(), FleetMode::apply, parallel,
               [&](size_t i, SwitchResult&& r) {
                 sent[i] = r.commands;
                 tally(i, std::move(r));
               });
  double ours = seconds_since(t0);
  if (t.applied != switches) {
    for (const std::string& f : t.failures) fmt::print(stderr, "{}\n", f);
    return 1;
  }

  // The same work as a sequential ssh loop, from factory state again.
  for (size_t i = 0; i < fx.switches().size(); ++i)
    std::ofstream(fx.switches()[i].dir + "/state.json", std::ios::trunc) << factory[i];
  std::string user = getenv("USER") ? getenv("USER") : "root";
  int invocations = 0;
  t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < fx.switches().size(); ++i) {
    std::string ssh = fmt::format(
        "ssh -q -o BatchMode=yes -i {0}/id_ed25519 -o UserKnownHostsFile={0}/known_hosts -p {1} "
        "{2}@127.0.0.1",
        fx.dir(), fx.switches()[i].port, user);
    std::string chain = "nv config detach";
    for (auto& c : sent[i]) chain += " && " + c;
    chain += " && nv config apply -y";
    for (std::string c : {std::string("nv config show -o commands"), chain,
                          std::string("nv config show -o commands")}) {
      ++invocations;
      if (std::system((ssh + " '" + c + "' >/dev/null").c_str()) != 0) {
        fmt::print(stderr, "ssh loop failed on {}\n", fx.switches()[i].name);
        return 1;
      }
    }
  }
  double loop = seconds_since(t0);

  // The leanest loop an operator could write: one ssh per switch with the
  // whole transaction chained, no read before and no read-back after.
  for (size_t i = 0; i < fx.switches().size(); ++i)
    std::ofstream(fx.switches()[i].dir + "/state.json", std::ios::trunc) << factory[i];
  t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < fx.switches().size(); ++i) {
    std::string line = "nv config detach";
    for (auto& c : sent[i]) line += " && " + c;
    line += " && nv config apply -y";
    std::string ssh = fmt::format(
        "ssh -q -o BatchMode=yes -i {0}/id_ed25519 -o UserKnownHostsFile={0}/known_hosts -p {1} "
        "{2}@127.0.0.1 '{3}' >/dev/null",
        fx.dir(), fx.switches()[i].port, user, line);
    if (std::system(ssh.c_str()) != 0) {
      fmt::print(stderr, "lean ssh loop failed on {}\n", fx.switches()[i].name);
      return 1;
    }
  }
  double lean = seconds_since(t0);
  fmt::print(
      "push standard profile to {} emulated Cumulus switches (32 ports each), device apply "
      "latency {} ms\n",
      switches, apply_latency_ms);
  fmt::print("  rocecfg apply (--parallel {}):  {:7.2f} s  ({:.0f} ms per switch)\n", parallel,
             ours, 1000 * ours / switches);
  fmt::print("  sequential ssh loop:           {:7.2f} s  ({} ssh runs, {:.0f} ms each)\n", loop,
             invocations, 1000 * loop / invocations);
  fmt::print("  ratio (ssh loop / rocecfg):    {:7.2f}x\n", loop / ours);
  fmt::print("  lean loop, 1 ssh per switch, no reads: {:7.2f} s, ratio {:.2f}x\n", lean,
             lean / ours);
  std::fflush(stdout);
  if (!rss) return 0;
  fmt::print("peak RSS of the fleet runner (--parallel {}):\n", parallel);
  std::fflush(stdout);
  char self[4096] = {};
  if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) return 1;
  for (int n : {8, 64, 256}) {
    std::string cmd = fmt::format("{} --parallel {} --rss-child {}", self, parallel, n);
    FILE* p = popen(cmd.c_str(), "r");
    int count = 0, applied = 0;
    long kib = 0;
    if (p && fscanf(p, "%d %d %ld", &count, &applied, &kib) == 3)
      fmt::print("  {:4} switches: {:6} KiB ({} applied)\n", count, kib, applied);
    if (p) pclose(p);
  }
  return 0;
}
