// The firmware's DCBX willing bit from the NV query table (nic/firmware_dcbx.h):
// tables written as mstflint 4.21's printer lays them out (mlxcfg_ui.cpp,
// printSingleParam), expected readings by hand.
#include <doctest/doctest.h>

#include <string>

#include "nic/firmware_dcbx.h"

using rocecfg::nic::firmware_dcbx_from_query;

namespace {

// A table of rows: each "name default current next".
rocecfg::nic::NvQuery table(const std::string& rows) {
  std::string text =
      "Device #1:\n----------\n\nDevice type:    ConnectX6DX\nDevice:         0000:08:00.0\n\n"
      "Configurations:                              Default         Current         Next Boot\n" +
      rows;
  auto q = rocecfg::nic::parse_mstconfig_query(text, "0000:08:00.0");
  REQUIRE(q);
  return *q;
}

}  // namespace

TEST_SUITE("firmware dcbx") {
  TEST_CASE("the firmware agent on and willing: willing, the current value") {
    auto q = table(
        "         LLDP_NB_DCBX_P1                     True(1)         True(1)         True(1)\n"
        "         DCBX_WILLING_P1                     True(1)         True(1)         True(1)\n");
    auto f = firmware_dcbx_from_query(q, 1, "eth0 (0000:08:00.0)");
    CHECK(f.willing == true);
    CHECK(f.source == "eth0 (0000:08:00.0): DCBX_WILLING_P1 = True(1) (current)");
  }

  TEST_CASE("the firmware agent off: not willing whatever the willing bit says") {
    auto q = table(
        "         LLDP_NB_DCBX_P1                     False(0)        False(0)        False(0)\n"
        "         DCBX_WILLING_P1                     True(1)         True(1)         True(1)\n");
    auto f = firmware_dcbx_from_query(q, 1, "eth0");
    CHECK(f.willing == false);
    CHECK(f.source == "eth0: LLDP_NB_DCBX_P1 = False(0) (current): the firmware runs no DCBX");
  }

  TEST_CASE("willing now, off at next boot: what runs now, the pending value beside it") {
    auto q = table(
        "*        DCBX_WILLING_P1                     True(1)         True(1)         False(0)\n");
    auto f = firmware_dcbx_from_query(q, 1, "eth0");
    CHECK(f.willing == true);
    CHECK(f.source ==
          "eth0: DCBX_WILLING_P1 = True(1) (current); DCBX_WILLING_P1 next boot False(0)");
  }

  TEST_CASE("port 2 reads the _P2 rows; absent rows are unknown, never a guess") {
    auto q = table(
        "         DCBX_WILLING_P1                     True(1)         True(1)         True(1)\n");
    auto f = firmware_dcbx_from_query(q, 2, "eth1");
    CHECK_FALSE(f.willing.has_value());
    CHECK(f.source == "eth1: firmware DCBX willing unknown (neither LLDP_NB_DCBX_P2 nor "
                      "DCBX_WILLING_P2 in the NV configuration)");
  }

  TEST_CASE("without -e only next boot is shown: read, and said to be next boot") {
    std::string text =
        "Device #1:\n----------\n\nDevice type:    ConnectX6DX\nDevice:         0000:08:00.0\n\n"
        "Configurations:                              Next Boot\n"
        "         DCBX_WILLING_P1                     False(0)\n";
    auto q = rocecfg::nic::parse_mstconfig_query(text, "0000:08:00.0");
    REQUIRE(q);
    auto f = firmware_dcbx_from_query(*q, 1, "eth0");
    CHECK(f.willing == false);
    CHECK(f.source == "eth0: DCBX_WILLING_P1 = False(0) (next boot)");
  }

  TEST_CASE("a non-ConnectX netdev is unknown with the reason, the tool never run") {
    rocecfg::host::FsRoot fs("/nonexistent");
    auto f = rocecfg::nic::read_firmware_dcbx(fs, "ens1", "bnxt_en");
    CHECK_FALSE(f.willing.has_value());
    CHECK(f.source ==
          "ens1: firmware DCBX willing unknown (read for ConnectX NICs only; driver bnxt_en)");
  }
}
