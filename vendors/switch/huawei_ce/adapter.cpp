// The Huawei CE adapter: the sw::Adapter face of huawei_ce.h, and the
// two-stage commit under the configuration lock.
//
// Transaction (CE6800 V300R023C00 command reference, Configuration File
// Management; pages named below):
//   configuration exclusive     lock: other users may only query
//                               (configuration_exclusive.json); refused
//                               while someone else holds it: nothing sent
//   system-view                 candidate editing, nothing live
//   <commands>
//   commit trial 300            live, reverts in 300 s unless confirmed
//   commit                      confirm from a working connection
// then, after the read-back verified (persist):
//   return / save / Y           auto-save is off by default (save.json)
//   compare configuration       empty: next-startup = running
//   undo configuration exclusive   unlock (the last step)
// Before the trial commit, `clear configuration candidate` discards the
// candidate (a dropped session discards it by itself). After it, `abort
// trial` (+ Y) reverts at once; if even the reconnect fails, the trial timer
// reverts on its own. A lock left by a dropped session is released by the
// switch after `configuration exclusive timeout` (default 30 s,
// configuration_exclusive_timeout.json): until then the fresh connection may
// only query, so the rollback there first waits for the lock (relock()).
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/ports.h"
#include "common/vendor_ops.h"
#include "huawei_ce.h"

namespace rocecfg::sw::huawei_ce {

namespace {

// The default lock timeout (30 s) and a margin; a switch configured with a
// longer `configuration exclusive timeout` (up to 7200 s) is not waited for:
// its trial timer reverts the change instead, and the error says so.
constexpr int kLockWaitSeconds = 40;

// On a fresh connection after a drop: take the lock the dead session still
// holds once the switch releases it, asking once a second. Only a refusal by
// the switch (an error line: the connection works) is waited out. `waited_s`
// says how long it took, for the report.
Status relock(Session& session, int& waited_s) {
  for (waited_s = 0;; ++waited_s) {
    auto r = session.run(std::string(kLock));
    if (r) return {};
    if (r.error().message.find(" rejected: ") == std::string::npos)
      return std::unexpected(r.error());
    if (waited_s >= kLockWaitSeconds)
      return fail(ErrorKind::failed, std::string(kLock),
                  fmt::format("the lock of the dropped connection was still held after {} s; "
                              "the trial commit reverts by itself within {} s",
                              kLockWaitSeconds, kTrialSeconds));
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

}  // namespace

Status push(Session& session, const std::vector<std::string>& commands) {
  if (commands.empty()) return {};
  bool trial = false;
  auto undo = [&](Error cause) -> Status {
    // `abort trial` asks "Continue? [Y/N]" and works in any view but the user
    // view (abort_trial.json); an uncommitted candidate is discarded with
    // `clear configuration candidate` (clear_configuration_candidate.json) or
    // by the dropped session itself.
    if (!trial) {
      Status rolled = cli::recover(session, {"clear configuration candidate"}, {});
      if (rolled) (void)session.run(std::string(kUnlock));  // ours, on this connection
      return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
    }
    auto run_each = [&](std::initializer_list<const char*> lines) -> Status {
      for (const char* c : lines)
        if (auto r = session.run(c); !r) return std::unexpected(r.error());
      return {};
    };
    int waited_s = 0;
    Status rolled = run_each({"abort trial", "Y"});
    if (!rolled) {  // the connection is gone: a fresh one, once the lock is free
      rolled = session.reconnect();
      if (rolled) rolled = relock(session, waited_s);
      if (rolled) rolled = run_each({"system-view", "abort trial", "Y", "return"});
    }
    if (rolled) (void)session.run(std::string(kUnlock));  // ours, on this connection
    Error e = cli::push_failure(std::move(cause), kVendor, rolled);
    if (rolled && waited_s > 0)
      e.message += fmt::format(
          " (after waiting {} s for the switch to release the dropped connection's lock)",
          waited_s);
    return std::unexpected(e);
  };
  // Someone else's lock: stop before anything is staged, and never unlock it.
  if (auto r = session.run(std::string(kLock)); !r)
    return fail(ErrorKind::failed, std::string(kLock),
                "could not take the configuration lock (another user may hold it); nothing "
                "was sent: " +
                    r.error().message);
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

// Persistence: auto-save is off unless configured (configuration_file_auto-
// save.json), so `save` runs in the user view and asks [Y/N] (save.json);
// `compare configuration` (compare_configuration.json) lists the lines where
// the running config and the next-startup file differ: empty output = same
// (the exact text when equal is not in the reference).
Status persist(Session& session) {
  for (const char* c : {"return", "save", "Y"})
    if (auto r = session.run(c); !r) return std::unexpected(r.error());
  auto diff = session.run("compare configuration");
  if (!diff) return std::unexpected(diff.error());
  for (char ch : *diff)
    if (!std::isspace(static_cast<unsigned char>(ch)))
      return fail(ErrorKind::failed, "compare configuration",
                  "the next-startup configuration differs from the running one: " + *diff);
  if (auto r = session.run(std::string(kUnlock)); !r) return std::unexpected(r.error());
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

// "HUAWEI CE8855-32CQ4BQ uptime is ..." / "... CE6866-48S8CQ-P ...": the
// first word starting with CE is the model.
Platform parse_version(std::string_view out) {
  size_t at = 0;
  while ((at = out.find("CE", at)) != std::string_view::npos) {
    if (at == 0 || out[at - 1] == ' ' || out[at - 1] == '\n') {
      size_t end = out.find_first_of(" \r\n", at);
      return {std::string(out.substr(at, end == std::string_view::npos ? end : end - at)), "", ""};
    }
    at += 2;
  }
  return {};
}

ShellDialect dialect() {
  ShellDialect d;
  // <HUAWEI>, [~HUAWEI], [*HUAWEI-100GE1/0/1]
  // and the [Y/N] questions of save and abort trial (save.json, abort_trial.json)
  d.prompt_regex = R"((^|\n)([<][\w.-]+[>]|\[[~*]?[\w.\-/:]+\]) ?$|\[Y/N\]:? ?$)";
  d.error_regexes = {R"(^Error:)", R"(Failed to generate committed config)", R"(^\s*\^$)"};
  d.setup_commands = {"screen-length 0 temporary"};
  return d;
}

const VendorOps kOps{
    .vendor = kVendor,
    .dialect = dialect,
    .single_port = port_grammar,
    .fetch_command = "display current-configuration",
    .port_knobs = model::kQueuePortKnobs.with({model::Knob::dscp_map}),
    .representable = representable,
    .render = render,
    .parse = parse,
    .push = push,
    .persist = persist,
    .version_command = "display version",
    .parse_version = parse_version,
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::huawei_ce
