// The NX-OS adapter: the sw::Adapter face of nxos.h, and the commit protocol.
//
// Transaction:
//   no checkpoint rocecfg / checkpoint rocecfg    a named restore point
//   configure session rocecfg / abort / configure session rocecfg
//   <commands> / verify / commit                  atomic: all or nothing
// A failure before the commit aborts the session: nothing was live. A
// failure at the commit (an error, or the connection dropping with the
// outcome unknown) rolls the running config back to the checkpoint, after a
// reconnect if needed.
#include "../cli/adapter.h"
#include "../cli/common.h"
#include "../cli/ports.h"
#include "nxos.h"

namespace rocecfg::sw::nxos {

Status push(Session& session, const std::vector<std::string>& commands) {
  if (commands.empty()) return {};
  const std::string enter = "configure session " + std::string(kSessionName);
  const std::string restore = "rollback running-config checkpoint " + std::string(kCheckpoint);
  // A checkpoint left by an earlier run is replaced; its absence is no error.
  (void)session.run("no checkpoint " + std::string(kCheckpoint));
  bool committing = false;
  auto undo = [&](Error cause) -> Status {
    Status rolled = committing ? cli::recover(session, {"abort", restore}, {restore})
                               : cli::recover(session, {"abort"}, {enter, "abort"});
    return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
  };
  if (auto r = session.run("checkpoint " + std::string(kCheckpoint)); !r)
    return std::unexpected(r.error());  // nothing changed yet
  for (const auto& c : {enter, std::string("abort"), enter})
    if (auto r = session.run(c); !r) return undo(r.error());
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return undo(r.error());
  if (auto r = session.run("verify"); !r) return undo(r.error());
  committing = true;
  if (auto r = session.run("commit"); !r) return undo(r.error());
  return {};
}

// Persistence: NX-OS keeps the startup config apart from the running one
// (System Management guide, copy running-config startup-config).
Status persist(Session& session) {
  return cli::save_and_verify(session, {"copy running-config startup-config"},
                              "show running-config", "show startup-config");
}

// The single-port grammar, shared by the inventory check and the parser.
const std::regex& port_grammar() {
  static const std::regex re(R"((Ethernet\d+/\d+(/\d+)?|port-channel\d+))");
  return re;
}

namespace {

ShellDialect dialect() {
  ShellDialect d;
  // `switch#`, `switch(config-s)#`; not the maintenance-mode prompt.
  d.prompt_regex = R"((^|\n)[\w.-]+(\((?!maint-mode)[^)\n]*\))?# ?$)";
  d.error_regexes = {R"(^Error:)",
                     R"(^% ?(Invalid|Incomplete|Ambiguous))",
                     R"(syntax error)",
                     R"(invalid .+at '\^' marker)",
                     R"(^ERROR:)",
                     R"(Commit Failed)",
                     R"(Verification Failed)"};
  d.setup_commands = {"terminal length 0", "terminal width 511"};
  return d;
}

// Positional, in CliOps order: vendor, dialect, port grammar, read-back
// command, then this vendor's own functions.
const cli::CliOps kOps{kVendor,
                       dialect,
                       port_grammar,
                       "show running-config",
                       model::kDefaultPortKnobs.with({model::Knob::dscp_map}),
                       representable,
                       render,
                       parse,
                       push,
                       persist};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return cli::make_cli_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::nxos
