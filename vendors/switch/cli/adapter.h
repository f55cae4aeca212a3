// The sw::Adapter face the four CLI vendors (EOS, NX-OS, Huawei CE, H3C)
// share: an interactive shell, buffers left to the switch, interface names
// checked against the vendor's single-port grammar. A vendor fills a CliOps
// table with what differs (its dialect, port grammar, read-back command and
// the render/parse/push functions of its own files) and registers it, the
// way rdma-core providers fill an ops table.
#pragma once

#include <regex>
#include <string_view>
#include <vector>

#include "model/qos.h"
#include "switch/adapter.h"

namespace rocecfg::sw::cli {

struct CliOps {
  std::string_view vendor;
  ShellDialect (*dialect)();
  const std::regex& (*single_port)();  // one port name: "Ethernet1/1", "100GE1/0/1"
  const char* fetch_command;           // "show running-config", "display current-configuration"
  model::KnobSet port_knobs;           // configured per interface (model/qos.h)
  // Both take the platform (model/release) for forms that differ by model.
  model::Settings (*representable)(const Platform&, const model::Settings&, Diagnostics&);
  Result<std::vector<std::string>> (*render)(const Platform&, const model::Settings&,
                                             const std::vector<std::string>&, const plan::Plan&,
                                             Diagnostics&);
  Result<SwitchState> (*parse)(std::string_view);
  Status (*push)(Session&, const std::vector<std::string>&);
  Status (*persist)(Session&);
  std::string_view version_command = "";  // "" : forms do not differ by model
  Platform (*parse_version)(std::string_view) = nullptr;
};

// An Adapter over `ops`, which must outlive it (a namespace-scope constant).
std::unique_ptr<Adapter> make_cli_adapter(const CliOps& ops);

}  // namespace rocecfg::sw::cli
