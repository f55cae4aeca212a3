#include <signal.h>

#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/child_process.h"
#include "fabric/srun_prober.h"

namespace rocecfg::fabric {

namespace {
std::string joined(const std::vector<std::string>& argv) {
  return fmt::format("{}", fmt::join(argv, " "));
}
}  // namespace

TEST_SUITE("srun prober") {
  TEST_CASE("steps: one task on the host's Slurm node, overlapping the other steps") {
    FabricHost c, s;
    c.name = "f1";
    c.slurm_node = "lab-host";
    c.rdma_device = "rxef1";
    s.name = "gpu002";  // no slurm_node: the host's name is the node
    s.probe_address = "10.0.3.12";
    s.probe_port = 18622;
    s.rdma_device = "rxef2";
    SrunProberOptions o;
    o.remote_rocecfg = "/opt/rocecfg";
    o.server_lifetime_s = 900;
    CHECK(joined(SrunProber::server_argv(o, s)) ==
          "srun --nodes=1 --ntasks=1 --nodelist=gpu002 --overlap --quiet timeout 900 /opt/rocecfg "
          "probe --server --port 18622 --bind 10.0.3.12 --device rxef2");
    PairTest t;
    t.bw_size_bytes = 8192;
    t.duration_ms = 1000;
    CHECK(joined(SrunProber::client_argv(o, t, true, c, s)) ==
          "srun --nodes=1 --ntasks=1 --nodelist=lab-host --overlap --quiet /opt/rocecfg probe "
          "--json --peer 10.0.3.12 --port 18622 --device rxef1 --mode bw --size 8192 "
          "--duration-ms 1000 --timeout-ms 15000 --stall-ms 3000 --tos 0 --max-retransmits 0 "
          "--max-discards 0");
  }
  TEST_CASE("node names srun may get: no option, no file name, no shell") {
    CHECK(valid_slurm_node("gpu001"));
    CHECK(valid_slurm_node("lab-host"));
    CHECK(valid_slurm_node("n1.rack2"));
    CHECK_FALSE(valid_slurm_node(""));
    CHECK_FALSE(valid_slurm_node("-w"));       // would be an option
    CHECK_FALSE(valid_slurm_node("./nodes"));  // a '/' makes srun read a file
    CHECK_FALSE(valid_slurm_node("n1,n2"));    // one node per step
    CHECK_FALSE(valid_slurm_node("n1;reboot"));
    CHECK_FALSE(valid_slurm_node(std::string(65, 'n')));
  }
  TEST_CASE("a host whose node name is invalid cannot take part; nothing is launched") {
    FabricHost a, b;
    a.name = "a";
    a.slurm_node = "-x";
    b.name = "b";
    SrunProberOptions o;
    o.srun = "/nonexistent/srun";
    auto p = SrunProber::start({a, b}, PairTest{}, o);
    REQUIRE(p->host_errors()[0]);
    CHECK(*p->host_errors()[0] == "\"-x\" is not a Slurm node name");
    // b's server step could not start: srun is not there.
    REQUIRE(p->host_errors()[1]);
    CHECK(*p->host_errors()[1] ==
          "the probe server step failed: cannot run: No such file or directory");
    auto samples = p->run_round(Round{{Pair{0, 1}}});
    REQUIRE(samples.size() == 1);
    CHECK(samples[0].error == "a: \"-x\" is not a Slurm node name");
  }
  TEST_CASE("a command beside the probes runs as one more step on the host's node") {
    FabricHost a, b;
    a.name = "gpu1:mlx5_0";
    a.slurm_node = "gpu1";
    b.name = "gpu2";
    SrunProberOptions o;
    o.srun = "echo";  // prints the step's argv: what srun would be given
    o.start_servers = false;
    auto p = SrunProber::start({a, b}, PairTest{}, o);
    auto out = p->run_on_host(0, {"lldpcli", "show", "neighbors", "-f", "json"});
    REQUIRE(out);
    CHECK(
        *out ==
        "--nodes=1 --ntasks=1 --nodelist=gpu1 --overlap --quiet lldpcli show neighbors -f json\n");
    o.srun = "false";  // a step that fails: its exit status is the error
    auto failing = SrunProber::start({a, b}, PairTest{}, o);
    auto err = failing->run_on_host(1, {"lldpcli"});
    REQUIRE_FALSE(err);
    CHECK(err.error().to_string() == "false: exit 1 (nothing on stderr)");
    CHECK_FALSE(p->run_on_host(2, {"lldpcli"}));  // no such endpoint
  }
}

TEST_SUITE("child process") {
  TEST_CASE("stdout and stderr apart, the exit status, no shell on our side") {
    auto r = run_process({"sh", "-c", "echo out; echo err >&2; exit 3"}, 5000);
    REQUIRE(r);
    CHECK(r->out == "out\n");
    CHECK(r->err == "err\n");
    CHECK(r->exit_status == 3);
    auto literal = run_process({"echo", "$HOME;", "*"}, 5000);
    REQUIRE(literal);
    CHECK(literal->out == "$HOME; *\n");
  }
  TEST_CASE("killed at its deadline; a missing program is said") {
    auto r = run_process({"sleep", "10"}, 200);
    REQUIRE_FALSE(r);
    CHECK(r.error().message == "still running after 200 ms; killed");
    auto missing = run_process({"/nonexistent/tool"}, 1000);
    REQUIRE_FALSE(missing);
    CHECK(missing.error().to_string() ==
          "/nonexistent/tool: cannot run: No such file or directory");
  }
  TEST_CASE("a background process is ready at its line, fails with what it printed") {
    auto ok = BackgroundProcess::start({"sh", "-c",
                                        "echo starting; sleep 0.2; echo listening on "
                                        "port 1; exec sleep 30"},
                                       "listening on port", 5000);
    REQUIRE(ok);
    pid_t pid = (*ok)->pid();
    ok->reset();  // SIGTERM and reaped
    CHECK(kill(pid, 0) != 0);
    auto died = BackgroundProcess::start({"sh", "-c", "echo no device >&2; exit 3"},
                                         "listening on port", 5000);
    REQUIRE_FALSE(died);
    CHECK(died.error().message == "exited (status 3) before it was ready: no device");
    auto slow = BackgroundProcess::start({"sleep", "30"}, "listening on port", 300);
    REQUIRE_FALSE(slow);
    CHECK(slow.error().message == "not ready after 300 ms: (nothing printed)");
  }
}

}  // namespace rocecfg::fabric
