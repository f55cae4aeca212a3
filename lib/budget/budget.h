// Gradient-synchronisation arithmetic: how much network bandwidth each GPU
// needs so that a data-parallel all-reduce fits in the share of a training step
// allowed for communication. Operators do this on a napkin before buying
// optics or blaming the fabric; `rocecfg budget` does it with every factor
// shown, so the number can be argued with.
//
// Model: D = parameters / (tensor x pipeline parallel) x bytes per gradient is
// what one GPU all-reduces with its data-parallel group of size
// N = GPUs / (tensor x pipeline). A ring all-reduce makes every member send
// (and receive) 2 (N - 1) / N x D bytes per step (reduce-scatter, then
// all-gather). That payload must cross the wire inside step_ms x comm_share,
// plus RoCE header overhead and headroom for congestion.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace rocecfg::budget {

struct BudgetInput {
  double parameters = 0;               // model parameters (70e9 for "70B")
  double bytes_per_gradient = 2;       // fp16/bf16 = 2, fp32 = 4, fp8 = 1
  std::string gradient_type = "fp16";  // label only; "" when given as bytes
  uint64_t gpus = 0;
  uint64_t tensor_parallel = 1;
  uint64_t pipeline_parallel = 1;
  double step_ms = 0;
  double comm_share = 1.0;               // fraction of the step the all-reduce may take (0..1]
  uint32_t roce_mtu_bytes = 4096;        // payload per packet for the protocol factor
  double congestion_headroom = 1.25;     // >= 1: plan links to run at 1/headroom load
  std::optional<double> available_gbps;  // a probe result or a link speed
  std::string available_source;          // "probe" or "link"
};

struct Budget {
  BudgetInput input;
  uint64_t dp_group = 0;                            // data-parallel group size N
  double gradient_bytes = 0;                        // D, per GPU
  double ring_factor = 0;                           // 2 (N - 1) / N
  double sent_bytes = 0;                            // ring_factor x D, per GPU per step
  double comm_ms = 0;                               // step_ms x comm_share
  double payload_gbps = 0;                          // sent_bytes / comm time, in Gb/s (10^9 bit/s)
  uint32_t header_bytes = 0;                        // RoCE v2 wire overhead per packet
  double protocol_factor = 0;                       // (mtu + headers) / mtu
  double wire_gbps = 0;                             // payload x protocol factor
  double needed_gbps = 0;                           // wire x congestion headroom: what to provision
  std::optional<double> margin;                     // available / needed (>= 1 means it fits)
  std::optional<double> allreduce_ms_at_available;  // the all-reduce time on that link
};

// Per-packet overhead of RoCE v2 over IPv4 on Ethernet, on the wire:
// preamble+SFD 8 + Ethernet header 14 + FCS 4 + inter-frame gap 12 = 38,
// IPv4 20 + UDP 8 + BTH 12 + ICRC 4 = 44. (RETH on the first packet of a WRITE
// is per message, not per packet, and is ignored.)
inline constexpr uint32_t kRoceV2WireOverheadBytes = 82;

// Errors name the offending input ("gpus: must be divisible by ...").
Result<Budget> compute_budget(const BudgetInput& in);

// "70B" -> 7e10, "1.5T", "350M", "7e9", "70000000000". Suffixes K/M/B(G)/T
// are powers of 1000 (parameter counts, not bytes).
Result<double> parse_count(std::string_view text);
// "fp16" -> 2 ... ; nullopt for an unknown name.
std::optional<double> gradient_type_bytes(std::string_view name);

std::string render_budget_text(const Budget& b);
nlohmann::json to_json(const Budget& b);

}  // namespace rocecfg::budget
