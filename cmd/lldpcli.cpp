#include "lldpcli.h"

#include <fmt/format.h>

#include "core/printable.h"
#include "core/child_process.h"

namespace rocecfg::cmd {

Result<std::vector<host::LldpPeer>> lldp_neighbors(const std::string& socket) {
  std::vector<std::string> argv{"lldpcli"};
  if (!socket.empty()) argv.insert(argv.end(), {"-u", socket});
  argv.insert(argv.end(), {"show", "neighbors", "-f", "json"});
  Result<ProcessOutput> out = run_process(argv, 5000);
  if (!out) return std::unexpected(out.error());
  if (out->exit_status != 0)
    return fail("lldpcli", fmt::format("exit {}: {}", out->exit_status,
                                       printable(out->err.substr(0, out->err.find('\n')))));
  return host::parse_lldpcli_json(out->out);
}

}  // namespace rocecfg::cmd
