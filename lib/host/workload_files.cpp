#include "host/workload_files.h"

#include <fmt/format.h>

#include "host/atomic_file.h"

namespace rocecfg::host {

ConfLocation conf_location(model::Knob knob) {
  switch (knob) {
    case model::Knob::ucx_conf:
      return {"/etc/ucx/ucx.conf", ConfSyntax::ini};
    case model::Knob::job_env:
      return {"/etc/rocecfg/job.env", ConfSyntax::nccl};
    default:
      return {"/etc/nccl.conf", ConfSyntax::nccl};
  }
}

Result<std::map<std::string, std::string>> read_owned_entries(const FsRoot& fs, model::Knob knob,
                                                              const std::set<std::string>& keys) {
  ConfLocation where = conf_location(knob);
  Result<std::optional<std::string>> text = read_config_file(fs, where.path);
  if (!text) return std::unexpected(text.error());
  std::map<std::string, std::string> out;
  if (!*text) return out;
  for (auto& [k, v] : conf_entries(**text, where.syntax))
    if (keys.contains(k)) out.emplace(k, v);
  return out;
}

Status write_owned_entries(const FsRoot& fs, model::Knob knob, const std::set<std::string>& keys,
                           const std::map<std::string, std::string>& want, bool remove_if_empty,
                           bool* created) {
  ConfLocation where = conf_location(knob);
  Result<std::optional<std::string>> text = read_config_file(fs, where.path);
  if (!text) return std::unexpected(text.error());
  std::map<std::string, std::optional<std::string>> changes;
  for (const std::string& k : keys) changes[k] = std::nullopt;
  for (const auto& [k, v] : want) {
    // The value ends up on one line of a file a shell may source.
    if (v.find_first_of("\n\r") != std::string::npos || k.find_first_of("=\n\r#") == 0)
      return fail(ErrorKind::invalid_input, where.path, fmt::format("bad entry for {}", k));
    changes[k] = v;
  }
  std::string old = text->value_or("");
  std::string next = conf_update(old, changes, where.syntax);
  if (created) *created = !text->has_value();
  if (!*text && next.empty()) return {};  // absent and nothing to write: leave it absent
  if (next.empty() && remove_if_empty) return remove_config_file(fs, where.path);
  if (*text && next == old) return {};
  return replace_config_file(fs, where.path, next);
}

std::string device_tc_path(const std::string& rdma_device, int port) {
  return fmt::format("/sys/class/infiniband/{}/tc/{}/traffic_class", rdma_device, port);
}

Result<std::optional<uint8_t>> read_device_tc(const FsRoot& fs, const std::string& rdma_device,
                                              int port) {
  std::string path = device_tc_path(rdma_device, port);
  if (!fs.exists(path))
    return fail(
        ErrorKind::unsupported, rdma_device,
        "no device-wide traffic class override (tc/<port>/traffic_class is MLNX_OFED only)");
  Result<std::string> text = fs.read(path);
  if (!text) return std::unexpected(text.error());
  // The first line holds the global value; rules for address ranges may follow.
  std::string first = text->substr(0, text->find('\n'));
  if (first.empty() || first.rfind("Global tclass=", 0) != 0) return std::optional<uint8_t>();
  Result<uint32_t> v = parse_u32(first.substr(14), path);
  if (!v) return std::unexpected(v.error());
  if (*v > 255) return fail(rdma_device, "traffic_class out of range: " + first);
  return std::optional<uint8_t>(static_cast<uint8_t>(*v));
}

Status write_device_tc(const FsRoot& fs, const std::string& rdma_device, int port,
                       std::optional<uint8_t> tc) {
  return fs.write(device_tc_path(rdma_device, port), tc ? std::to_string(*tc) : "-1");
}

}  // namespace rocecfg::host
