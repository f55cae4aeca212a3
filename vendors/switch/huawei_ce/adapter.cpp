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

namespace {

const std::regex& single_port() {
  static const std::regex re(R"(((10|25|40|50|100|200|400)GE\d+/\d+/\d+(:\d+)?|Eth-Trunk\d+))");
  return re;
}

class HuaweiCeAdapter final : public Adapter {
 public:
  std::string_view vendor() const override { return kVendor; }
  SessionKind session_kind() const override { return SessionKind::shell; }
  ShellDialect shell_dialect() const override {
    ShellDialect d;
    // <HUAWEI>, [~HUAWEI], [*HUAWEI-100GE1/0/1]
    d.prompt_regex = R"((^|\n)([<][\w.-]+[>]|\[[~*]?[\w.\-/:]+\]) ?$)";
    d.error_regexes = {R"(^Error:)", R"(Failed to generate committed config)", R"(^\s*\^$)"};
    d.setup_commands = {"screen-length 0 temporary"};
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
    return huawei_ce::representable(intent, warnings);
  }
  Result<std::vector<std::string>> render(const model::Settings& intent,
                                          const std::vector<std::string>& ports,
                                          const plan::Plan& changes,
                                          Diagnostics& warnings) const override {
    return huawei_ce::render(intent, ports, changes, warnings);
  }
  Result<std::string> fetch_config(Session& session) const override {
    return session.run("display current-configuration");
  }
  Result<SwitchState> parse(std::string_view config_text) const override {
    return huawei_ce::parse(config_text);
  }
  Status push(Session& session, const std::vector<std::string>& commands) const override {
    return huawei_ce::push(session, commands);
  }
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return std::unique_ptr<Adapter>(new HuaweiCeAdapter); });

}  // namespace

}  // namespace rocecfg::sw::huawei_ce
