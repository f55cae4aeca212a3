// NVIDIA Cumulus Linux 5.x (NVUE).
//
// Model: `nv set` stages changes in a pending revision; `nv config apply -y`
// makes the whole revision the running config atomically; `nv config detach`
// throws the pending revision away. That is the transaction rocecfg uses:
// detach (a crashed earlier run may have left a pending revision), stage every
// change, apply. Any failure before apply leaves the running config as it was,
// and rocecfg detaches again (reconnecting first if the connection dropped).
// An applied change that fails verification is undone as text: `nv unset` what
// the apply added, `nv set` what it changed (nvue_restore.cpp), so the config
// reads exactly as before, without explicit default lines.
//
// Read back: `nv config show -o commands` (flat `nv set` lines, the applied
// revision). It lists only what differs from the factory defaults, so the
// parser starts from those defaults (nvue_parse.cpp). QoS lives in the
// `default-global` profiles (switch-wide); MTU and the PFC watchdog are per
// interface.
//
// Pitfalls: RoCE mode (`nv set qos roce`) changes the defaults (trust both,
// PFC on 3, ECN on TC3); the PFC watchdog has a polling interval and a
// robustness count rather than detection/restoration times; ECN thresholds
// are bytes (`nv show` prints them in KiB); ASICs round thresholds, which the
// config view does not show. Backups: `nv config show -o commands`, the YAML
// of /etc/nvue.d/startup.yaml, or legacy /etc/cumulus/datapath/traffic.conf.
// Reference: docs.nvidia.com/networking-ethernet-software/cumulus-linux-514/
// Layer-1-and-Switch-Ports/Quality-of-Service/RDMA-over-Converged-Ethernet-RoCE/
#include <fmt/format.h>

#include "cumulus/cumulus.h"
#include "switch/interfaces.h"
#include "switch/validate.h"

namespace rocecfg::vendors::cumulus {

namespace {

// Staged commands go out in chunks so no single exec line grows unbounded.
constexpr size_t kStageChunk = 64;

class CumulusAdapter final : public sw::Adapter {
 public:
  std::string_view vendor() const override { return "cumulus"; }

  bool port_knob(model::Knob k) const override { return model::kLinkPortKnobs.has(k); }
  std::set<model::Knob> unsupported_knobs() const override {
    // Headroom comes from NVUE's own buffer calculation (cable-length on the
    // PFC profile); rocecfg does not model it for Cumulus yet.
    return {model::Knob::buffers};
  }

  bool valid_interface(std::string_view name) const override {
    return sw::check_interface(name) && (name.starts_with("swp") || name.starts_with("bond"));
  }

  Result<std::vector<std::string>> expand_interfaces(
      const std::vector<std::string>& ranges) const override {
    auto names = sw::expand_interface_lists(ranges);
    if (!names) return names;
    for (const std::string& n : *names)
      if (!valid_interface(n))
        return fail(ErrorKind::invalid_input, n, "not a Cumulus front-panel port (swpN)");
    return names;
  }

  model::Settings representable(const model::Settings& intent,
                                Diagnostics& warnings) const override {
    model::Settings out = intent;
    // bw-percent is 1..100 and the total at most 100 (NVUE reference, nv set
    // qos egress-scheduler ... bw-percent): DWRR classes of 0 % get 1 %,
    // taken from the largest classes.
    if (model::raise_ets_weights(out, 1)) {
      model::fit_ets_total(out, 100);
      warnings.warning({}, "ets",
                       "cumulus DWRR weights are 1..100 %: classes of 0 % are applied as 1 %, "
                       "taken from the largest classes");
    }
    if (model::widen_ecn_to_queues(out))
      warnings.warning({}, "ecn_priorities",
                       "cumulus marks ECN per traffic class: every priority sharing a marked "
                       "class is marked");
    return out;
  }

  Result<std::vector<std::string>> render(const model::Settings& intent,
                                          const std::vector<std::string>&,
                                          const plan::Plan& changes,
                                          Diagnostics& warnings) const override {
    return render_nv(intent, changes, warnings);
  }

  Result<std::string> fetch_config(sw::Session& session) const override {
    return session.run("nv config show -o commands");
  }

  Result<sw::SwitchState> parse(std::string_view text) const override {
    // Accept what operators back up: `-o commands`, startup.yaml, traffic.conf.
    auto kind = recognise_backup(text);
    if (!kind) return std::unexpected(kind.error());
    Result<sw::SwitchState> st = std::unexpected(Error{});
    if (*kind == BackupKind::startup_yaml) {
      auto lines = startup_yaml_to_commands(text);
      if (!lines) return wrap(lines.error(), "not a cumulus config");
      std::string joined;
      for (const std::string& l : *lines) joined += l + "\n";
      st = parse_nv_commands(joined);
      if (st) st->recognised_as = "NVUE startup.yaml";
    } else if (*kind == BackupKind::traffic_conf) {
      st = parse_traffic_conf(text);
      if (st) st->recognised_as = "traffic.conf (CL 3.x/4.x)";
    } else {
      st = parse_nv_commands(text);
      if (st) st->recognised_as = "nv config show -o commands";
    }
    return st;
  }

  std::optional<std::vector<std::string>> restore_commands(std::string_view before,
                                                           std::string_view now) const override {
    return restore_nv(before, now);
  }

  Status push(sw::Session& session, const std::vector<std::string>& commands) const override {
    auto discard = [&](const Error& cause) -> Status {
      // Leave no pending revision behind; the running config was never touched.
      Result<std::string> d = session.run("nv config detach");
      if (!d && session.reconnect()) d = session.run("nv config detach");
      Error e = cause;
      if (!d) e.message += "; also failed to detach the pending revision: " + d.error().message;
      return std::unexpected(e);
    };
    // detach && set ... && apply as one exec when it fits: every exec is an
    // SSH channel and, on a real switch, an `nv` start-up of its own. The
    // chain stops at the first failure, before the apply.
    std::vector<std::string> all{"nv config detach"};
    all.insert(all.end(), commands.begin(), commands.end());
    all.push_back("nv config apply -y");
    for (size_t i = 0; i < all.size(); i += kStageChunk) {
      std::vector<std::string> chunk(
          all.begin() + static_cast<long>(i),
          all.begin() + static_cast<long>(std::min(all.size(), i + kStageChunk)));
      if (auto r = session.run_all(chunk); !r) return discard(r.error());
    }
    return {};
  }
};

const bool registered = sw::register_adapter(
    "cumulus", [] { return std::unique_ptr<sw::Adapter>(new CumulusAdapter()); });

}  // namespace

}  // namespace rocecfg::vendors::cumulus
