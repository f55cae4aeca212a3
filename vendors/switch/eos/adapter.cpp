// The EOS adapter: the sw::Adapter face of eos.h, and the commit protocol.
//
// Transaction (the arista.eos cliconf sequence plus a confirmed commit):
//   configure session rocecfg / abort       drop a stale session of ours
//   configure session rocecfg               stage: nothing is live yet
//   <commands>
//   commit timer 00:05:00                   live, but reverts unless confirmed
//   configure session rocecfg commit        confirm from a working connection
// A failure before the timer commit aborts the session: the running config
// never changed. A failure after it aborts the pending commit, which reverts;
// if even the reconnect fails, the timer reverts on its own.
#include <cctype>

#include "../cli/common.h"
#include "../cli/ports.h"
#include "common/vendor_ops.h"
#include "eos.h"

namespace rocecfg::sw::eos {

Status push(Session& session, const std::vector<std::string>& commands) {
  if (commands.empty()) return {};
  const std::string enter = "configure session " + std::string(kSessionName);
  const std::vector<std::string> stage = {enter, "abort", enter};
  bool timer_running = false;
  auto undo = [&](Error cause) -> Status {
    Status rolled = timer_running ? cli::recover(session, {enter + " abort"}, {enter + " abort"})
                                  : cli::recover(session, {"abort"}, {enter, "abort"});
    return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
  };
  for (const auto& c : stage)
    if (auto r = session.run(c); !r) return undo(r.error());
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return undo(r.error());
  if (auto r = session.run("commit timer " + std::string(kCommitTimer)); !r) return undo(r.error());
  timer_running = true;
  if (auto r = session.run(enter + " commit"); !r) return undo(r.error());
  return {};
}

// Persistence: EOS keeps the startup config apart from the running one
// (EOS User Manual, copy running-config startup-config).
Status persist(Session& session) {
  return cli::save_and_verify(session, {"copy running-config startup-config"},
                              "show running-config", "show startup-config");
}

// The single-port grammar, shared by the inventory check and the parser.
const std::regex& port_grammar() {
  static const std::regex re(R"((Ethernet\d+(/\d+){0,2}|Port-Channel\d+))");
  return re;
}

namespace {

// The port's stanza with every default spelled out, queues included.
std::string queue_form_command(std::string_view port) {
  return "show running-config all interfaces " + std::string(port);
}

// "uc-tx-queue" when the stanza lists unicast queues, "tx-queue" when it
// lists plain ones, "" when it lists neither (or, never seen, both).
std::string parse_queue_form(std::string_view output) {
  bool uc = false, plain = false;
  for (size_t start = 0; start < output.size();) {
    size_t end = std::min(output.find('\n', start), output.size());
    std::string_view line = output.substr(start, end - start);
    start = end + 1;
    size_t word = line.find_first_not_of(' ');
    if (word == std::string_view::npos) continue;
    line.remove_prefix(word);
    auto queue_line = [&line](std::string_view keyword) {
      return line.starts_with(keyword) && line.size() > keyword.size() + 1 &&
             line[keyword.size()] == ' ' &&
             std::isdigit(static_cast<unsigned char>(line[keyword.size() + 1]));
    };
    uc = uc || queue_line(kUcTxQueue);
    plain = plain || queue_line(kTxQueue);
  }
  if (uc == plain) return "";
  return std::string(uc ? kUcTxQueue : kTxQueue);
}

ShellDialect dialect() {
  ShellDialect d;
  d.prompt_regex = R"((^|\n)[\w.-]+(\([^)\n]*\))?[#>] ?$)";
  d.error_regexes = {R"(^Error:)",
                     R"(^% ?(Error|Invalid input|Incomplete command|Ambiguous command))",
                     R"(^% .*(not supported|Unavailable command))"};
  d.setup_commands = {"terminal length 0", "terminal width 512"};
  return d;
}

const VendorOps kOps{
    .vendor = kVendor,
    .dialect = dialect,
    .single_port = port_grammar,
    .fetch_command = "show running-config",
    .port_knobs = model::kQueuePortKnobs,
    .representable = representable,
    .render = render,
    .parse = parse,
    .push = push,
    .persist = persist,
    .queue_form_command = queue_form_command,
    .parse_queue_form = parse_queue_form,
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::eos
