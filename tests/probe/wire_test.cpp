#include <doctest/doctest.h>

#include "probe/wire.h"

using namespace rocecfg::probe;
using namespace rocecfg::probe::wire;

namespace {

wire::Endpoint sample_endpoint() {
  wire::Endpoint e;
  e.mtu_bytes = 4096;
  e.gid = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1};
  e.gid_index = 1;
  e.rkey = 0x1234;
  e.addr = 0x7f0012345678;
  e.region_bytes = 131072;
  e.qps = {{17, 0xabcdef}, {18, 42}};
  e.device = "rxe0";
  return e;
}

}  // namespace

TEST_SUITE("probe.wire") {
  TEST_CASE("frame header: magic, version, type, big-endian length") {
    auto f = encode_frame(Type::ready, {1, 2, 3});
    REQUIRE(f.size() == kHeaderBytes + 3);
    CHECK(std::vector<uint8_t>(f.begin(), f.begin() + 12) ==
          std::vector<uint8_t>{'R', 'C', 'P', 'B', 0, 1, 0, 4, 0, 0, 0, 3});
    auto h = decode_header(f.data(), f.size());
    REQUIRE(h);
    CHECK(h->type == Type::ready);
    CHECK(h->payload_bytes == 3);
  }

  TEST_CASE("version mismatch is named with both versions") {
    auto f = encode_frame(Type::hello, {});
    f[5] = 2;
    auto h = decode_header(f.data(), f.size());
    REQUIRE_FALSE(h);
    CHECK(h.error().message == "protocol version mismatch: peer speaks v2, this build speaks v1");
  }

  TEST_CASE("a non-probe peer, an unknown type, a short header, an oversize payload") {
    std::vector<uint8_t> http{'G', 'E', 'T', ' ', '/', ' ', 'H', 'T', 'T', 'P', '/', '1'};
    CHECK(decode_header(http.data(), http.size()).error().message ==
          "peer is not a rocecfg probe (bad magic)");
    auto f = encode_frame(Type::hello, {});
    f[7] = 99;
    CHECK(decode_header(f.data(), f.size()).error().message == "unknown frame type 99");
    CHECK(decode_header(f.data(), 5).error().message == "truncated frame header: 5 of 12 bytes");
    f = encode_frame(Type::hello, {});
    f[8] = 0x7f;
    CHECK(decode_header(f.data(), f.size()).error().message ==
          "frame payload of 2130706432 bytes exceeds the 1048576 byte limit");
  }

  TEST_CASE("hello round-trips every parameter") {
    Hello h;
    h.kind = SessionKind::probe;
    h.params.op = Op::read;
    h.params.mode = Mode::bw;
    h.params.size_bytes = 1048576;
    h.params.qps = 4;
    h.params.tx_depth = 64;
    h.params.signal_every = 8;
    h.params.duration_ms = 1500;
    h.params.iterations = 0;
    h.params.tos = 106;
    h.timeout_ms = 9000;
    auto d = decode_hello(encode(h));
    REQUIRE(d);
    CHECK(d->params.op == Op::read);
    CHECK(d->params.size_bytes == 1048576);
    CHECK(d->params.qps == 4);
    CHECK(d->params.tx_depth == 64);
    CHECK(d->params.signal_every == 8);
    CHECK(d->params.duration_ms == 1500);
    CHECK(d->params.tos == 106);
    CHECK(d->timeout_ms == 9000);
  }

  TEST_CASE("truncated hello names the missing field") {
    auto p = encode(Hello{});
    p.resize(10);
    auto d = decode_hello(p);
    REQUIRE_FALSE(d);
    CHECK(d.error().message == "truncated hello message: qps needs 4 bytes, 3 left");
  }

  TEST_CASE("trailing bytes are refused") {
    auto p = encode(Hello{});
    p.push_back(0);
    CHECK(decode_hello(p).error().message == "hello message has 1 unexpected trailing bytes");
  }

  TEST_CASE("hello with invalid parameters is refused with the reason") {
    Hello h;
    h.params.qps = 0;
    CHECK(decode_hello(encode(h)).error().message == "hello message: 0 QPs: must be 1..64");
    h.params.qps = 1;
    auto p = encode(h);
    p[1] = 9;  // op
    CHECK(decode_hello(p).error().message == "hello message: unknown op 9");
  }

  TEST_CASE("the rdma_cm marking kind and its listen port") {
    Hello h;
    h.kind = SessionKind::marking_cm;
    h.params.iterations = 200;
    h.params.size_bytes = 64;
    auto d = decode_hello(encode(h));
    REQUIRE(d);
    CHECK(d->kind == SessionKind::marking_cm);
    h.params.iterations = kMaxMarkingPackets + 1;  // validated as the marking kind is
    CHECK_FALSE(decode_hello(encode(h)));
    auto p = encode(Hello{});
    p[0] = 6;
    CHECK(decode_hello(p).error().message == "hello message: unknown session kind 6");

    auto port = decode_port(encode_port(40123));
    REQUIRE(port);
    CHECK(*port == 40123);
    CHECK(decode_port(encode_port(0)).error().message == "cm_listen message: port 0");
    CHECK_FALSE(decode_port({0x9c}));
    CHECK_FALSE(decode_port({0x9c, 0x40, 0x00}));
    CHECK(std::string(to_string(Type::cm_listen)) == "cm_listen");
    auto frame = encode_frame(Type::cm_listen, encode_port(40123));
    auto hdr = decode_header(frame.data(), frame.size());
    REQUIRE(hdr);
    CHECK(hdr->type == Type::cm_listen);
  }

  TEST_CASE("endpoint round-trips, including QP list and device name") {
    auto d = decode_endpoint(encode(sample_endpoint()));
    REQUIRE(d);
    CHECK(d->mtu_bytes == 4096);
    CHECK(d->gid == sample_endpoint().gid);
    CHECK(d->rkey == 0x1234);
    CHECK(d->addr == 0x7f0012345678);
    REQUIRE(d->qps.size() == 2);
    CHECK(d->qps[0].qpn == 17);
    CHECK(d->qps[0].psn == 0xabcdef);
    CHECK(d->device == "rxe0");
  }

  TEST_CASE("endpoint: every truncation point is an error, never a partial value") {
    auto full = encode(sample_endpoint());
    for (size_t n = 0; n < full.size(); ++n) {
      std::vector<uint8_t> cut(full.begin(), full.begin() + static_cast<long>(n));
      auto d = decode_endpoint(cut);
      REQUIRE_FALSE(d);
      CHECK(d.error().message.starts_with("truncated endpoint message: "));
    }
  }

  TEST_CASE("endpoint with an impossible MTU or too many QPs is refused") {
    auto e = sample_endpoint();
    e.mtu_bytes = 1500;
    CHECK(decode_endpoint(encode(e)).error().message ==
          "endpoint message: MTU 1500 is not an RDMA MTU");
    auto p = encode(sample_endpoint());
    // QP count sits after mtu(4) gid(16) gid_index(4) rkey(4) addr(8) region(4)
    p[40 + 3] = 200;
    CHECK(decode_endpoint(p).error().message ==
          "endpoint message: 200 QPs exceeds the limit of 64");
  }

  TEST_CASE("counters and text round-trip") {
    CounterMap m{{"rxe0:rcvd_seq_err", 3}, {"veth0:rx_dropped", 1ull << 40}};
    auto d = decode_counters(encode(m));
    REQUIRE(d);
    CHECK(*d == m);
    auto p = encode(m);
    p.pop_back();
    CHECK_FALSE(decode_counters(p));
    CHECK(*decode_text(encode_text("server setup failed")) == "server setup failed");
  }
}
