#include "workload/nccl_effective.h"

#include <cerrno>
#include <cstdlib>

#include <fmt/format.h>

#include "host/atomic_file.h"
#include "host/conf_file.h"
#include "host/workload_files.h"

namespace rocecfg::workload {

namespace {
std::optional<std::string> from_file(const host::FsRoot& fs, const std::string& path,
                                     const std::string& key) {
  auto text = host::read_config_file(fs, path);
  if (!text || !*text) return std::nullopt;
  auto entries = host::conf_entries(**text, host::ConfSyntax::nccl);
  auto it = entries.find(key);
  if (it == entries.end() || it->second.empty()) return std::nullopt;
  return it->second;
}
}  // namespace

Effective nccl_effective(const host::FsRoot& fs, const GetEnv& getenv, const std::string& key) {
  // ncclLoadParam ignores an empty value ("str && strlen(str) > 0").
  if (const char* v = getenv(key.c_str()); v && *v) return {std::string(v), "environment"};
  std::string user;
  if (const char* f = getenv("NCCL_CONF_FILE"); f && *f)
    user = f;
  else if (const char* home = getenv("HOME"); home && *home)
    user = std::string(home) + "/.nccl.conf";
  if (!user.empty())
    if (auto v = from_file(fs, user, key)) return {*v, user};
  if (auto v = from_file(fs, "/etc/nccl.conf", key)) return {*v, "/etc/nccl.conf"};
  return {std::nullopt, "default"};
}

EffectiveTc nccl_traffic_class(const host::FsRoot& fs, const GetEnv& getenv,
                               const std::vector<std::pair<std::string, int>>& rdma_ports) {
  EffectiveTc out;
  Effective e = nccl_effective(fs, getenv, "NCCL_IB_TC");
  out.source = e.source == "default" ? "NCCL's default (NCCL_IB_TC unset)" : e.source;
  if (e.value) {
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(e.value->c_str(), &end, 0);
    if (errno || v < 0 || v > 255) {
      out.source = fmt::format("NCCL_IB_TC={} from {} is invalid: NCCL uses its default", *e.value,
                               e.source);
    } else {
      out.traffic_class = static_cast<int>(v);
    }
  }
  for (const auto& [dev, port] : rdma_ports) {
    auto tc = host::read_device_tc(fs, dev, port);
    if (tc && *tc) {
      out.device_override = **tc;
      out.device_override_source = host::device_tc_path(dev, port);
      break;
    }
  }
  return out;
}

WireTos nccl_wire_tos(const host::FsRoot& fs, const GetEnv& getenv,
                      const std::vector<std::pair<std::string, int>>& rdma_ports) {
  EffectiveTc tc = nccl_traffic_class(fs, getenv, rdma_ports);
  std::string nccl = tc.source.starts_with("NCCL")
                         ? tc.source
                         : fmt::format("NCCL_IB_TC={} from {}", tc.traffic_class, tc.source);
  if (tc.device_override)
    return {static_cast<uint8_t>(*tc.device_override),
            fmt::format("device override {} from {} (over {})", *tc.device_override,
                        tc.device_override_source, nccl)};
  return {static_cast<uint8_t>(tc.traffic_class), nccl};
}

}  // namespace rocecfg::workload
