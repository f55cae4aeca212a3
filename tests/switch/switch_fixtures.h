// Shared by the switch tests: the standard profile, golden files under
// tests/switch/golden/, and SshdFixture - a real OpenSSH sshd on 127.0.0.1
// whose forced command is the switch emulator (tests/switch/emu). The
// emulator is the stand-in for the *device*; libssh, sshd and our transport
// are all real.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "model/settings.h"
#include "switch/ssh.h"

namespace rocecfg::sw::testing {

// PFC on 3, DSCP 26 -> 3, CNP 48 -> 6 (strict TC6), ECN on 3 at
// 150KB/1500KB p=10 %, ETS 50/50 on TC0/TC3, MTU 9216, watchdog 200/200 ms drop.
model::Settings standard_profile();
// The standard profile with a non-identity priority -> traffic class map:
// priority 3 (RoCE, lossless, ECN) is served by TC 4 and priority 4 by TC 3;
// ETS 50/50 on TC0/TC4.
model::Settings swapped_tc_profile();

std::string read_source_file(const std::string& relative);  // under tests/switch/
// "" when equal to tests/switch/golden/<name>, else the first differing line.
// ROCECFG_UPDATE_GOLDEN=1 rewrites the file instead.
std::string golden_diff(const std::string& name, const std::string& actual);
std::string joined(const std::vector<std::string>& lines);

class SshdFixture {
 public:
  struct Switch {
    std::string name;
    std::string vendor;
    uint16_t port = 0;
    std::string dir;  // the emulator's state directory for this switch
  };

  // specs: "cumulus:2", "sonic" ... one sshd per 16 switches.
  explicit SshdFixture(const std::vector<std::string>& specs);
  ~SshdFixture();
  SshdFixture(const SshdFixture&) = delete;
  SshdFixture& operator=(const SshdFixture&) = delete;

  const std::vector<Switch>& switches() const { return switches_; }
  const std::string& dir() const { return dir_; }
  // Key auth with the fixture's client key, strict known_hosts, short timeouts.
  SshTarget target(size_t i) const;

  // Fault injection (see emu_core.py); resets the command counter.
  void set_fault(size_t i, int at, const std::string& kind, const std::string& match = "");
  void clear_fault(size_t i);
  int commands_counted(size_t i) const;
  std::vector<std::string> log(size_t i) const;  // commands the device executed
  void clear_log(size_t i);

 private:
  std::string dir_;
  std::vector<Switch> switches_;
};

}  // namespace rocecfg::sw::testing

namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) {
    std::string out = "{\n";
    for (const auto& s : v) out += "  \"" + s + "\"\n";
    return (out + "}").c_str();
  }
};
}  // namespace doctest
