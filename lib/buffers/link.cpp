#include "buffers/link.h"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

#include <fmt/format.h>

namespace rocecfg::buffers {

namespace {

// IEEE 802.3 Annex 31B.3.7 as sonic-swss transcribes it
// (cfgmgr/buffer_headroom_mellanox.lua, pause_quanta_per_speed): Mb/s, quanta.
constexpr std::array<std::pair<uint32_t, uint32_t>, 10> kPeerResponseQuanta{{
    {100, 1},
    {1000, 2},
    {10000, 67},
    {25000, 80},
    {40000, 118},
    {50000, 147},
    {100000, 394},
    {200000, 453},
    {400000, 905},
    {800000, 905},
}};

std::optional<uint32_t> parse_number(std::string_view text) {
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

}  // namespace

std::optional<uint32_t> parse_speed(std::string_view text) {
  if (text.size() < 2) return std::nullopt;
  char unit = text.back();
  std::optional<uint32_t> n = parse_number(text.substr(0, text.size() - 1));
  if (!n || *n == 0 || *n > 1600) return std::nullopt;
  uint32_t mbps = unit == 'G' || unit == 'g' ? *n * 1000 : unit == 'M' || unit == 'm' ? *n : 0;
  // Only the Ethernet rates the pause-quanta table knows: every figure here
  // depends on that table.
  if (!peer_response_quanta(mbps)) return std::nullopt;
  return mbps;
}

std::string speed_names() {
  std::string out;
  for (auto [speed, quanta] : kPeerResponseQuanta)
    out += (out.empty() ? "" : ", ") + format_speed(speed);
  return out;
}

std::string format_speed(uint32_t speed_mbps) {
  if (speed_mbps % 1000 == 0) return fmt::format("{}G", speed_mbps / 1000);
  return fmt::format("{}M", speed_mbps);
}

std::optional<uint32_t> parse_cable(std::string_view text) {
  if (!text.empty() && text.back() == 'm') text.remove_suffix(1);
  std::optional<uint32_t> n = parse_number(text);
  if (!n || *n == 0 || *n > 10000) return std::nullopt;
  return n;
}

std::optional<uint32_t> peer_response_quanta(uint32_t speed_mbps) {
  for (auto [speed, quanta] : kPeerResponseQuanta)
    if (speed == speed_mbps) return quanta;
  return std::nullopt;
}

std::optional<double> peer_response_bytes(uint32_t speed_mbps) {
  std::optional<uint32_t> q = peer_response_quanta(speed_mbps);
  if (!q) return std::nullopt;
  return *q * kPauseQuantumBits / 8.0;
}

double cable_round_trip_bytes(uint32_t cable_m, uint32_t speed_mbps) {
  // Written as sonic-swss writes it (2 x length x speed[Mb/s] x 1e9 / v / 8000)
  // so the floating-point result matches its figures to the last digit.
  return 2.0 * cable_m * speed_mbps * 1e9 / kCableMetresPerSecond / 8000.0;
}

uint64_t bdp_bytes(uint32_t speed_mbps, double rtt_us) {
  // Mb/s x us = bits; / 8 = bytes.
  return static_cast<uint64_t>(std::ceil(speed_mbps * rtt_us / 8.0));
}

}  // namespace rocecfg::buffers
