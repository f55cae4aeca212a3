// `rocecfg probe` as a client, without the command line: the options a user
// gives, mapped onto a ProbeConfig and Expectations over the profile's
// defaults (from_intent.h), checked, with the devices opened and the
// background-load endpoints chosen. cmd/probe.cpp only parses and prints.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "probe/device.h"
#include "probe/runner.h"
#include "probe/verdict.h"
#include "profile/intent.h"

namespace rocecfg::probe {

// What the user asked for. Zero / negative / empty: "not given", so the
// profile's value (or the built-in default) applies.
struct ClientOptions {
  std::string peer;  // server host; empty: loopback
  uint16_t port = kDefaultPort;
  std::string device, peer_device;
  int gid_index = -1, peer_gid_index = -1;
  uint32_t ib_port = 1;
  std::vector<std::string> sizes;  // "65536" (bytes, as perftest's -s) or "64KiB"
  uint32_t qps = 1, tx_depth = 128, signal_every = 16;
  uint32_t duration_ms = 0;
  uint64_t iterations = 0, lat_iterations = 0;
  std::string mode = "both", op = "write";  // mode: bw, lat, both, marking
  int marking_packets = -1;                 // -1: the default (ProbeConfig)
  int tos = -1;
  bool rdma_cm = false;    // the marking phase through RDMA-CM, with its ToS
  std::string tos_source;  // with tos >= 0: where it came from, for the report
  bool load = false;       // "2 same-class QPs and 1 TCP flow on priority 0"
  uint32_t load_qps = 0, load_tcp = 0;
  int load_tcp_tos = 0;
  std::string load_target, load_source;
  uint32_t timeout_ms = 0, stall_ms = 3000;
  double expected_gbps = 0, max_p99_us = 0;
  uint32_t expect_mtu = 0;
  bool ignore_emulation_retransmits = false;
  int64_t max_retransmits = -1, max_discards = -1;
  std::vector<std::string> counter_netdevs;
};

struct ClientSetup {
  ProbeConfig config;
  Expectations expectations;
  // Opened once and held for the run: address lookups and every test's setup
  // reuse them (a device that does not open is reported by run_probe).
  std::vector<std::shared_ptr<Device>> held_devices;
};

// Every contradiction or out-of-range option is an ErrorKind::invalid_input
// naming the option ("--mode x: must be bw, lat or both"). `intent` is the
// loaded profile, or a default Intent without one.
Result<ClientSetup> prepare_client(const ClientOptions& o, const profile::Intent& intent);

// A message size on the command line: a plain number of bytes or a size with
// a unit, 1..kMaxMessageBytes.
std::optional<uint32_t> parse_message_size(const std::string& text);

// --counters-netdev names must exist now: a typo would otherwise only show as
// a warning after the whole run. Empty: all exist.
std::optional<std::string> missing_counter_netdev(const std::vector<std::string>& names);

}  // namespace rocecfg::probe
