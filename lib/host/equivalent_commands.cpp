#include "host/equivalent_commands.h"

#include <fmt/format.h>

#include "host/workload_files.h"

namespace rocecfg::host {

namespace {

// rdma_cm's configfs directory for a device exists once created.
constexpr const char* kRdmaCmDir = "mkdir -p /sys/kernel/config/rdma_cm/DEV";

std::string per_prio(const std::array<std::string, 8>& values) {
  std::string out;
  for (unsigned p = 0; p < 8; ++p) out += fmt::format("{}{}:{}", p ? " " : "", p, values[p]);
  return out;
}

std::string mask_csv(PriorityMask m) {
  std::string out;
  for (unsigned p = 0; p < 8; ++p)
    out += fmt::format("{}{}", p ? "," : "", m.has(Priority::unchecked(p)) ? 1 : 0);
  return out;
}

// The mlx5 OFED ecn/ DIR/enable/N files: one loop for the priorities that
// get 1, one for those that get 0.
void enable_files(const std::string& dir, PriorityMask m, std::vector<std::string>& out) {
  for (int value : {1, 0}) {
    std::string prios;
    for (unsigned p = 0; p < 8; ++p)
      if (m.has(Priority::unchecked(p)) == (value == 1))
        prios += (prios.empty() ? "" : " ") + std::to_string(p);
    if (!prios.empty())
      out.push_back(fmt::format("for p in {}; do echo {} > {}/enable/$p; done", prios, value, dir));
  }
}

// "FILE: KEY=VALUE" per key the file gets.
std::vector<std::string> conf_lines(model::Knob knob,
                                    const std::map<std::string, std::string>& keys) {
  ConfLocation where = conf_location(knob);
  std::vector<std::string> out;
  for (const auto& [k, v] : keys)
    out.push_back(fmt::format("{}: {}={}", where.path, k, v));  // conf_file.cpp writes key=value
  return out;
}

}  // namespace

std::vector<std::string> equivalent_commands(const plan::Step& step, const std::string& ifname) {
  const model::Settings& s = step.after;
  const std::string& i = ifname;
  std::vector<std::string> out;
  switch (step.knob) {
    case model::Knob::mtu:
      if (s.mtu_bytes) out.push_back(fmt::format("ip link set dev {} mtu {}", i, *s.mtu_bytes));
      break;
    case model::Knob::ets:
      if (s.ets) {
        std::array<std::string, 8> tsa, bw, tc;
        for (unsigned n = 0; n < 8; ++n) {
          tsa[n] = model::to_string(s.ets->tc_tsa[n]);
          bw[n] = std::to_string(s.ets->tc_bandwidth_percent[n]);
          tc[n] = std::to_string(s.ets->prio_tc[n].value());
        }
        out.push_back(fmt::format("dcb ets set dev {} tc-tsa {} tc-bw {} prio-tc {}", i,
                                  per_prio(tsa), per_prio(bw), per_prio(tc)));
      }
      break;
    case model::Knob::pfc:
      if (s.pfc_enabled) {
        std::array<std::string, 8> on;
        for (unsigned p = 0; p < 8; ++p)
          on[p] = s.pfc_enabled->has(Priority::unchecked(p)) ? "on" : "off";
        out.push_back(fmt::format("dcb pfc set dev {} prio-pfc {}", i, per_prio(on)));
        out.push_back(fmt::format("(mlnx_qos -i {} --pfc {})", i, mask_csv(*s.pfc_enabled)));
      }
      break;
    case model::Knob::trust:
      if (s.trust) {
        // mlx5 has no apptrust: its trust follows the DSCP APP entries (dscp_map).
        out.push_back(fmt::format("mlnx_qos -i {} --trust {}", i, model::to_string(*s.trust)));
        out.push_back(fmt::format("(dcb apptrust set dev {} order {} on drivers with apptrust)", i,
                                  model::to_string(*s.trust)));
      }
      break;
    case model::Knob::dscp_map:
      if (s.dscp_priority && !s.dscp_priority->empty()) {
        std::string entries;
        for (const auto& [d, p] : *s.dscp_priority)
          entries += fmt::format("{}{}:{}", entries.empty() ? "" : " ", d.value(), p.value());
        out.push_back(fmt::format("dcb app replace dev {} dscp-prio {}", i, entries));
      }
      break;
    case model::Knob::buffers:
      if (s.buffers) {
        if (s.buffers->prio_buffer) {
          std::array<std::string, 8> pb;
          for (unsigned p = 0; p < 8; ++p) pb[p] = std::to_string((*s.buffers->prio_buffer)[p]);
          std::string line = fmt::format("dcb buffer set dev {} prio-buffer {}", i, per_prio(pb));
          if (s.buffers->buffer_size_bytes) {
            std::array<std::string, 8> sz;
            for (unsigned b = 0; b < 8; ++b)
              sz[b] = std::to_string((*s.buffers->buffer_size_bytes)[b]);
            line += " buffer-size " + per_prio(sz);
          }
          out.push_back(line);
        }
        if (s.buffers->cable_length_m)
          out.push_back(
              fmt::format("mlnx_qos -i {} --cable_len {}", i, *s.buffers->cable_length_m));
      }
      break;
    case model::Knob::ecn_priorities:
      if (s.ecn_priorities)
        enable_files(fmt::format("/sys/class/net/{}/ecn/roce_np", i), *s.ecn_priorities, out);
      break;
    case model::Knob::dcqcn:
      if (s.dcqcn) {
        enable_files(fmt::format("/sys/class/net/{}/ecn/roce_rp", i),
                     PriorityMask(s.dcqcn->enabled ? 0xff : 0), out);
        if (!s.dcqcn->params.empty())
          out.push_back(fmt::format(
              "(and the {} DCQCN parameter(s) in /sys/class/net/{}/ecn/roce_rp and roce_np)",
              s.dcqcn->params.size(), i));
      }
      break;
    case model::Knob::cnp:
      if (s.cnp) {
        out.push_back(fmt::format("echo {} > /sys/class/net/{}/ecn/roce_np/cnp_dscp",
                                  s.cnp->dscp.value(), i));
        out.push_back(fmt::format("echo {} > /sys/class/net/{}/ecn/roce_np/cnp_802p_prio",
                                  s.cnp->priority.value(), i));
      }
      break;
    case model::Knob::roce_mode:
      if (s.roce_mode) out.push_back(kRdmaCmDir);
      if (s.roce_mode)
        out.push_back(
            fmt::format("echo \"{}\" > /sys/kernel/config/rdma_cm/DEV/ports/1/default_roce_mode",
                        *s.roce_mode == model::RoceMode::v2 ? "RoCE v2" : "IB/RoCE v1"));
      break;
    case model::Knob::roce_tos:
      if (s.roce_tos) out.push_back(kRdmaCmDir);
      if (s.roce_tos)
        out.push_back(fmt::format(
            "echo {} > /sys/kernel/config/rdma_cm/DEV/ports/1/default_roce_tos", *s.roce_tos));
      break;
    case model::Knob::device_traffic_class:
      if (s.device_traffic_class)
        out.push_back(fmt::format("echo {} > /sys/class/infiniband/DEV/tc/1/traffic_class",
                                  *s.device_traffic_class));
      break;
    case model::Knob::nccl_conf:
      if (s.nccl_conf) out = conf_lines(step.knob, *s.nccl_conf);
      break;
    case model::Knob::ucx_conf:
      if (s.ucx_conf) out = conf_lines(step.knob, *s.ucx_conf);
      break;
    case model::Knob::job_env:
      if (s.job_env) out = conf_lines(step.knob, *s.job_env);
      break;
    case model::Knob::ecn:
    case model::Knob::pfc_watchdog:
      break;  // switch knobs: no host command
  }
  return out;
}

}  // namespace rocecfg::host
