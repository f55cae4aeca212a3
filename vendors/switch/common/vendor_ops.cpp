#include "vendor_ops.h"

#include "cli/ports.h"

namespace rocecfg::sw {

namespace {

std::set<model::Knob> knobs_in(model::KnobSet set) {
  std::set<model::Knob> out;
  for (model::Knob k : model::all_knobs())
    if (set.has(k)) out.insert(k);
  return out;
}

class VendorAdapter final : public Adapter {
 public:
  explicit VendorAdapter(const VendorOps& ops) : ops_(ops) {}
  std::string_view vendor() const override { return ops_.vendor; }
  SessionKind session_kind() const override { return ops_.session; }
  ShellDialect shell_dialect() const override {
    return ops_.dialect ? ops_.dialect() : ShellDialect{};
  }
  bool port_knob(model::Knob knob) const override { return ops_.port_knobs.has(knob); }
  bool ecn_as_fill_levels() const override { return ops_.ecn_as_fill_levels; }
  std::set<model::Knob> unsupported_knobs() const override {
    return knobs_in(ops_.unsupported_knobs);
  }
  bool valid_interface(std::string_view name) const override {
    if (ops_.valid_interface) return ops_.valid_interface(name);
    return cli::valid_port_or_range(name, ops_.single_port());
  }
  Result<std::vector<std::string>> expand_interfaces(
      const std::vector<std::string>& ranges) const override {
    if (ops_.expand_interfaces) return ops_.expand_interfaces(ranges);
    return cli::expand_ports(ranges, ops_.single_port());
  }
  model::Settings representable(const model::Settings& intent,
                                Diagnostics& warnings) const override {
    return ops_.representable ? ops_.representable(platform(), intent, warnings) : intent;
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
  Status preflight(Session& session, std::string_view config_text,
                   const plan::Plan& plan) const override {
    return ops_.preflight ? ops_.preflight(session, config_text, plan) : Status{};
  }
  std::string preflight_read() const override {
    return ops_.preflight_read ? ops_.preflight_read() : std::string();
  }
  Status push(Session& session, const std::vector<std::string>& commands) const override {
    return ops_.push(session, commands);
  }
  Status persist(Session& session) const override {
    return ops_.persist ? ops_.persist(session) : Status{};
  }
  Status check_intent(const model::Settings& intent) const override {
    return ops_.check_intent ? ops_.check_intent(intent) : Status{};
  }
  std::string version_command() const override { return std::string(ops_.version_command); }
  Platform parse_version(std::string_view output) const override {
    return ops_.parse_version ? ops_.parse_version(output) : Platform{};
  }
  std::string queue_form_command(std::string_view port) const override {
    return ops_.queue_form_command ? ops_.queue_form_command(port) : std::string();
  }
  std::string parse_queue_form(std::string_view output) const override {
    return ops_.parse_queue_form ? ops_.parse_queue_form(output) : std::string();
  }
  std::optional<std::vector<std::string>> restore_commands(std::string_view before,
                                                           std::string_view now) const override {
    return ops_.restore ? ops_.restore(before, now) : std::nullopt;
  }

 private:
  const VendorOps& ops_;
};

}  // namespace

std::unique_ptr<Adapter> make_vendor_adapter(const VendorOps& ops) {
  return std::make_unique<VendorAdapter>(ops);
}

}  // namespace rocecfg::sw
