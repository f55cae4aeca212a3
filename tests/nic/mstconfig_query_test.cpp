// The mstconfig/mlxconfig query table (nic/mstconfig_query.h) read from the
// layouts mstflint's printer produces (mlxconfig/mlxcfg_ui.cpp at Debian 12's
// v4.21.0-1 and at upstream b9d9e844) and from a query as a person saved it;
// expected values written by hand. Bad text: an error naming the line, never
// a crash or a partial table passed off as whole.
#include <doctest/doctest.h>

#include "nic/mstconfig_query.h"

using rocecfg::nic::NvQuery;
using rocecfg::nic::parse_mstconfig_query;

namespace {

// mstflint 4.21.0 with -e: "%-16s%36s%16s%18s" header, rows "*        "
// or 9 spaces + "%-36s" + "%-16s" per value (printSingleParam, printValue).
const char* const kDebian421 =
    "\n"
    "Device #1:\n"
    "----------\n"
    "\n"
    "Device type:    ConnectX6DX     \n"
    "Name:           MCX623106AN-CDA_Ax\n"
    "Description:    ConnectX-6 Dx EN adapter card; 100GbE; Dual-port QSFP56; PCIe 4.0/3.0 x16;\n"
    "Device:         0000:08:00.0    \n"
    "\n"
    "Configurations:                              Default         Current         Next Boot\n"
    "         LINK_TYPE_P1                        ETH(2)          ETH(2)          ETH(2)          "
    "\n"
    "*        DCBX_WILLING_P1                     True(1)         True(1)         False(0)        "
    "\n"
    "         ROCE_CC_PRIO_MASK_P1                255             255             255             "
    "\n"
    "*        CNP_DSCP_P1                         48              46              48              "
    "\n"
    "The '*' shows parameters with next value different from default/current value.\n";

// Upstream (b9d9e844): name column 56 wide with diff + "RO" + 5 spaces,
// values 33 wide; the header pads each name with one more space than the
// rows do, so its columns drift: only words count.
const char* const kUpstream =
    "\n"
    "Device #1:\n"
    "----------\n"
    "\n"
    "Device type:        ConnectX7           \n"
    "Name:               MCX755106AS-HEAT_Ax \n"
    "Description:        NVIDIA ConnectX-7 HHHL Adapter Card; 200GbE (default mode) / NDR200 IB\n"
    "Device:             0000:3b:00.0        \n"
    "\n"
    "Configurations:                                         Default                           "
    "Current                           Next Boot                        \n"
    "        LLDP_NB_DCBX_P1                                 False(0)                         "
    "False(0)                         False(0)                         \n"
    "*       CNP_802P_PRIO_P1                                6                                "
    "6                                3                                \n"
    " RO     DEVICE_HARDWARE_ID                              N/A                              "
    "0x1021                           0x1021                           \n"
    "The '*' shows parameters with next value different from default/current value.\n"
    "\n"
    "The 'RO' shows parameters which are for read only and cannot be changed\n";

// TerrenceMiao/blog, source/_posts/Configure-and-setup-Mellanox-network-adapter.md
// at 625b3aef1ccba44df38b288ae371a6aa809331bb: `mlxconfig -d ... query` as
// pasted in a blog (the header's column name trimmed away, rows left out).
const char* const kSavedBlog =
    "Device #1:\n"
    "----------\n"
    "\n"
    "Device type:        ConnectX4\n"
    "Name:               00KH925_Ax\n"
    "Description:        Mellanox ConnectX-4 EDR IB VPI Single-port x16 PCIe 3.0 HCA\n"
    "Device:             /dev/mst/mt4115_pciconf0\n"
    "\n"
    "Configurations:\n"
    "        LINK_TYPE_P1                                ETH(2)\n"
    "        SRIOV_EN                                    True(1)\n"
    "        NUM_OF_VFS                                  8\n"
    "...\n";

std::string error_of(const std::string& text) {
  auto q = parse_mstconfig_query(text, "0000:08:00.0");
  REQUIRE_FALSE(q);
  return q.error().to_string();
}

}  // namespace

TEST_SUITE("mstconfig query") {
  TEST_CASE("Debian 12's mstflint 4.21 with -e: three columns, the '*' mark, names and numbers") {
    auto q = parse_mstconfig_query(kDebian421, "0000:08:00.0");
    REQUIRE(q);
    CHECK(q->device_type == "ConnectX6DX");
    CHECK(q->board_name == "MCX623106AN-CDA_Ax");
    CHECK(q->description ==
          "ConnectX-6 Dx EN adapter card; 100GbE; Dual-port QSFP56; PCIe 4.0/3.0 x16;");
    CHECK(q->device == "0000:08:00.0");
    CHECK(q->shows_default);
    CHECK(q->shows_current);
    REQUIRE(q->params.size() == 4);
    const auto* w = q->find("DCBX_WILLING_P1");
    REQUIRE(w);
    CHECK(w->modified);
    CHECK_FALSE(w->read_only);
    CHECK(w->default_value.text == "True(1)");
    CHECK(w->current.name == "True");
    CHECK(w->current.number == 1u);
    CHECK(w->next_boot.text == "False(0)");
    CHECK(w->next_boot.number == 0u);
    const auto* cnp = q->find("CNP_DSCP_P1");
    REQUIRE(cnp);
    CHECK(cnp->current.number == 46u);
    CHECK(cnp->next_boot.number == 48u);
    CHECK(cnp->next_boot.name.empty());
    CHECK(q->find("LINK_TYPE_P1")->next_boot.name == "ETH");
    CHECK_FALSE(q->find("LINK_TYPE_P1")->modified);
    CHECK(q->find("NO_SUCH_P1") == nullptr);
  }

  TEST_CASE("upstream layout: wider columns, RO, N/A and hex values") {
    auto q = parse_mstconfig_query(kUpstream, "0000:3b:00.0");
    REQUIRE(q);
    CHECK(q->device_type == "ConnectX7");
    REQUIRE(q->params.size() == 3);
    CHECK(q->params[1].name == "CNP_802P_PRIO_P1");
    CHECK(q->params[1].modified);
    CHECK(q->params[1].current.number == 6u);
    CHECK(q->params[1].next_boot.number == 3u);
    CHECK(q->params[2].name == "DEVICE_HARDWARE_ID");
    CHECK(q->params[2].read_only);
    CHECK_FALSE(q->params[2].default_value.known());
    CHECK(q->params[2].current.number == 0x1021u);
  }

  TEST_CASE("a query as a person saved it: trimmed header, rows left out") {
    auto q = parse_mstconfig_query(kSavedBlog, "/dev/mst/mt4115_pciconf0");
    REQUIRE(q);
    CHECK(q->device_type == "ConnectX4");
    CHECK_FALSE(q->shows_default);
    CHECK_FALSE(q->shows_current);
    REQUIRE(q->params.size() == 3);
    CHECK(q->params[0].next_boot.name == "ETH");
    CHECK(q->params[1].next_boot.number == 1u);
    CHECK(q->params[2].next_boot.number == 8u);
    CHECK_FALSE(q->params[2].current.known());
  }

  TEST_CASE("not a query table, a tool error, output cut short: located errors") {
    CHECK(error_of("") ==
          "0000:08:00.0: not mstconfig query output (no \"Configurations:\" header)");
    CHECK(error_of("Device #1:\n----------\n\nDevice type:    ConnectX6DX\n") ==
          "0000:08:00.0: not mstconfig query output (no \"Configurations:\" header)");
    CHECK(error_of("\n-E- Failed to open device: 0000:08:00.0. No such file or directory\n") ==
          "0000:08:00.0: mstconfig query, line 2: the tool reports: Failed to open device: "
          "0000:08:00.0. No such file or directory");
    std::string text = kDebian421;
    // Cut in the middle of the CNP_DSCP_P1 row (the 14th line).
    CHECK(error_of(text.substr(0, text.find("46 "))) ==
          "0000:08:00.0: mstconfig query, line 14: CNP_DSCP_P1 has 1 values for 3 columns "
          "(output cut short?)");
    CHECK(error_of(text.substr(0, text.find("         LINK_TYPE_P1"))) ==
          "0000:08:00.0: mstconfig query, line 11: the table has no parameter rows (output cut "
          "short?)");
    CHECK(error_of("Configurations:      Default   Mystery   Next Boot\n  X  1 2 3\n") ==
          "0000:08:00.0: mstconfig query, line 1: unknown column \"Mystery\" in the "
          "Configurations: header");
    CHECK(error_of("Configurations:      Default   Current\n  X  1 2\n") ==
          "0000:08:00.0: mstconfig query, line 1: the Configurations: header has no Next Boot "
          "column");
    CHECK(error_of("Configurations:  Next Boot\n  $(reboot) 1\n") ==
          "0000:08:00.0: mstconfig query, line 2: not a parameter row: \"$(reboot) 1\"");
  }

  TEST_CASE("any prefix of a real table is a table or an error, never a crash") {
    std::string text = kUpstream;
    for (size_t n = 0; n <= text.size(); ++n) (void)parse_mstconfig_query(text.substr(0, n), "d");
    std::string noise;
    for (int i = 0; i < 2000; ++i) noise += static_cast<char>((i * 7919) % 256);
    (void)parse_mstconfig_query(noise, "d");
    (void)parse_mstconfig_query("Configurations: Next Boot\n" + noise, "d");
  }
}
