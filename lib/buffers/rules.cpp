#include "buffers/rules.h"

#include <fmt/format.h>

#include "buffers/link.h"

namespace rocecfg::buffers {

namespace {

// SONiC's default port MTU when the profile states no switch MTU, and
// Linux's default netdev MTU when it states no host MTU.
constexpr uint32_t kSonicDefaultPortMtu = 9100;
constexpr uint32_t kLinuxDefaultMtu = 1500;

// Names the inputs a comparison lacks, "" when it has them all.
std::string missing(std::initializer_list<std::pair<bool, const char*>> inputs) {
  std::string out;
  for (auto [have, name] : inputs)
    if (!have) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

void judge(Comparison& c) {
  if (!c.missing.empty() || !c.profile_bytes || !c.limit_bytes) return;
  bool ok = c.below ? *c.profile_bytes < *c.limit_bytes : *c.profile_bytes >= *c.limit_bytes;
  c.outcome = ok ? Outcome::ok : Outcome::fails;
}

}  // namespace

std::vector<std::string_view> rule_ids() {
  return {kRuleEcnBeforePfc, kRuleKminBdp, kRuleHeadroomXoff};
}

HeadroomInput switch_headroom_input(const BufferFacts& f) {
  HeadroomInput in;
  in.speed_mbps = f.speed_mbps.value_or(0);
  in.cable_m = f.cable_m.value_or(0);
  in.port_mtu_bytes = f.switch_mtu_bytes.value_or(kSonicDefaultPortMtu);
  in.asic = f.asic;
  return in;
}

uint32_t host_mtu_bytes(const BufferFacts& f) {
  return f.host_mtu_bytes.value_or(kLinuxDefaultMtu);
}

std::optional<Xoff> implied_xoff(const BufferFacts& f) {
  if (!f.speed_mbps || !f.cable_m) return std::nullopt;
  if (f.asic) {
    HeadroomInput in = switch_headroom_input(f);
    Result<Headroom> h = switch_headroom(in);
    if (!h) return std::nullopt;
    return Xoff{h->xoff_bytes,
                fmt::format("{} at {}, {} m, MTU {}", f.asic->name, format_speed(*f.speed_mbps),
                            *f.cable_m, in.port_mtu_bytes)};
  }
  uint32_t mtu = host_mtu_bytes(f);
  return Xoff{
      mlx5_xoff_bytes(*f.speed_mbps, *f.cable_m, mtu),
      fmt::format("mlx5 at {}, {} m, MTU {}", format_speed(*f.speed_mbps), *f.cable_m, mtu)};
}

std::vector<Comparison> compare_buffers(const BufferFacts& f) {
  std::optional<Xoff> xoff = implied_xoff(f);
  std::vector<Comparison> out;

  Comparison ecn;
  ecn.rule = kRuleEcnBeforePfc;
  ecn.key = "ecn.max_threshold";
  ecn.profile_bytes = f.ecn_max_bytes;
  ecn.below = true;
  ecn.limit_name = "the PFC trigger point";
  ecn.consequence =
      "PFC would pause the link before ECN marks, and DCQCN never gets to slow the senders";
  ecn.missing = missing(
      {{f.ecn_max_bytes.has_value(), "ecn.max_threshold"},
       {f.speed_mbps.has_value(), "port speed"},
       {f.cable_m.has_value(), "cable length"},
       {f.lossless_buffer_bytes.has_value(), "buffers.buffer_size for the lossless priority"}});
  if (xoff && f.lossless_buffer_bytes) {
    // The lossless buffer sends XOFF once it holds size - xoff bytes (mlx5
    // port_buffer.c: xoff_threshold = size - xoff); a buffer smaller than
    // xoff pauses at once.
    uint64_t size = *f.lossless_buffer_bytes;
    ecn.limit_bytes = size > xoff->bytes ? size - xoff->bytes : 0;
    ecn.basis = fmt::format("lossless buffer {} - xoff {}, {}", size, xoff->bytes, xoff->source);
  }
  judge(ecn);
  out.push_back(std::move(ecn));

  Comparison kmin;
  kmin.rule = kRuleKminBdp;
  kmin.key = "ecn.min_threshold";
  kmin.profile_bytes = f.ecn_min_bytes;
  kmin.limit_name = "one bandwidth-delay product";
  kmin.consequence =
      "switches mark before the pipe is full and DCQCN holds the link below its speed";
  kmin.missing = missing({{f.ecn_min_bytes.has_value(), "ecn.min_threshold"},
                          {f.speed_mbps.has_value(), "port speed"}});
  if (f.speed_mbps) {
    kmin.limit_bytes = bdp_bytes(*f.speed_mbps, f.fabric_rtt_us);
    kmin.basis = fmt::format("{} x {} us round trip", format_speed(*f.speed_mbps), f.fabric_rtt_us);
  }
  judge(kmin);
  out.push_back(std::move(kmin));

  Comparison head;
  head.rule = kRuleHeadroomXoff;
  head.key = "buffers.headroom";
  head.profile_bytes = f.headroom_bytes;
  head.limit_name = "the computed xoff";
  head.consequence = "frames still in flight after XOFF would be dropped on the lossless priority";
  head.missing = missing({{f.headroom_bytes.has_value(), "buffers.headroom"},
                          {f.speed_mbps.has_value(), "port speed"},
                          {f.cable_m.has_value(), "cable length"},
                          {f.asic != nullptr, "ASIC"}});
  if (xoff && f.asic) {
    head.limit_bytes = xoff->bytes;
    head.basis = xoff->source;
  }
  judge(head);
  out.push_back(std::move(head));
  return out;
}

std::vector<Finding> check_buffers(const BufferFacts& f) {
  std::vector<Finding> out;
  for (const Comparison& c : compare_buffers(f)) {
    if (c.outcome != Outcome::fails) continue;
    out.push_back({c.rule, c.key,
                   fmt::format("{} bytes is {} {}, {} bytes ({}): {}", *c.profile_bytes,
                               c.below ? "not below" : "below", c.limit_name, *c.limit_bytes,
                               c.basis, c.consequence),
                   fmt::format("{} {} bytes, or waive it: [buffers] waive = [\"{}\"]",
                               c.below ? "<" : ">=", *c.limit_bytes, c.rule)});
  }
  return out;
}

}  // namespace rocecfg::buffers
