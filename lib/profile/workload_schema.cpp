#include "profile/workload_schema.h"

#include <fmt/format.h>

namespace rocecfg::profile {

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

// "mlx5_0" or "mlx5_0:1": the names end up in a file NCCL parses and in
// shell lines a scheduler sources, so nothing outside this grammar passes.
bool valid_hca(const std::string& s) {
  size_t colon = s.find(':');
  std::string dev = s.substr(0, colon);
  if (dev.empty() || dev.size() > 64) return false;
  for (char c : dev)
    if (!name_char(c)) return false;
  if (colon == std::string::npos) return true;
  std::string port = s.substr(colon + 1);
  if (port.empty() || port.size() > 3 || port[0] == '0') return false;
  for (char c : port)
    if (c < '0' || c > '9') return false;
  return true;
}

// NCCL_SOCKET_IFNAME: an optional '^' (exclude) or '=' (exact) and a comma
// list of interface-name prefixes (NCCL docs, env.rst).
bool valid_ifname_list(const std::string& s) {
  size_t i = (!s.empty() && (s[0] == '^' || s[0] == '=')) ? 1 : 0;
  size_t len = 0;
  for (; i < s.size(); ++i) {
    if (s[i] == ',') {
      if (len == 0) return false;
      len = 0;
    } else if (name_char(s[i]) && ++len <= 15) {
    } else {
      return false;
    }
  }
  return len > 0;
}

}  // namespace

void read_workload(TomlReader& r, const toml::table& root, Intent& intent) {
  WorkloadIntent& w = intent.workload;
  // Defaults first: the RDMA-CM ToS (the DSCP and ECN bits the profile
  // already chose for rdma_cm users), else the lossless DSCP, ECN-capable
  // when DCQCN needs marks.
  if (intent.common.roce_tos) {
    w.traffic_class = *intent.common.roce_tos;
    w.traffic_class_from = "rdma_cm.tos";
  } else if (!intent.lossless_dscp.empty()) {
    bool ect = intent.common.dcqcn && intent.common.dcqcn->enabled;
    w.traffic_class = static_cast<uint8_t>(intent.lossless_dscp.front() << 2 | (ect ? 2 : 0));
    w.traffic_class_from = "lossless.dscp";
  }
  const toml::table* t = r.table(root, "workload", "");
  if (!t) return;
  w.declared = true;
  const std::string p = "workload";
  r.check_keys(*t, p,
               {"traffic_class", "service_level", "address_family", "roce_version", "hca",
                "socket_ifname", "libraries", "device_traffic_class"});
  if (auto tc = r.integer(*t, "traffic_class", p, 0, 255)) {
    w.traffic_class = static_cast<uint8_t>(*tc);
    w.traffic_class_from = "workload.traffic_class";
    uint8_t dscp = static_cast<uint8_t>(*tc >> 2);
    if (!intent.lossless_priorities().empty() && !intent.dscp_is_lossless(dscp))
      r.error(*t->get("traffic_class"), "workload.traffic_class",
              fmt::format("{} carries DSCP {}, which is not mapped to a lossless priority; the "
                          "job's traffic would be lossy",
                          *tc, dscp),
              "DSCP << 2 | ECN bits of a lossless DSCP, e.g. 106 for DSCP 26");
  }
  if (w.traffic_class && (*w.traffic_class & 3) == 3) {
    const toml::node* at = t->get("traffic_class");
    r.error(at ? *at : *t, "workload.traffic_class",
            fmt::format("ECN bits 11 (CE) in traffic class {} would mark every packet as "
                        "congested and throttle every flow",
                        *w.traffic_class),
            "ECN bits 00, 01 or 10");
  }
  bool dcqcn = intent.common.dcqcn && intent.common.dcqcn->enabled;
  if (w.traffic_class && dcqcn && (*w.traffic_class & 3) == 0) {
    const toml::node* at = t->get("traffic_class");
    r.warning(at ? *at : *t, "workload.traffic_class",
              fmt::format("traffic class {} is not ECN-capable (ECN bits 00) while DCQCN is on: "
                          "switches drop or pause instead of marking, so DCQCN never reacts",
                          *w.traffic_class));
  }
  if (auto sl = r.integer(*t, "service_level", p, 0, 7)) {
    if (!intent.lossless_priorities().empty() &&
        !intent.lossless_priorities().has(Priority::unchecked(static_cast<unsigned>(*sl))))
      r.error(*t->get("service_level"), "workload.service_level",
              fmt::format("priority {} is not lossless; on a VLAN-tagged fabric the frames "
                          "would carry PCP {} into a lossy queue",
                          *sl, *sl),
              "one of lossless.priorities");
    w.service_level = static_cast<uint8_t>(*sl);
  }
  if (auto af = r.choice(*t, "address_family", p, {"ipv4", "ipv6"}))
    w.gid_family = *af == "ipv6" ? GidFamily::ipv6 : GidFamily::ipv4;
  if (auto v = r.integer(*t, "roce_version", p, 1, 2)) w.roce_version = static_cast<uint8_t>(*v);
  if (const toml::node* n = t->get("hca")) {
    const toml::array* a = n->as_array();
    if (!a) {
      r.error(*n, "workload.hca", "must be an array of device names", "e.g. [\"mlx5_0\"]");
    } else {
      size_t i = 0;
      for (const toml::node& e : *a) {
        std::string k = fmt::format("workload.hca[{}]", i++);
        const std::string* s = e.as_string() ? &e.as_string()->get() : nullptr;
        if (!s || !valid_hca(*s))
          r.error(e, k, "must be an RDMA device name, optionally with a port",
                  "e.g. \"mlx5_0\" or \"mlx5_0:1\"");
        else
          w.hca.push_back(*s);
      }
    }
  }
  if (auto s = r.string(*t, "socket_ifname", p)) {
    if (!valid_ifname_list(*s))
      r.error(*t->get("socket_ifname"), "workload.socket_ifname",
              "must be interface names or prefixes, comma-separated",
              "e.g. \"ens1f0\", \"=eth0\", \"^docker,lo\"");
    else
      w.socket_ifname = *s;
  }
  if (const toml::node* n = t->get("libraries")) {
    const toml::array* a = n->as_array();
    if (!a) {
      r.error(*n, "workload.libraries", "must be an array", "[\"nccl\", \"ucx\", \"hccl\"]");
    } else {
      w.libraries.clear();
      size_t i = 0;
      for (const toml::node& e : *a) {
        std::string k = fmt::format("workload.libraries[{}]", i++);
        std::string s = e.as_string() ? e.as_string()->get() : "";
        if (s == "nccl")
          w.libraries.push_back(CommLibrary::nccl);
        else if (s == "ucx")
          w.libraries.push_back(CommLibrary::ucx);
        else if (s == "hccl")
          w.libraries.push_back(CommLibrary::hccl);
        else
          r.error(e, k, "unknown library", "\"nccl\", \"ucx\", \"hccl\"");
      }
    }
  }
  if (w.manages(CommLibrary::hccl) && w.traffic_class && (*w.traffic_class & 3) != 0)
    r.warning(t->get("libraries") ? *t->get("libraries") : *t, "workload.libraries",
              fmt::format("HCCL_RDMA_TC must be a multiple of 4 (Huawei CANN env reference): HCCL "
                          "gets {} ({}), without the ECN bits",
                          *w.traffic_class & ~3, describe_tos(*w.traffic_class & ~3)));
  if (auto b = r.boolean(*t, "device_traffic_class", p)) w.device_traffic_class = *b;
  if (!w.traffic_class)
    r.error(*t, "workload.traffic_class",
            "cannot be derived: the profile has no [rdma_cm] tos and no lossless.dscp",
            "set workload.traffic_class or rdma_cm.tos");
}

}  // namespace rocecfg::profile
