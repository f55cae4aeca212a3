#include "workload/job_env.h"

#include <fmt/format.h>

namespace rocecfg::workload {

DeclaredHcas declared_hcas(const profile::HostEntry& host) {
  DeclaredHcas out;
  out.source = "inventory host " + host.name;
  // nic_rule = "ethernet" is every RDMA device with an Ethernet port: the
  // default selection, whose names only the host itself knows.
  out.by_rule = host.nic_source == profile::NicSource::rule;
  for (const profile::NicEntry& nic : host.nics) {
    if (out.by_rule) continue;
    if (nic.rdma_device.empty()) {
      out.warnings.push_back(
          fmt::format("{} names no RDMA device for rail {} (the single-NIC form): not declared",
                      out.source, nic.rail));
      continue;
    }
    out.names.push_back(nic.rdma_device);
    out.netdevs.push_back(nic.netdev);
  }
  return out;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  return fmt::format("{}", fmt::join(names, ","));
}

// The job's HCAs and the warnings about them (job_env.h).
std::vector<Hca> job_hcas(const profile::WorkloadIntent& w, const host::HostInventory& inv,
                          const DeclaredHcas* declared, std::vector<std::string>& warnings) {
  std::vector<std::string> wanted = w.hca, netdevs;
  std::string source = "workload.hca";
  if (declared) {
    warnings.insert(warnings.end(), declared->warnings.begin(), declared->warnings.end());
    if (!declared->names.empty()) {
      if (!w.hca.empty() && w.hca != declared->names)
        warnings.push_back(fmt::format("{} declares {}: workload.hca ({}) not used",
                                       declared->source, joined(declared->names), joined(w.hca)));
      wanted = declared->names;
      netdevs = declared->netdevs;
      source = declared->source;
    }
  }
  std::vector<Hca> out;
  if (declared && declared->by_rule) {
    if (!inv.rdma_devices.empty()) {
      if (!w.hca.empty())
        warnings.push_back(fmt::format(
            "{} takes every RDMA device with an Ethernet port (nic_rule): workload.hca ({}) "
            "not used",
            declared->source, joined(w.hca)));
      return select_hcas(inv, profile::WorkloadIntent{}, nullptr);
    }
    warnings.push_back(
        fmt::format("{} finds its NICs by nic_rule: their names are known only on that host",
                    declared->source));
  }
  if (inv.rdma_devices.empty() && !wanted.empty()) {
    for (size_t i = 0; i < wanted.size(); ++i)
      out.push_back(declared_hca(wanted[i], i < netdevs.size() ? netdevs[i] : ""));
    std::vector<std::string> names;
    for (const Hca& h : out) names.push_back(h.name());
    warnings.push_back(fmt::format(
        "this host has no RDMA device: NCCL_IB_HCA / UCX_NET_DEVICES name {}, declared by {}, "
        "not seen on this host",
        joined(names), source));
    return out;
  }
  std::vector<std::string> missing;
  out = wanted.empty() ? select_hcas(inv, w) : select_hcas(inv, wanted, &missing);
  for (const std::string& m : missing)
    warnings.push_back(fmt::format("{} names {}, which this host does not have", source, m));
  if (out.empty())
    warnings.push_back(
        inv.rdma_devices.empty()
            ? "no RDMA device on this host and none declared (workload.hca, or --inventory INV "
              "--host NAME): NCCL_IB_HCA / UCX_NET_DEVICES left to the libraries"
            : "no RoCE port found: NCCL_IB_HCA / UCX_NET_DEVICES left to the libraries");
  return out;
}

}  // namespace

JobEnv job_env(const profile::Intent& intent, const host::FsRoot& fs,
               const host::HostInventory& inv, const GetEnv& getenv, const DeclaredHcas* declared) {
  JobEnv out;
  const profile::WorkloadIntent& w = intent.workload;
  out.hcas = job_hcas(w, inv, declared, out.warnings);
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
    hcas.push_back(
        {{"device", h.device}, {"port", h.port}, {"netdev", h.netdev}, {"seen", h.seen}});
  return {{"env", by_name}, {"variables", vars}, {"hcas", hcas}, {"warnings", env.warnings}};
}

}  // namespace rocecfg::workload
