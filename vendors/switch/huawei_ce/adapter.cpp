// The Huawei CE adapter: the sw::Adapter face of huawei_ce.h, and the
// two-stage commit.
//
// Transaction:
//   system-view                 candidate editing, nothing live
//   <commands>
//   commit trial 300            live, reverts in 300 s unless confirmed
//   commit                      confirm from a working connection (the last step)
// Before the trial commit, `abort` discards the candidate (a dropped session
// discards it by itself). After it, `abort trial` reverts at once; if even
// the reconnect fails, the trial timer reverts on its own.
#include "../cli/adapter.h"
#include "../cli/common.h"
#include "../cli/ports.h"
#include "huawei_ce.h"

namespace rocecfg::sw::huawei_ce {

Status push(Session& session, const std::vector<std::string>& commands) {
  if (commands.empty()) return {};
  bool trial = false;
  auto undo = [&](Error cause) -> Status {
    Status rolled = trial ? cli::recover(session, {"abort trial"}, {"abort trial"})
                          : cli::recover(session, {"abort"}, {});
    return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
  };
  if (auto r = session.run("system-view"); !r) return undo(r.error());
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return undo(r.error());
  if (auto r = session.run("commit trial " + std::string(kTrialSeconds)); !r)
    return undo(r.error());
  trial = true;
  if (auto r = session.run("commit"); !r) return undo(r.error());
  // Nothing after the confirming commit: a failure there could not be undone
  // by the trial any more. The session stays in system view, where the
  // read-back `display` works as well.
  return {};
}

// The single-port grammar, shared by the inventory check and the parser.
// GE ports (1G: CE5800/CE6800 management and access models) as well as
// 10GE..400GE; MEth, Vlanif and LoopBack are not front-panel ports.
const std::regex& port_grammar() {
  static const std::regex re(R"(((10|25|40|50|100|200|400)?GE\d+/\d+/\d+(:\d+)?|Eth-Trunk\d+))");
  return re;
}

namespace {

ShellDialect dialect() {
  ShellDialect d;
  // <HUAWEI>, [~HUAWEI], [*HUAWEI-100GE1/0/1]
  d.prompt_regex = R"((^|\n)([<][\w.-]+[>]|\[[~*]?[\w.\-/:]+\]) ?$)";
  d.error_regexes = {R"(^Error:)", R"(Failed to generate committed config)", R"(^\s*\^$)"};
  d.setup_commands = {"screen-length 0 temporary"};
  return d;
}

// Positional, in CliOps order: vendor, dialect, port grammar, read-back
// command, then this vendor's own functions.
const cli::CliOps kOps{kVendor,
                       dialect,
                       port_grammar,
                       "display current-configuration",
                       model::kQueuePortKnobs.with({model::Knob::dscp_map}),
                       representable,
                       render,
                       parse,
                       push};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return cli::make_cli_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::huawei_ce
