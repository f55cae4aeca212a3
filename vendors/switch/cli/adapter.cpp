#include "adapter.h"

#include "ports.h"

namespace rocecfg::sw::cli {

namespace {

class CliAdapter final : public Adapter {
 public:
  explicit CliAdapter(const CliOps& ops) : ops_(ops) {}
  std::string_view vendor() const override { return ops_.vendor; }
  SessionKind session_kind() const override { return SessionKind::shell; }
  ShellDialect shell_dialect() const override { return ops_.dialect(); }
  bool port_knob(model::Knob knob) const override { return ops_.port_knobs.has(knob); }
  // Headroom is sized by the switch itself from cable length and speed on
  // all four; rocecfg reports [buffers] as not expressible there.
  std::set<model::Knob> unsupported_knobs() const override { return {model::Knob::buffers}; }
  bool valid_interface(std::string_view name) const override {
    return valid_port_or_range(name, ops_.single_port());
  }
  Result<std::vector<std::string>> expand_interfaces(
      const std::vector<std::string>& ranges) const override {
    return expand_ports(ranges, ops_.single_port());
  }
  model::Settings representable(const model::Settings& intent,
                                Diagnostics& warnings) const override {
    return ops_.representable(platform(), intent, warnings);
  }
  Result<std::vector<std::string>> render(const model::Settings& intent,
                                          const std::vector<std::string>& ports,
                                          const plan::Plan& changes,
                                          Diagnostics& warnings) const override {
    return ops_.render(platform(), intent, ports, changes, warnings);
  }
  Result<std::string> fetch_config(Session& session) const override {
    return session.run(ops_.fetch_command);
  }
  Result<SwitchState> parse(std::string_view config_text) const override {
    return ops_.parse(config_text);
  }
  Status push(Session& session, const std::vector<std::string>& commands) const override {
    return ops_.push(session, commands);
  }
  Status persist(Session& session) const override { return ops_.persist(session); }
  std::string version_command() const override { return std::string(ops_.version_command); }
  Platform parse_version(std::string_view output) const override {
    return ops_.parse_version ? ops_.parse_version(output) : Platform{};
  }

 private:
  const CliOps& ops_;
};

}  // namespace

std::unique_ptr<Adapter> make_cli_adapter(const CliOps& ops) {
  return std::make_unique<CliAdapter>(ops);
}

}  // namespace rocecfg::sw::cli
