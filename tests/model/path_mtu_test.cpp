#include <doctest/doctest.h>

#include <cstdint>

#include "model/path_mtu.h"

using rocecfg::model::roce_path_mtu_for;

// Every boundary of iboe_get_mtu (include/rdma/ib_addr.h): the path MTU steps
// up exactly where netdev MTU - 96 reaches the next IB MTU. The host's
// discovery, the probe's expectation, the gate, doctor and the profile floor
// all read this one function, so they can no longer disagree (before, the
// probe subtracted 60 bytes and expected 4096 from a 4156..4191 netdev that
// the kernel runs at 2048).
TEST_SUITE("model.path_mtu") {
  TEST_CASE("the path MTU steps at netdev MTU = IB MTU + 96") {
    struct Row {
      uint32_t netdev_mtu_bytes, path_mtu_bytes;
    };
    const Row rows[] = {
        {0, 0},       {95, 0},      {96, 0},      {351, 0},     {352, 256},
        {607, 256},   {608, 512},   {1119, 512},  {1120, 1024}, {1500, 1024},
        {2143, 1024}, {2144, 2048}, {4155, 2048}, {4156, 2048}, {4191, 2048},
        {4192, 4096}, {4200, 4096}, {9000, 4096}, {9702, 4096}, {65535, 4096},
    };
    for (const Row& r : rows) {
      INFO("netdev MTU " << r.netdev_mtu_bytes);
      CHECK(roce_path_mtu_for(r.netdev_mtu_bytes) == r.path_mtu_bytes);
    }
  }

  TEST_CASE("no netdev MTU between 4156 and 4191 carries the 4096 path MTU") {
    for (uint32_t mtu = 4156; mtu < 4192; ++mtu) {
      INFO("netdev MTU " << mtu);
      CHECK(roce_path_mtu_for(mtu) == 2048);
    }
  }

  TEST_CASE("the header constant and the 4096 floor are the kernel's") {
    static_assert(rocecfg::model::kRoceHeaderBytes == 96);
    static_assert(rocecfg::model::kMinNetdevMtuForMaxPath == 4192);
    CHECK(roce_path_mtu_for(rocecfg::model::kMinNetdevMtuForMaxPath - 1) == 2048);
    CHECK(roce_path_mtu_for(rocecfg::model::kMinNetdevMtuForMaxPath) == 4096);
  }
}
