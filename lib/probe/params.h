// What one probe test does, shared by both ends: the client sends these in its
// Hello so the server builds matching resources (the wire encoding is in wire.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "profile/intent.h"

namespace rocecfg::probe {

// RDMA operation under test: WRITE is ib_write_bw's, READ ib_read_bw's, SEND ib_send_bw's.
enum class Op : uint8_t { write = 1, read = 2, send = 3 };
// bw: many messages in flight, bytes per second; lat: one message in flight, ping-pong.
enum class Mode : uint8_t { bw = 1, lat = 2 };

const char* to_string(Op op);
const char* to_string(Mode mode);
std::optional<Op> parse_op(const std::string& text);
std::optional<Mode> parse_mode(const std::string& text);

struct TestParams {
  Op op = Op::write;
  Mode mode = Mode::bw;
  uint32_t size_bytes = 65536;
  uint32_t qps = 1;
  uint32_t tx_depth = 128;      // outstanding work requests per QP
  uint32_t signal_every = 16;   // one signaled completion per N requests (perftest's cq_mod)
  uint32_t duration_ms = 2000;  // measured window; warm-up and cool-down come on top
  uint64_t iterations = 0;      // > 0: exactly this many messages per QP instead of a duration
  uint8_t tos = 0;              // GRH traffic class = RoCE v2 IP ToS byte (DSCP << 2 | ECN)
};

// Limits the wire decoder and the CLI enforce, so a peer cannot make us allocate
// without bound and a typo cannot start an hour-long run.
inline constexpr uint32_t kMaxQps = 64;
inline constexpr uint32_t kMaxTxDepth = 4096;
inline constexpr uint32_t kMaxMessageBytes = profile::kMaxProbeMessageBytes;
inline constexpr uint32_t kMaxDurationMs = 600'000;

// Empty when valid, else what is wrong ("size 0 bytes: must be 1..67108864").
std::string validate(const TestParams& p);

// The marking phase (marking.h): `iterations` UD packets of `size_bytes`.
// Bounded so the receiver can post one receive per packet up front.
inline constexpr uint64_t kMaxMarkingPackets = 4096;
inline constexpr uint32_t kMaxMarkingBytes = 1024;
std::string validate_marking(const TestParams& p);

}  // namespace rocecfg::probe
