#include "probe/params.h"

#include <fmt/format.h>

namespace rocecfg::probe {

const char* to_string(Op op) {
  switch (op) {
    case Op::write:
      return "write";
    case Op::read:
      return "read";
    case Op::send:
      return "send";
  }
  return "?";
}

const char* to_string(Mode mode) {
  return mode == Mode::bw ? "bw" : "lat";
}

std::optional<Op> parse_op(const std::string& text) {
  if (text == "write") return Op::write;
  if (text == "read") return Op::read;
  if (text == "send") return Op::send;
  return std::nullopt;
}

std::optional<Mode> parse_mode(const std::string& text) {
  if (text == "bw") return Mode::bw;
  if (text == "lat") return Mode::lat;
  return std::nullopt;
}

std::string validate(const TestParams& p) {
  if (p.size_bytes < 1 || p.size_bytes > kMaxMessageBytes)
    return fmt::format("message size {} bytes: must be 1..{}", p.size_bytes, kMaxMessageBytes);
  if (p.qps < 1 || p.qps > kMaxQps) return fmt::format("{} QPs: must be 1..{}", p.qps, kMaxQps);
  if (p.tx_depth < 1 || p.tx_depth > kMaxTxDepth)
    return fmt::format("tx depth {}: must be 1..{}", p.tx_depth, kMaxTxDepth);
  if (p.mode == Mode::bw && (p.signal_every < 1 || p.signal_every > p.tx_depth))
    return fmt::format("signal every {}: must be 1..tx depth ({})", p.signal_every, p.tx_depth);
  if (p.iterations == 0 && (p.duration_ms < 10 || p.duration_ms > kMaxDurationMs))
    return fmt::format("duration {} ms: must be 10..{}", p.duration_ms, kMaxDurationMs);
  if (p.mode == Mode::lat && p.op != Op::write)
    return fmt::format("latency mode supports op write only, not {}", to_string(p.op));
  return {};
}

std::string validate_marking(const TestParams& p) {
  if (p.iterations < 1 || p.iterations > kMaxMarkingPackets)
    return fmt::format("{} marking packets: must be 1..{}", p.iterations, kMaxMarkingPackets);
  if (p.size_bytes < 1 || p.size_bytes > kMaxMarkingBytes)
    return fmt::format("marking packet of {} bytes: must be 1..{}", p.size_bytes, kMaxMarkingBytes);
  return {};
}

}  // namespace rocecfg::probe
