// `rocecfg probe --rails`: every NIC of this host against the peer's NIC on
// the same rail, all rails at once, one verdict per rail and one overall. A
// GPU node's NICs sit on separate rails (NIC i on the leaf of rail i), so a
// probe of one NIC says nothing about the others, and NCCL uses them all.
// The pairing comes from the inventory ([[host]] NICs); a rail only one end
// declares, or a peer NIC with no probe address, is a problem of its own and
// makes the overall verdict FAIL (a missing NIC is a finding, not a smaller
// test).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/discovery.h"
#include "probe/client.h"
#include "probe/runner.h"
#include "probe/verdict.h"
#include "profile/intent.h"
#include "profile/inventory.h"

namespace rocecfg::probe {

struct RailPair {
  uint32_t rail = 0;
  std::string device;        // this host's NIC (rule NICs: resolve_rule_nics first)
  std::string peer_device;   // the peer's, for the report
  std::string peer_address;  // where its probe server listens
  uint16_t peer_port = kDefaultPort;
};

struct RailPlan {
  std::vector<RailPair> pairs;        // in rail order
  std::vector<std::string> problems;  // "rail 2: gpu002 declares no NIC on it"
};

// This host's NICs against the peer's, rail by rail.
RailPlan pair_rails(const profile::HostEntry& me, const profile::HostEntry& peer);

struct RailRun {
  RailPair pair;
  Result<ProbeReport> report;  // or why the rail's probe did not run
  Verdict verdict;             // judged when there is a report
};

// Each pair's probe with `base` (device, peer and port set per rail),
// prepared against `intent`, every rail on its own thread at once.
std::vector<RailRun> run_rails(const RailPlan& plan, const ClientOptions& base,
                               const profile::Intent& intent);

// FAIL when a rail failed, did not run, or the plan has a problem; WARN when
// a rail warned; PASS otherwise (and only when at least one rail ran).
Level rails_level(const RailPlan& plan, const std::vector<RailRun>& runs);

// Text: per rail "rail 0: mlx5_0 -> mlx5_0 at 10.0.0.2: PASS" and its
// report, the problems, then "verdict: ...". JSON: {"rails": [{"rail",
// "device", "peer_device", "peer_address", "verdict", "report" | "error"}],
// "problems", "verdict"}.
std::string render_rails_text(const RailPlan& plan, const std::vector<RailRun>& runs);
nlohmann::json render_rails_json(const RailPlan& plan, const std::vector<RailRun>& runs);

// The NICs the inventory declares for a host against the devices found on
// it: a named device that is absent ("mlx5_3 (rail 3) is missing: the
// inventory declares 8 NICs"), or fewer RDMA devices with an Ethernet port
// than NICs declared by rule. The gate and doctor both judge with this.
std::vector<std::string> declared_nic_problems(const std::vector<profile::NicEntry>& declared,
                                               const host::HostInventory& inv);

// NICs declared by rule (nic_rule = "ethernet": rdma_device empty) take this
// host's RDMA devices with an Ethernet port in PCI order (the netdev's PCI
// address; devices without one, such as Soft-RoCE, after them by name), the
// first for the lowest rail, with their netdev where none is stated. Named
// NICs and devices already named are left alone; rule NICs beyond the devices
// found stay empty (declared_nic_problems says how many are missing).
void resolve_rule_nics(std::vector<profile::NicEntry>& nics, const host::HostInventory& inv);

// `me` with its rule NICs resolved against this machine's devices (read only
// when it has any): what probe --rails and the gate pair by rail.
profile::HostEntry with_rule_nics_resolved(const profile::HostEntry& me);

}  // namespace rocecfg::probe
