// The Junos adapter: the sw::Adapter face of junos.h, the commit protocol,
// the port grammar and code points.
//
// Transaction (Junos CLI User Guide: "configure private", "show | compare",
// "commit check", "commit confirmed", "rollback"):
//   configure private            a private candidate: nobody else's edits
//   set ... / delete ...         the statements render() made
//   show | compare               the change as Junos computes it (logged)
//   commit check                 validate without activating
//   commit confirmed 5           live, reverts by itself unless confirmed
//   show | compare               read back: nothing left uncommitted
//   commit                       confirm (and persist: a commit is saved)
//   exit
// A failure before the confirmed commit discards the private candidate
// (`rollback 0`, `exit`): nothing changed. A failure after it loads and
// commits the previous configuration (`rollback 1`, `commit`); if even the
// reconnect fails, the confirmed commit reverts on its own after 5 minutes.
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
  const std::string confirmed = fmt::format("commit confirmed {}", kConfirmMinutes);
  bool live = false;
  auto undo = [&](Error cause) -> Status {
    Status rolled = live ? cli::recover(session, {"rollback 1", "commit", "exit"},
                                        {"configure private", "rollback 1", "commit", "exit"})
                         : cli::recover(session, {"rollback 0", "exit"}, {});
    return std::unexpected(cli::push_failure(std::move(cause), kVendor, rolled));
  };
  if (auto r = session.run("configure private"); !r) return undo(r.error());
  for (const auto& c : commands)
    if (auto r = session.run(c); !r) return undo(r.error());
  for (const char* c : {"show | compare", "commit check"})
    if (auto r = session.run(c); !r) return undo(r.error());
  if (auto r = session.run(confirmed); !r) {
    live = true;  // a commit that failed half-way may have activated: restore
    return undo(r.error());
  }
  live = true;
  auto left = session.run("show | compare");
  if (!left) return undo(left.error());
  if (left->find_first_not_of(" \r\n") != std::string::npos &&
      left->find("[edit") != std::string::npos)
    return undo(Error{ErrorKind::failed, "show | compare",
                      "the candidate still differs from the committed configuration after commit "
                      "confirmed"});
  if (auto r = session.run("commit"); !r) return undo(r.error());
  live = false;
  if (auto r = session.run("exit"); !r) return std::unexpected(r.error());
  return {};
}

namespace {

ShellDialect dialect() {
  ShellDialect d;
  // `user@leaf1> ` (operational) and `user@leaf1# ` (configuration).
  d.prompt_regex = R"((^|\n)[\w.-]+@[\w.:-]+[>#] ?$)";
  d.error_regexes = {R"(^error:)", R"(^syntax error)", R"(^unknown command)",
                     R"(^missing argument)", R"(^invalid value)"};
  d.pager_regex = R"(---\(more( \d+%)?\)--- *$)";
  d.setup_commands = {"set cli screen-length 0", "set cli screen-width 0"};
  return d;
}

const VendorOps kOps{
    .vendor = kVendor,
    .dialect = dialect,
    .single_port = port_grammar,
    .fetch_command = "show configuration | display set",
    .port_knobs = model::kDefaultPortKnobs.with({model::Knob::ets}),
    // ECN thresholds are fill levels in percent of the queue's buffer (junos.h).
    .unsupported_knobs = {model::Knob::buffers, model::Knob::ecn, model::Knob::ecn_priorities},
    .check_intent = check_intent,
    .representable = representable,
    .render = render,
    .parse = parse,
    .push = push,
};

[[maybe_unused]] const bool registered =
    register_adapter(kVendor, [] { return make_vendor_adapter(kOps); });

}  // namespace

}  // namespace rocecfg::sw::junos
