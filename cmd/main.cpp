// rocecfg: declare a lossless RoCE fabric once, apply it to hosts and switches,
// audit it for drift, and prove it with RDMA probes.
#include <algorithm>
#include <cstdio>
#include <map>

#include <fmt/format.h>

#include <fstream>
#include <iterator>

#include "command.h"
#include "manpage.h"

int main(int argc, char** argv) {
  using namespace rocecfg;
  using namespace rocecfg::cmd;
  CLI::App app{"rocecfg: lossless RoCE fabrics, declared, applied, audited and proven"};
  app.set_version_flag("--version", "rocecfg " ROCECFG_VERSION);
  app.footer(rocecfg::exit_code_help());
  app.require_subcommand(1);
  Globals globals;
  app.add_flag("--json", globals.json, "machine-readable JSON on stdout")->configurable(false);
  app.add_flag("-v,--verbose", globals.verbose, "more detail (repeat for more)");
  app.add_option("--inventory", globals.inventory, "inventory file (switches and hosts)");

  std::vector<CommandSpec> commands = registered_commands();
  std::sort(commands.begin(), commands.end(),
            [](const CommandSpec& a, const CommandSpec& b) { return a.name < b.name; });
  std::map<CLI::App*, std::function<int()>> runners;
  for (const CommandSpec& spec : commands) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.summary);
    sub->fallthrough();  // global flags may follow the verb: `rocecfg audit p.toml --json`
    runners[sub] = spec.define(*sub, globals);
  }

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

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kOk : kUsage;
  }
  for (auto& [sub, run] : runners)
    if (sub->parsed()) return run();
  return kUsage;
}
