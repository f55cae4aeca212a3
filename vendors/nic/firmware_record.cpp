#include "nic/firmware_record.h"

#include <sys/stat.h>

#include <cerrno>
#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/printable.h"
#include "core/regular_file.h"

namespace rocecfg::nic {

namespace {
constexpr size_t kMaxRecordBytes = 1u << 20;
}

Result<FirmwareWrites> read_firmware_writes(const std::string& state_dir) {
  std::string path = state_dir + "/" + kFirmwareWritesFile;
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 && errno == ENOENT) return FirmwareWrites{};
  Result<std::string> text = read_regular_file(path, kMaxRecordBytes);
  if (!text) return std::unexpected(text.error());
  FirmwareWrites out;
  try {
    nlohmann::json j = nlohmann::json::parse(*text);
    for (const auto& [pci, params] : j.at("devices").items())
      for (const auto& [name, w] : params.items())
        out[pci][name] = {w.at("value").get<std::string>(), w.at("written_unix_s").get<int64_t>()};
  } catch (const nlohmann::json::exception&) {
    return fail(ErrorKind::invalid_input, path, "not a firmware write record");
  }
  return out;
}

Status record_firmware_writes(const std::string& state_dir, const FirmwareWrites& writes) {
  if (::mkdir(state_dir.c_str(), 0755) != 0 && errno != EEXIST)
    return fail(ErrorKind::failed, state_dir, "cannot create the state directory");
  nlohmann::json devices = nlohmann::json::object();
  for (const auto& [pci, params] : writes)
    for (const auto& [name, w] : params)
      devices[pci][name] = {{"value", w.value}, {"written_unix_s", w.written_unix_s}};
  return write_file_atomically(state_dir, kFirmwareWritesFile,
                               json_text(nlohmann::json{{"devices", devices}}) + "\n", 0600);
}

Result<int64_t> host_boot_time_s(const host::FsRoot& fs) {
  Result<std::string> stat = fs.read("/proc/stat");
  if (!stat) return std::unexpected(stat.error());
  size_t at = stat->find("\nbtime ");
  if (at == std::string::npos) return fail("/proc/stat", "no btime line");
  std::string_view rest = std::string_view(*stat).substr(at + 7);
  int64_t v = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
  if (ec != std::errc{}) return fail("/proc/stat", "btime is not a number");
  return v;
}

}  // namespace rocecfg::nic
