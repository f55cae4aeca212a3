// devlink over generic netlink (libnl-genl, the family "devlink"; not the
// `devlink` CLI): every devlink instance's `dev info` (driver, serial,
// fixed/running/stored versions: fw, fw.version, fw.psid, board.id) and its
// device parameters with their values per configuration mode. Message and
// attribute layout: include/uapi/linux/devlink.h (DEVLINK_CMD_INFO_GET and
// DEVLINK_CMD_PARAM_GET, both dumpable) and the kernel's
// Documentation/networking/devlink/devlink-info.rst and devlink-params.rst.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "model/firmware.h"

namespace rocecfg::host {

struct DevlinkParam {
  std::string name;
  bool generic = false;
  // "runtime" (takes effect now), "driverinit" (at the next `devlink dev
  // reload`), "permanent" (in NVM: at the next reset) -> the value.
  std::map<std::string, model::FirmwareReading> values;
};

struct DevlinkDevice {
  std::string bus, dev;  // "pci", "0000:08:00.0"
  std::string driver;
  std::string serial;
  std::map<std::string, std::string> fixed, running, stored;  // version name -> value
  std::vector<DevlinkParam> params;
  std::string handle() const { return bus + "/" + dev; }
  // The running firmware version ("fw.version" on mlx5, the generic "fw"),
  // and the PSID ("fw.psid", or "board.id"); empty when not reported.
  std::string firmware_version() const;
  std::string psid() const;
};

// All devlink instances with their info and parameters. Errors: no devlink
// family in this kernel, or a dump the kernel refused. A device whose info or
// parameters the driver does not implement is listed without them.
Result<std::vector<DevlinkDevice>> read_devlink_devices();

}  // namespace rocecfg::host
