// Junos end to end: the real transport and engine against a real sshd whose
// forced command emulates the Junos CLI (tests/switch/emu/junos_emu.py):
// configure exclusive, commit check, commit confirmed with a timer that really
// reverts, rollback, a fault at every step, host keys.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "require_ok.h"
#include "switch/ssh.h"
#include "vendor_ssh.h"

namespace rocecfg::sw::testing {

namespace {
const std::vector<std::string> kPorts = {"et-0/0/1", "et-0/0/2", "et-0/0/3"};

// One emulated minute lasts `seconds` (commit confirmed N counts them).
void set_minute(SshdFixture& fx, int seconds) {
  const std::string path = fx.switches()[0].dir + "/state.json";
  nlohmann::json state = nlohmann::json::parse(read_all(path));
  state["minute_s"] = seconds;
  write_all(path, state.dump());
}
}  // namespace

TEST_SUITE("junos over ssh") {
  TEST_CASE("apply from factory defaults, audit clean, a second apply sends nothing") {
    SshdFixture fx({"junos"});
    const std::string factory = running_config(fx, 0, "junos");
    SwitchResult first = apply_once(fx, 0, "junos", standard_profile(), kPorts);
    INFO(first.reason);
    REQUIRE(first.outcome == SwitchOutcome::applied);
    // The port-blocking pitfall, said before anything was sent.
    const std::string block =
        ": changing PFC blocks the whole port until the change completes (traffic on every "
        "queue of the port is lost meanwhile)";
    CHECK(first.warnings ==
          std::vector<std::string>{"2 knob(s) not expressible on junos", "pfc: et-0/0/1" + block,
                                   "pfc: et-0/0/2" + block, "pfc: et-0/0/3" + block});
    auto log = fx.log(0);
    CHECK(std::find(log.begin(), log.end(), "commit confirmed 5") != log.end());
    CHECK(log.back() == "show configuration | display set");  // the verifying read

    SwitchResult audit = audit_once(fx, 0, "junos", standard_profile(), kPorts);
    CHECK(audit.outcome == SwitchOutcome::in_sync);

    fx.clear_log(0);
    SwitchResult second = apply_once(fx, 0, "junos", standard_profile(), kPorts);
    CHECK(second.outcome == SwitchOutcome::in_sync);
    CHECK(second.commands.empty());
    CHECK(fx.log(0) == std::vector<std::string>{"set cli screen-length 0", "set cli screen-width 0",
                                                "show configuration | display set"});

    std::string config = running_config(fx, 0, "junos");
    CHECK(config.find("set interfaces et-0/0/3 mtu 9216\n") != std::string::npos);
    CHECK(config.find("set interfaces et-0/0/4 mtu") == std::string::npos);  // untouched
    // The factory statements (system, protocols ...) are all still there.
    size_t kept = 0, lines = 0;
    for (size_t a = 0, b; a < factory.size(); a = b + 1) {
      b = std::min(factory.find('\n', a), factory.size());
      std::string l = factory.substr(a, b - a);
      if (l.empty()) continue;
      ++lines;
      if (config.find(l + "\n") != std::string::npos) ++kept;
    }
    CHECK(lines > 30);
    CHECK(kept == lines);
  }

  TEST_CASE("commit confirmed really reverts when no confirming commit comes") {
    SshdFixture fx({"junos"});
    const std::string before = running_config(fx, 0, "junos");
    set_minute(fx, 1);
    {
      auto a = make_adapter("junos");
      auto s = open_session(fx.target(0), *a);
      REQUIRE_OK(s);
      for (const char* c :
           {"configure exclusive", "set interfaces et-0/0/1 mtu 9000", "commit confirmed 1"})
        REQUIRE_OK((*s)->run(c));
      // The session dies here, unconfirmed.
    }
    CHECK(running_config(fx, 0, "junos").find("set interfaces et-0/0/1 mtu 9000") !=
          std::string::npos);  // live meanwhile
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    CHECK(running_config(fx, 0, "junos") == before);
  }

  TEST_CASE("configure private refuses commit confirmed, as Junos documents; exclusive takes it") {
    SshdFixture fx({"junos"});
    auto a = make_adapter("junos");
    auto s = open_session(fx.target(0), *a);
    REQUIRE_OK(s);
    REQUIRE_OK((*s)->run("configure private"));
    REQUIRE_OK((*s)->run("set interfaces et-0/0/1 mtu 9000"));
    auto r = (*s)->run("commit confirmed 5");
    REQUIRE_FALSE(r);
    CHECK(r.error().message.find("commit confirmed is not supported in configure private mode") !=
          std::string::npos);
  }

  TEST_CASE("a refused statement is reported and nothing is committed") {
    SshdFixture fx({"junos"});
    const std::string before = running_config(fx, 0, "junos");
    auto a = make_adapter("junos");
    auto s = open_session(fx.target(0), *a);
    REQUIRE_OK(s);
    // 9217 is outside Junos's MTU range: the CLI's syntax error, then rollback 0.
    Status r =
        a->push(**s, {"set interfaces et-0/0/1 mtu 9216", "set interfaces et-0/0/2 mtu 9217"});
    REQUIRE_FALSE(r);
    CHECK(r.error().message.find("syntax error.") != std::string::npos);
    CHECK(r.error().message.ends_with("the junos transaction was rolled back"));
    CHECK(running_config(fx, 0, "junos") == before);
  }

  TEST_CASE("a fault at every step of an apply leaves the configuration exactly as before") {
    // Emulated minutes stay 60 s: every undo here is explicit, never the timer.
    int steps = fault_sweep("junos", {"et-0/0/1", "et-0/0/2"});
    CHECK(steps > 60);
  }

  TEST_CASE("an unknown host key is refused before any command reaches the switch") {
    SshdFixture fx({"junos"});
    SshTarget t = fx.target(0);
    t.known_hosts = fx.dir() + "/empty_known_hosts";
    std::ofstream(t.known_hosts).close();
    auto a = make_adapter("junos");
    auto s = open_session(t, *a);
    REQUIRE_FALSE(s);
    CHECK(s.error().message.find("unknown host key SHA256:") == 0);
    CHECK(fx.log(0).empty());
  }
}

}  // namespace rocecfg::sw::testing
