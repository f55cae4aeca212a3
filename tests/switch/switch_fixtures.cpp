#include "switch_fixtures.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "files.h"

namespace rocecfg::sw::testing {

namespace {

std::string source(const std::string& rel) {
  return std::string(ROCECFG_SOURCE_DIR) + "/tests/switch/" + rel;
}

std::string python() {
  return access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
}

std::string run_capture(const std::string& cmd) {
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("popen failed: " + cmd);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  int rc = pclose(p);
  if (rc != 0) throw std::runtime_error("command failed: " + cmd + "\n" + out);
  return out;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

}  // namespace

model::Settings standard_profile() {
  model::Settings s;
  s.mtu_bytes = 9216;
  model::Ets ets;
  ets.prio_tc = model::prio_tc_array({0, 1, 2, 3, 4, 5, 6, 7});
  ets.tc_tsa.fill(model::Tsa::ets);
  ets.tc_tsa[6] = model::Tsa::strict;
  ets.tc_bandwidth_percent = {50, 0, 0, 50, 0, 0, 0, 0};
  s.ets = ets;
  s.pfc_enabled = PriorityMask(1u << 3);
  s.trust = model::Trust::dscp;
  s.dscp_priority = model::dscp_priority_map({{26, 3}});
  s.ecn_priorities = PriorityMask(1u << 3);
  s.ecn = model::Ecn{150000, 1500000, 10};
  s.cnp = model::Cnp{Dscp::unchecked(48), Priority::unchecked(6)};
  s.pfc_watchdog = model::PfcWatchdog{200, 200, model::WatchdogAction::drop};
  return s;
}

model::Settings swapped_tc_profile() {
  model::Settings s = standard_profile();
  s.ets->prio_tc = model::prio_tc_array({0, 1, 2, 4, 3, 5, 6, 7});
  s.ets->tc_bandwidth_percent = {50, 0, 0, 0, 50, 0, 0, 0};
  return s;
}

std::string read_source_file(const std::string& relative) {
  return test::read_file(source(relative));
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

std::string golden_diff(const std::string& name, const std::string& actual) {
  return test::golden_diff(source("golden/" + name), actual);
}

SshdFixture::SshdFixture(const std::vector<std::string>& specs) {
  char tmpl[] = "/tmp/rocecfg-sshd-XXXXXX";
  if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
  dir_ = tmpl;
  std::string cmd = python() + " " + source("emu/sshd_fixture.py") + " start " + dir_;
  for (const std::string& s : specs) cmd += " " + s;
  std::istringstream lines(run_capture(cmd + " 2>&1"));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream w(line);
    Switch s;
    unsigned port = 0;
    if (!(w >> s.name >> s.vendor >> port)) continue;
    s.port = static_cast<uint16_t>(port);
    s.dir = dir_ + "/state/" + std::to_string(port);
    switches_.push_back(s);
  }
}

SshdFixture::~SshdFixture() {
  try {
    run_capture(python() + " " + source("emu/sshd_fixture.py") + " stop " + dir_);
  } catch (const std::exception&) {
  }
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

SshTarget SshdFixture::target(size_t i) const {
  SshTarget t;
  t.name = switches_.at(i).name;
  t.host = "127.0.0.1";
  t.port = switches_.at(i).port;
  const char* user = std::getenv("USER");
  t.user = user && *user ? user : "root";
  t.identity_file = dir_ + "/id_ed25519";
  t.known_hosts = dir_ + "/known_hosts";
  t.connect_timeout_ms = 5000;
  t.command_timeout_ms = 10000;
  return t;
}

void SshdFixture::set_fault(size_t i, int at, const std::string& kind, const std::string& match) {
  const std::string& d = switches_.at(i).dir;
  write_file(d + "/counter", "0");
  write_file(d + "/fault.json", "{\"at\": " + std::to_string(at) + ", \"kind\": \"" + kind +
                                    "\", \"hang_s\": 20, \"match\": \"" + match + "\"}");
}

void SshdFixture::clear_fault(size_t i) {
  const std::string& d = switches_.at(i).dir;
  std::filesystem::remove(d + "/fault.json");
  write_file(d + "/counter", "0");
}

int SshdFixture::commands_counted(size_t i) const {
  std::string t = test::read_file(switches_.at(i).dir + "/counter");
  return t.empty() ? 0 : std::stoi(t);
}

std::vector<std::string> SshdFixture::log(size_t i) const {
  std::istringstream in(test::read_file(switches_.at(i).dir + "/log"));
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

void SshdFixture::clear_log(size_t i) {
  write_file(switches_.at(i).dir + "/log", "");
}

}  // namespace rocecfg::sw::testing
