// The text of `mstconfig -e -d <pci> query` (Debian's mstflint) and of
// NVIDIA MFT's `mlxconfig`, which print the same table (one source tree).
// Checked against mstflint's own printer, mlxconfig/mlxcfg_ui.cpp
// (MlxCfg::printOpening, printConfHeader, printSingleParam, printValue):
//   * Debian 12's mstflint 4.21.0: tag v4.21.0-1, commit
//     d3544651665b241782ae9a2d4ebc620ea6b1db5e: the header is
//     printf("%-16s%36s%16s%18s", "Configurations:", "Default", "Current",
//     "Next Boot"), a row is "*        " or 9 spaces, the name in %-36s and
//     each value in %-16s (a space more after a value of 17+ characters);
//   * current upstream (commit b9d9e844a14ae1c85cb90c76ccd4a56a0eccd599): the
//     name column is 56 wide, each value 33, a row starts with the '*' (or a
//     space) and "RO" for a read-only parameter.
// Both: the Default and Current columns appear only with -e
// (--enable_verbosity) and when the firmware can report them ("Device
// Firmware does not support reading current configurations" otherwise); a
// value is a number ("255"), a name with its number ("False(0)", "ETH(2)"),
// "Array[0..7]", a hex string (BYTES) or "N/A"; '*' marks a row whose next
// value differs from the default or current one. The reader keys on the
// "Configurations:" header and the column names it lists, and splits rows
// on white space, so either width reads the same. Saved outputs as people
// paste them are read too: a header whose column names were trimmed (the
// only column is then next boot, as without -e) and "..." rows left out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "model/firmware.h"

namespace rocecfg::nic {

struct NvParam {
  std::string name;
  bool modified = false;                                     // the '*' mark
  bool read_only = false;                                    // "RO"
  model::FirmwareReading default_value, current, next_boot;  // unknown when not shown
};

struct NvQuery {
  std::string device_type, board_name, description, device;
  bool shows_default = false, shows_current = false;
  std::vector<NvParam> params;
  const NvParam* find(std::string_view name) const;
};

// Refuses text that is not a query table (no "Configurations:" header, a
// tool error "-E- ..."), and a table cut short (a row with fewer values than
// columns, no rows): each error names the line.
Result<NvQuery> parse_mstconfig_query(std::string_view text, const std::string& device);

}  // namespace rocecfg::nic
