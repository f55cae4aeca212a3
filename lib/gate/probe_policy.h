// The gate's short probe: where it goes and what it measures. Kept out of
// cmd/ so the fabric runner and tests build the same probe the verb does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "probe/runner.h"
#include "profile/intent.h"
#include "profile/inventory.h"

namespace rocecfg::gate {

// "HOST", "HOST:PORT", "[IPV6]:PORT"; a bare IPv6 address (two or more
// colons, no brackets) is a host without a port.
struct HostPort {
  std::string host;
  std::optional<uint16_t> port;
  bool operator==(const HostPort&) const = default;
};
Result<HostPort> parse_host_port(const std::string& text);

// The probe peer as the user means it: `peer` as given, where an inventory
// host of that name stands for its address (the port, if any, kept); without
// a peer, `self`'s probe_peer in the inventory. Empty: no probe.
std::string resolve_probe_peer(const std::string& peer, const profile::Inventory* inventory,
                               const std::string& self);

// One large message size, bandwidth only, the profile's traffic class, within
// the budget: the cheapest test that still crosses the wire with full-size
// packets (small-packet-only probes miss MTU-dependent loss). `peer`
// (HOST[:PORT]) or `loopback` (DEV_A,DEV_B) says where; a malformed one is
// ErrorKind::invalid_input naming the option. Neither: nullopt (no probe).
Result<std::optional<probe::ProbeConfig>> gate_probe_config(const profile::Intent& intent,
                                                            uint32_t budget_ms,
                                                            const std::string& peer,
                                                            const std::string& loopback,
                                                            const std::string& device);

}  // namespace rocecfg::gate
