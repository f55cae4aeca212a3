// Running the NV-config tool operators already have: `mstconfig` (Debian's
// mstflint) or `mlxconfig` (NVIDIA MFT), whichever is on PATH, mstconfig
// first. No shell: argv is exec'd as given, and every PCI address and
// parameter name is checked against its grammar before it gets there. One
// query takes about 5 s per device (the firmware answers register by
// register), so all devices are queried at once, each in its own process.
// Output format: nic/mstconfig_query.h.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "nic/mstconfig_query.h"

namespace rocecfg::nic {

// "0000:08:00.0": domain, bus, device, function in hex, as sysfs and
// mstconfig -d spell a PCI function.
bool valid_pci_address(const std::string& s);

// The tool's name when one is on PATH ("mstconfig", "mlxconfig"), or nullopt.
std::optional<std::string> find_nv_tool();

// `TOOL -e -d PCI query`, parsed. A failing tool, a timeout or text that is
// not a query table is an error naming the device.
Result<NvQuery> query_nv_config(const std::string& tool, const std::string& pci);

// Every device at once; results in the order of `pcis`.
std::vector<Result<NvQuery>> query_nv_config_all(const std::string& tool,
                                                 const std::vector<std::string>& pcis);

// `TOOL -y -d PCI set K=V ...`: writes next-boot values only (the firmware
// applies them at its next reset; the tool itself never resets anything).
Status set_nv_config(const std::string& tool, const std::string& pci,
                     const std::map<std::string, std::string>& values);

}  // namespace rocecfg::nic
