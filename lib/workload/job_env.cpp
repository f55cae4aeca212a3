#include "workload/job_env.h"

#include <fmt/format.h>

namespace rocecfg::workload {

JobEnv job_env(const profile::Intent& intent, const host::FsRoot& fs,
               const host::HostInventory& inv, const GetEnv& getenv) {
  JobEnv out;
  const profile::WorkloadIntent& w = intent.workload;
  std::vector<std::string> missing;
  out.hcas = select_hcas(inv, w, &missing);
  for (const std::string& m : missing)
    out.warnings.push_back(fmt::format("workload.hca names {}, which this host does not have", m));
  if (out.hcas.empty())
    out.warnings.push_back(
        "no RoCE port found: NCCL_IB_HCA / UCX_NET_DEVICES left to the libraries");
  out.settings = library_settings(w, out.hcas);
  if (!w.traffic_class)
    out.warnings.push_back(
        "the profile gives no traffic class ([workload], [rdma_cm] tos or "
        "lossless.dscp): nothing to set");
  std::string family = w.gid_family == profile::GidFamily::ipv6 ? "IPv6" : "IPv4";
  std::string version = w.roce_version == 2 ? "RoCE v2" : "RoCE v1";
  // A GID index pinned somewhere NCCL reads wins over auto-selection: check it.
  Effective pinned = nccl_effective(fs, getenv, "NCCL_IB_GID_INDEX");
  for (const Hca& h : out.hcas) {
    if (h.gids.empty()) continue;
    if (!expected_gid(h, w))
      out.warnings.push_back(
          fmt::format("{} has no {} {} GID: NCCL's auto-selection falls back "
                      "to another entry",
                      h.name(), version, family));
    if (pinned.value) {
      int index = -1;
      try {
        index = std::stoi(*pinned.value);
      } catch (...) {
      }
      if (index >= 0) {
        std::string problem = gid_problem(h, w, index);
        if (!problem.empty())
          out.warnings.push_back(fmt::format("NCCL_IB_GID_INDEX={} from {}: {}", *pinned.value,
                                             pinned.source, problem));
      }
    }
  }
  // A value already in the caller's environment beats every file.
  for (const Setting& s : out.settings)
    if (const char* v = getenv(s.key.c_str()); v && *v && s.value != v)
      out.warnings.push_back(
          fmt::format("{}={} in this environment differs from {}", s.key, v, s.value));
  return out;
}

namespace {
// Values are from validated names and numbers; quote anything else anyway.
std::string shell_quote(const std::string& v) {
  bool plain = !v.empty();
  for (char c : v)
    plain &= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '-' || c == '.' || c == ',' || c == ':' || c == '=' || c == '^';
  if (plain) return v;
  std::string out = "'";
  for (char c : v) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

std::string render_env(const JobEnv& env, EnvFormat format) {
  std::string out;
  if (format == EnvFormat::text) {
    size_t w = 0;
    for (const Setting& s : env.settings) w = std::max(w, s.key.size() + 1 + s.value.size());
    for (const Setting& s : env.settings)
      out += fmt::format("{:<{}}  # {}: {}\n", s.key + "=" + s.value, w,
                         profile::to_string(s.library), s.why);
    for (const std::string& x : env.warnings) out += "warning: " + x + "\n";
    return out;
  }
  for (const Setting& s : env.settings)
    out += format == EnvFormat::slurm ? fmt::format("export {}={}\n", s.key, s.value)
                                      : fmt::format("export {}={}\n", s.key, shell_quote(s.value));
  return out;
}

nlohmann::json to_json(const JobEnv& env) {
  using nlohmann::json;
  json vars = json::array();
  json by_name = json::object();
  for (const Setting& s : env.settings) {
    vars.push_back({{"name", s.key},
                    {"value", s.value},
                    {"library", profile::to_string(s.library)},
                    {"why", s.why}});
    by_name[s.key] = s.value;
  }
  json hcas = json::array();
  for (const Hca& h : env.hcas)
    hcas.push_back({{"device", h.device}, {"port", h.port}, {"netdev", h.netdev}});
  return {{"env", by_name}, {"variables", vars}, {"hcas", hcas}, {"warnings", env.warnings}};
}

}  // namespace rocecfg::workload
