// Community SONiC (sonic-net), CONFIG_DB model.
//
// Model: CONFIG_DB (redis db 4) is the running config; `config ...` and
// `ecnconfig` write it immediately, there is no candidate config. rocecfg's
// transaction is therefore a captured pre-change config to restore: the
// generic config updater's `config checkpoint` before the first change,
// `config rollback` on any failure (reconnecting first if the connection
// dropped), `config save -y` and `delete-checkpoint` on success. The updater's
// field operation validators refuse a rollback touching PFC_WD on ASICs and
// releases they do not list; rocecfg then restores the checkpoint file with
// sonic-db-cli and reports it, or reports what is still changed
// (rollback.cpp, citing sonic-utilities generic_config_updater/). A committed
// apply that then fails verification is undone exactly: sonic-db-cli writes
// from the CONFIG_DB read before to the one read after (restore.cpp).
//
// Read back: `show runningconfiguration all` (CONFIG_DB as JSON), the same
// format as /etc/sonic/config_db.json backups. DB versions before 3.0.3 write
// references as "[DSCP_TO_TC_MAP|AZURE]", later ones as "AZURE"; both parse
// identically. DSCP trust is "the port has a dscp_to_tc_map"; PFC, ECN queue
// binding, MTU and the PFC watchdog are per port; the DSCP map and WRED
// thresholds (bytes) are switch-wide (rocecfg writes the community names
// AZURE / AZURE_LOSSLESS).
//
// ETS is per port: QUEUE|<port>|<q>.scheduler -> SCHEDULER entries rocecfg
// names after their value (rocecfg_strict, rocecfg_dwrr_<percent>). Buffers
// are per port too: cable length (CABLE_LENGTH|AZURE, the dynamic buffer
// model's input) and, when the profile fixes headroom, a static lossless
// BUFFER_PROFILE (xoff = headroom) bound to exactly the PFC priorities' groups
// (BUFFER_PG|<port>|<prio>). Details: qos_parse.cpp.
//
// Pitfalls: no CLI for DSCP_TO_TC_MAP, SCHEDULER or BUFFER_PG (sonic-db-cli
// writes them); `config qos reload` regenerates QoS tables and wipes custom
// maps; ecnconfig rejects min > max after merging, so both go in one call;
// `sudo` is required ("Root privileges required"); a 0 % ETS class has no
// DWRR weight (1..100), so its queue is left on the platform default
// scheduler; lossless PGs do not follow PFC by themselves: `config interface
// pfc priority` only edits pfc_enable, so a priority that stops being
// lossless keeps its lossless PG (headroom reserved for a class that never
// pauses; lossless PGs are scarce) and a new one has none (PAUSE without
// headroom drops). With a fixed headroom rocecfg keeps BUFFER_PG = the PFC
// set: new PGs bound before PFC turns on, stale ones deleted after it is
// off. PG keys may be ranges ("3-4", as the buffer manager writes them); a
// deleted range unbinds all its PGs, so a range is split by DEL first, then
// HSET of the PGs that stay. rocecfg writes one key per PG.
// The PFC watchdog runs on PORT_QOS_MAP.pfcwd_sw_enable (factory 3,4 like
// pfc_enable, qos_config.j2); `config interface pfc priority` edits only
// pfc_enable, so rocecfg sets pfcwd_sw_enable to the lossless set wherever PFC
// or the watchdog changes, and reads a lossless priority outside it as a port
// without a watchdog. Buffer model: on `buffer_model traditional` buffermgrd
// rebinds the lossless PGs to pg_profile_lookup.ini's profile on every
// pfc_enable change (none for a speed/cable length the file lacks), so a fixed
// headroom holds on the dynamic model only; the parser says so. Before a push
// that changes a lossless port's PFC or cable length on that model, the
// file's rows are read and a port without one is refused, nothing sent
// (buffer_manager.cpp, VendorOps::preflight).
// References: github.com/sonic-net/sonic-utilities doc/Command-Reference.md,
// pfc/main.py and scripts/db_migrator.py (version_3_0_4) @691b1bbc;
// sonic-buildimage files/build_templates/qos_config.j2 @0791705b and
// src/sonic-yang-models (../shared/vendor-schemas/sonic-yang-models @086b03bd);
// sonic-swss cfgmgr/buffermgr.cpp @029506c5; sonic-buildimage
// dockers/docker-orchagent/buffermgrd.sh @4a8029f8 and
// files/build_templates/docker_image_ctl.j2 @005b214a.
#include <optional>

#include <fmt/format.h>

#include "common/vendor_ops.h"
#include "core/try.h"
#include "sonic/sonic.h"
#include "switch/interfaces.h"
#include "switch/validate.h"

namespace rocecfg::sw::sonic {

namespace {

constexpr size_t kChunk = 32;

// "EthernetN", N the port's first lane: a whole number of at most five
// digits (the largest SONiC platforms number lanes in the low thousands), so
// no name wraps a counter or the shell line it is sent in.
bool valid_interface(std::string_view name) {
  if (!check_interface(name) || !name.starts_with("Ethernet")) return false;
  std::string_view n = name.substr(8);
  if (n.empty() || n.size() > 5) return false;
  for (char c : n)
    if (c < '0' || c > '9') return false;
  return true;
}

// SONiC numbers a port by its first serdes lane: Ethernet0, Ethernet4, ... on
// a 4-lane platform, every number on a fully broken-out one. A range without
// a step ("Ethernet0-124") would name lanes that are no ports, so it must say
// its step ("Ethernet0-124/4", or "/1" where every number is a port).
Result<std::vector<std::string>> expand_interfaces(const std::vector<std::string>& ranges) {
  for (const std::string& list : ranges)
    for (size_t start = 0; start <= list.size();) {
      size_t comma = std::min(list.find(',', start), list.size());
      std::string_view item = std::string_view(list).substr(start, comma - start);
      auto one = expand_interface_list(item);
      if (one && one->size() > 1 && item.find('/') == std::string_view::npos)
        return fail(ErrorKind::invalid_input, std::string(item),
                    "a SONiC port range needs its step: ports are numbered by their first lane "
                    "(Ethernet0, Ethernet4, ...); write e.g. Ethernet0-124/4, or /1 where every "
                    "number is a port");
      start = comma + 1;
    }
  auto names = expand_interface_lists(ranges);
  if (!names) return names;
  for (const std::string& n : *names)
    if (!valid_interface(n))
      return fail(ErrorKind::invalid_input, n,
                  "not a SONiC port name (EthernetN, N the port's first lane, 0-99999)");
  return names;
}

// A lossless PG is where SONiC reserves headroom, so with a fixed headroom
// the lossless PGs must be exactly the PFC priorities: the intent says so,
// and a PG left lossless on a priority that lost PFC is drift.
model::Settings representable(const Platform&, const model::Settings& intent,
                              Diagnostics& warnings) {
  // A fixed headroom is a static BUFFER_PROFILE on the PFC priorities' PGs;
  // on the traditional buffer model buffermgrd rebinds those PGs to its own
  // pg_profile_lookup.ini profile whenever pfc_enable changes (parse.cpp,
  // note_buffer_model).
  if (intent.buffers && intent.buffers->headroom_bytes)
    warnings.warning({}, "buffers",
                     "sonic: a fixed headroom holds on the dynamic buffer model; on the "
                     "traditional model (DEVICE_METADATA buffer_model) buffermgrd rebinds the "
                     "lossless PGs to its pg_profile_lookup.ini profile on every pfc_enable "
                     "change, and binds none for a speed/cable length that file lacks");
  model::Settings out = intent;
  // SONiC sizes its pools in bytes (BUFFER_POOL size), not as shares.
  if (out.buffers && out.buffers->shared) {
    warnings.warning({}, "buffers",
                     "sonic sizes buffer pools in bytes (BUFFER_POOL): the shared buffer's split "
                     "(buffers.shared_*_percent) is not sent");
    out.buffers->shared.reset();
    if (out.buffers->empty()) out.buffers.reset();
  }
  return lossless_pgs_from_pfc(out);
}

// sonic-pfcwd.yang: detection_time 100..5000 ms, restoration_time
// 100..60000 ms; `config pfcwd start` refuses what the schema refuses, so
// the push is refused before anything is sent, never clamped. The one check:
// render() and `rocecfg validate --inventory` (Adapter::check_intent).
Status check_intent(const model::Settings& intent) {
  if (const auto& wd = intent.pfc_watchdog;
      wd && (wd->detection_ms < 100 || wd->detection_ms > 5000 || wd->restoration_ms < 100 ||
             wd->restoration_ms > 60000))
    return fail(ErrorKind::invalid_input, "pfc_watchdog",
                fmt::format("sonic pfcwd takes detection 100..5000 ms and restoration "
                            "100..60000 ms (sonic-pfcwd.yang); the profile asks {} ms / {} ms",
                            wd->detection_ms, wd->restoration_ms));
  return {};
}

Result<std::vector<std::string>> render(const Platform&, const model::Settings& intent,
                                        const std::vector<std::string>&, const plan::Plan& changes,
                                        Diagnostics& warnings) {
  ROCECFG_TRY(check_intent(intent));
  return render_commands(intent, changes, warnings);
}

// `config interface pfc priority` on a port without a PORT_QOS_MAP entry
// prints "Cannot find interface <port>", writes nothing and exits 0
// (sonic-utilities pfc/main.py Pfc.configPfcPrio, commit f38fe52): a
// refusal, whatever the exit status says. The line, if the output has one.
std::optional<std::string> refusal_in(std::string_view out) {
  constexpr std::string_view kNotFound = "Cannot find interface ";
  for (size_t at = out.find(kNotFound); at != std::string_view::npos;
       at = out.find(kNotFound, at + 1)) {
    if (at != 0 && out[at - 1] != '\n') continue;
    size_t end = out.find('\n', at);
    return std::string(out.substr(at, end == std::string_view::npos ? end : end - at));
  }
  return std::nullopt;
}

Status push(Session& session, const std::vector<std::string>& commands) {
  const std::string checkpoint = fmt::format("sudo config checkpoint {}", kCheckpoint);
  if (auto r = session.run(checkpoint); !r) return std::unexpected(r.error());
  for (size_t i = 0; i < commands.size(); i += kChunk) {
    std::vector<std::string> chunk(
        commands.begin() + static_cast<long>(i),
        commands.begin() + static_cast<long>(std::min(commands.size(), i + kChunk)));
    auto r = session.run_all(chunk);
    if (!r) return roll_back(session, r.error());
    if (auto refused = refusal_in(*r))
      return roll_back(session,
                       Error{ErrorKind::failed, "config interface pfc priority",
                             *refused + " (the port has no PORT_QOS_MAP entry, so SONiC did not "
                                        "change its PFC; the command still exits 0)"});
  }
  if (auto r = session.run("sudo config save -y"); !r) return roll_back(session, r.error());
  // The checkpoint is only a safety net; failing to delete it is harmless.
  (void)session.run(fmt::format("sudo config delete-checkpoint {}", kCheckpoint));
  return {};
}

// Queues (QUEUE|port|q), PGs (BUFFER_PG) and PORT_QOS_MAP are per port;
// SONiC is the one vendor whose headroom rocecfg writes (BUFFER_PROFILE).
const VendorOps kOps{
    .vendor = "sonic",
    .session = SessionKind::exec,
    .valid_interface = valid_interface,
    .expand_interfaces = expand_interfaces,
    .fetch_command = "show runningconfiguration all",
    .port_knobs = model::kDefaultPortKnobs.with(
        {model::Knob::ecn_priorities, model::Knob::ets, model::Knob::buffers}),
    .unsupported_knobs = {},
    .check_intent = check_intent,
    .representable = representable,
    .render = render,
    .parse = parse_config_db,
    .preflight = check_buffer_manager,
    .preflight_read = buffer_manager_read,
    .push = push,
    .restore = restore_config_db,
};

[[maybe_unused]] const bool registered =
    register_adapter(kOps.vendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::sonic
