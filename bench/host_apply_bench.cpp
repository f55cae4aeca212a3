// Host apply + read-back and audit of a profile on N interfaces, against the
// sequence of iproute2 commands an operator (or an Ansible role) would run
// for the same change and check: `ip link set`/`dcb ... set` plus a
// `ip -j link show`/`dcb -j ... show` per knob to verify.
//
//   host_apply_bench                  8 veth in a netns of its own (MTU only:
//                                     veth has no DCB, so that is all that is real here)
//   host_apply_bench --dcb dcbsim     in the lab with LAB_DCBSIM_PARAMS=count=8: the full
//                                     profile (MTU, ETS, buffers, PFC, DSCP map) on dcbsim0..7
// Prints medians over --iterations runs (default 20); rocecfg and the commands
// flip the interfaces between two profiles, so every apply has work to do. Run as root. Not a test.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "host/host_session.h"
#include "host/linux_host.h"
#include "netns_fixture.h"

using namespace rocecfg;
using Clock = std::chrono::steady_clock;

namespace {

struct Args {
  bool dcb = false;
  std::string prefix = "bench";
  int count = 8;
  int iterations = 20;
};

model::Settings profile(bool variant, bool dcb) {
  model::Settings s;
  s.mtu_bytes = variant ? 9000 : 4200;
  if (!dcb) return s;
  model::Ets e;
  e.prio_tc = model::prio_tc_array({0, 0, 0, variant ? 1u : 2u, 0, 0, 0, 0});
  e.tc_tsa = {model::Tsa::ets,    model::Tsa::ets,    model::Tsa::ets,    model::Tsa::strict,
              model::Tsa::strict, model::Tsa::strict, model::Tsa::strict, model::Tsa::strict};
  e.tc_bandwidth_percent = {40, 30, 30, 0, 0, 0, 0, 0};
  s.ets = e;
  model::Buffers b;
  b.prio_buffer =
      std::array<uint8_t, 8>{0, 0, 0, static_cast<uint8_t>(variant ? 1 : 2), 0, 0, 0, 0};
  b.cable_length_m = variant ? 30 : 10;
  s.buffers = b;
  s.pfc_enabled = PriorityMask(variant ? 0x08 : 0x10);
  s.trust = model::Trust::dscp;
  s.dscp_priority = model::dscp_priority_map({{26, static_cast<uint8_t>(variant ? 3 : 4)}});
  return s;
}

// The shell sequence for the same change, one process per command, with the
// read-back an operator's script needs to know it worked.
std::vector<std::string> commands(const std::string& ifname, bool variant, bool dcb,
                                  const std::string& netns, bool verify_only) {
  std::string ip = netns.empty() ? "ip" : "ip -n " + netns;
  std::vector<std::string> c;
  if (!verify_only)
    c.push_back(fmt::format("{} link set {} mtu {}", ip, ifname, variant ? 9000 : 4200));
  c.push_back(fmt::format("{} -j link show {}", ip, ifname));
  if (!dcb) return c;
  int p = variant ? 3 : 4, tc = variant ? 1 : 2;
  if (!verify_only) {
    c.push_back(
        fmt::format("dcb ets set dev {} tc-tsa 0:ets 1:ets 2:ets 3:strict 4:strict 5:strict "
                    "6:strict 7:strict tc-bw 0:40 1:30 2:30 prio-tc all:0 {}:{}",
                    ifname, 3, tc));
    c.push_back(fmt::format("dcb buffer set dev {} prio-buffer all:0 3:{}", ifname, tc));
    c.push_back(fmt::format("dcb pfc set dev {} prio-pfc all:off {}:on delay {}", ifname, p,
                            variant ? 30 : 10));
    c.push_back(fmt::format("dcb app replace dev {} dscp-prio 26:{}", ifname, p));
  }
  for (const char* what : {"ets", "buffer", "pfc", "app"})
    c.push_back(fmt::format("dcb -j {} show dev {}", what, ifname));
  return c;
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int run_shell(const std::vector<std::string>& cmds) {
  int failures = 0;
  for (const std::string& c : cmds)
    if (std::system((c + " >/dev/null 2>&1").c_str()) != 0) {
      if (failures++ == 0) fmt::print(stderr, "command failed: {}\n", c);
    }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    std::string s = argv[i];
    if (s == "--dcb" && i + 1 < argc) {
      a.dcb = true;
      a.prefix = argv[++i];
    } else if (s == "--iterations" && i + 1 < argc) {
      a.iterations = std::atoi(argv[++i]);
    } else if (s == "--count" && i + 1 < argc) {
      a.count = std::atoi(argv[++i]);
    } else {
      fmt::print(stderr, "usage: host_apply_bench [--dcb PREFIX] [--count N] [--iterations N]\n");
      return 2;
    }
  }
  std::unique_ptr<test::NetnsFixture> ns;
  std::vector<std::string> ifs;
  if (!a.dcb) {
    ns = std::make_unique<test::NetnsFixture>();  // rcfg0/rcfg1 plus our own pairs
    for (int i = 0; i < a.count; i += 2) {
      test::sh(ns->ip(
          fmt::format("link add {}{} type veth peer name {}{}", a.prefix, i, a.prefix, i + 1)));
    }
  }
  for (int i = 0; i < a.count; ++i) ifs.push_back(fmt::format("{}{}", a.prefix, i));
  std::string netns = ns ? ns->name() : "";

  host::FsRoot fs("/");
  auto sock = host::open_route_socket();
  if (!sock) {
    fmt::print(stderr, "{}\n", sock.error().to_string());
    return 3;
  }
  std::vector<double> ours_apply, ours_audit, shell_apply, shell_audit;
  int problems = 0;
  for (int it = 0; it < a.iterations; ++it) {
    // rocecfg always applies variant A and the commands variant B, so both
    // sides change every knob on every iteration.
    const bool variant = true;
    model::Settings want = profile(variant, a.dcb);
    auto t0 = Clock::now();
    {
      host::LinuxHost backend(fs, sock->get());
      host::SessionReport r = host::run_apply(backend, ifs, want, false);
      problems += r.exit_code != 0;
      if (r.exit_code != 0 && it == 0) fmt::print(stderr, "{}", host::render_apply_text(r, true));
    }
    ours_apply.push_back(ms_since(t0));
    t0 = Clock::now();
    {
      host::LinuxHost backend(fs, sock->get());
      host::SessionReport r = host::run_audit(backend, ifs, want);
      problems += r.exit_code != 0;
      if (r.exit_code != 0 && it == 0) fmt::print(stderr, "{}", host::render_audit_text(r, true));
    }
    ours_audit.push_back(ms_since(t0));

    // the same change the other way round, by commands
    std::vector<std::string> apply_cmds, audit_cmds;
    for (const std::string& i : ifs) {
      for (auto& c : commands(i, !variant, a.dcb, netns, false)) apply_cmds.push_back(c);
      for (auto& c : commands(i, !variant, a.dcb, netns, true)) audit_cmds.push_back(c);
    }
    t0 = Clock::now();
    problems += run_shell(apply_cmds);
    shell_apply.push_back(ms_since(t0));
    t0 = Clock::now();
    problems += run_shell(audit_cmds);
    shell_audit.push_back(ms_since(t0));
    fmt::print(stderr, "iteration {}: rocecfg {:.1f} + {:.1f} ms, commands {:.1f} + {:.1f} ms\n",
               it, ours_apply.back(), ours_audit.back(), shell_apply.back(), shell_audit.back());
  }
  double oa = median(ours_apply), ou = median(ours_audit);
  double sa = median(shell_apply), su = median(shell_audit);
  fmt::print("host_apply_bench: {} interfaces ({}), {} iterations, profile: {}\n", ifs.size(),
             a.dcb ? "dcbsim, DCB netlink" : "veth in a netns", a.iterations,
             a.dcb ? "MTU + ETS + buffers/cable + PFC + DSCP map" : "MTU only (veth has no DCB)");
  fmt::print("  {:<34} {:>9.2f} ms   commands ({} procs): {:>9.2f} ms   ratio {:.1f}x\n",
             "rocecfg apply + read-back", oa,
             commands(ifs[0], true, a.dcb, netns, false).size() * ifs.size(), sa, sa / oa);
  fmt::print("  {:<34} {:>9.2f} ms   commands ({} procs): {:>9.2f} ms   ratio {:.1f}x\n",
             "rocecfg audit", ou, commands(ifs[0], true, a.dcb, netns, true).size() * ifs.size(),
             su, su / ou);
  if (problems) fmt::print("  WARNING: {} runs did not end clean (see above)\n", problems);
  return problems ? 1 : 0;
}
