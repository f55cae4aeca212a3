#include "core/stop_signal.h"

#include <csignal>
#include <cstring>
#include <initializer_list>

namespace rocecfg {

namespace {

volatile std::sig_atomic_t g_stop_signal = 0;

void record(int signal) {
  // Keep the first: a second SIGTERM must not hide that the first came.
  if (g_stop_signal == 0) g_stop_signal = signal;
}

}  // namespace

void install_stop_handlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = record;
  sigemptyset(&sa.sa_mask);
  // No SA_RESTART: a blocking read (SSH, netlink) returns EINTR and the
  // caller's own timeout or the next check ends the run promptly.
  for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaction(s, &sa, nullptr);
}

int stop_signal_received() {
  return g_stop_signal;
}

void clear_stop_signal() {
  g_stop_signal = 0;
}

const char* signal_name(int signal) {
  switch (signal) {
    case SIGTERM:
      return "SIGTERM";
    case SIGINT:
      return "SIGINT";
    case SIGHUP:
      return "SIGHUP";
    case SIGKILL:
      return "SIGKILL";
  }
  return "a signal";
}

}  // namespace rocecfg
