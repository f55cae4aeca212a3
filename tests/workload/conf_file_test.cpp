// Editing files other programs read, by those programs' rules: NCCL's
// setEnvFile (no trimming, first occurrence wins) and UCX's inih (trimmed,
// sections, the global part first). Only our keys change; every other byte stays.
#include <doctest/doctest.h>

#include "host/conf_file.h"

using namespace rocecfg::host;

TEST_SUITE("conf_file") {
  TEST_CASE("nccl: entries as setEnvFile reads them: '#' comments, first '=' splits, no trimming") {
    std::string text =
        "# site defaults\n"
        "NCCL_DEBUG=WARN\n"
        "NCCL_SOCKET_IFNAME==ens1f0\n"
        "NCCL_IB_TC = 106\n"
        "NCCL_DEBUG=INFO\n"
        "no equals sign\r\n";
    auto e = conf_entries(text, ConfSyntax::nccl);
    CHECK(e.size() == 3);
    CHECK(e.at("NCCL_DEBUG") == "WARN");  // setenv(..., 0): the first one wins
    CHECK(e.at("NCCL_SOCKET_IFNAME") == "=ens1f0");
    CHECK(e.at("NCCL_IB_TC ") == " 106");  // a variable named "NCCL_IB_TC ": not NCCL_IB_TC
    CHECK_FALSE(e.contains("NCCL_IB_TC"));
  }

  TEST_CASE("nccl: set rewrites the effective line in place, appends new keys, keeps the rest") {
    std::string text =
        "# site defaults\n"
        "NCCL_DEBUG=WARN\n"
        "NCCL_IB_TC=0\n"
        "NCCL_IB_TC=96\n"
        "NCCL_SOCKET_IFNAME==ens1f0";  // no final newline
    std::string out =
        conf_update(text, {{"NCCL_IB_TC", "106"}, {"NCCL_IB_SL", "3"}}, ConfSyntax::nccl);
    CHECK(out ==
          "# site defaults\n"
          "NCCL_DEBUG=WARN\n"
          "NCCL_IB_TC=106\n"
          "NCCL_IB_TC=96\n"
          "NCCL_SOCKET_IFNAME==ens1f0\n"
          "NCCL_IB_SL=3\n");
    CHECK(conf_entries(out, ConfSyntax::nccl).at("NCCL_IB_TC") == "106");
  }

  TEST_CASE("nccl: removing a key drops every line of it; untouched keys byte-identical") {
    std::string text = "A=1\nNCCL_IB_TC=106\nB=2\nNCCL_IB_TC=0\n";
    CHECK(conf_update(text, {{"NCCL_IB_TC", std::nullopt}}, ConfSyntax::nccl) == "A=1\nB=2\n");
    CHECK(conf_update(text, {{"NCCL_IB_TC", "106"}}, ConfSyntax::nccl) == text);  // unchanged
    CHECK(conf_update("", {{"NCCL_IB_TC", "106"}}, ConfSyntax::nccl) == "NCCL_IB_TC=106\n");
  }

  TEST_CASE("ini: keys go before the first [section] (sections are CPU-model filters)") {
    std::string text =
        "; UCX config\n"
        "UCX_TLS = rc,sm\n"
        "\n"
        "[Grace Hopper]\n"
        "CPU model=Grace\n"
        "UCX_IB_TRAFFIC_CLASS=0\n";
    auto e = conf_entries(text, ConfSyntax::ini);
    CHECK(e.size() == 1);
    CHECK(e.at("UCX_TLS") == "rc,sm");
    std::string out = conf_update(text, {{"UCX_IB_TRAFFIC_CLASS", "106"}}, ConfSyntax::ini);
    CHECK(out ==
          "; UCX config\n"
          "UCX_TLS = rc,sm\n"
          "\n"
          "UCX_IB_TRAFFIC_CLASS=106\n"
          "[Grace Hopper]\n"
          "CPU model=Grace\n"
          "UCX_IB_TRAFFIC_CLASS=0\n");
    CHECK(conf_update(out, {{"UCX_IB_TRAFFIC_CLASS", std::nullopt}}, ConfSyntax::ini) == text);
    // ini: the last global occurrence is the one UCX keeps
    CHECK(conf_entries("K=1\nK = 2\n", ConfSyntax::ini).at("K") == "2");
    CHECK(conf_update("K=1\nK = 2\n", {{"K", "3"}}, ConfSyntax::ini) == "K=1\nK=3\n");
  }
}
