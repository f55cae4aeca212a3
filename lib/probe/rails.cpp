#include "probe/rails.h"

#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "probe/report.h"

namespace rocecfg::probe {

RailPlan pair_rails(const profile::HostEntry& me, const profile::HostEntry& peer) {
  RailPlan plan;
  for (const profile::NicEntry& mine : me.nics) {
    if (mine.rdma_device.empty() && me.nic_source == profile::NicSource::rule) {
      // resolve_rule_nics found no device for it: not the first device.
      plan.problems.push_back(
          fmt::format("rail {}: {} has no RDMA device with an Ethernet port for it (nic_rule)",
                      mine.rail, me.name));
      continue;
    }
    const profile::NicEntry* theirs = peer.nic_on_rail(mine.rail);
    if (!theirs) {
      plan.problems.push_back(
          fmt::format("rail {}: {} declares no NIC on it", mine.rail, peer.name));
      continue;
    }
    if (theirs->probe_address.empty()) {
      plan.problems.push_back(
          fmt::format("rail {}: {}'s NIC has no probe_address", mine.rail, peer.name));
      continue;
    }
    plan.pairs.push_back(RailPair{mine.rail, mine.rdma_device, theirs->rdma_device,
                                  theirs->probe_address, peer.probe_port});
  }
  for (const profile::NicEntry& theirs : peer.nics)
    if (!me.nic_on_rail(theirs.rail))
      plan.problems.push_back(
          fmt::format("rail {}: {} declares no NIC on it", theirs.rail, me.name));
  return plan;
}

std::vector<RailRun> run_rails(const RailPlan& plan, const ClientOptions& base,
                               const profile::Intent& intent) {
  std::vector<RailRun> runs(plan.pairs.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < plan.pairs.size(); ++i) {
    runs[i].pair = plan.pairs[i];
    threads.emplace_back([&, i] {
      RailRun& run = runs[i];
      ClientOptions o = base;
      o.device = run.pair.device;
      o.peer = run.pair.peer_address;
      o.port = run.pair.peer_port;
      Result<ClientSetup> setup = prepare_client(o, intent);
      if (!setup) {
        run.report = std::unexpected(setup.error());
        return;
      }
      run.report = run_probe(setup->config);
      if (run.report) run.verdict = judge(*run.report, setup->expectations);
    });
  }
  for (std::thread& t : threads) t.join();
  return runs;
}

Level rails_level(const RailPlan& plan, const std::vector<RailRun>& runs) {
  if (!plan.problems.empty()) return Level::fail;
  if (runs.empty()) return Level::skip;
  Level worst = Level::pass;
  for (const RailRun& r : runs) {
    if (!r.report || r.verdict.level == Level::fail) return Level::fail;
    if (r.verdict.level == Level::warn) worst = Level::warn;
  }
  return worst;
}

namespace {

std::string rail_line(const RailRun& r) {
  const RailPair& p = r.pair;
  std::string level = !r.report ? "did not run" : to_string(r.verdict.level);
  return fmt::format("rail {}: {} -> {} at {}: {}", p.rail, p.device.empty() ? "(first)" : p.device,
                     p.peer_device.empty() ? "(its first)" : p.peer_device, p.peer_address, level);
}

}  // namespace

std::string render_rails_text(const RailPlan& plan, const std::vector<RailRun>& runs) {
  std::string out;
  for (const RailRun& r : runs) {
    out += rail_line(r) + "\n";
    out += r.report ? render_text(*r.report, r.verdict)
                    : fmt::format("  {}\n", r.report.error().to_string());
    out += "\n";
  }
  for (const std::string& p : plan.problems) out += "problem: " + p + "\n";
  size_t failed = 0;
  for (const RailRun& r : runs) failed += !r.report || r.verdict.level == Level::fail;
  out += fmt::format("rails: {} probed, {} failed, {} problem(s)\n", runs.size(), failed,
                     plan.problems.size());
  for (const RailRun& r : runs)
    if (!r.report || r.verdict.level == Level::fail) out += "  " + rail_line(r) + "\n";
  out += fmt::format("verdict: {}\n", to_string(rails_level(plan, runs)));
  return out;
}

nlohmann::json render_rails_json(const RailPlan& plan, const std::vector<RailRun>& runs) {
  nlohmann::json rails = nlohmann::json::array();
  for (const RailRun& r : runs) {
    nlohmann::json j{{"rail", r.pair.rail},
                     {"device", r.pair.device},
                     {"peer_device", r.pair.peer_device},
                     {"peer_address", r.pair.peer_address},
                     {"verdict", r.report ? to_string(r.verdict.level) : "fail"}};
    if (r.report)
      j["report"] = render_json(*r.report, r.verdict);
    else
      j["error"] = r.report.error().to_string();
    rails.push_back(std::move(j));
  }
  return {{"rails", rails},
          {"problems", plan.problems},
          {"verdict", to_string(rails_level(plan, runs))}};
}

std::vector<std::string> declared_nic_problems(const std::vector<profile::NicEntry>& declared,
                                               const host::HostInventory& inv) {
  std::vector<std::string> out;
  size_t ethernet = 0, by_rule = 0;
  for (const host::RdmaDevice& d : inv.rdma_devices)
    ethernet += std::any_of(d.ports.begin(), d.ports.end(),
                            [](const host::RdmaPort& p) { return p.link_layer == "Ethernet"; });
  for (const profile::NicEntry& nic : declared) {
    if (nic.rdma_device.empty()) {
      ++by_rule;
      continue;
    }
    bool found = std::any_of(inv.rdma_devices.begin(), inv.rdma_devices.end(),
                             [&](const host::RdmaDevice& d) { return d.name == nic.rdma_device; });
    if (!found)
      out.push_back(fmt::format("{} (rail {}) is missing: the inventory declares {} NIC{}",
                                nic.rdma_device, nic.rail, declared.size(),
                                declared.size() == 1 ? "" : "s"));
  }
  if (by_rule > 0 && ethernet < declared.size())
    out.push_back(fmt::format("{} RDMA device{} with an Ethernet port; the inventory declares {}",
                              ethernet, ethernet == 1 ? "" : "s", declared.size()));
  return out;
}

void resolve_rule_nics(std::vector<profile::NicEntry>& nics, const host::HostInventory& inv) {
  struct Found {
    std::string pci, device, netdev;
  };
  std::vector<Found> found;
  for (const host::RdmaDevice& d : inv.rdma_devices) {
    bool taken = std::any_of(nics.begin(), nics.end(),
                             [&](const profile::NicEntry& n) { return n.rdma_device == d.name; });
    for (const host::RdmaPort& p : d.ports) {
      if (p.link_layer != "Ethernet" || taken) continue;
      Found f{"", d.name, p.netdev};
      for (const host::Netdev& n : inv.netdevs)
        if (n.name == p.netdev) f.pci = n.pci_bdf;
      found.push_back(std::move(f));
      break;
    }
  }
  // PCI order; devices without a PCI address after those with one.
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.pci.empty() != b.pci.empty()) return b.pci.empty();
    return a.pci != b.pci ? a.pci < b.pci : a.device < b.device;
  });
  std::vector<profile::NicEntry*> by_rule;
  for (profile::NicEntry& n : nics)
    if (n.rdma_device.empty()) by_rule.push_back(&n);
  std::sort(
      by_rule.begin(), by_rule.end(),
      [](const profile::NicEntry* a, const profile::NicEntry* b) { return a->rail < b->rail; });
  for (size_t i = 0; i < by_rule.size() && i < found.size(); ++i) {
    by_rule[i]->rdma_device = found[i].device;
    if (by_rule[i]->netdev.empty()) by_rule[i]->netdev = found[i].netdev;
  }
}

profile::HostEntry with_rule_nics_resolved(const profile::HostEntry& me) {
  profile::HostEntry out = me;
  if (std::any_of(out.nics.begin(), out.nics.end(),
                  [](const profile::NicEntry& n) { return n.rdma_device.empty(); }))
    resolve_rule_nics(out.nics, host::discover(host::FsRoot("/"), false, false));
  return out;
}

}  // namespace rocecfg::probe
