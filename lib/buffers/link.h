// The link facts every buffer figure starts from: port speed, what PFC's
// pause quanta mean at that speed, how many bytes a cable holds, and the
// bandwidth-delay product of a round trip.
//
// Sources:
// - IEEE 802.3-2022 clause 31B.2: one pause_quantum is 512 bit times, so
//   its length in bytes is 64 at any speed and its duration shrinks as the
//   speed grows.
// - IEEE 802.3-2022 Annex 31B.3.7 ("Timing considerations for PAUSE
//   operation"): the longest a PHY/MAC may take to act on a PAUSE frame, in
//   pause_quanta per speed. The figures are the ones sonic-swss transcribes in
//   cfgmgr/buffer_headroom_mellanox.lua (commit e6b0c5b5d2ab52354c4ec941f7c9005aeec3f779,
//   table pause_quanta_per_speed).
// - Propagation: light in fibre (and a signal in twinax copper) travels at
//   about 2/3 c; sonic-swss uses 198,000,000 m/s (the same Lua file,
//   speed_of_light), i.e. 5.05 ns per metre. We use that constant so our
//   figures compare with SONiC's byte for byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rocecfg::buffers {

// Bits in one pause quantum (IEEE 802.3 31B.2).
inline constexpr uint32_t kPauseQuantumBits = 512;

// Signal speed in the cable, metres per second (sonic-swss speed_of_light).
inline constexpr double kCableMetresPerSecond = 198'000'000.0;

// "400G", "100g", "25G", "800G", "100M" -> Mb/s: the rates of the Annex
// 31B.3.7 table below; nullopt for anything else.
std::optional<uint32_t> parse_speed(std::string_view text);
// "100M, 1G, ..., 800G": what parse_speed() takes, for messages.
std::string speed_names();
// 400000 -> "400G" (1000 -> "1G", 100 -> "100M").
std::string format_speed(uint32_t speed_mbps);

// "5m", "100m", "300" -> metres; nullopt for anything else (0 < m <= 10000).
std::optional<uint32_t> parse_cable(std::string_view text);

// The peer's PAUSE response budget at this speed in pause_quanta (Annex
// 31B.3.7); nullopt for a speed the table does not list.
std::optional<uint32_t> peer_response_quanta(uint32_t speed_mbps);

// The same budget in bytes: quanta x 512 bits / 8.
std::optional<double> peer_response_bytes(uint32_t speed_mbps);

// Bytes in flight on a cable of this length in both directions (the XOFF
// travelling out, data still arriving back): 2 x length / v x speed / 8.
double cable_round_trip_bytes(uint32_t cable_m, uint32_t speed_mbps);

// Bandwidth-delay product: bytes a port sends in one round trip.
uint64_t bdp_bytes(uint32_t speed_mbps, double rtt_us);

}  // namespace rocecfg::buffers
