// A modelled fabric for the fabric tests: the stand-in for the *hosts* (no
// RDMA here). Each pair's figures come from a model: a base rate and latency
// with a small deterministic jitter per (pair, round), a bad host that slows
// every test it is in, bad links that slow one pair, and hosts that are down
// for a stretch of time (their tests fail as a real probe's would). Each
// round advances a simulated clock by a fixed round time.
// With rails, indices are endpoints (NICs): `bad_host` is then one bad NIC,
// and host_of / rail_of add a host bad on every rail and a slow rail.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "fabric/prober.h"
#include "fabric/rails.h"

namespace rocecfg::fabric::testing {

class SimClock final : public Clock {
 public:
  explicit SimClock(double epoch_s = 1764576000.0) : epoch_(epoch_s) {}  // 2025-12-01T08:00:00Z
  double now_s() const override { return now_; }
  void sleep_until(double t) override {
    if (t > now_) now_ = t;
  }
  double epoch_offset_s() const override { return epoch_; }
  void advance(double s) { now_ += s; }

 private:
  double now_ = 0, epoch_;
};

struct Outage {
  size_t host = 0;
  double from_s = 0, to_s = 0;  // down in [from, to)
};

class SimFabric final : public Prober {
 public:
  SimFabric(size_t hosts, SimClock& clock) : hosts_(hosts), clock_(clock) {}

  double base_bw_gbps = 100.0;
  double base_lat_us = 2.0;
  double jitter = 0.01;  // +- fraction
  double round_s = 2.0;
  std::optional<size_t> bad_host;
  double bad_host_bw_factor = 0.5;
  std::set<std::pair<size_t, size_t>> bad_links;  // unordered, stored (min, max)
  double bad_link_lat_factor = 3.0;
  double bad_link_bw_factor = 1.0;
  std::vector<Outage> outages;
  std::vector<size_t> host_of;        // endpoint -> host; empty: each endpoint its own host
  std::vector<uint32_t> rail_of;      // endpoint -> rail; empty: one rail
  std::optional<size_t> bad_machine;  // a host slow on every rail (host_of)
  std::optional<uint32_t> bad_rail;   // every test touching the rail is slow
  double bad_rail_bw_factor = 0.5;
  // The probe's own evidence at full bandwidth (fabric/probe_rules.h): a
  // lossy link's tests fail the sequence-error rule, an endpoint with the
  // wrong MTU fails the path MTU rule with every partner.
  std::set<std::pair<size_t, size_t>> lossy_links;  // unordered, stored (min, max)
  std::set<size_t> wrong_mtu;
  size_t rounds_run = 0;
  std::vector<Round> log;

  void add_bad_link(size_t a, size_t b) { bad_links.insert({std::min(a, b), std::max(a, b)}); }
  void add_lossy_link(size_t a, size_t b) { lossy_links.insert({std::min(a, b), std::max(a, b)}); }

  std::vector<Sample> run_round(const Round& round) override {
    log.push_back(round);
    std::set<size_t> busy;
    std::vector<Sample> out;
    double t = clock_.now_s();
    for (const Pair& p : round.pairs) {
      // A schedule that puts a host in two tests of one round is a bug.
      if (!busy.insert(p.client).second || !busy.insert(p.server).second)
        throw std::logic_error("host in two tests of one round");
      Sample s;
      s.pair = p;
      if (down(p.client, t) || down(p.server, t)) {
        s.error = "connection refused";
        out.push_back(s);
        continue;
      }
      double bw = base_bw_gbps * (1 + jitter * noise(p, 1));
      double lat = base_lat_us * (1 + jitter * noise(p, 2));
      if (bad_host && (p.client == *bad_host || p.server == *bad_host)) bw *= bad_host_bw_factor;
      if (bad_machine &&
          (host_of.at(p.client) == *bad_machine || host_of.at(p.server) == *bad_machine))
        bw *= bad_host_bw_factor;
      if (bad_rail && (rail_of.at(p.client) == *bad_rail || rail_of.at(p.server) == *bad_rail))
        bw *= bad_rail_bw_factor;
      if (bad_links.count({std::min(p.client, p.server), std::max(p.client, p.server)})) {
        lat *= bad_link_lat_factor;
        bw *= bad_link_bw_factor;
      }
      s.bw_gbps = bw;
      s.lat_p50_us = lat;
      if (lossy_links.count({std::min(p.client, p.server), std::max(p.client, p.server)}))
        s.probe_failures.push_back(fmt::format(
            "sequence errors (idle): 37 > 0 (max_retransmits; ep{}:rcvd_seq_err=37)", p.server));
      for (size_t e : {p.client, p.server})
        if (wrong_mtu.count(e))
          s.probe_failures.push_back(
              fmt::format("path MTU: 1024 < 4096 expected (ports: ep{} 1024)", e));
      out.push_back(s);
    }
    ++rounds_run;
    clock_.advance(round_s);
    return out;
  }

 private:
  bool down(size_t h, double t) const {
    for (const Outage& o : outages)
      if (o.host == h && t >= o.from_s && t < o.to_s) return true;
    return false;
  }
  // Deterministic value in [-1, 1] from the pair, the round and a salt.
  double noise(const Pair& p, uint64_t salt) const {
    uint64_t x = (p.client * 1000003ull) ^ (p.server * 998244353ull) ^ (rounds_run * 7919ull) ^
                 (salt * 0x9E3779B97F4A7C15ull);
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return static_cast<double>(x % 20001) / 10000.0 - 1.0;
  }
  size_t hosts_;
  SimClock& clock_;
};

// hosts x rails endpoints, host-major (endpoint h * rails + r), named
// "gpu0001:mlx5_0", with their layout and the maps SimFabric takes.
struct RailGrid {
  std::vector<std::string> names;
  std::vector<size_t> host_of;
  std::vector<uint32_t> rail_of;
  RailLayout layout;
};

inline RailGrid rail_grid(size_t hosts, uint32_t rails) {
  RailGrid g;
  std::vector<std::string> host_names;
  for (size_t h = 0; h < hosts; ++h)
    for (uint32_t r = 0; r < rails; ++r) {
      std::string host = fmt::format("gpu{:04}", h + 1);
      g.names.push_back(fmt::format("{}:mlx5_{}", host, r));
      host_names.push_back(host);
      g.host_of.push_back(h);
      g.rail_of.push_back(r);
    }
  g.layout = rail_layout(host_names, g.rail_of);
  return g;
}

}  // namespace rocecfg::fabric::testing
