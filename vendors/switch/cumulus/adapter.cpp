// NVIDIA Cumulus Linux 5.x (NVUE).
//
// Model: `nv set` stages changes in a pending revision; `nv config apply -y`
// makes the whole revision the running config atomically; `nv config detach`
// throws the pending revision away. That is the transaction rocecfg uses:
// detach (a crashed earlier run may have left a pending revision), stage every
// change, apply. Any failure before apply leaves the running config as it was,
// and rocecfg detaches again (reconnecting first if the connection dropped).
// An applied change that fails verification is undone as text: `nv unset` what
// the apply added, `nv set` what it changed (restore.cpp), so the config
// reads exactly as before, without explicit default lines.
//
// Read back: `nv config show -o commands` (flat `nv set` lines, the applied
// revision). It lists only what differs from the factory defaults, so the
// parser starts from those defaults (parse.cpp). QoS lives in the
// `default-global` profiles (switch-wide); MTU and the PFC watchdog are per
// interface.
//
// Pitfalls: RoCE mode (`nv set qos roce`) changes the defaults (trust both,
// PFC on 3, ECN on TC3); the PFC watchdog has a polling interval and a
// robustness count rather than detection/restoration times; ECN thresholds
// are bytes (`nv show` prints them in KiB); ASICs round thresholds, which the
// config view does not show. Backups: `nv config show -o commands` (or nv
// commands typed as a session), the YAML of /etc/nvue.d/startup.yaml or a
// fragment of it, or legacy /etc/cumulus/datapath/traffic.conf, saved with or
// without prompts; each identified by its own marks (recognise.cpp).
// Buffers: PFC needs a lossless traffic pool, and the factory gives 100 % of
// the buffer to default-lossy; turning PFC on therefore also splits the pools
// (render.cpp). The cable length is the one headroom input NVUE takes.
// Trial apply: `nv config apply --confirm <time>` is documented, but no
// command that confirms it is, so it is not used (conformance/cumulus.json,
// not_used).
// References (CumulusNetworks/docs): content/cumulus-linux-514/Layer-1-and-
// Switch-Ports/Quality-of-Service/_index.md @0d142af ("Flow Control Buffers",
// "Priority Flow Control", "PFC Watchdog"), .../RDMA-over-Converged-Ethernet-
// RoCE.md, content/nvue-reference/Set-and-Unset-Commands/QoS.md @05e4953 and
// Config-Commands.md, content/cumulus-linux-514/System-Configuration/
// NVIDIA-User-Experience-NVUE/NVUE-CLI.md @14b5217 (apply, save, MTU range).
#include <fmt/format.h>

#include "common/capture.h"
#include "common/vendor_ops.h"
#include "cumulus/cumulus.h"
#include "switch/interfaces.h"
#include "switch/validate.h"

namespace rocecfg::sw::cumulus {

namespace {

// Staged commands go out in chunks so no single exec line grows unbounded.
constexpr size_t kStageChunk = 64;

// Front-panel ports are swpN, breakouts swpNsM (CumulusNetworks/docs
// content/cumulus-linux-514/Layer-1-and-Switch-Ports/Interface-Configuration-
// and-Management/Switch-Port-Attributes.md, "Breakout Ports"); bonds are
// bond<name>. Nothing else (no `..`, `:` or a second swp) is a port name.
bool valid_interface(std::string_view name) {
  if (!check_interface(name)) return false;
  auto digits = [](std::string_view s) {
    if (s.empty() || s.size() > 4) return false;
    for (char c : s)
      if (c < '0' || c > '9') return false;
    return true;
  };
  if (name.starts_with("swp")) {
    std::string_view rest = name.substr(3);
    size_t s = rest.find('s');
    return s == std::string_view::npos ? digits(rest)
                                       : digits(rest.substr(0, s)) && digits(rest.substr(s + 1));
  }
  if (!name.starts_with("bond") || name.size() == 4) return false;
  for (char c : name.substr(4))
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  return true;
}

Result<std::vector<std::string>> expand_interfaces(const std::vector<std::string>& ranges) {
  auto names = expand_interface_lists(ranges);
  if (!names) return names;
  for (const std::string& n : *names)
    if (!valid_interface(n))
      return fail(ErrorKind::invalid_input, n,
                  "not a Cumulus port name (swpN, swpNsM for a breakout, or bond<name>)");
  return names;
}

model::Settings representable(const Platform&, const model::Settings& intent,
                              Diagnostics& warnings) {
  model::Settings out = intent;
  // bw-percent is 1..100 and the total at most 100 (NVUE reference, nv set
  // qos egress-scheduler ... bw-percent): DWRR classes of 0 % get 1 %,
  // taken from the largest classes.
  if (model::ets_weights_from_1_percent(out))
    warnings.warning({}, "ets",
                     "cumulus DWRR weights are 1..100 %: classes of 0 % are applied as 1 %, "
                     "taken from the largest classes");
  // Buffers: NVUE computes the PFC headroom from the cable length (QoS guide,
  // "Priority Flow Control": NVIDIA recommends leaving port-buffer, xoff and
  // xon to that calculation), so a headroom in bytes is not sent.
  if (out.buffers && out.buffers->headroom_bytes) {
    warnings.warning({}, "buffers",
                     "cumulus computes PFC headroom from the cable length; buffers.headroom is "
                     "not applied");
    out.buffers->headroom_bytes.reset();
  }
  // The shared buffer's split is the traffic pools' memory-percent; NVUE has
  // no headroom or multicast pool to take the rest (render.cpp).
  if (out.buffers && out.buffers->shared &&
      (out.buffers->shared->headroom_percent || out.buffers->shared->multicast_percent)) {
    warnings.warning({}, "buffers",
                     "cumulus pools are default-lossless and default-lossy: "
                     "buffers.shared_headroom_percent and shared_multicast_percent are not sent "
                     "(the pools then total less than 100 %)");
    out.buffers->shared->headroom_percent.reset();
    out.buffers->shared->multicast_percent.reset();
  }
  if (out.buffers) {
    out.buffers->prio_buffer.reset(), out.buffers->buffer_size_bytes.reset();
    out.buffers->lossless_pgs.reset();
    if (out.buffers->empty()) out.buffers.reset();
  }
  if (model::widen_ecn_to_queues(out))
    warnings.warning({}, "ecn_priorities",
                     "cumulus marks ECN per traffic class: every priority sharing a marked "
                     "class is marked");
  return out;
}

Result<std::vector<std::string>> render(const Platform&, const model::Settings& intent,
                                        const std::vector<std::string>&, const plan::Plan& changes,
                                        Diagnostics& warnings) {
  return render_nv(intent, changes, warnings);
}

// Accept what operators back up or paste: `-o commands`, a session of nv
// commands, startup.yaml or a fragment of it, traffic.conf (recognise.cpp).
Result<SwitchState> parse(std::string_view text) {
  auto backup = recognise_backup(text);
  if (!backup) return std::unexpected(backup.error());
  Result<SwitchState> st = std::unexpected(Error{});
  size_t passed_over = backup->passed_over;
  if (backup->kind == BackupKind::startup_yaml || backup->kind == BackupKind::yaml_fragment) {
    auto flat = startup_yaml_to_commands(backup->text, backup->kind == BackupKind::yaml_fragment);
    if (!flat) return wrap(flat.error(), "not a cumulus config");
    passed_over += flat->passed_over;
    st = parse_nv_commands(flat->commands);
    if (st)
      st->recognised_as =
          backup->kind == BackupKind::startup_yaml ? "NVUE startup.yaml" : "NVUE YAML fragment";
  } else if (backup->kind == BackupKind::traffic_conf) {
    st = parse_traffic_conf(backup->text);
    if (st) st->recognised_as = "traffic.conf (CL 3.x/4.x)";
  } else {
    st = parse_nv_commands(backup->text);
    if (st) st->recognised_as = "nv config show -o commands";
  }
  if (st) pass_over(*st, passed_over, "lines that are not statements");
  if (st) fold_passed_over(*st);
  return st;
}

Status push(Session& session, const std::vector<std::string>& commands) {
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

// Persistence: on CL 5.8 and earlier auto-save is off by default and `nv
// config apply` does not write the startup configuration; `nv config save`
// does (CumulusNetworks/docs content/nvue-reference/Config-Commands.md, "nv
// config apply", "nv config save", introduced in 5.0.0). On 5.9 and later
// (auto-save on) the save writes what auto-save already wrote. Checked by
// its exit status only: NVUE has no documented startup-vs-applied compare.
Status persist(Session& session) {
  if (auto r = session.run("nv config save"); !r) return std::unexpected(r.error());
  return {};
}

// The PFC watchdog and MTU are per interface; QoS lives in the switch-wide
// default-global profiles. Headroom comes from NVUE's own buffer calculation
// from the cable length on the PFC profile, the one buffer input sent.
const VendorOps kOps{
    .vendor = "cumulus",
    .session = SessionKind::exec,
    .valid_interface = valid_interface,
    .expand_interfaces = expand_interfaces,
    .fetch_command = "nv config show -o commands",
    .port_knobs = model::kLinkPortKnobs,
    .unsupported_knobs = {},
    .representable = representable,
    .render = render,
    .parse = parse,
    .push = push,
    .persist = persist,
    .restore = restore_nv,
};

[[maybe_unused]] const bool registered =
    register_adapter(kOps.vendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::cumulus
