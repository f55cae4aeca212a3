// rocecfg: declare a lossless RoCE fabric once, apply it to hosts and switches,
// audit it for drift, and prove it with RDMA probes.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iterator>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "manpage.h"
#include "option_checks.h"
#include "output.h"
#include "profile/toml_reader.h"

namespace {

constexpr const char* kGlobalFlags =
    "Global flags (before or after the verb):\n"
    "  -j, --json        one JSON document on stdout (cmd/schemas/), also on errors\n"
    "  -v, --verbose     more detail (repeat for more)\n"
    "  --inventory FILE  switches and hosts (apply/audit/doctor/gate/check/counters; env: a\n                    node's HCAs from its [[host]] entry)\n";

// The verb the command line names: the first word that is not an option or
// the value of --inventory. Empty when there is none.
std::string verb_word(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--inventory") {
      ++i;
      continue;
    }
    if (!a.starts_with("-")) return std::string(a);
  }
  return {};
}

}  // namespace

namespace {

// The last resort: an exception no verb handled (or one escaping a worker
// thread, which reaches std::terminate) prints one line and exits 3, never an
// abort with a core dump and nothing on stderr.
// Set once --json is seen: an internal error still ends in the one document
// (main prints the envelope only when run() returns).
bool g_json_requested = false;

[[noreturn]] void internal_error(const char* what) {
  std::fflush(stdout);  // what was already printed stays whole
  std::string line = fmt::format("rocecfg: internal error: {}\n", rocecfg::printable(what));
  (void)!::write(STDERR_FILENO, line.data(), line.size());
  if (g_json_requested) {
    std::string doc;
    try {
      rocecfg::cmd::json_document().error =
          nlohmann::json{{"message", "internal error: " + std::string(what)}};
      doc = rocecfg::json_text(rocecfg::cmd::json_envelope(rocecfg::kRuntime)) + "\n";
    } catch (...) {
      doc = "{\"schema_version\": 1, \"ok\": false, \"exit_code\": 3}\n";
    }
    (void)!::write(STDOUT_FILENO, doc.data(), doc.size());
  }
  std::_Exit(rocecfg::kRuntime);
}

[[noreturn]] void on_terminate() {
  try {
    if (std::exception_ptr e = std::current_exception()) std::rethrow_exception(e);
  } catch (const std::exception& e) {
    internal_error(e.what());
  } catch (...) {
  }
  internal_error("unknown exception");
}

int run(int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
  std::set_terminate(on_terminate);
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    internal_error(e.what());
  } catch (...) {
    internal_error("unknown exception");
  }
}

namespace {

int run(int argc, char** argv) {
  using namespace rocecfg;
  using namespace rocecfg::cmd;
  CLI::App app{"rocecfg: lossless RoCE fabrics, declared, applied, audited and proven"};
  app.set_version_flag("--version", "rocecfg " ROCECFG_VERSION);
  app.require_subcommand(1);
  Globals globals;
  app.add_flag("-j,--json", globals.json, "machine-readable JSON on stdout")->configurable(false);
  app.add_flag("-v,--verbose", globals.verbose, "more detail (repeat for more)");
  app.add_option("--inventory", globals.inventory, "inventory file (switches and hosts)");

  std::vector<CommandSpec> commands = registered_commands();
  std::sort(commands.begin(), commands.end(),
            [](const CommandSpec& a, const CommandSpec& b) { return a.name < b.name; });
  std::map<CLI::App*, std::function<int()>> runners;
  std::vector<std::string_view> verbs;
  for (const CommandSpec& spec : commands) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.summary);
    sub->fallthrough();  // global flags may follow the verb: `rocecfg audit p.toml --json`
    runners[sub] = spec.define(*sub, globals);
    // Each verb's help names the global flags and only the codes it returns.
    std::string own = sub->get_footer();
    sub->footer((own.empty() ? "" : own + "\n\n") + kGlobalFlags + "\n" +
                exit_code_help(spec.exit_codes));
    verbs.push_back(spec.name);
  }
  guard_number_options(app);  // after every verb defined its options
  // After the verbs: CLI11 copies the parent's footer into subcommands made
  // after it is set, and a verb's help shows only its own codes.
  app.footer(std::string(kGlobalFlags) + "\n" + exit_code_help() +
             "\n`rocecfg help VERB` (or `rocecfg VERB --help`) for one verb.");

  // The build's man page generator (cmd/manpage.h); not a user verb, so not
  // in --help.
  if (argc == 3 && std::string(argv[1]) == "--manpage") {
    std::ifstream in(argv[2]);
    if (!in) {
      fmt::print(stderr, "rocecfg --manpage: cannot read {}\n", argv[2]);
      return kRuntime;
    }
    fmt::print("{}", render_manpage(app, std::string(std::istreambuf_iterator<char>(in), {})));
    return kOk;
  }

  // --json is known before parsing, so a command line CLI11 rejects still
  // gets its one JSON document.
  bool want_json = false;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--json" || std::string_view(argv[i]) == "-j")
      want_json = g_json_requested = true;
  auto finish = [&](int rc) {
    if (globals.json || want_json) fmt::print("{}\n", rocecfg::json_text(json_envelope(rc)));
    return rc;
  };

  // `rocecfg help [VERB]` is `rocecfg [VERB] --help`.
  std::vector<std::string> args(argv, argv + argc);
  if (std::string word = verb_word(argc, argv); word == "help") {
    args.erase(std::find(args.begin() + 1, args.end(), "help"));
    args.push_back("--help");
  } else if (!word.empty() && std::find(verbs.begin(), verbs.end(), word) == verbs.end()) {
    std::string guess = profile::closest(word, verbs);
    return finish(report_error(
        kUsage, fmt::format("unknown command '{}'{} (rocecfg --help lists them)", word,
                            guess.empty() ? "" : fmt::format(" (did you mean '{}'?)", guess))));
  }
  std::vector<const char*> cargs;
  for (const std::string& a : args) cargs.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(cargs.size()), const_cast<char**>(cargs.data()));
  } catch (const CLI::ParseError& e) {
    for (auto& [sub, run] : runners)
      if (sub->parsed()) json_document().verb = sub->get_name();
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version: text only
    if (want_json) {
      fmt::print(stderr, "{}\n", e.what());
      json_document().error = nlohmann::json{{"message", e.what()}};
      return finish(kUsage);
    }
    app.exit(e);
    return kUsage;
  }
  for (auto& [sub, run] : runners)
    if (sub->parsed()) {
      json_document().verb = sub->get_name();
      return finish(run());
    }
  return finish(kUsage);
}

}  // namespace
