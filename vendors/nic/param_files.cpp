#include "nic/param_files.h"

#include <fmt/format.h>

namespace rocecfg::nic {

std::optional<std::string_view> file_for(std::span<const ParamFile> table, std::string_view param) {
  for (const ParamFile& p : table)
    if (p.param == param) return p.file;
  return std::nullopt;
}

std::string unmapped_params(std::span<const ParamFile> table, const model::Dcqcn& d) {
  std::string out;
  for (const auto& [name, value] : d.params)
    if (!file_for(table, name)) out += (out.empty() ? "" : ", ") + name;
  return out;
}

std::string format_value(uint32_t v, Radix radix) {
  // bnxt_re parses with sscanf("%x"): "10" would mean 16. Always say 0x.
  return radix == Radix::hex ? fmt::format("0x{:x}", v) : std::to_string(v);
}

Status read_params(const host::FsRoot& fs, const std::string& dir, std::span<const ParamFile> table,
                   Radix radix, std::map<std::string, uint32_t>& params) {
  for (const ParamFile& p : table) {
    std::string path = fmt::format("{}/{}", dir, p.file);
    if (!fs.exists(path)) continue;
    Result<std::string> text = fs.read(path);
    if (!text) return std::unexpected(text.error());
    std::string t = *text;
    // bnxt_re prints bare hex ("1a"); make it unambiguous before parsing.
    if (radix == Radix::hex && !t.starts_with("0x")) t = "0x" + t;
    Result<uint32_t> v = host::parse_u32(t, path);
    if (!v) return std::unexpected(v.error());
    params[std::string(p.param)] = *v;
  }
  return {};
}

Status write_params(const host::FsRoot& fs, const std::string& dir,
                    std::span<const ParamFile> table, Radix radix, const model::Dcqcn& d) {
  for (const auto& [name, value] : d.params) {
    std::optional<std::string_view> file = file_for(table, name);
    if (!file) return fail(ErrorKind::unsupported, dir, "no file for DCQCN parameter " + name);
    if (Status ok = fs.write(fmt::format("{}/{}", dir, *file), format_value(value, radix)); !ok)
      return ok;
  }
  return {};
}

}  // namespace rocecfg::nic
