// Real verbs on Soft-RoCE: runs inside the lab guest (rxe0 on veth0 10.0.0.1,
// rxe1 on veth1 10.0.0.2; see tests/lab/README.md). Without RDMA devices every
// case is skipped, as rdma-core's own tests do.
#include <doctest/doctest.h>

#include "require_ok.h"

#include "probe/device.h"
#include "probe/server.h"
#include "probe/session.h"

using namespace rocecfg;
using namespace rocecfg::probe;

namespace {

bool have_lab_devices() {
  auto d = list_devices();
  return std::find(d.begin(), d.end(), "rxe0") != d.end() &&
         std::find(d.begin(), d.end(), "rxe1") != d.end();
}

std::unique_ptr<Server> serve(const std::string& device) {
  ServerConfig cfg;
  cfg.bind_ip = "127.0.0.1";
  cfg.port = 0;
  cfg.device.device = device;
  auto s = Server::start(cfg);
  REQUIRE(s);
  return std::move(*s);
}

ClientConfig client(const std::string& device, const Server& server, TestParams p) {
  ClientConfig c;
  c.port = server.port();
  c.local.device = device;
  c.params = p;
  c.timeout_ms = 20000;
  return c;
}

}  // namespace

TEST_SUITE("probe.engine" * doctest::skip(!have_lab_devices())) {
  TEST_CASE("WRITE bandwidth rxe1 -> rxe0 over the veth pair, duration mode") {
    auto server = serve("rxe0");
    TestParams p;
    p.size_bytes = 65536;
    p.duration_ms = 500;
    auto r = run_test(client("rxe1", *server, p));
    REQUIRE_OK(r);
    REQUIRE(r->bw);
    MESSAGE("write bw 64KiB: " << r->bw->gbps << " Gb/s, setup " << r->setup_ms << " ms, path MTU "
                               << r->path_mtu_bytes);
    for (auto& [name, ms] : r->setup_phases_ms) MESSAGE("  setup " << name << ": " << ms << " ms");
    CHECK(r->bw->gbps > 0.01);
    CHECK(r->bw->peak_gbps >= r->bw->gbps);
    CHECK(r->bw->min_gbps <= r->bw->gbps);
    CHECK(r->local_gid.entry.index == 1);
    CHECK(r->local_gid.reason == "auto: IPv4-mapped RoCE v2");
    CHECK(r->remote_gid == "::ffff:10.0.0.1");
    CHECK(r->remote_device == "rxe0");
    CHECK(r->path_mtu_bytes == 4096);
  }

  TEST_CASE("READ and SEND bandwidth, several QPs, iteration mode") {
    auto server = serve("rxe0");
    for (Op op : {Op::read, Op::send}) {
      TestParams p;
      p.op = op;
      p.size_bytes = 8192;
      p.qps = 3;
      p.tx_depth = 32;
      p.signal_every = 8;
      p.iterations = 200;
      auto r = run_test(client("rxe1", *server, p));
      REQUIRE_OK(r);
      CHECK(r->bw->messages == 600);
      CHECK(r->bw->bytes == 600ull * 8192);
      CHECK(r->bw->gbps > 0);
      MESSAGE(std::string(to_string(op))
              << " bw 8KiB x 3 QPs: " << r->bw->gbps << " Gb/s, setup " << r->setup_ms << " ms");
    }
  }

  TEST_CASE("latency ping-pong: enough samples, ordered percentiles") {
    auto server = serve("rxe0");
    TestParams p;
    p.mode = Mode::lat;
    p.size_bytes = 64;
    p.tx_depth = 4;
    p.iterations = 3000;
    auto r = run_test(client("rxe1", *server, p));
    REQUIRE_OK(r);
    REQUIRE(r->lat);
    const LatencyStats& l = *r->lat;
    MESSAGE("lat 64B: median " << l.median_us << " p99 " << l.p99_us << " p99.9 " << l.p99_9_us
                               << " max " << l.max_us << " us, setup " << r->setup_ms << " ms");
    CHECK(l.samples == 3000);
    CHECK(l.p99_9_reliable);
    CHECK(l.min_us > 0);
    CHECK(l.min_us <= l.median_us);
    CHECK(l.median_us <= l.p99_us);
    CHECK(l.p99_us <= l.p99_9_us);
    CHECK(l.p99_9_us <= l.max_us);
  }

  TEST_CASE("same-device loopback rxe0 -> rxe0") {
    auto server = serve("rxe0");
    TestParams p;
    p.size_bytes = 65536;
    p.iterations = 300;
    auto r = run_test(client("rxe0", *server, p));
    REQUIRE_OK(r);
    CHECK(r->bw->messages == 300);
    CHECK(r->remote_device == "rxe0");
  }

  TEST_CASE("a server gone mid-run ends the client within the stall limit") {
    auto server = serve("rxe0");
    TestParams p;
    p.size_bytes = 65536;
    p.duration_ms = 20000;
    ClientConfig c = client("rxe1", *server, p);
    c.stall_ms = 1500;
    c.timeout_ms = 30000;
    // Stop the server (destroying its QPs) once traffic runs.
    std::thread killer;
    c.on_running = [&] {
      killer = std::thread([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        server->stop();
      });
    };
    auto t0 = Clock::now();
    auto r = run_test(c);
    auto s = std::chrono::duration<double>(Clock::now() - t0).count();
    if (killer.joinable()) killer.join();
    REQUIRE_FALSE(r);
    MESSAGE("after server stop: " << r.error().to_string() << " (" << s << " s)");
    CHECK(s < 10);
  }

  TEST_CASE("the GID table from verbs is the one sysfs shows, entry for entry") {
    for (const char* name : {"rxe0", "rxe1"}) {
      auto dev = Device::open(name);
      REQUIRE_OK(dev);
      auto verbs = (*dev)->gid_table(1);
      auto sysfs = read_gid_table(host::FsRoot(), name, 1);
      REQUIRE_OK(verbs);
      REQUIRE(sysfs);
      REQUIRE(verbs->size() == sysfs->size());
      REQUIRE(!verbs->empty());
      for (size_t i = 0; i < verbs->size(); ++i) {
        CAPTURE((*sysfs)[i].text);
        CHECK((*verbs)[i].index == (*sysfs)[i].index);
        CHECK((*verbs)[i].text == (*sysfs)[i].text);
        CHECK((*verbs)[i].gid == (*sysfs)[i].gid);
        CHECK((*verbs)[i].type == (*sysfs)[i].type);
        CHECK((*verbs)[i].netdev == (*sysfs)[i].netdev);
      }
    }
  }

  TEST_CASE("a held device is shared by every open; released, it closes") {
    auto a = Device::open("rxe1");
    REQUIRE(a);
    auto b = Device::open("rxe1");
    REQUIRE(b);
    CHECK(a->get() == b->get());
    CHECK(Device::find("rxe1") == *a);
    CHECK(Device::find("rxe0") == nullptr);
    a->reset();
    b->reset();
    CHECK(Device::find("rxe1") == nullptr);
    auto c = Device::open("rxe1");
    REQUIRE(c);
    CHECK((*c)->name() == "rxe1");
    CHECK((*c)->context() != nullptr);
  }

  TEST_CASE("an unknown device names the ones present") {
    auto d = Device::open("rxe9");
    REQUIRE_FALSE(d);
    CHECK(d.error().to_string() == "rxe9: no such RDMA device (present: rxe0, rxe1)");
  }
}
