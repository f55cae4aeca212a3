// The out-of-band exchange between probe client and server, version 1.
//
// Every message is one frame: a 12-byte header, then the payload.
//   magic "RCPB" | u16 version | u16 type | u32 payload bytes   (network byte order)
// Payload fields are big-endian integers and u16-length-prefixed byte strings,
// decoded strictly: a short or over-long payload is an error, never a guess.
// Unlike perftest's fixed-width ASCII key strings (and its sleep(1)), the version
// is checked on the very first frame and a mismatch is reported by name.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "probe/params.h"

namespace rocecfg::probe::wire {

inline constexpr uint16_t kVersion = 1;
inline constexpr std::array<uint8_t, 4> kMagic{'R', 'C', 'P', 'B'};
inline constexpr size_t kHeaderBytes = 12;
inline constexpr uint32_t kMaxPayloadBytes = 1u << 20;

enum class Type : uint16_t {
  hello = 1,       // client -> server: session kind and test parameters
  offer = 2,       // server -> client: its QP set
  accept = 3,      // client -> server: the client's QP set
  ready = 4,       // server -> client: server QPs are in RTS, go
  done = 5,        // client -> server: test finished, release resources
  error = 6,       // either way: the sender gives up, payload says why
  counters = 7,    // server -> client: counter snapshot of the server's device
  bye = 8,         // server -> client: resources released
  marks = 9,       // server -> client: what the marking packets carried on arrival
  cm_listen = 10,  // server -> client: the RDMA-CM port it listens on (marking_cm)
};
const char* to_string(Type t);

struct Frame {
  Type type = Type::error;
  std::vector<uint8_t> payload;
};

// Header + payload, ready for send().
std::vector<uint8_t> encode_frame(Type type, const std::vector<uint8_t>& payload);

struct Header {
  Type type;
  uint32_t payload_bytes;
};
// Checks magic, version and size. Errors name what was wrong, e.g.
// "protocol version mismatch: peer speaks v2, this build speaks v1".
Result<Header> decode_header(const uint8_t* data, size_t size);

// ---- payloads

enum class SessionKind : uint8_t {
  probe = 1,       // build QPs and run one test
  counters = 2,    // reply with a counter snapshot of the server's device
  sink = 3,        // TCP background load: read and discard until the client closes
  marking = 4,     // UD packets whose arrival headers are tallied (marking.h)
  marking_cm = 5,  // the same, connected through RDMA-CM with its ToS (cm.h)
};

struct Hello {
  SessionKind kind = SessionKind::probe;
  TestParams params;
  uint32_t timeout_ms = 15000;  // the server gives up on this session after that
};

struct QpInfo {
  uint32_t qpn = 0;
  uint32_t psn = 0;
};

// One side's QP set: everything the other side needs for RTR and for remote access.
struct Endpoint {
  uint32_t mtu_bytes = 0;  // the port's active MTU; both sides use the smaller
  std::array<uint8_t, 16> gid{};
  uint32_t gid_index = 0;  // informational: reported, not used by the peer
  uint32_t rkey = 0;
  uint64_t addr = 0;
  uint32_t region_bytes = 0;  // per QP: receive region then send region
  std::vector<QpInfo> qps;
  std::string device;  // informational
};

using CounterMap = std::map<std::string, uint64_t>;

std::vector<uint8_t> encode(const Hello& m);
std::vector<uint8_t> encode(const Endpoint& m);
std::vector<uint8_t> encode_text(const std::string& text);
std::vector<uint8_t> encode(const CounterMap& m);
std::vector<uint8_t> encode_port(uint16_t port);

Result<Hello> decode_hello(const std::vector<uint8_t>& payload);
Result<Endpoint> decode_endpoint(const std::vector<uint8_t>& payload);
Result<std::string> decode_text(const std::vector<uint8_t>& payload);
Result<CounterMap> decode_counters(const std::vector<uint8_t>& payload);
// A port number 1..65535.
Result<uint16_t> decode_port(const std::vector<uint8_t>& payload);

}  // namespace rocecfg::probe::wire
