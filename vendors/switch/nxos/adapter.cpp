// The NX-OS adapter: the sw::Adapter face of nxos.h, and the commit protocol.
//
// Transaction:
//   no checkpoint rocecfg / checkpoint rocecfg    a named restore point
//   configure terminal / <commands> / end         each line live at once
// Any failure after the checkpoint rolls the running config back to it
// (`rollback running-config checkpoint`, atomic by default), after a
// reconnect if the connection dropped.
//
// Why not `configure session` (atomic commit): Session Manager takes only
// some features' commands. The Nexus 9000 System Management Configuration
// Guide 10.5(x), "Guidelines and Limitations for Session Manager", says it
// "supports only access control list (ACL) and quality of service (QoS)
// features"; the Nexus 3000/3548/5000 guides say ACL only
// (https://cisco.com/c/en/us/td/docs/switches/datacenter/nexus9000/sw/105x/config-guides/cisco-nexus-9000-series-nx-os-system-management-configuration-guide-release-105x/m-configuring-session-manager-10x.html).
// A push holds interface `priority-flow-control mode` and the switch-wide
// watchdog lines, which are neither, so a session refuses them on some
// families at least. Checkpoint and rollback are in every family's Rollback
// chapter (same guide, "Configuring the Rollback Feature").
#include "../cli/common.h"
#include "../cli/ports.h"
#include "common/vendor_ops.h"
#include "nxos.h"

namespace rocecfg::sw::nxos {

Status push(Session& session, const std::vector<std::string>& commands) {
  if (commands.empty()) return {};
  const std::string restore = "rollback running-config checkpoint " + std::string(kCheckpoint);
  // A checkpoint left by an earlier run is replaced; its absence is no error.
  (void)session.run("no checkpoint " + std::string(kCheckpoint));
  if (auto r = session.run("checkpoint " + std::string(kCheckpoint)); !r)
    return std::unexpected(r.error());  // nothing changed yet
  auto undo = [&](Error cause) -> Status {
    // Live: back to exec mode first (`end` is harmless there), then restore.
    Status rolled = cli::recover(session, {"end", restore}, {restore});
    return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
  };
  if (auto r = session.run("configure terminal"); !r) return undo(r.error());
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return undo(r.error());
  if (auto r = session.run("end"); !r) return undo(r.error());
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

const VendorOps kOps{
    .vendor = kVendor,
    .dialect = dialect,
    .single_port = port_grammar,
    .fetch_command = "show running-config",
    .port_knobs = model::kDefaultPortKnobs.with({model::Knob::dscp_map}),
    .representable = representable,
    .render = render,
    .parse = parse,
    .push = push,
    .persist = persist,
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::nxos
