// The transport itself against a real sshd: host-key policy, authentication
// errors, exec exit codes, timeouts, dropped connections, and the interactive
// shell (prompts, paging, error markers) against tests/switch/emu/testcli_emu.py.
#include <doctest/doctest.h>

#include "require_ok.h"

#include <fstream>
#include <sstream>

#include "files.h"
#include "switch/ssh.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

namespace {
ShellDialect testcli_dialect() {
  ShellDialect d;
  d.prompt_regex = R"(^[\w.-]+(\([\w-]+\))?[#>] ?$)";
  d.error_regexes = {R"(^% ?Invalid input)", R"(^Error:)"};
  d.setup_commands = {"terminal length 0"};
  return d;
}
}  // namespace

TEST_SUITE("ssh transport") {
  TEST_CASE("an unknown host key is refused with its SHA256 fingerprint") {
    SshdFixture fx({"cumulus"});
    SshTarget t = fx.target(0);
    t.known_hosts = fx.dir() + "/empty_known_hosts";
    std::ofstream(t.known_hosts).close();
    auto s = ExecSession::open(t);
    REQUIRE_FALSE(s);
    CHECK(s.error().kind == ErrorKind::permission);
    CHECK(s.error().message.find("unknown host key SHA256:") == 0);
    CHECK(s.error().message.find("--accept-new-host-keys") != std::string::npos);
    CHECK(fx.log(0).empty());  // nothing ran on the device

    SUBCASE("accept-new records it, and later connections need no flag") {
      t.accept_new_host_key = true;
      auto first = ExecSession::open(t);
      REQUIRE_OK(first);
      CHECK(test::read_file(t.known_hosts).find("ssh-ed25519") != std::string::npos);
      t.accept_new_host_key = false;
      auto again = ExecSession::open(t);
      CHECK_OK(again);
    }
  }

  TEST_CASE("a changed host key is refused even with accept-new") {
    SshdFixture fx({"cumulus"});
    SshTarget t = fx.target(0);
    // Another key for the same [host]:port.
    std::string other = fx.dir() + "/other_key";
    REQUIRE(std::system(("ssh-keygen -q -t ed25519 -N '' -f " + other).c_str()) == 0);
    std::string pub = test::read_file(other + ".pub");
    pub = pub.substr(0, pub.find(' ', pub.find(' ') + 1));
    t.known_hosts = fx.dir() + "/changed_known_hosts";
    std::ofstream(t.known_hosts) << "[127.0.0.1]:" << t.port << " " << pub << "\n";
    t.accept_new_host_key = true;
    auto s = ExecSession::open(t);
    REQUIRE_FALSE(s);
    CHECK(s.error().kind == ErrorKind::permission);
    CHECK(s.error().message.find("does not match") != std::string::npos);
    CHECK(s.error().message.find("SHA256:") != std::string::npos);
  }

  TEST_CASE("a @revoked host key is refused, even with accept-new") {
    SshdFixture fx({"cumulus"});
    SshTarget t = fx.target(0);
    std::string key = test::read_file(fx.dir() + "/known_hosts");
    key = key.substr(key.find(' ') + 1);  // "ssh-ed25519 AAAA..."
    for (std::string file : {"revoked_only", "revoked_and_known"}) {
      CAPTURE(file);
      t.known_hosts = fx.dir() + "/" + file;
      std::ofstream out(t.known_hosts);
      out << "@revoked * " << key;
      if (file == "revoked_and_known") out << test::read_file(fx.dir() + "/known_hosts");
      out.close();
      t.accept_new_host_key = true;
      auto s = ExecSession::open(t);
      REQUIRE_FALSE(s);
      CHECK(s.error().kind == ErrorKind::permission);
      CHECK(s.error().message.find("REVOKED HOST KEY SHA256:") == 0);
      if (file == "revoked_only")  // never recorded as trusted
        CHECK(test::read_file(t.known_hosts) == "@revoked * " + key);
    }
    CHECK(fx.log(0).empty());
  }

  TEST_CASE("an encrypted identity file says so, and ssh-agent is used when running") {
    SshdFixture fx({"cumulus"});
    SshTarget t = fx.target(0);
    std::string key = fx.dir() + "/encrypted_key";
    REQUIRE(std::system(("ssh-keygen -q -t ed25519 -N 'pass phrase' -f " + key).c_str()) == 0);
    t.identity_file = key;
    unsetenv("SSH_AUTH_SOCK");
    auto s = ExecSession::open(t);
    REQUIRE_FALSE(s);
    CHECK(s.error().message == "identity file " + key +
                                   " is an encrypted key: load it into ssh-agent (ssh-add " + key +
                                   ") and keep SSH_AUTH_SOCK set");
  }

  TEST_CASE("a switch printing without end fails alone, at the output cap") {
    SshdFixture fx({"cumulus"});
    SshTarget t = fx.target(0);
    auto s = ExecSession::open(t);
    REQUIRE(s);
    fx.set_fault(0, 1, "flood");
    auto r = (*s)->run("nv config show -o commands");
    REQUIRE_FALSE(r);
    CHECK(r.error().message ==
          "\"nv config show -o commands\" printed more than 16 MiB; stopped reading");
    fx.clear_fault(0);
    REQUIRE((*s)->reconnect());
    CHECK((*s)->run("nv config show -o commands"));
  }

  TEST_CASE("a missing password variable is named, its value never shown") {
    SshdFixture fx({"cumulus"});
    SshTarget t = fx.target(0);
    t.identity_file.clear();
    t.password_env = "ROCECFG_TEST_NO_SUCH_VAR";
    unsetenv("SSH_AUTH_SOCK");
    auto s = ExecSession::open(t);
    REQUIRE_FALSE(s);
    CHECK(s.error().message ==
          "environment variable ROCECFG_TEST_NO_SUCH_VAR (password_env) is not set");
    setenv("ROCECFG_TEST_PW", "hunter2-secret", 1);
    t.password_env = "ROCECFG_TEST_PW";
    auto denied = ExecSession::open(t);  // sshd allows keys only
    REQUIRE_FALSE(denied);
    CHECK(denied.error().message.find("authentication as") == 0);
    CHECK(denied.error().message.find("password from $ROCECFG_TEST_PW") != std::string::npos);
    CHECK(denied.error().message.find("hunter2") == std::string::npos);
  }

  TEST_CASE("exec: output, failures with the device's message, refusal of injected commands") {
    SshdFixture fx({"cumulus"});
    auto s = ExecSession::open(fx.target(0));
    REQUIRE(s);
    auto ok = (*s)->run("nv config show -o commands");
    REQUIRE(ok);
    CHECK(ok->find("nv set system hostname cumulus1\n") != std::string::npos);
    auto bad = (*s)->run("nv set qos bogus 1");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message ==
          "\"nv set qos bogus 1\" failed (exit 1): Error: 'qos bogus 1' is not a valid NVUE "
          "command path");
    for (const char* evil :
         {"nv config show; reboot", "nv config show && reboot", "nv set system hostname $(reboot)",
          "nv config show\nreboot", "nv set system hostname `reboot`", "nv config show | sh"}) {
      CAPTURE(evil);
      auto r = (*s)->run(evil);
      REQUIRE_FALSE(r);
      CHECK(r.error().kind == ErrorKind::invalid_input);
    }
    CHECK(fx.log(0).size() == 2);  // none of the injected lines reached the device
  }

  TEST_CASE("exec: a dropped connection fails the command, reconnect recovers") {
    SshdFixture fx({"cumulus"});
    auto s = ExecSession::open(fx.target(0));
    REQUIRE(s);
    fx.set_fault(0, 1, "drop");
    auto r = (*s)->run("nv config show -o commands");
    REQUIRE_FALSE(r);
    CHECK(r.error().message.find("connection lost") != std::string::npos);
    fx.clear_fault(0);
    auto again = (*s)->run("nv config show -o commands");
    REQUIRE_FALSE(again);
    CHECK(again.error().message == "not connected (an earlier command failed)");
    REQUIRE((*s)->reconnect());
    CHECK((*s)->run("nv config show -o commands"));
  }

  TEST_CASE("shell: prompts, config mode, paging, error markers") {
    SshdFixture fx({"testcli"});
    SUBCASE("paging disabled by the setup command") {
      auto s = ShellSession::open(fx.target(0), testcli_dialect());
      REQUIRE_OK(s);
      auto out = (*s)->run("show running-config");
      REQUIRE(out);
      CHECK(out->find("hostname testcli1\n") == 0);
      CHECK(out->find("interface Ethernet60\n") != std::string::npos);
      CHECK(out->find("More") == std::string::npos);
      CHECK((*s)->run("configure terminal"));
      CHECK((*s)->run("hostname leaf9"));
      CHECK((*s)->run("end"));
      auto again = (*s)->run("show running-config");
      REQUIRE(again);
      CHECK(again->find("hostname leaf9\n") == 0);
      auto bad = (*s)->run("hostname x");  // not in config mode
      REQUIRE_FALSE(bad);
      CHECK(bad.error().message ==
            "\"hostname x\" rejected: % Invalid input detected at '^' marker.");
    }
    SUBCASE("a pager that could not be disabled is answered and stripped") {
      ShellDialect d = testcli_dialect();
      d.setup_commands.clear();
      auto s = ShellSession::open(fx.target(0), d);
      REQUIRE(s);
      auto out = (*s)->run("show running-config");
      REQUIRE(out);
      CHECK(out->find("More") == std::string::npos);
      std::istringstream lines(*out);
      int n = 0;
      for (std::string l; std::getline(lines, l); ++n)
        if (n >= 1 && n <= 60) CHECK(l.find("interface Ethernet") == 0);
      CHECK(n == 121);  // hostname + 60 x (interface, description)
    }
    SUBCASE("a command that hangs times out") {
      SshTarget t = fx.target(0);
      t.command_timeout_ms = 1000;
      auto s = ShellSession::open(t, testcli_dialect());
      REQUIRE(s);
      fx.set_fault(0, 1, "hang");
      auto r = (*s)->run("show version");
      REQUIRE_FALSE(r);
      CHECK(r.error().kind == ErrorKind::timeout);
      fx.clear_fault(0);
    }
  }
}

}  // namespace rocecfg::sw::testing
