#include "probe/wire.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace rocecfg::probe::wire {
namespace {

class Writer {
 public:
  void u8(uint8_t v) { out_.push_back(v); }
  void u16(uint16_t v) { be(v, 2); }
  void u32(uint32_t v) { be(v, 4); }
  void u64(uint64_t v) { be(v, 8); }
  void bytes(const uint8_t* p, size_t n) { out_.insert(out_.end(), p, p + n); }
  void str(const std::string& s) {
    u16(static_cast<uint16_t>(std::min<size_t>(s.size(), 0xffff)));
    bytes(reinterpret_cast<const uint8_t*>(s.data()), std::min<size_t>(s.size(), 0xffff));
  }
  std::vector<uint8_t> take() { return std::move(out_); }

 private:
  void be(uint64_t v, int n) {
    for (int i = n - 1; i >= 0; --i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  std::vector<uint8_t> out_;
};

// Reads fields in order; the first short read latches an error naming the field.
class Reader {
 public:
  Reader(const std::vector<uint8_t>& in, const char* what) : in_(in), what_(what) {}
  uint64_t uint(int n, const char* field) {
    if (!need(n, field)) return 0;
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v = v << 8 | in_[pos_++];
    return v;
  }
  void bytes(uint8_t* out, size_t n, const char* field) {
    if (!need(n, field)) return;
    std::memcpy(out, in_.data() + pos_, n);
    pos_ += n;
  }
  std::string str(const char* field) {
    size_t n = uint(2, field);
    if (!need(n, field)) return {};
    std::string s(reinterpret_cast<const char*>(in_.data() + pos_), n);
    pos_ += n;
    return s;
  }
  bool ok() const { return error_.empty(); }
  // Call after the last field: a failed field or trailing bytes is an error.
  Status finish() {
    if (!error_.empty()) return fail(ErrorKind::invalid_input, "", error_);
    if (pos_ != in_.size())
      return fail(
          ErrorKind::invalid_input, "",
          fmt::format("{} message has {} unexpected trailing bytes", what_, in_.size() - pos_));
    return {};
  }

 private:
  bool need(size_t n, const char* field) {
    if (!error_.empty()) return false;
    if (in_.size() - pos_ < n) {
      error_ = fmt::format("truncated {} message: {} needs {} bytes, {} left", what_, field, n,
                           in_.size() - pos_);
      return false;
    }
    return true;
  }
  const std::vector<uint8_t>& in_;
  const char* what_;
  size_t pos_ = 0;
  std::string error_;
};

Status check(const char* what, bool ok, const std::string& message) {
  if (ok) return {};
  return fail(ErrorKind::invalid_input, "", fmt::format("{} message: {}", what, message));
}

}  // namespace

const char* to_string(Type t) {
  switch (t) {
    case Type::hello:
      return "hello";
    case Type::offer:
      return "offer";
    case Type::accept:
      return "accept";
    case Type::ready:
      return "ready";
    case Type::done:
      return "done";
    case Type::error:
      return "error";
    case Type::counters:
      return "counters";
    case Type::bye:
      return "bye";
    case Type::marks:
      return "marks";
    case Type::cm_listen:
      return "cm_listen";
  }
  return "unknown";
}

std::vector<uint8_t> encode_frame(Type type, const std::vector<uint8_t>& payload) {
  Writer w;
  w.bytes(kMagic.data(), kMagic.size());
  w.u16(kVersion);
  w.u16(static_cast<uint16_t>(type));
  w.u32(static_cast<uint32_t>(payload.size()));
  w.bytes(payload.data(), payload.size());
  return w.take();
}

Result<Header> decode_header(const uint8_t* data, size_t size) {
  if (size < kHeaderBytes)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("truncated frame header: {} of {} bytes", size, kHeaderBytes));
  if (std::memcmp(data, kMagic.data(), kMagic.size()) != 0)
    return fail(ErrorKind::invalid_input, "", "peer is not a rocecfg probe (bad magic)");
  uint16_t version = static_cast<uint16_t>(data[4] << 8 | data[5]);
  if (version != kVersion)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("protocol version mismatch: peer speaks v{}, this build speaks v{}",
                            version, kVersion));
  uint16_t type = static_cast<uint16_t>(data[6] << 8 | data[7]);
  if (type < static_cast<uint16_t>(Type::hello) || type > static_cast<uint16_t>(Type::cm_listen))
    return fail(ErrorKind::invalid_input, "", fmt::format("unknown frame type {}", type));
  uint32_t n = static_cast<uint32_t>(data[8]) << 24 | static_cast<uint32_t>(data[9]) << 16 |
               static_cast<uint32_t>(data[10]) << 8 | data[11];
  if (n > kMaxPayloadBytes)
    return fail(
        ErrorKind::invalid_input, "",
        fmt::format("frame payload of {} bytes exceeds the {} byte limit", n, kMaxPayloadBytes));
  return Header{static_cast<Type>(type), n};
}

std::vector<uint8_t> encode(const Hello& m) {
  Writer w;
  w.u8(static_cast<uint8_t>(m.kind));
  w.u8(static_cast<uint8_t>(m.params.op));
  w.u8(static_cast<uint8_t>(m.params.mode));
  w.u32(m.params.size_bytes);
  w.u32(m.params.qps);
  w.u32(m.params.tx_depth);
  w.u32(m.params.signal_every);
  w.u32(m.params.duration_ms);
  w.u64(m.params.iterations);
  w.u8(m.params.tos);
  w.u32(m.timeout_ms);
  return w.take();
}

Result<Hello> decode_hello(const std::vector<uint8_t>& payload) {
  Reader r(payload, "hello");
  Hello m;
  auto kind = r.uint(1, "kind");
  auto op = r.uint(1, "op");
  auto mode = r.uint(1, "mode");
  m.params.size_bytes = static_cast<uint32_t>(r.uint(4, "size"));
  m.params.qps = static_cast<uint32_t>(r.uint(4, "qps"));
  m.params.tx_depth = static_cast<uint32_t>(r.uint(4, "tx_depth"));
  m.params.signal_every = static_cast<uint32_t>(r.uint(4, "signal_every"));
  m.params.duration_ms = static_cast<uint32_t>(r.uint(4, "duration"));
  m.params.iterations = r.uint(8, "iterations");
  m.params.tos = static_cast<uint8_t>(r.uint(1, "tos"));
  m.timeout_ms = static_cast<uint32_t>(r.uint(4, "timeout"));
  if (auto st = r.finish(); !st) return std::unexpected(st.error());
  if (auto st =
          check("hello", kind >= 1 && kind <= 5, fmt::format("unknown session kind {}", kind));
      !st)
    return std::unexpected(st.error());
  if (auto st = check("hello", op >= 1 && op <= 3, fmt::format("unknown op {}", op)); !st)
    return std::unexpected(st.error());
  if (auto st = check("hello", mode >= 1 && mode <= 2, fmt::format("unknown mode {}", mode)); !st)
    return std::unexpected(st.error());
  m.kind = static_cast<SessionKind>(kind);
  m.params.op = static_cast<Op>(op);
  m.params.mode = static_cast<Mode>(mode);
  if (m.kind == SessionKind::probe) {
    if (auto why = validate(m.params); !why.empty())
      return fail(ErrorKind::invalid_input, "", "hello message: " + why);
  }
  if (m.kind == SessionKind::marking || m.kind == SessionKind::marking_cm) {
    if (auto why = validate_marking(m.params); !why.empty())
      return fail(ErrorKind::invalid_input, "", "hello message: " + why);
  }
  return m;
}

std::vector<uint8_t> encode(const Endpoint& m) {
  Writer w;
  w.u32(m.mtu_bytes);
  w.bytes(m.gid.data(), m.gid.size());
  w.u32(m.gid_index);
  w.u32(m.rkey);
  w.u64(m.addr);
  w.u32(m.region_bytes);
  w.u32(static_cast<uint32_t>(m.qps.size()));
  for (const QpInfo& q : m.qps) {
    w.u32(q.qpn);
    w.u32(q.psn);
  }
  w.str(m.device);
  return w.take();
}

Result<Endpoint> decode_endpoint(const std::vector<uint8_t>& payload) {
  Reader r(payload, "endpoint");
  Endpoint m;
  m.mtu_bytes = static_cast<uint32_t>(r.uint(4, "mtu"));
  r.bytes(m.gid.data(), m.gid.size(), "gid");
  m.gid_index = static_cast<uint32_t>(r.uint(4, "gid_index"));
  m.rkey = static_cast<uint32_t>(r.uint(4, "rkey"));
  m.addr = r.uint(8, "addr");
  m.region_bytes = static_cast<uint32_t>(r.uint(4, "region"));
  uint64_t n = r.uint(4, "qp count");
  if (n > kMaxQps)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("endpoint message: {} QPs exceeds the limit of {}", n, kMaxQps));
  for (uint64_t i = 0; i < n; ++i) {
    QpInfo q;
    q.qpn = static_cast<uint32_t>(r.uint(4, "qpn"));
    q.psn = static_cast<uint32_t>(r.uint(4, "psn"));
    m.qps.push_back(q);
  }
  m.device = r.str("device");
  if (auto st = r.finish(); !st) return std::unexpected(st.error());
  static constexpr uint32_t kMtus[] = {256, 512, 1024, 2048, 4096};
  bool mtu_ok = false;
  for (uint32_t v : kMtus) mtu_ok |= m.mtu_bytes == v;
  if (!mtu_ok)
    return fail(ErrorKind::invalid_input, "",
                fmt::format("endpoint message: MTU {} is not an RDMA MTU", m.mtu_bytes));
  return m;
}

std::vector<uint8_t> encode_text(const std::string& text) {
  Writer w;
  w.str(text);
  return w.take();
}

std::vector<uint8_t> encode_port(uint16_t port) {
  Writer w;
  w.u16(port);
  return w.take();
}

Result<uint16_t> decode_port(const std::vector<uint8_t>& payload) {
  Reader r(payload, "cm_listen");
  auto port = r.uint(2, "port");
  if (auto st = r.finish(); !st) return std::unexpected(st.error());
  if (auto st = check("cm_listen", port >= 1, "port 0"); !st) return std::unexpected(st.error());
  return static_cast<uint16_t>(port);
}

Result<std::string> decode_text(const std::vector<uint8_t>& payload) {
  Reader r(payload, "text");
  std::string s = r.str("text");
  if (auto st = r.finish(); !st) return std::unexpected(st.error());
  return s;
}

std::vector<uint8_t> encode(const CounterMap& m) {
  Writer w;
  w.u32(static_cast<uint32_t>(m.size()));
  for (const auto& [name, value] : m) {
    w.str(name);
    w.u64(value);
  }
  return w.take();
}

Result<CounterMap> decode_counters(const std::vector<uint8_t>& payload) {
  Reader r(payload, "counters");
  CounterMap m;
  uint64_t n = r.uint(4, "count");
  for (uint64_t i = 0; i < n; ++i) {
    std::string name = r.str("name");
    uint64_t v = r.uint(8, "value");
    if (!r.ok()) break;
    m[name] = v;
  }
  if (auto st = r.finish(); !st) return std::unexpected(st.error());
  return m;
}

}  // namespace rocecfg::probe::wire
