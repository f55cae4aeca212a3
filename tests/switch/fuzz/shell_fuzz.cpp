// libFuzzer target for what a switch prints into the interactive SSH shell
// (issue 33): the CLI dialects' prompt, pager and error matching
// (lib/switch/shell_text) driven the way ShellSession::run reads, on the
// byte stream an emulator behind sshd printed (seeds: shell_seeds.py) and
// its mutations. Byte 0 picks the vendor (those with a shell dialect), byte
// 1 the size of the reads the stream arrives in; the rest is the stream:
// the login banner up to the first prompt, then one command's output per
// prompt, for the dialect's setup commands, the config read and a rejected
// command, in that order. Any bytes must give output, a refusal or a wait for
// more, never a crash, a hang or unbounded memory.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "switch/adapter.h"
#include "switch/shell_text.h"
#include "switch/ssh.h"

namespace {

// Records what the adapter sends to read its config (no device).
struct Recorder final : rocecfg::sw::Session {
  rocecfg::Result<std::string> run(const std::string& command) override {
    sent.push_back(command);
    return std::string();
  }
  std::vector<std::string> sent;
};

struct Dialect {
  rocecfg::sw::ShellMatcher matcher;
  std::vector<std::string> commands;  // typed after the login banner, in order
};

std::vector<Dialect> dialects() {
  std::vector<Dialect> out;
  for (const std::string& vendor : rocecfg::sw::adapter_vendors()) {
    auto adapter = rocecfg::sw::make_adapter(vendor);
    rocecfg::sw::ShellDialect d = adapter->shell_dialect();
    if (d.prompt_regex.empty()) continue;  // exec sessions (Cumulus, SONiC)
    auto m = rocecfg::sw::compile_dialect(d, vendor);
    if (!m) __builtin_trap();  // our own dialects always compile
    Dialect one{std::move(*m), d.setup_commands};
    Recorder reads;
    (void)adapter->fetch_config(reads);
    one.commands.insert(one.commands.end(), reads.sent.begin(), reads.sent.end());
    one.commands.push_back("bogus command");
    out.push_back(std::move(one));
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<Dialect> all = dialects();
  if (size < 2 || all.empty()) return 0;
  const Dialect& d = all[data[0] % all.size()];
  // 16 .. 16,144 bytes a read (ssh reads up to 16 KiB): small enough to split
  // prompts and escapes across reads, large enough to keep each input fast.
  size_t chunk = 16 + data[1] % 64 * 256;
  std::string_view stream(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string received;
  size_t typed = 0;  // commands sent so far (0: waiting for the login prompt)
  for (size_t at = 0; at < stream.size();) {
    received.append(stream.substr(at, chunk));
    at += chunk;
    // As read_to_prompt: answer pager prompts, stop at the prompt.
    for (;;) {
      rocecfg::sw::ShellTail tail = rocecfg::sw::classify_tail(received, d.matcher);
      if (tail == rocecfg::sw::ShellTail::pager) {
        rocecfg::sw::drop_last_line(received);
        continue;
      }
      if (tail == rocecfg::sw::ShellTail::prompt) {
        if (typed > 0 && typed <= d.commands.size())
          (void)rocecfg::sw::command_output(received, d.commands[typed - 1], d.matcher, "fuzz");
        received.clear();
        ++typed;
      }
      break;
    }
    if (received.size() > rocecfg::sw::kMaxCommandOutputBytes) return 0;
  }
  return 0;
}
