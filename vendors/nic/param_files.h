// Shared plumbing for adapters whose knobs are one value per file: the map
// from rocecfg's DCQCN parameter names (model/dcqcn_params.h, units in the
// name) to a driver's file names, and reading/writing a directory of them.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "host/fs_root.h"
#include "model/settings.h"

namespace rocecfg::nic {

struct ParamFile {
  std::string_view param;  // model name, "rp_ai_rate_mbps"
  std::string_view file;   // driver file, "rp_ai_rate"
};

// The file for a model parameter, or nullopt when the driver has none.
std::optional<std::string_view> file_for(std::span<const ParamFile> table, std::string_view param);

// Each declared parameter the table cannot map, as "a, b" (empty if none).
std::string unmapped_params(std::span<const ParamFile> table, const model::Dcqcn& d);

enum class Radix { dec, hex };

// Read `dir/<file>` for every table entry into params (missing files are
// skipped: drivers differ in which they have).
Status read_params(const host::FsRoot& fs, const std::string& dir, std::span<const ParamFile> table,
                   Radix radix, std::map<std::string, uint32_t>& params);
// Write only the parameters `d` declares.
Status write_params(const host::FsRoot& fs, const std::string& dir,
                    std::span<const ParamFile> table, Radix radix, const model::Dcqcn& d);

std::string format_value(uint32_t v, Radix radix);

}  // namespace rocecfg::nic
