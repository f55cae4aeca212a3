// NCCL logs written from NCCL's own format strings (nccl-logs/README.md),
// judged against a RoCE profile with traffic class 106; exact output.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "profile/load.h"
#include "workload/nccl_log_report.h"

using namespace rocecfg;
using namespace rocecfg::workload;

namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(ROCECFG_SOURCE_DIR) + "/tests/workload/nccl-logs/" + name);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

profile::Intent profile_106() {
  // (built in two steps: GCC 12's -Warray-bounds misreads the inlined
  // temporary of `std::string(...) + "..."` here)
  std::string path = ROCECFG_SOURCE_DIR;
  path += "/profiles/roce-lossless-nccl.toml";
  auto loaded = profile::load_profile(path);
  REQUIRE_MESSAGE(loaded.value, loaded.diagnostics.render());
  return *loaded.value;
}

std::string judged(const std::string& name, bool* ok = nullptr) {
  profile::Intent intent = profile_106();
  NcclLog log = parse_nccl_log(fixture(name));
  NcclLogReport r = judge_nccl_log(log, intent);
  if (ok) *ok = r.ok;
  return render_text(r, intent);
}

}  // namespace

TEST_SUITE("nccl-log") {
  TEST_CASE("parse: processes, devices, environment, GID and channels from the RoCE log") {
    NcclLog log = parse_nccl_log(fixture("roce-ok.log"));
    CHECK(log.nccl_lines == 18);
    REQUIRE(log.processes.size() == 2);
    const NcclProcess& p = log.processes[0];
    CHECK(p.host == "gpu01");
    CHECK(p.pid == 12345);
    CHECK(p.rank == 0);
    CHECK(p.nranks == 2);
    CHECK(p.network == "IB");
    REQUIRE(p.ib_devices.size() == 1);
    CHECK(p.ib_devices[0].name == "mlx5_0");
    CHECK(p.ib_devices[0].port == 1);
    CHECK(p.ib_devices[0].link_layer == "RoCE");
    CHECK(p.env.at("NCCL_IB_TC") == "106");
    CHECK(p.env.at("NCCL_IB_HCA") == "=mlx5_0:1");
    CHECK(p.gid_by_ibdev.at(0) == 3);
    CHECK(p.channel_nets == std::vector<std::string>{"IB"});
  }

  TEST_CASE("RoCE with NCCL_IB_TC=106 on every rank: ok") {
    bool ok = false;
    CHECK(judged("roce-ok.log", &ok) ==
          "profile roce-lossless: traffic class 106 (DSCP 26, ECN ECT(0))\n"
          "rank  host:pid     transport  hca            gid  tc                 sl           "
          "verdict\n"
          "0     gpu01:12345  NET/IB     mlx5_0:1/RoCE  3    106 (environment)  0 (default)  ok\n"
          "1     gpu02:23456  NET/IB     mlx5_0:1/RoCE  3    106 (environment)  0 (default)  ok\n"
          "verdict: ok\n");
    CHECK(ok);
  }

  TEST_CASE("wrong traffic class: ECT missing on rank 0, NCCL's default 0 (lossy) on rank 1") {
    bool ok = true;
    CHECK(judged("roce-wrong-tc.log", &ok) ==
          "profile roce-lossless: traffic class 106 (DSCP 26, ECN ECT(0))\n"
          "rank  host:pid     transport  hca            gid  tc                 sl           "
          "verdict\n"
          "0     gpu01:12345  NET/IB     mlx5_0:1/RoCE  3    104 (environment)  0 (default)  FAIL\n"
          "1     gpu02:23456  NET/IB     mlx5_0:1/RoCE  3    0 (default)        0 (default)  FAIL\n"
          "rank 0 (gpu01): NCCL_IB_TC 104 is DSCP 26, ECN Not-ECT; the profile wants 106 (DSCP 26, "
          "ECN ECT(0))\n"
          "rank 1 (gpu02): NCCL_IB_TC 0 is DSCP 0, ECN Not-ECT: DSCP 0 is not lossless, the job's "
          "RDMA runs in a lossy class (profile: 106, DSCP 26, ECN ECT(0))\n"
          "verdict: FAIL\n");
    CHECK_FALSE(ok);
  }

  TEST_CASE("socket fallback fails and names the cause") {
    bool ok = true;
    CHECK(
        judged("socket-fallback.log", &ok) ==
        "profile roce-lossless: traffic class 106 (DSCP 26, ECN ECT(0))\n"
        "rank  host:pid     transport   hca  gid  tc                 sl           verdict\n"
        "0     gpu01:12345  NET/IB      -    -    106 (environment)  0 (default)  ok\n"
        "1     gpu02:23456  NET/Socket  -    -    106 (environment)  0 (default)  FAIL\n"
        "rank 1 (gpu02): fell back to NET/Socket (TCP, no RDMA): NCCL found no usable RDMA device "
        "(\"NET/IB : No device found.\"): no RDMA device, no port up, or the rdma-core provider is "
        "missing\n"
        "verdict: FAIL\n");
    CHECK_FALSE(ok);
  }

  TEST_CASE("InfiniBand: DSCP does not apply, said so") {
    bool ok = false;
    CHECK(
        judged("ib.log", &ok) ==
        "profile roce-lossless: traffic class 106 (DSCP 26, ECN ECT(0))\n"
        "rank  host:pid    transport  hca          gid  tc       sl       verdict\n"
        "0     node1:4242  NET/IB     mlx5_0:1/IB  -    unknown  unknown  ok\n"
        "1     node2:4343  NET/IB     mlx5_0:1/IB  -    unknown  unknown  ok\n"
        "note: rank 0 on node1: InfiniBand link layer: DSCP and ECN do not apply (IB uses SL/VL)\n"
        "note: rank 1 on node2: InfiniBand link layer: DSCP and ECN do not apply (IB uses SL/VL)\n"
        "verdict: ok\n");
    CHECK(ok);
  }

  TEST_CASE("a log without ENV lines cannot show the traffic class: not green") {
    bool ok = true;
    std::string out = judged("subsys-no-env.log", &ok);
    CHECK(out.find("rank 0 (gpu01): traffic class not in the log: rerun with "
                   "NCCL_DEBUG_SUBSYS=INIT,NET,ENV so NCCL prints its NCCL_IB_TC\n") !=
          std::string::npos);
    CHECK_FALSE(ok);
  }

  TEST_CASE("no NCCL lines at all: not green, says how to get them") {
    profile::Intent intent = profile_106();
    NcclLogReport r = judge_nccl_log(parse_nccl_log("hello\nworld\n"), intent);
    CHECK_FALSE(r.ok);
    CHECK(render_text(r, intent) ==
          "profile roce-lossless: traffic class 106 (DSCP 26, ECN ECT(0))\n"
          "rank  host:pid  transport  hca  gid  tc  sl  verdict\n"
          "note: no NCCL log lines found: run the job with NCCL_DEBUG=INFO "
          "NCCL_DEBUG_SUBSYS=INIT,NET,ENV\n"
          "verdict: FAIL\n");
  }

  // Issue 36 item 9: the hca column listed every device NCCL offered; the
  // NIC a rank used is the one its channel lines name ("via NET/IB/1" is
  // [1] of that process's "NET/IB : Using" list, src/transport/net.cc).
  TEST_CASE("each rank shows the NIC its channels used, and the GID index the environment pins") {
    NcclLog log = parse_nccl_log(fixture("roce-rails.log"));
    REQUIRE(log.processes.size() == 4);
    CHECK(log.processes[0].ib_devices.size() == 2);
    CHECK(log.processes[0].ib_devices_used == std::vector<int>{0});
    CHECK(log.processes[1].ib_devices_used == std::vector<int>{1});
    CHECK(log.processes[0].env.at("NCCL_IB_GID_INDEX") == "3");
    CHECK(log.processes[0].gid_by_ibdev.empty());
    bool ok = false;
    CHECK(judged("roce-rails.log", &ok) ==
          "profile roce-lossless: traffic class 106 (DSCP 26, ECN ECT(0))\n"
          "rank  host:pid    transport  hca            gid              tc                 sl    "
          "       verdict\n"
          "0     gpu01:1001  NET/IB     mlx5_0:1/RoCE  3 (environment)  106 (environment)  0 "
          "(default)  ok\n"
          "1     gpu01:1002  NET/IB     mlx5_1:1/RoCE  3 (environment)  106 (environment)  0 "
          "(default)  ok\n"
          "2     gpu02:2001  NET/IB     mlx5_0:1/RoCE  3 (environment)  106 (environment)  0 "
          "(default)  ok\n"
          "3     gpu02:2002  NET/IB     mlx5_1:1/RoCE  3 (environment)  106 (environment)  0 "
          "(default)  ok\n"
          "verdict: ok\n");
    CHECK(ok);
    profile::Intent intent = profile_106();
    auto j = to_json(judge_nccl_log(log, intent), intent);
    CHECK(j["ranks"][1]["hca"] == "mlx5_1:1/RoCE");
    CHECK(j["ranks"][1]["hca_offered"] == "mlx5_0:1/RoCE,mlx5_1:1/RoCE");
    CHECK(j["ranks"][1]["gid_index"] == "3 (environment)");
    CHECK(j["verdict"] == "ok");
    CHECK(j["missing_ranks"] == nlohmann::json::array());
  }

  TEST_CASE("NCCL_IB_GID_INDEX=-1 is auto-selection, as 2.12+ and older releases print it") {
    profile::Intent intent = profile_106();
    for (const char* value : {"-1", "18446744073709551615"}) {
      NcclLog log = parse_nccl_log(
          fmt::format("gpu01:7:7 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to {}.\n"
                      "gpu01:7:7 [0] NCCL INFO Using network IB\n",
                      value));
      NcclLogReport r = judge_nccl_log(log, intent);
      REQUIRE(r.ranks.size() == 1);
      CHECK(r.ranks[0].gid == "-1 (auto)");
    }
  }

  TEST_CASE("a PXN channel (NET/IB/n(proxy)) and an index the Using list lacks") {
    std::string text =
        "gpu01:7:7 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [RO]; OOB "
        "eth0:10.0.0.1<0>\n"
        "gpu01:7:9 [0] NCCL INFO Channel 01/0 : 0[0] -> 9[1] [send] via NET/IB/1(4)/GDRDMA\n"
        "gpu01:7:9 [0] NCCL INFO Channel 02/0 : 0[0] -> 9[1] [send] via NET/IB/2/GDRDMA/Shared\n"
        "gpu01:7:7 [0] NCCL INFO NCCL_IB_TC set by environment to 106.\n"
        "gpu01:7:7 [0] NCCL INFO ncclCommInitRankConfig comm 0x1 rank 0 nranks 1 cudaDev 0 "
        "nvmlDev 0 busId 1b000 commId 0x2 - Init COMPLETE\n";
    NcclLog log = parse_nccl_log(text);
    REQUIRE(log.processes.size() == 1);
    CHECK(log.processes[0].ib_devices_used == std::vector<int>{1, 2});
    profile::Intent intent = profile_106();
    NcclLogReport r = judge_nccl_log(log, intent);
    REQUIRE(r.ranks.size() == 1);
    CHECK(r.ranks[0].hcas == "mlx5_1:1/RoCE");
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0] ==
          "rank 0 on gpu01: its channels use NET/IB/2, which its \"NET/IB : Using\" list does "
          "not name (a merged virtual NIC?)");
  }

  TEST_CASE("2 of 16 ranks in the log: incomplete, the missing ranks named, never ok") {
    bool ok = true;
    CHECK(judged("roce-2-of-16.log", &ok) ==
          "profile roce-lossless: traffic class 106 (DSCP 26, ECN ECT(0))\n"
          "rank  host:pid    transport  hca            gid  tc                 sl           "
          "verdict\n"
          "0     gpu01:3001  NET/IB     mlx5_0:1/RoCE  3    106 (environment)  0 (default)  ok\n"
          "1     gpu01:3002  NET/IB     mlx5_1:1/RoCE  3    106 (environment)  0 (default)  ok\n"
          "note: the log holds 2 of 16 ranks: ranks 2-15 not in it, not judged (give every "
          "node's log, e.g. cat job-*.log | rocecfg nccl-log PROFILE -)\n"
          "verdict: incomplete\n");
    CHECK_FALSE(ok);
    profile::Intent intent = profile_106();
    NcclLog log = parse_nccl_log(fixture("roce-2-of-16.log"));
    NcclLogReport r = judge_nccl_log(log, intent);
    CHECK(r.verdict() == NcclVerdict::incomplete);
    CHECK(r.missing_ranks.size() == 14);
    auto j = to_json(r, intent);
    CHECK(j["verdict"] == "incomplete");
    CHECK(j["missing_ranks"][0] == 2);
    CHECK(j["missing_ranks"][13] == 15);
    // A rank judged outside the profile outranks what is missing: FAIL.
    std::string bad = fixture("roce-2-of-16.log");
    bad.replace(bad.find("to 106."), 7, "to 0.");
    NcclLog bad_log = parse_nccl_log(bad);  // the report points into it
    NcclLogReport f = judge_nccl_log(bad_log, intent);
    CHECK(f.verdict() == NcclVerdict::fail);
    CHECK(render_text(f, intent).ends_with("verdict: FAIL\n"));
  }

  TEST_CASE("a process that completes a split communicator before the world: its world rank") {
    std::string text;
    for (int rank : {0, 1, 2, 3})
      text += fmt::format(
          "n{0}:{0}:{0} [0] NCCL INFO NCCL_IB_TC set by environment to 106.\n"
          "n{0}:{0}:{0} [0] NCCL INFO Using network IB\n"
          "n{0}:{0}:{0} [0] NCCL INFO ncclCommInitRankConfig comm 0x1 rank {1} nranks 2 cudaDev 0 "
          "nvmlDev 0 busId 1b000 commId 0x{2} - Init COMPLETE\n"
          "n{0}:{0}:{0} [0] NCCL INFO ncclCommInitRankConfig comm 0x2 rank {0} nranks 4 cudaDev 0 "
          "nvmlDev 0 busId 1b000 commId 0x7 - Init COMPLETE\n",
          rank, rank % 2, rank / 2);
    NcclLog log = parse_nccl_log(text);
    CHECK(log.processes[3].comm_ranks == std::vector<std::pair<int, int>>{{1, 2}, {3, 4}});
    CHECK(log.processes[3].rank == 3);  // its world rank, not the split one
    CHECK(log.processes[3].nranks == 4);
    NcclLogReport r = judge_nccl_log(log, profile_106());
    CHECK(r.missing_ranks.empty());
    CHECK(r.verdict() == NcclVerdict::ok);
  }

  TEST_CASE("missing ranks in the middle are listed as ranges; no rank count is incomplete") {
    std::string text;
    for (int rank : {0, 1, 4, 7})
      text += fmt::format(
          "n{0}:{0}:{0} [0] NCCL INFO ncclCommInitRankConfig comm 0x1 rank {0} nranks 9 cudaDev 0 "
          "nvmlDev 0 busId 1b000 commId 0x2 - Init COMPLETE\n"
          "n{0}:{0}:{0} [0] NCCL INFO Using network IB\n",
          rank);
    profile::Intent intent = profile_106();
    NcclLog log = parse_nccl_log(text);
    NcclLogReport r = judge_nccl_log(log, intent);
    CHECK(r.missing_ranks == std::vector<int>{2, 3, 5, 6, 8});
    CHECK(r.notes.back() ==
          "the log holds 4 of 9 ranks: ranks 2-3,5-6,8 not in it, not judged (give every node's "
          "log, e.g. cat job-*.log | rocecfg nccl-log PROFILE -)");
    NcclLog unsized = parse_nccl_log(
        "gpu01:7:7 [0] NCCL INFO NCCL_IB_TC set by environment to 106.\n"
        "gpu01:7:7 [0] NCCL INFO Using network IB\n");
    NcclLogReport none = judge_nccl_log(unsized, intent);
    CHECK(none.verdict() == NcclVerdict::incomplete);
    CHECK(none.notes.back() ==
          "the log has no \"Init COMPLETE\" line, so it does not say how many ranks the job "
          "has: it cannot show that every rank is in it (NCCL_DEBUG_SUBSYS needs INIT)");
  }

  // Issue 33: std::regex recursed per character (a 30,000-byte line was a
  // segfault), a 20-digit pid threw from std::stoi, and a repeated device
  // line grew the HCA list without end.
  TEST_CASE("hostile lines: too long is counted, a pid that does not fit is no match") {
    std::string text = "gpu01:1:1 [0] NCCL INFO " + std::string(30000, 'x') + "\n" +
                       "gpu01:99999999999999999999:1 [0] NCCL INFO Using network IB\n" +
                       "gpu01:7:1 [0] NCCL INFO " + std::string(kMaxNcclLineBytes, 'y') + "\n";
    NcclLog log = parse_nccl_log(text);
    CHECK(log.long_lines == 2);
    CHECK(log.nccl_lines == 0);
    CHECK(log.processes.empty());
  }

  TEST_CASE("a device line repeated or listing a device twice keeps each device once") {
    std::string line =
        "gpu01:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1:0/RoCE "
        "[0]mlx5_0:1/RoCE ; OOB eth0:10.0.0.1<0>\n";
    std::string text;
    for (int i = 0; i < 1000; ++i) text += line;
    NcclLog log = parse_nccl_log(text);
    REQUIRE(log.processes.size() == 1);
    const std::vector<NcclDevice>& d = log.processes[0].ib_devices;
    REQUIRE(d.size() == 2);
    CHECK(d[0].name == "mlx5_0");
    CHECK(d[1].name == "mlx5_1");
    CHECK(d[1].port == 1);
  }
}
