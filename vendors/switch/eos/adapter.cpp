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
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::eos
