// The headroom arithmetic against the tables NVIDIA publishes for its
// Spectrum switches in SONiC: every row of five pg_profile_lookup.ini files,
// hand-copied from sonic-net/sonic-buildimage at commit
// 086b03bd70f9e211aaaf5f6aefe0790b508d2a94 (columns: speed Mb/s, cable m,
// size, xon, xoff; the dynamic_th column is 0 in all of them and left out).
// xoff and xon must match exactly; size within one 1 KiB step, the tables'
// rounding (three ACS-SN5600 rows sit one step below xoff + xon [+ MTU]:
// 40G 5m and both 800G rows).
// Not reproduced, so not listed: the Spectrum-6 tables (SN6600/SN6810), whose
// xoff no parameter set of the Lua formula gives.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "buffers/ecn.h"
#include "buffers/headroom.h"
#include "buffers/link.h"

using namespace rocecfg::buffers;

namespace {

struct Row {
  uint32_t speed_mbps, cable_m;
  uint64_t size, xon, xoff;
};

struct Table {
  const char* path;
  const char* asic;
  HeadroomMethod method;
  TrafficPattern traffic;
  uint32_t port_mtu_bytes;
  bool shared_headroom_pool;
  std::vector<Row> rows;
};

// Per table, the parameters that reproduce it: SONiC's ASIC constants for
// the platform (asic_table.j2), port MTU 9216, and the traffic pattern:
// every packet small (100 %) for the ACS tables, and for SN5640-C512S2 the
// SKU's own LOSSLESS_TRAFFIC_PATTERN (MTU 4096, 50 %) with a shared
// headroom pool (its size column equals xon).
const std::vector<Table> kTables = {
    {"device/mellanox/x86_64-mlnx_msn2700-r0/ACS-MSN2700/pg_profile_lookup.ini",
     "spectrum-1",
     HeadroomMethod::tables_2020,
     {1024, 100},
     9216,
     false,
     {
         {10000, 5, 49152, 19456, 29696},
         {25000, 5, 49152, 19456, 29696},
         {40000, 5, 49152, 19456, 29696},
         {50000, 5, 49152, 19456, 29696},
         {100000, 5, 50176, 19456, 30720},
         {10000, 40, 49152, 19456, 29696},
         {25000, 40, 51200, 19456, 31744},
         {40000, 40, 52224, 19456, 32768},
         {50000, 40, 53248, 19456, 33792},
         {100000, 40, 58368, 19456, 38912},
         {10000, 300, 56320, 19456, 36864},
         {25000, 300, 67584, 19456, 48128},
         {40000, 300, 78848, 19456, 59392},
         {50000, 300, 86016, 19456, 66560},
         {100000, 300, 123904, 19456, 104448},
     }},
    {"device/mellanox/x86_64-mlnx_msn3700-r0/ACS-MSN3700/pg_profile_lookup.ini",
     "spectrum-2",
     HeadroomMethod::tables_2020,
     {1024, 100},
     9216,
     false,
     {
         {10000, 5, 52224, 19456, 32768},
         {25000, 5, 52224, 19456, 32768},
         {40000, 5, 53248, 19456, 33792},
         {50000, 5, 53248, 19456, 33792},
         {100000, 5, 53248, 19456, 33792},
         {200000, 5, 55296, 19456, 35840},
         {10000, 40, 53248, 19456, 33792},
         {25000, 40, 55296, 19456, 35840},
         {40000, 40, 57344, 19456, 37888},
         {50000, 40, 58368, 19456, 38912},
         {100000, 40, 63488, 19456, 44032},
         {200000, 40, 74752, 19456, 55296},
         {10000, 300, 60416, 19456, 40960},
         {25000, 300, 73728, 19456, 54272},
         {40000, 300, 86016, 19456, 66560},
         {50000, 300, 95232, 19456, 75776},
         {100000, 300, 137216, 19456, 117760},
         {200000, 300, 223232, 19456, 203776},
     }},
    {"device/mellanox/x86_64-mlnx_msn4700-r0/ACS-MSN4700/pg_profile_lookup.ini",
     "spectrum-3",
     HeadroomMethod::tables_2020,
     {1024, 100},
     9216,
     false,
     {
         {10000, 5, 52224, 19456, 32768},      {25000, 5, 52224, 19456, 32768},
         {40000, 5, 53248, 19456, 33792},      {50000, 5, 53248, 19456, 33792},
         {100000, 5, 53248, 19456, 33792},     {200000, 5, 55296, 19456, 35840},
         {400000, 5, 86016, 37888, 38912},     {10000, 40, 53248, 19456, 33792},
         {25000, 40, 55296, 19456, 35840},     {40000, 40, 57344, 19456, 37888},
         {50000, 40, 58368, 19456, 38912},     {100000, 40, 63488, 19456, 44032},
         {200000, 40, 74752, 19456, 55296},    {400000, 40, 124928, 37888, 77824},
         {10000, 300, 60416, 19456, 40960},    {25000, 300, 73728, 19456, 54272},
         {40000, 300, 86016, 19456, 66560},    {50000, 300, 95232, 19456, 75776},
         {100000, 300, 137216, 19456, 117760}, {200000, 300, 223232, 19456, 203776},
         {400000, 300, 420864, 37888, 373760},
     }},
    {"device/mellanox/x86_64-nvidia_sn5600-r0/ACS-SN5600/pg_profile_lookup.ini",
     "spectrum-4",
     HeadroomMethod::swss_lua,
     {1024, 100},
     9216,
     false,
     {
         {10000, 5, 64512, 19456, 45056},      {25000, 5, 67584, 19456, 48128},
         {40000, 5, 75776, 19456, 57344},      {50000, 5, 82944, 19456, 63488},
         {100000, 5, 133120, 19456, 113664},   {200000, 5, 150528, 19456, 131072},
         {400000, 5, 250880, 19456, 231424},   {800000, 5, 304128, 38912, 257024},
         {10000, 40, 65536, 19456, 46080},     {25000, 40, 71680, 19456, 52224},
         {40000, 40, 81920, 19456, 62464},     {50000, 40, 89088, 19456, 69632},
         {100000, 40, 146432, 19456, 126976},  {200000, 40, 177152, 19456, 157696},
         {400000, 40, 303104, 19456, 283648},  {800000, 40, 410624, 38912, 362496},
         {10000, 300, 75776, 19456, 56320},    {25000, 300, 96256, 19456, 76800},
         {40000, 300, 120832, 19456, 101376},  {50000, 300, 138240, 19456, 118784},
         {100000, 300, 244736, 19456, 225280}, {200000, 300, 374784, 19456, 355328},
         {400000, 300, 697344, 19456, 677888}, {800000, 300, 1198080, 38912, 1150976},
     }},
    {"device/mellanox/x86_64-nvidia_sn5640-r0/Mellanox-SN5640-C512S2/pg_profile_lookup.ini",
     "spectrum-5",
     HeadroomMethod::swss_lua,
     {4096, 50},
     9216,
     true,
     {
         {10000, 5, 19456, 19456, 20480},      {25000, 5, 19456, 19456, 21504},
         {50000, 5, 19456, 19456, 26624},      {100000, 5, 19456, 19456, 44032},
         {200000, 5, 19456, 19456, 50176},     {400000, 5, 19456, 19456, 86016},
         {10000, 30, 19456, 19456, 20480},     {25000, 30, 19456, 19456, 22528},
         {50000, 30, 19456, 19456, 27648},     {100000, 30, 19456, 19456, 48128},
         {200000, 30, 19456, 19456, 57344},    {400000, 30, 19456, 19456, 99328},
         {10000, 40, 19456, 19456, 20480},     {25000, 40, 19456, 19456, 22528},
         {50000, 40, 19456, 19456, 28672},     {100000, 40, 19456, 19456, 49152},
         {200000, 40, 19456, 19456, 60416},    {400000, 40, 19456, 19456, 104448},
         {10000, 250, 19456, 19456, 23552},    {25000, 250, 19456, 19456, 29696},
         {50000, 250, 19456, 19456, 43008},    {100000, 250, 19456, 19456, 76800},
         {200000, 250, 19456, 19456, 116736},  {400000, 250, 19456, 19456, 217088},
         {10000, 300, 19456, 19456, 23552},    {25000, 300, 19456, 19456, 30720},
         {50000, 300, 19456, 19456, 46080},    {100000, 300, 19456, 19456, 83968},
         {200000, 300, 19456, 19456, 130048},  {400000, 300, 19456, 19456, 243712},
         {10000, 1000, 19456, 19456, 33792},   {25000, 1000, 19456, 19456, 54272},
         {50000, 1000, 19456, 19456, 93184},   {100000, 1000, 19456, 19456, 177152},
         {200000, 1000, 19456, 19456, 317440}, {400000, 1000, 19456, 19456, 619520},
     }},
};

}  // namespace

TEST_SUITE("buffers.headroom") {
  TEST_CASE("reproduces every row of the Spectrum pg_profile_lookup.ini tables") {
    size_t rows = 0;
    for (const Table& t : kTables) {
      for (const Row& r : t.rows) {
        HeadroomInput in;
        in.speed_mbps = r.speed_mbps;
        in.cable_m = r.cable_m;
        in.port_mtu_bytes = t.port_mtu_bytes;
        in.traffic = t.traffic;
        in.asic = find_asic(t.asic);
        in.method = t.method;
        in.shared_headroom_pool = t.shared_headroom_pool;
        auto h = switch_headroom(in);
        REQUIRE(h);
        CAPTURE(t.path);
        CAPTURE(r.speed_mbps);
        CAPTURE(r.cable_m);
        CHECK(h->xoff_bytes == r.xoff);
        CHECK(h->xon_bytes == r.xon);
        CHECK(std::llabs(static_cast<long long>(h->size_bytes) - static_cast<long long>(r.size)) <=
              1024);
        ++rows;
      }
    }
    CHECK(rows == 114);
  }

  TEST_CASE("the swss Lua with SONiC's default traffic pattern at 100G and 400G") {
    // Hand-computed from cfgmgr/buffer_headroom_mellanox.lua, Spectrum-3,
    // port MTU 9216, lossless MTU 1024, 50 % small packets, no shared pool:
    // small share by byte = 6400 / 544 = 11.7647 %, worst case ceil(2.25) = 3,
    // occupancy = (100 - 11.7647 + 35.2941) / 100 = 1.235294.
    // 100G 5m: in flight = 9216 + 631.31 + 819.2 + 394 x 64 = 35882.51;
    //   xoff = ceil((1024 + 44325.45) / 1024) KiB = 46080, +2 KiB (the all-small
    //   worst case, 109568, is more than 2 KiB above) = 48128.
    HeadroomInput in;
    in.speed_mbps = 100000;
    in.cable_m = 5;
    in.port_mtu_bytes = 9216;
    in.asic = find_asic("spectrum-3");
    auto h = switch_headroom(in);
    REQUIRE(h);
    CHECK(h->xoff_bytes == 48128);
    CHECK(h->xon_bytes == 19456);
    CHECK(h->size_bytes == 48128 + 19456);
    // 400G on Spectrum-3 is 8 x 50G lanes: xon doubles, size adds a port MTU.
    in.speed_mbps = 400000;
    h = switch_headroom(in);
    REQUIRE(h);
    CHECK(h->xon_bytes == 38912);
    CHECK(h->size_bytes == h->xoff_bytes + 38912 + 9216);
  }

  TEST_CASE("missing inputs are named") {
    HeadroomInput in;
    in.speed_mbps = 100000;
    in.cable_m = 5;
    auto h = switch_headroom(in);
    REQUIRE_FALSE(h);
    CHECK(h.error().to_string() ==
          "asic: missing; one of spectrum-1, spectrum-2, spectrum-3, spectrum-4, spectrum-5, "
          "spectrum-6");
  }

  TEST_CASE("mlx5's NIC headroom, as port_buffer.c computes it") {
    // (301 + 216 x 100 / 100) x 100000 / 1000 + 272 x 9000 / 100 = 51700 + 24480
    CHECK(mlx5_xoff_bytes(100000, 100, 9000) == 76180);
    // Below 40G the driver computes at 40G: (301 + 10) x 40 + 27 x 15 (272 x 1500 / 100 = 4080)
    CHECK(mlx5_xoff_bytes(25000, 5, 1500) == 311 * 40 + 4080);
    CHECK(mlx5_xoff_bytes(400000, 5, 9000) == 311 * 400 + 24480);
  }
}

TEST_SUITE("buffers.link") {
  TEST_CASE("speeds, cables and pause quanta") {
    CHECK(parse_speed("400G") == 400000u);
    CHECK(parse_speed("100g") == 100000u);
    CHECK(parse_speed("100M") == 100u);
    CHECK_FALSE(parse_speed("400"));
    CHECK_FALSE(parse_speed("G"));
    CHECK_FALSE(parse_speed("-1G"));
    CHECK_FALSE(parse_speed("99999999G"));
    CHECK_FALSE(parse_speed("3G"));  // no Annex 31B.3.7 entry
    CHECK_FALSE(parse_speed("1600G"));
    CHECK(format_speed(400000) == "400G");
    CHECK(parse_cable("5m") == 5u);
    CHECK(parse_cable("300") == 300u);
    CHECK_FALSE(parse_cable("0m"));
    CHECK_FALSE(parse_cable("5km"));
    CHECK(peer_response_quanta(100000) == 394u);
    CHECK(peer_response_bytes(400000) == 905 * 64.0);
    CHECK_FALSE(peer_response_quanta(300000));
    // 2 x 100 m / 198e6 m/s x 100e9 b/s / 8 = 12626.26 bytes
    CHECK(cable_round_trip_bytes(100, 100000) == doctest::Approx(12626.26).epsilon(1e-6));
  }

  TEST_CASE("bandwidth-delay product and recommended ECN by speed") {
    CHECK(bdp_bytes(100000, 10) == 125000);
    CHECK(bdp_bytes(400000, 10) == 500000);
    EcnThresholds t100 = recommended_ecn(100000, 10);
    CHECK(t100.min_bytes == 150000);  // Cumulus' default already covers one BDP
    CHECK(t100.max_bytes == 1500000);
    CHECK(t100.probability_percent == 100);
    EcnThresholds t400 = recommended_ecn(400000, 10);
    CHECK(t400.min_bytes == 500000);
    CHECK(t400.max_bytes == 5000000);
  }
}
