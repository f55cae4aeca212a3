// The Junos adapter: the sw::Adapter face of junos.h, the commit protocol,
// the port grammar and code points.
//
// Transaction (Junos CLI User Guide: "configure exclusive", "show | compare",
// "commit check", "commit confirmed", "rollback"):
//   configure exclusive          the candidate, locked against other writers
//                                (not `configure private`: "You cannot issue
//                                the commit confirmed command when you are in
//                                configure private mode", JUNOS 8.5 CLI
//                                guide, Using the configure private Command)
//   set ... / delete ...         the statements render() made
//   show | compare               the change as Junos computes it (logged)
//   commit check                 validate without activating
//   commit confirmed 5           live, reverts by itself unless confirmed
//   show | compare               read back: nothing left uncommitted
//   commit                       confirm (and persist: a commit is saved)
//   exit
// A failure before the confirmed commit discards the private candidate
// (`rollback 0`, `exit`): nothing changed. A failure after it loads and
// commits the configuration before the push (`rollback 1` after the
// confirmed commit, `rollback 2` after the confirming one: each commit is a
// rollback entry); if even the reconnect fails, an unconfirmed commit
// reverts on its own after 5 minutes.
#include <cctype>

#include <fmt/format.h>

#include "../cli/common.h"
#include "../cli/ports.h"
#include "common/vendor_ops.h"
#include "junos.h"

namespace rocecfg::sw::junos {

const std::regex& port_grammar() {
  static const std::regex re(R"(((et|xe|ge|mge)-\d+/\d+/\d+(:\d+)?|ae\d+))");
  return re;
}

std::string dscp_bits(unsigned dscp) {
  std::string out;
  for (int b = 5; b >= 0; --b) out += (dscp >> b) & 1u ? '1' : '0';
  return out;
}

std::string pcp_bits(unsigned priority) {
  std::string out;
  for (int b = 2; b >= 0; --b) out += (priority >> b) & 1u ? '1' : '0';
  return out;
}

namespace {

std::optional<unsigned> binary(std::string_view bits, size_t width) {
  if (bits.size() != width) return std::nullopt;
  unsigned v = 0;
  for (char c : bits) {
    if (c != '0' && c != '1') return std::nullopt;
    v = v * 2 + static_cast<unsigned>(c - '0');
  }
  return v;
}

}  // namespace

// Aliases: Junos "Default CoS Values and Aliases" (DSCP: ef, afXY, csN, be,
// nc1 = cs6, nc2 = cs7; IEEE 802.1: be 000, be1 001, ef 010, ef1 011,
// af11 100, af12 101, nc1 110, nc2 111).
std::optional<unsigned> dscp_from_bits(std::string_view bits) {
  if (auto v = binary(bits, 6)) return v;
  if (bits == "nc1") return 48;
  if (bits == "nc2") return 56;
  if (bits.empty() || std::isdigit(static_cast<unsigned char>(bits[0]))) return std::nullopt;
  return cli::dscp_value(bits);
}

std::optional<unsigned> pcp_from_bits(std::string_view bits) {
  if (auto v = binary(bits, 3)) return v;
  static const std::map<std::string_view, unsigned> aliases{{"be", 0},  {"be1", 1},  {"ef", 2},
                                                            {"ef1", 3}, {"af11", 4}, {"af12", 5},
                                                            {"nc1", 6}, {"nc2", 7}};
  auto it = aliases.find(bits);
  return it == aliases.end() ? std::nullopt : std::optional<unsigned>(it->second);
}

Status push(Session& session, const std::vector<std::string>& commands) {
  if (commands.empty()) return {};
  // How far the transaction got decides its undo. Every commit, the
  // confirming one included, is a rollback entry (`show system commit`), so
  // the configuration before the push is rollback 1 after `commit confirmed`
  // and rollback 2 after the confirming `commit`.
  enum class Phase { staged, committing, confirmed, done } phase = Phase::staged;
  auto back_to = [&](int n) {
    const std::string rollback = "rollback " + std::to_string(n);
    return cli::recover(session, {rollback, "commit", "exit"},
                        {"configure exclusive", rollback, "commit", "exit"});
  };
  auto undo = [&](Error cause) -> Status {
    Status rolled;
    if (phase == Phase::confirmed) {
      rolled = back_to(1);
    } else if (phase == Phase::done) {
      rolled = back_to(2);
    } else {
      // Nothing committed (a refused `commit confirmed` commits nothing):
      // discard the candidate; leaving exclusive mode discards it anyway.
      rolled = cli::recover(session, {"rollback 0", "exit"}, {});
      if (phase == Phase::committing)
        cause.message += fmt::format(
            " (had the switch committed before the session failed, commit confirmed reverts "
            "it within {} minutes)",
            kConfirmMinutes);
    }
    return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
  };
  if (auto r = session.run("configure exclusive"); !r) return undo(r.error());
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return undo(r.error());
  for (const char* c : {"show | compare", "commit check"})
    if (auto r = session.run(c); !r) return undo(r.error());
  phase = Phase::committing;
  if (auto r = session.run(fmt::format("commit confirmed {}", kConfirmMinutes)); !r)
    return undo(r.error());
  phase = Phase::confirmed;
  // Read back: the candidate holds nothing the commit left out (a compare
  // prints `+`/`-` lines for each difference).
  auto left = session.run("show | compare");
  if (!left) return undo(left.error());
  for (size_t a = 0; a < left->size();) {
    size_t b = std::min(left->find('\n', a), left->size());
    char c = (*left)[a];
    if (b > a && (c == '+' || c == '-'))
      return undo(Error{ErrorKind::failed, "show | compare",
                        "the candidate still differs from the committed configuration after "
                        "commit confirmed"});
    a = b + 1;
  }
  if (auto r = session.run("commit"); !r) return undo(r.error());
  phase = Phase::done;
  if (auto r = session.run("exit"); !r) return undo(r.error());
  return {};
}

Os os_of(const Platform& platform) {
  if (platform.release.ends_with("-EVO")) return Os::evolved;
  if (!platform.release.empty()) return Os::junos;
  std::string model;
  for (char c : platform.model)
    model += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view m : {"qfx5130", "qfx5220", "qfx5230", "qfx5240", "ptx10"})
    if (model.starts_with(m)) return Os::evolved;
  for (std::string_view m : {"qfx5100", "qfx5110", "qfx5120", "qfx5200", "qfx5210"})
    if (model.starts_with(m)) return Os::junos;
  return Os::unknown;
}

Platform parse_version(std::string_view out) {
  Platform p;
  size_t start = 0;
  while (start < out.size()) {
    size_t end = std::min(out.find('\n', start), out.size());
    std::string_view line = out.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    // "Key: value", the value's leading spaces dropped.
    auto value = [&](std::string_view key) {
      std::string_view v = line.substr(key.size());
      return std::string(v.substr(std::min(v.find_first_not_of(' '), v.size())));
    };
    if (p.model.empty() && line.starts_with("Model:")) p.model = value("Model:");
    if (p.release.empty() && line.starts_with("Junos:")) p.release = value("Junos:");
    start = end + 1;
  }
  return p;
}

namespace {

ShellDialect dialect() {
  ShellDialect d;
  // `user@leaf1> ` (operational) and `user@leaf1# ` (configuration).
  d.prompt_regex = R"((^|\n)[\w.-]+@[\w.:-]+[>#] ?$)";
  // Junos prints `error:`; a device printing `Error:` fails the command too.
  d.error_regexes = {R"(^[Ee]rror:)", R"(^syntax error)", R"(^unknown command)",
                     R"(^missing argument)", R"(^invalid value)"};
  d.pager_regex = R"(---\(more( \d+%)?\)--- *$)";
  d.setup_commands = {"set cli screen-length 0", "set cli screen-width 0"};
  return d;
}

// After a completed push fails verification: the configuration before it
// is exactly the one two commits back (the confirmed commit and the
// confirming one), so loading it (`rollback 2` inside push()'s transaction)
// restores the text, not only the values. Juniper CLI User Guide,
// "rollback": rollback N is the configuration N commits ago.
std::optional<std::vector<std::string>> restore(std::string_view before, std::string_view now) {
  if (before == now) return std::vector<std::string>{};
  return std::vector<std::string>{"rollback 2"};
}

const VendorOps kOps{
    .vendor = kVendor,
    .dialect = dialect,
    .single_port = port_grammar,
    .fetch_command = "show configuration | display set",
    .port_knobs = model::kDefaultPortKnobs.with({model::Knob::ets}),
    // ECN thresholds are fill levels in percent of the queue's buffer
    // (junos.h): rendered from [ecn] fill_level_percent, not expressible from
    // bytes alone (engine.h unsupported_for). Of the buffers, the shared
    // buffer's split is rendered; a profile with headroom only is planned
    // unsupported (representable drops it, engine.h unsupported_for).
    .unsupported_knobs = {},
    .ecn_as_fill_levels = true,
    .check_intent = check_intent,
    .representable = representable,
    .render = render,
    .parse = parse,
    .push = push,
    .restore = restore,
    .version_command = "show version",
    .parse_version = parse_version,
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::junos
