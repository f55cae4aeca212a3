#include "buffers/headroom.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "buffers/link.h"

namespace rocecfg::buffers {

namespace {

// sonic-buildimage platform/mellanox/asic_table.j2 (commit
// 086b03bd70f9e211aaaf5f6aefe0790b508d2a94): cell_size, pipeline_latency,
// mac_phy_delay and peer_response_time (the last three in KiB there). The
// lane rate is the SerDes rate each generation's 8-lane ports run at
// (Spectrum-3 400G = 8 x 50G, Spectrum-4 800G = 8 x 100G); `rocecfg buffers
// --lanes` overrides it. Bytes on tile (Spectrum-4/5) and the Spectrum-6
// compensation are sonic-swss cfgmgr/buffer_headroom_mellanox.lua.
constexpr std::array<Asic, 6> kAsics{{
    {"spectrum-1", "MELLANOX-SPECTRUM", 96, 19 * 1024.0, 0.8 * 1024, 3.8 * 1024, 25, false, 0},
    {"spectrum-2", "MELLANOX-SPECTRUM-2", 144, 19 * 1024.0, 0.8 * 1024, 3.8 * 1024, 50, false, 0},
    {"spectrum-3", "MELLANOX-SPECTRUM-3", 144, 19 * 1024.0, 0.8 * 1024, 3.8 * 1024, 50, false, 0},
    {"spectrum-4", "MELLANOX-SPECTRUM-4", 192, 19 * 1024.0, 0.8 * 1024, 3.8 * 1024, 100, true, 0},
    {"spectrum-5", "MELLANOX-SPECTRUM-5", 192, 19 * 1024.0, 0.8 * 1024, 3.8 * 1024, 100, true, 0},
    {"spectrum-6", "MELLANOX-SPECTRUM-6", 256, 42 * 1024.0, 0.8 * 1024, 3.8 * 1024, 200, false,
     18 * 1024},
}};

constexpr double kMinimalPacketBytes = 64;  // Ethernet's smallest frame

double round_up_kib(double bytes) {
  return std::ceil(bytes / 1024) * 1024;
}

}  // namespace

std::span<const Asic> asics() {
  return kAsics;
}

const Asic* find_asic(std::string_view name) {
  for (const Asic& a : kAsics)
    if (a.name == name) return &a;
  return nullptr;
}

std::string asic_names() {
  std::string out;
  for (const Asic& a : kAsics) out += (out.empty() ? "" : ", ") + std::string(a.name);
  return out;
}

Result<Headroom> switch_headroom(const HeadroomInput& in) {
  if (!in.asic) return fail(ErrorKind::invalid_input, "asic", "missing; one of " + asic_names());
  if (in.speed_mbps == 0) return fail(ErrorKind::invalid_input, "speed", "missing");
  if (in.cable_m == 0) return fail(ErrorKind::invalid_input, "cable", "missing");
  const Asic& a = *in.asic;
  const bool old = in.method == HeadroomMethod::tables_2020;
  Headroom h;
  auto step = [&h](std::string name, double bytes, std::string formula) {
    h.steps.push_back({std::move(name), bytes, std::move(formula)});
    return bytes;
  };

  // How many buffer bytes one wire byte of small packets costs.
  double worst = a.cell_bytes > 2 * kMinimalPacketBytes ? a.cell_bytes / kMinimalPacketBytes
                                                        : 2.0 * a.cell_bytes / (1 + a.cell_bytes);
  if (!old) worst = std::ceil(worst);
  const double spp = in.traffic.small_packet_percent;
  double small_share = spp;  // per packet before sonic-swss 3943093d4, per byte since
  if (!old)
    small_share = 100 * kMinimalPacketBytes /
                  ((spp * kMinimalPacketBytes + (100 - spp) * in.traffic.lossless_mtu_bytes) / 100);
  const double occupancy = (100 - small_share + small_share * worst) / 100;

  std::optional<double> peer = peer_response_bytes(in.speed_mbps);
  std::string peer_formula = fmt::format("{} pause_quanta x 512 bits / 8 (IEEE 802.3 31B.3.7)",
                                         peer_response_quanta(in.speed_mbps).value_or(0));
  if (old || !peer) {
    peer = a.peer_response_bytes;
    peer_formula = fmt::format("{}'s peer_response_time", a.name);
  }
  const double port_mtu = step("port MTU", in.port_mtu_bytes, "a frame already on the wire");
  const double cable =
      step("cable round trip", cable_round_trip_bytes(in.cable_m, in.speed_mbps),
           fmt::format("2 x {} m / 198e6 m/s x {} / 8", in.cable_m, format_speed(in.speed_mbps)));
  const double mac_phy =
      step("MAC/PHY delay", a.mac_phy_delay_bytes, fmt::format("{}'s mac_phy_delay", a.name));
  const double response = step("peer response", *peer, peer_formula);
  double tile = 0;
  if (a.bytes_on_tile && !old)
    tile = step("bytes on tile", in.speed_mbps / 1000.0 * 120 / 8,
                fmt::format("{} x 120 ns", format_speed(in.speed_mbps)));
  const double in_flight =
      step("in flight", port_mtu + cable + mac_phy + response + tile, "the sum of the lines above");
  step("cell occupancy", occupancy,
       fmt::format("{}-byte cells, {} % small packets", a.cell_bytes,
                   in.traffic.small_packet_percent));
  double xoff = step("xoff", round_up_kib(in.traffic.lossless_mtu_bytes + in_flight * occupancy),
                     fmt::format("{} (lossless MTU) + in flight x occupancy, up to 1 KiB",
                                 in.traffic.lossless_mtu_bytes));
  if (a.extra_xoff_bytes && !old)
    xoff = step("xoff", xoff + a.extra_xoff_bytes,
                fmt::format("+ {} bytes packet-buffer accounting", a.extra_xoff_bytes));
  // Without a shared headroom pool a reduced small-packet share is topped up
  // by 2 KiB when it stays more than 2 KiB below the all-small worst case.
  if (!old && !in.shared_headroom_pool && in.traffic.small_packet_percent != 100) {
    double full = round_up_kib(in.traffic.lossless_mtu_bytes + in_flight * worst);
    if (xoff + 2048 < full)
      xoff = step("xoff", xoff + 2048, "+ 2 KiB: small-packet share below the worst case");
  }
  const bool eight = in.eight_lanes.value_or(in.speed_mbps / 1000 / a.lane_gbps >= 8);
  double xon = a.pipeline_latency_bytes;
  std::string xon_formula = fmt::format("{}'s pipeline latency", a.name);
  if (eight) {
    xon = old ? xon * 2 - 1024 : xon * 2;
    xon_formula += old ? " x 2 - 1 KiB (8 lanes)" : " x 2 (8 lanes)";
  }
  xon = step("xon", round_up_kib(xon), xon_formula);
  double size = in.shared_headroom_pool ? xon : xoff + xon + (eight ? in.port_mtu_bytes : 0);
  size = step("size", round_up_kib(size),
              in.shared_headroom_pool ? "xon (xoff in the shared headroom pool)"
              : eight                 ? "xoff + xon + port MTU (8 lanes), up to 1 KiB"
                                      : "xoff + xon");
  h.xoff_bytes = static_cast<uint64_t>(xoff);
  h.xon_bytes = static_cast<uint64_t>(xon);
  h.size_bytes = static_cast<uint64_t>(size);
  return h;
}

uint64_t mlx5_xoff_bytes(uint32_t speed_mbps, uint32_t cable_m, uint32_t mtu_bytes) {
  uint64_t speed = std::max<uint32_t>(speed_mbps, 40000);
  return (301 + 216ull * cable_m / 100) * speed / 1000 + 272ull * mtu_bytes / 100;
}

}  // namespace rocecfg::buffers
