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

namespace {

const std::regex& single_port() {
  static const std::regex re(R"((Ethernet\d+(/\d+){0,2}|Port-Channel\d+))");
  return re;
}

class EosAdapter final : public Adapter {
 public:
  std::string_view vendor() const override { return kVendor; }
  SessionKind session_kind() const override { return SessionKind::shell; }
  ShellDialect shell_dialect() const override {
    ShellDialect d;
    d.prompt_regex = R"((^|\n)[\w.-]+(\([^)\n]*\))?[#>] ?$)";
    d.error_regexes = {R"(^Error:)",
                       R"(^% ?(Error|Invalid input|Incomplete command|Ambiguous command))",
                       R"(^% .*(not supported|Unavailable command))"};
    d.setup_commands = {"terminal length 0", "terminal width 512"};
    return d;
  }
  bool port_knob(model::Knob knob) const override { return is_port_knob(knob); }
  std::set<model::Knob> unsupported_knobs() const override { return {model::Knob::buffers}; }
  bool valid_interface(std::string_view name) const override {
    return cli::valid_port_or_range(name, single_port());
  }
  Result<std::vector<std::string>> expand_interfaces(
      const std::vector<std::string>& ranges) const override {
    return cli::expand_ports(ranges, single_port());
  }
  model::Settings representable(const model::Settings& intent,
                                Diagnostics& warnings) const override {
    return eos::representable(intent, warnings);
  }
  Result<std::vector<std::string>> render(const model::Settings& intent,
                                          const std::vector<std::string>& ports,
                                          const plan::Plan& changes,
                                          Diagnostics& warnings) const override {
    return eos::render(intent, ports, changes, warnings);
  }
  Result<std::string> fetch_config(Session& session) const override {
    return session.run("show running-config");
  }
  Result<SwitchState> parse(std::string_view config_text) const override {
    return eos::parse(config_text);
  }
  Status push(Session& session, const std::vector<std::string>& commands) const override {
    return eos::push(session, commands);
  }
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return std::unique_ptr<Adapter>(new EosAdapter); });

}  // namespace

}  // namespace rocecfg::sw::eos
