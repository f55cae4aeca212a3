// The H3C adapter: the sw::Adapter face of h3c.h, and the commit protocol for
// a switch that applies every line immediately.
//
// Transaction:
//   save flash:/rocecfg-rollback.cfg [Y]   the explicit rollback point
//   system-view
//   configuration commit delay 5           reverts unless committed in 5 min
//   <commands>
//   configuration commit                   keep them (the last step)
// On any failure after the save: `configuration replace file` restores the
// saved file (answering N to "save current configuration?"), then the delay
// is committed so it cannot fire later; after a dropped connection the same
// runs on a fresh one. If the switch stays unreachable, the commit delay
// reverts it.
#include "../cli/common.h"
#include "../cli/ports.h"
#include "common/vendor_ops.h"
#include "h3c.h"

namespace rocecfg::sw::h3c {

namespace {

// `save FILE` and `configuration replace file` always ask "[Y/N]:" before
// doing anything; the dialect treats the question as a prompt (its text is
// not in the output), so the answer is sent unconditionally.
Result<std::string> run_confirmed(Session& session, const std::string& command,
                                  const char* answer) {
  auto r = session.run(command);
  if (!r) return r;
  return session.run(answer);
}

}  // namespace

Status push(Session& session, const std::vector<std::string>& commands) {
  if (commands.empty()) return {};
  const std::string save = "save " + std::string(kRollbackFile);
  const std::string replace = "configuration replace file " + std::string(kRollbackFile);
  if (auto r = run_confirmed(session, save, "Y"); !r) return std::unexpected(r.error());
  auto undo = [&](Error cause) -> Status {
    // Live: we are in system view (or user view if system-view itself
    // failed, where `configuration replace` fails and we start afresh).
    Status rolled = cli::recover(session, {replace, "N", "configuration commit", "return"},
                                 {"system-view", replace, "N", "configuration commit", "return"});
    return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
  };
  if (auto r = session.run("system-view"); !r) return undo(r.error());
  if (auto r = session.run("configuration commit delay " + std::string(kCommitDelayMinutes)); !r)
    return undo(r.error());
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return undo(r.error());
  if (auto r = session.run("configuration commit"); !r) return undo(r.error());
  // Nothing after the commit, so every failure above is undone the same way;
  // the session stays in system view, where the read-back `display` works.
  return {};
}

// Persistence: `save force` writes the next-startup file without asking;
// `display saved-configuration` reads it back (Fundamentals command reference).
Status persist(Session& session) {
  return cli::save_and_verify(session, {"save force"}, "display current-configuration",
                              "display saved-configuration");
}

// The single-port grammar, shared by the inventory check and the parser.
const std::regex& port_grammar() {
  static const std::regex re(
      R"(((Ten-GigabitEthernet|Twenty-FiveGigE|FortyGigE|FiftyGigE|HundredGigE|TwoHundredGigE|FourHundredGigE)\d+/\d+/\d+(:\d+)?|Bridge-Aggregation\d+))");
  return re;
}

namespace {

ShellDialect dialect() {
  ShellDialect d;
  // <H3C>, [H3C], [H3C-HundredGigE1/0/1], and the [Y/N]: questions of
  // save and configuration replace (answered by the adapter).
  d.prompt_regex = R"((^|\n)(<[\w.-]+>|\[[\w.\-/:]+\]) ?$|\[Y/N\]: ?$)";
  d.error_regexes = {R"(^\s*% ?(Unrecognized|Incomplete|Too many|Wrong))", R"(^Error:)",
                     R"(^\s*\^$)"};
  d.setup_commands = {"screen-length disable"};
  return d;
}

const VendorOps kOps{
    .vendor = kVendor,
    .dialect = dialect,
    .single_port = port_grammar,
    .fetch_command = "display current-configuration",
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

}  // namespace rocecfg::sw::h3c
