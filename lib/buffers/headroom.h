// Per-port PFC headroom on a switch: how many bytes a lossless priority group
// must still absorb after it sends XOFF (xoff), the pipeline reserve that
// lets it send XON in time (xon), and the PG size SONiC reserves.
//
// The formula is NVIDIA Spectrum's, as sonic-swss runs it for the dynamic
// buffer model: cfgmgr/buffer_headroom_mellanox.lua at commit
// e6b0c5b5d2ab52354c4ec941f7c9005aeec3f779 (sonic-net/sonic-swss). In words:
//   in flight  = port MTU + cable round trip + MAC/PHY delay + the peer's
//                PAUSE response (IEEE 802.3 Annex 31B.3.7) [+ bytes on tile]
//   occupancy  = how many buffer bytes a wire byte costs: a 64-byte packet
//                takes a whole cell, so small packets cost cell/64 (or
//                2 x cell / (1 + cell) when the cell is at most 128 bytes),
//                weighted by the share of small packets in the traffic
//   xoff       = lossless MTU + in flight x occupancy, rounded up to 1 KiB
//   xon        = the ASIC's pipeline latency (doubled on 8-lane ports)
//   size       = xoff + xon (+ a port MTU on 8-lane ports), or xon alone
//                when xoff comes from a shared headroom pool
// The ASIC constants are sonic-buildimage platform/mellanox/asic_table.j2
// (commit 086b03bd70f9e211aaaf5f6aefe0790b508d2a94); the traffic pattern
// default (lossless MTU 1024, 50 % small packets) is
// files/build_templates/buffers_config.j2 LOSSLESS_TRAFFIC_PATTERN there.
//
// The static pg_profile_lookup.ini tables NVIDIA ships for Spectrum-1/2/3
// (2020) predate four changes the Lua made later; HeadroomMethod::tables_2020
// keeps those four so the test can reproduce the tables row by row.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace rocecfg::buffers {

// An ASIC's buffer constants (sonic-buildimage platform/mellanox/asic_table.j2).
struct Asic {
  std::string_view name;          // "spectrum-3"
  std::string_view sonic_key;     // "MELLANOX-SPECTRUM-3"
  uint32_t cell_bytes;            // cell_size
  double pipeline_latency_bytes;  // pipeline_latency (KiB there) x 1024
  double mac_phy_delay_bytes;     // mac_phy_delay (KiB there) x 1024
  double peer_response_bytes;     // peer_response_time x 1024: the fallback for speeds
                                  // without an Annex 31B.3.7 entry
  uint32_t lane_gbps;             // per-lane rate: a port of 8 lanes doubles xon
  bool bytes_on_tile;             // Spectrum-4/5: speed x 120 ns of on-tile buffering
  uint32_t extra_xoff_bytes;      // Spectrum-6: 18 KiB packet-buffer accounting
};

std::span<const Asic> asics();
const Asic* find_asic(std::string_view name);
// "spectrum-1, spectrum-2, ..." for messages.
std::string asic_names();

enum class HeadroomMethod {
  swss_lua,     // the Lua as of the commit above
  tables_2020,  // the 2020 Spectrum-1/2/3 tables: worst-case factor not rounded up, the
                // traffic's small-packet share counted per packet, the peer response a
                // fixed 3.8 KiB at every speed, 8-lane xon = 2 x pipeline - 1 KiB
};

struct TrafficPattern {
  uint32_t lossless_mtu_bytes = 1024;  // LOSSLESS_TRAFFIC_PATTERN.mtu
  uint32_t small_packet_percent = 50;  // LOSSLESS_TRAFFIC_PATTERN.small_packet_percentage
};

struct HeadroomInput {
  uint32_t speed_mbps = 0;
  uint32_t cable_m = 0;
  uint32_t port_mtu_bytes = 9100;  // SONiC's default port MTU
  TrafficPattern traffic;
  const Asic* asic = nullptr;
  HeadroomMethod method = HeadroomMethod::swss_lua;
  bool shared_headroom_pool = false;  // xoff taken from a pool: the PG reserves only xon
  // 8 lanes or not; unset: speed / the ASIC's lane rate >= 8.
  std::optional<bool> eight_lanes;
};

// One line of the derivation, printed by `rocecfg buffers`.
struct Step {
  std::string name;     // "cable round trip"
  double bytes;         // the figure
  std::string formula;  // "2 x 100 m / 198e6 m/s x 400 Gb/s / 8"
};

struct Headroom {
  uint64_t xoff_bytes = 0;
  uint64_t xon_bytes = 0;
  uint64_t size_bytes = 0;
  std::vector<Step> steps;
};

// Fails (naming the input) on a missing ASIC, zero speed or cable.
Result<Headroom> switch_headroom(const HeadroomInput& in);

// A NIC's own headroom, as mlx5 computes it when PFC's cable length is set
// (Linux drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c,
// calculate_xoff(): xoff = (301 + 2.16 x length[m]) x speed[Gb/s] + 2.72 x MTU,
// speed at least 40G, integer arithmetic as the driver does it). The driver
// refuses a lossless buffer smaller than xoff + MTU + one cell and sends XOFF
// when the buffer holds size - xoff bytes.
uint64_t mlx5_xoff_bytes(uint32_t speed_mbps, uint32_t cable_m, uint32_t mtu_bytes);

}  // namespace rocecfg::buffers
