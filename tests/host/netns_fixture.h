// A network namespace of our own with a veth pair, entered by this (single
// threaded) test process with setns(2), so libnl sockets opened afterwards
// talk to the real kernel inside it. Needs root; tests are labelled "netns".
#pragma once

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

namespace rocecfg::test {

// Run a shell command, return stdout; throws on a non-zero exit.
inline std::string sh(const std::string& cmd) {
  std::array<char, 4096> buf;
  std::string out;
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  if (!p) throw std::runtime_error("popen failed: " + cmd);
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  int rc = ::pclose(p);
  if (rc != 0)
    throw std::runtime_error("command failed (" + std::to_string(rc) + "): " + cmd + "\n" + out);
  return out;
}

class NetnsFixture {
 public:
  NetnsFixture() : name_("rocecfg-host-" + std::to_string(::getpid())) {
    sh("ip netns add " + name_);
    sh(ip("link add rcfg0 type veth peer name rcfg1"));
    original_ = ::open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    int fd = ::open(("/run/netns/" + name_).c_str(), O_RDONLY | O_CLOEXEC);
    if (original_ < 0 || fd < 0 || ::setns(fd, CLONE_NEWNET) != 0)
      throw std::runtime_error("cannot enter netns " + name_);
    ::close(fd);
  }
  ~NetnsFixture() {
    if (original_ >= 0) {
      (void)::setns(original_, CLONE_NEWNET);
      ::close(original_);
    }
    std::system(("ip netns del " + name_ + " 2>/dev/null").c_str());
  }
  // "ip -n NS <args>": the independent peer that checks what we did.
  std::string ip(const std::string& args) const { return "ip -n " + name_ + " " + args; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  int original_ = -1;
};

inline bool have_root() {
  return ::geteuid() == 0;
}

}  // namespace rocecfg::test
