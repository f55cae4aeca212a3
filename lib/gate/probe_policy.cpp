#include "gate/probe_policy.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "probe/from_intent.h"

namespace rocecfg::gate {

Result<HostPort> parse_host_port(const std::string& text) {
  auto bad = [&] {
    return fail(ErrorKind::invalid_input, text, "expected HOST, HOST:PORT or [IPV6]:PORT");
  };
  HostPort hp;
  std::string port_text;
  if (text.starts_with("[")) {
    size_t close = text.find(']');
    if (close == std::string::npos || close == 1) return bad();
    hp.host = text.substr(1, close - 1);
    std::string rest = text.substr(close + 1);
    if (rest.empty()) return hp;
    if (rest[0] != ':') return bad();
    port_text = rest.substr(1);
  } else if (std::count(text.begin(), text.end(), ':') > 1) {
    hp.host = text;  // a bare IPv6 address
    return hp;
  } else {
    size_t colon = text.find(':');
    hp.host = text.substr(0, colon);
    if (colon == std::string::npos) {
      if (hp.host.empty()) return bad();
      return hp;
    }
    port_text = text.substr(colon + 1);
  }
  if (hp.host.empty()) return bad();
  unsigned port = 0;
  auto [p, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc() || p != port_text.data() + port_text.size() || port < 1 || port > 65535)
    return fail(ErrorKind::invalid_input, text, "port must be 1..65535");
  hp.port = static_cast<uint16_t>(port);
  return hp;
}

std::string resolve_probe_peer(const std::string& peer, const profile::Inventory* inventory,
                               const std::string& self) {
  if (!inventory) return peer;
  if (!peer.empty()) {
    Result<HostPort> hp = parse_host_port(peer);
    if (!hp) return peer;  // reported when the probe is built
    const profile::HostEntry* h = inventory->find_host(hp->host);
    if (!h || h->address.empty()) return peer;
    if (!hp->port) return h->address;
    if (h->address.find(':') != std::string::npos)
      return fmt::format("[{}]:{}", h->address, *hp->port);  // IPv6
    return fmt::format("{}:{}", h->address, *hp->port);
  }
  const profile::HostEntry* me = inventory->find_host(self);
  if (!me || me->probe_peer.empty()) return std::string();
  // The loader checked that probe_peer names a host with an address.
  const profile::HostEntry* other = inventory->find_host(me->probe_peer);
  return other ? other->address : std::string();
}

Result<std::optional<probe::ProbeConfig>> gate_probe_config(const profile::Intent& intent,
                                                            uint32_t budget_ms,
                                                            const std::string& peer,
                                                            const std::string& loopback,
                                                            const std::string& device) {
  if (peer.empty() && loopback.empty()) return std::optional<probe::ProbeConfig>();
  probe::ProbeConfig pc = probe::probe_config_for(intent);
  uint32_t largest = 0;
  for (uint32_t s : pc.sizes_bytes) largest = std::max(largest, s);
  pc.sizes_bytes = {largest ? largest : 65536u};
  pc.latency = false;
  pc.timeout_ms = budget_ms;
  pc.stall_ms = std::min<uint32_t>(pc.stall_ms, budget_ms);
  pc.local.device = device;
  if (!peer.empty()) {
    Result<HostPort> hp = parse_host_port(peer);
    if (!hp) return fail(ErrorKind::invalid_input, "--peer " + peer, hp.error().message);
    pc.host = hp->host;
    if (hp->port) pc.port = *hp->port;
    return std::optional<probe::ProbeConfig>(pc);
  }
  size_t comma = loopback.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 == loopback.size())
    return fail(ErrorKind::invalid_input, "--loopback " + loopback,
                "expected DEV_A,DEV_B (two RDMA devices)");
  pc.local.device = loopback.substr(0, comma);
  probe::DeviceSelect server;
  server.device = loopback.substr(comma + 1);
  pc.loopback_server = server;
  return std::optional<probe::ProbeConfig>(pc);
}

}  // namespace rocecfg::gate
