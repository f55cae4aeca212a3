#include "core/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace rocecfg {
namespace {

using Clock = std::chrono::steady_clock;

std::string program_of(const std::vector<std::string>& argv) {
  return argv.empty() ? std::string("(empty command)") : argv.front();
}

// fds: child's stdout and stderr (may be the same); -1 keeps ours.
Result<pid_t> spawn(const std::vector<std::string>& argv, int out_fd, int err_fd) {
  if (argv.empty()) return fail(ErrorKind::invalid_input, "process", "empty command");
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  if (out_fd >= 0) posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
  if (err_fd >= 0) posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0)
    return fail(ErrorKind::failed, program_of(argv), fmt::format("cannot run: {}", strerror(rc)));
  return pid;
}

int status_of(int wstatus) {
  if (WIFEXITED(wstatus)) return WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) return 128 + WTERMSIG(wstatus);
  return 255;
}

void kill_and_reap(pid_t pid) {
  kill(pid, SIGKILL);
  int st = 0;
  waitpid(pid, &st, 0);
}

}  // namespace

Result<ProcessOutput> run_process(const std::vector<std::string>& argv, uint32_t timeout_ms) {
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return fail(program_of(argv), "pipe failed");
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return fail(program_of(argv), "pipe failed");
  }
  auto pid = spawn(argv, out_pipe[1], err_pipe[1]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (!pid) {
    close(out_pipe[0]);
    close(err_pipe[0]);
    return std::unexpected(pid.error());
  }
  ProcessOutput r;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&r.out, &r.err};
  auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  std::optional<Error> error;
  int open_fds = 2;
  while (open_fds > 0 && !error) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      error = Error{ErrorKind::timeout, program_of(argv),
                    fmt::format("still running after {} ms; killed", timeout_ms)};
      break;
    }
    if (poll(fds, 2, static_cast<int>(left.count())) < 0 && errno != EINTR) {
      error = Error{ErrorKind::failed, program_of(argv), "poll failed"};
      break;
    }
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[8192];
      ssize_t n = read(fds[k].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[k]->append(buf, static_cast<size_t>(n));
        if (sinks[k]->size() > kMaxChildOutputBytes)
          error = Error{ErrorKind::failed, program_of(argv),
                        fmt::format("printed more than {} bytes; killed", kMaxChildOutputBytes)};
      } else if (n == 0 || errno != EINTR) {
        close(fds[k].fd);
        fds[k].fd = -1;
        --open_fds;
      }
    }
  }
  for (pollfd& f : fds)
    if (f.fd >= 0) close(f.fd);
  if (error) {
    kill_and_reap(*pid);
    return std::unexpected(*error);
  }
  // Both streams closed: the child has exited or is about to.
  int st = 0;
  while (waitpid(*pid, &st, 0) < 0 && errno == EINTR) {
  }
  r.exit_status = status_of(st);
  return r;
}

Result<std::unique_ptr<BackgroundProcess>> BackgroundProcess::start(
    const std::vector<std::string>& argv, const std::string& ready, uint32_t timeout_ms) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string templ = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/rocecfg-child-XXXXXX";
  int fd = mkostemp(templ.data(), O_CLOEXEC);
  if (fd < 0) return fail(program_of(argv), fmt::format("cannot create {}", templ));
  unlink(templ.c_str());  // nobody else needs its name
  auto pid = spawn(argv, fd, fd);
  if (!pid) {
    close(fd);
    return std::unexpected(pid.error());
  }
  std::unique_ptr<BackgroundProcess> p(new BackgroundProcess(*pid, fd));
  // The child writes through the shared file offset; pread reads from the
  // start without moving it.
  auto printed = [fd] {
    std::string s(64 * 1024, '\0');
    ssize_t n = pread(fd, s.data(), s.size(), 0);
    s.resize(n > 0 ? static_cast<size_t>(n) : 0);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    return s.empty() ? std::string("(nothing printed)") : s;
  };
  auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    if (printed().find(ready) != std::string::npos) return p;
    int st = 0;
    if (waitpid(*pid, &st, WNOHANG) == *pid) {
      p->pid_ = -1;  // reaped
      return fail(program_of(argv), fmt::format("exited (status {}) before it was ready: {}",
                                                status_of(st), printed()));
    }
    if (Clock::now() > deadline)
      return fail(ErrorKind::timeout, program_of(argv),
                  fmt::format("not ready after {} ms: {}", timeout_ms, printed()));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

BackgroundProcess::~BackgroundProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    int st = 0;
    bool reaped = false;
    for (int i = 0; i < 100 && !reaped; ++i) {
      reaped = waitpid(pid_, &st, WNOHANG) == pid_;
      if (!reaped) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (!reaped) kill_and_reap(pid_);
  }
  close(log_fd_);
}

}  // namespace rocecfg
