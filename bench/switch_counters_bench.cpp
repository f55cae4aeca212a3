// rocecfg's counter collector vs what an operator would otherwise run: a
// sequential loop over the switches, per switch one `ssh switch 'cmd'` per
// counter command (SONiC: show pfc counters, show queue counters, show queue
// wredcounters, show pfcwd stats, show priority-group watermark shared), the
// whole loop twice (two snapshots) with the same window between. Both talk
// to the same real sshd + SONiC emulator on 127.0.0.1 (32 ports per switch).
// --vendor nxos reads two ports of NX-OS emulators instead (show interface
// priority-flow-control, then per port show queuing pfc-queue ... detail |
// json and show queuing interface ... | json: 5 commands a switch).
//   switch_counters_bench [--vendor sonic|nxos] [--switches 64] [--parallel 64]
//                         [--window-ms 1000] [--no-rss]
// Then peak RSS of the collector for 64 and 256 switches, each in a fresh
// child process (ru_maxrss is per process; sshd and the emulator are not in it).
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

#include <fmt/format.h>

#include "switch/counter_collect.h"
#include "switch_fixtures.h"

using namespace rocecfg;
using namespace rocecfg::sw;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string vendor = "sonic";

// SONiC's show commands print every port; NX-OS's per-port forms name them.
std::vector<std::string> bench_ports() {
  if (vendor == "nxos") return {"Ethernet1/1", "Ethernet1/2"};
  return {};
}

std::vector<FleetSwitch> fleet_of(testing::SshdFixture& fx) {
  std::vector<FleetSwitch> fleet;
  for (size_t i = 0; i < fx.switches().size(); ++i) {
    FleetSwitch f;
    f.ssh = fx.target(i);
    f.ssh.command_timeout_ms = 120000;
    f.ssh.connect_timeout_ms = 60000;
    f.vendor = vendor;
    f.interfaces = bench_ports();  // SONiC: empty, every port the show commands print
    fleet.push_back(f);
  }
  return fleet;
}

int read_ok(const std::vector<CounterRead>& reads) {
  int ok = 0;
  for (const CounterRead& r : reads) {
    if (r.ok)
      ++ok;
    else
      fmt::print(stderr, "{}: {}\n", r.name, r.error);
  }
  return ok;
}

int rss_child(int switches, int parallel, uint32_t window_ms) {
  testing::SshdFixture fx({fmt::format("{}:{}", vendor, switches)});
  CounterCollectOptions o;
  o.window_ms = window_ms;
  o.parallel = parallel;
  auto reads = collect_counters(fleet_of(fx), o);
  int ok = read_ok(reads);
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  fmt::print("{} {} {}\n", switches, ok, ru.ru_maxrss);
  return ok == switches ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  int switches = 64, parallel = 64;
  uint32_t window_ms = 1000;
  bool rss = true;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--switches") && i + 1 < argc)
      switches = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--parallel") && i + 1 < argc)
      parallel = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--window-ms") && i + 1 < argc)
      window_ms = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--vendor") && i + 1 < argc)
      vendor = argv[++i];
    else if (!std::strcmp(argv[i], "--no-rss"))
      rss = false;
    else if (!std::strcmp(argv[i], "--rss-child") && i + 1 < argc)
      return rss_child(std::atoi(argv[++i]), parallel, window_ms);
  }
  if (vendor != "sonic" && vendor != "nxos") {
    fmt::print(stderr, "--vendor: sonic or nxos\n");
    return 2;
  }
  testing::SshdFixture fx({fmt::format("{}:{}", vendor, switches)});
  std::vector<FleetSwitch> fleet = fleet_of(fx);
  CounterCollectOptions o;
  o.window_ms = window_ms;
  o.parallel = parallel;
  auto t0 = std::chrono::steady_clock::now();
  auto reads = collect_counters(fleet, o);
  double ours = seconds_since(t0);
  size_t counters = 0;
  for (const CounterRead& r : reads) counters += r.window.deltas.size();
  if (read_ok(reads) != switches) return 1;

  auto reader = make_counter_reader(vendor);
  std::vector<CounterCommand> commands = reader->commands(bench_ports());
  std::string user = getenv("USER") ? getenv("USER") : "root";
  int invocations = 0;
  t0 = std::chrono::steady_clock::now();
  for (int round = 0; round < 2; ++round) {
    if (round == 1) std::this_thread::sleep_for(std::chrono::milliseconds(window_ms));
    for (size_t i = 0; i < fx.switches().size(); ++i)
      for (const CounterCommand& c : commands) {
        // SONiC: the command as ssh's argument; NX-OS: typed into the CLI
        // (its "| json" is the CLI's pipe, which an exec line cannot carry
        // to the emulator), one connection per command either way.
        std::string ssh = fmt::format(
            "{4}ssh -q -o BatchMode=yes -i {0}/id_ed25519 -o UserKnownHostsFile={0}/known_hosts -p "
            "{1} "
            "{2}@127.0.0.1 {3} >/dev/null",
            fx.dir(), fx.switches()[i].port, user, vendor == "sonic" ? "'" + c.command + "'" : "-T",
            vendor == "sonic" ? "" : "printf '%s\\n' '" + c.command + "' | ");
        ++invocations;
        if (std::system(ssh.c_str()) != 0) {
          fmt::print(stderr, "ssh loop failed on {}\n", fx.switches()[i].name);
          return 1;
        }
      }
  }
  double loop = seconds_since(t0);
  fmt::print("counters of {} emulated {} switches ({} ports, {} commands each), window {} ms\n",
             switches, vendor == "sonic" ? "SONiC" : "NX-OS", vendor == "sonic" ? 32 : 2,
             commands.size(), window_ms);
  fmt::print("  rocecfg collector (--parallel {}):  {:7.2f} s  ({} counters read, both reads)\n",
             parallel, ours, counters);
  fmt::print("  sequential ssh loop:               {:7.2f} s  ({} ssh runs, {:.0f} ms each)\n",
             loop, invocations, 1000 * (loop - window_ms / 1000.0) / invocations);
  fmt::print("  ratio (ssh loop / rocecfg):        {:7.2f}x\n", loop / ours);
  std::fflush(stdout);
  if (!rss) return 0;
  fmt::print("peak RSS of the collector (--parallel {}):\n", parallel);
  std::fflush(stdout);
  char self[4096] = {};
  if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) return 1;
  for (int n : {64, 256}) {
    std::string cmd = fmt::format("{} --vendor {} --parallel {} --window-ms {} --rss-child {}",
                                  self, vendor, parallel, window_ms, n);
    FILE* p = popen(cmd.c_str(), "r");
    int count = 0, ok = 0;
    long kib = 0;
    if (p && fscanf(p, "%d %d %ld", &count, &ok, &kib) == 3)
      fmt::print("  {:4} switches: {:6} KiB ({} read)\n", count, kib, ok);
    if (p) pclose(p);
  }
  return 0;
}
