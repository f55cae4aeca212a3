#include "budget/budget.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace rocecfg::budget {

namespace {

Status positive(double v, const char* name) {
  if (!(v > 0) || !std::isfinite(v))
    return fail(ErrorKind::invalid_input, name,
                fmt::format("must be a positive number, got {}", v));
  return {};
}

}  // namespace

std::optional<double> gradient_type_bytes(std::string_view name) {
  if (name == "fp32" || name == "tf32") return 4;
  if (name == "fp16" || name == "bf16") return 2;
  if (name == "fp8" || name == "int8") return 1;
  return std::nullopt;
}

Result<double> parse_count(std::string_view text) {
  std::string_view digits = text;
  double scale = 1;
  if (!digits.empty()) {
    switch (digits.back()) {
      case 'K':
      case 'k':
        scale = 1e3;
        break;
      case 'M':
      case 'm':
        scale = 1e6;
        break;
      case 'B':
      case 'b':
      case 'G':
      case 'g':
        scale = 1e9;
        break;
      case 'T':
      case 't':
        scale = 1e12;
        break;
      default:
        break;
    }
    if (scale != 1) digits.remove_suffix(1);
  }
  double v = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || !(v > 0) ||
      !std::isfinite(v))
    return fail(ErrorKind::invalid_input, std::string(text),
                "not a positive count (examples: 70B, 1.5T, 350M, 7e9)");
  return v * scale;
}

Result<Budget> compute_budget(const BudgetInput& in) {
  for (auto [v, name] :
       {std::pair{in.parameters, "parameters"},
        std::pair{in.bytes_per_gradient, "bytes per gradient"}, std::pair{in.step_ms, "step time"}})
    if (Status s = positive(v, name); !s) return std::unexpected(s.error());
  if (!(in.comm_share > 0 && in.comm_share <= 1))
    return fail(ErrorKind::invalid_input, "comm share",
                fmt::format("must be in (0, 1], got {}", in.comm_share));
  if (!(in.congestion_headroom >= 1) || !std::isfinite(in.congestion_headroom))
    return fail(
        ErrorKind::invalid_input, "headroom",
        fmt::format("must be >= 1 (1 = links fully loaded), got {}", in.congestion_headroom));
  if (in.roce_mtu_bytes < 256)
    return fail(ErrorKind::invalid_input, "mtu", "RoCE MTU must be at least 256 bytes");
  if (in.tensor_parallel == 0 || in.pipeline_parallel == 0)
    return fail(ErrorKind::invalid_input, "parallelism", "tensor/pipeline degree must be >= 1");
  uint64_t model_parallel = in.tensor_parallel * in.pipeline_parallel;
  if (in.gpus == 0 || in.gpus % model_parallel != 0)
    return fail(ErrorKind::invalid_input, "gpus",
                fmt::format("{} GPUs cannot be split into tensor x pipeline = {} groups", in.gpus,
                            model_parallel));
  if (in.available_gbps)
    if (Status s = positive(*in.available_gbps, "available bandwidth"); !s)
      return std::unexpected(s.error());

  Budget b;
  b.input = in;
  b.dp_group = in.gpus / model_parallel;
  double n = static_cast<double>(b.dp_group);
  b.gradient_bytes = in.parameters / static_cast<double>(model_parallel) * in.bytes_per_gradient;
  // A group of one has nobody to synchronise with: nothing crosses the network.
  b.ring_factor = 2.0 * (n - 1) / n;
  b.sent_bytes = b.ring_factor * b.gradient_bytes;
  b.comm_ms = in.step_ms * in.comm_share;
  b.payload_gbps = b.sent_bytes * 8 / (b.comm_ms / 1000) / 1e9;
  b.header_bytes = kRoceV2WireOverheadBytes;
  b.protocol_factor = static_cast<double>(in.roce_mtu_bytes + b.header_bytes) /
                      static_cast<double>(in.roce_mtu_bytes);
  b.wire_gbps = b.payload_gbps * b.protocol_factor;
  b.needed_gbps = b.wire_gbps * in.congestion_headroom;
  if (in.available_gbps) {
    if (b.needed_gbps > 0) b.margin = *in.available_gbps / b.needed_gbps;
    // Time on the wire at full available rate (no headroom: what it would take).
    b.allreduce_ms_at_available =
        b.sent_bytes * b.protocol_factor * 8 / (*in.available_gbps * 1e9) * 1000;
  }
  return b;
}

namespace {

// 140e9 -> "140 GB", 17.5e9 -> "17.5 GB", 3.5e8 -> "350 MB": decimal units.
std::string human_bytes(double bytes) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  int i = 0;
  while (bytes >= 1000 && i < 5) {
    bytes /= 1000;
    ++i;
  }
  std::string s = fmt::format("{:.4g}", bytes);
  return fmt::format("{} {}", s, units[i]);
}

std::string human_count(double v) {
  if (v >= 1e12) return fmt::format("{:.4g}T", v / 1e12);
  if (v >= 1e9) return fmt::format("{:.4g}B", v / 1e9);
  if (v >= 1e6) return fmt::format("{:.4g}M", v / 1e6);
  return fmt::format("{:.4g}", v);
}

}  // namespace

std::string render_budget_text(const Budget& b) {
  const BudgetInput& in = b.input;
  std::string out;
  auto row = [&out](std::string_view label, const std::string& text) {
    out += fmt::format("{:<18}{}\n", label, text);
  };
  std::string type =
      in.gradient_type.empty() ? std::string("gradient") : fmt::format("{}", in.gradient_type);
  std::string split =
      in.tensor_parallel * in.pipeline_parallel == 1
          ? std::string()
          : fmt::format(" / (TP {} x PP {})", in.tensor_parallel, in.pipeline_parallel);
  row("gradients",
      fmt::format("{} parameters{} x {:g} B ({}) = {} per GPU", human_count(in.parameters), split,
                  in.bytes_per_gradient, type, human_bytes(b.gradient_bytes)));
  row("all-reduce", fmt::format("ring over N = {} GPUs: 2(N-1)/N = {:.6g}, sends {} per GPU",
                                b.dp_group, b.ring_factor, human_bytes(b.sent_bytes)));
  row("time for it", fmt::format("{:g} ms step x {:g}% communication = {:g} ms", in.step_ms,
                                 in.comm_share * 100, b.comm_ms));
  row("payload rate", fmt::format("{:.1f} Gb/s per GPU", b.payload_gbps));
  row("protocol", fmt::format("x {:.4f} (RoCE v2: {} B headers per {} B MTU) = {:.1f} Gb/s",
                              b.protocol_factor, b.header_bytes, in.roce_mtu_bytes, b.wire_gbps));
  row("congestion", fmt::format("x {:g} (links planned at {:.0f}% load)", in.congestion_headroom,
                                100 / in.congestion_headroom));
  row("needed", fmt::format("{:.1f} Gb/s per GPU", b.needed_gbps));
  if (b.margin) {
    std::string verdict =
        *b.margin >= 1
            ? fmt::format("fits, {:.1f} Gb/s to spare", *in.available_gbps - b.needed_gbps)
            : fmt::format(
                  "SHORT by {:.1f} Gb/s: the all-reduce takes {:.0f} ms of the {:g} ms "
                  "allowed (more GPUs per model replica, overlap, or faster links)",
                  b.needed_gbps - *in.available_gbps, *b.allreduce_ms_at_available, b.comm_ms);
    row("available", fmt::format("{:g} Gb/s ({})", *in.available_gbps, in.available_source));
    row("margin", fmt::format("{:.2f}x: {}", *b.margin, verdict));
  }
  return out;
}

nlohmann::json to_json(const Budget& b) {
  const BudgetInput& in = b.input;
  nlohmann::json j = {
      {"parameters", in.parameters},
      {"bytes_per_gradient", in.bytes_per_gradient},
      {"gradient_type", in.gradient_type},
      {"gpus", in.gpus},
      {"tensor_parallel", in.tensor_parallel},
      {"pipeline_parallel", in.pipeline_parallel},
      {"data_parallel_group", b.dp_group},
      {"gradient_bytes", b.gradient_bytes},
      {"ring_factor", b.ring_factor},
      {"sent_bytes", b.sent_bytes},
      {"step_ms", in.step_ms},
      {"comm_share", in.comm_share},
      {"comm_ms", b.comm_ms},
      {"payload_gbps", b.payload_gbps},
      {"roce_mtu_bytes", in.roce_mtu_bytes},
      {"header_bytes", b.header_bytes},
      {"protocol_factor", b.protocol_factor},
      {"wire_gbps", b.wire_gbps},
      {"congestion_headroom", in.congestion_headroom},
      {"needed_gbps", b.needed_gbps},
  };
  if (in.available_gbps) {
    j["available_gbps"] = *in.available_gbps;
    j["available_source"] = in.available_source;
    j["margin"] = *b.margin;
    j["allreduce_ms_at_available"] = *b.allreduce_ms_at_available;
    j["fits"] = *b.margin >= 1;
  }
  return j;
}

}  // namespace rocecfg::budget
