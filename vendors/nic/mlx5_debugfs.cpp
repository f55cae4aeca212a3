#include "nic/mlx5_debugfs.h"

#include <array>

#include <fmt/format.h>

#include "nic/param_files.h"

namespace rocecfg::nic {

namespace {

using model::Knob;

// model name -> cc_params file (cong.c mlx5_ib_dbg_cc_name[]).
constexpr std::array<ParamFile, 16> kFiles{{
    {"rp_time_reset_us", "rp_time_reset"},
    {"rp_byte_reset_bytes", "rp_byte_reset"},
    {"rp_threshold", "rp_threshold"},
    {"rp_ai_rate_mbps", "rp_ai_rate"},
    {"rp_hai_rate_mbps", "rp_hai_rate"},
    {"rp_min_rate_mbps", "rp_min_rate"},
    {"rp_max_rate_mbps", "rp_max_rate"},
    {"rp_min_dec_fac_percent", "rp_min_dec_fac"},
    {"rp_gd", "rp_gd"},
    {"rp_initial_alpha_value", "rp_initial_alpha_value"},
    {"rp_dce_tcp_g", "rp_dce_tcp_g"},
    {"rp_dce_tcp_rtt_us", "rp_dce_tcp_rtt"},
    {"rp_rate_reduce_monitor_period_us", "rp_rate_reduce_monitor_period"},
    {"rp_rate_to_set_on_first_cnp_mbps", "rp_rate_to_set_on_first_cnp"},
    {"rp_clamp_tgt_rate", "rp_clamp_tgt_rate"},
    {"np_min_time_between_cnps_us", "np_min_time_between_cnps"},
}};

class Mlx5Debugfs final : public host::NicAdapter {
 public:
  Mlx5Debugfs(const host::FsRoot& fs, std::string dir) : fs_(fs), dir_(std::move(dir)) {}

  std::string family() const override { return "mlx5 upstream (debugfs cc_params)"; }

  std::optional<std::string> unsupported(Knob k, const model::Settings& intent) const override {
    if (k == Knob::ecn_priorities)
      return "upstream mlx5 has no runtime per-priority ECN enable (MLNX_OFED sysfs ecn/, or NV "
             "ROCE_CC_PRIO_MASK_P1 via mlxconfig at next boot)";
    if (!fs_.is_dir(dir_))
      return dir_ +
             " is missing: debugfs not mounted, not root, or the firmware lacks the "
             "cc_query/cc_modify capabilities";
    if (k == Knob::dcqcn) {
      if (!intent.dcqcn->enabled)
        return "upstream mlx5 cannot turn DCQCN off at runtime (NV ROCE_CC_PRIO_MASK_P1=0 via "
               "mlxconfig, next boot)";
      if (std::string missing = unmapped_params(kFiles, *intent.dcqcn); !missing.empty())
        return "mlx5 cc_params has no " + missing;
    }
    return std::nullopt;
  }

  Status read(Knob k, model::Settings& into) const override {
    if (k == Knob::dcqcn) {
      model::Dcqcn d;
      d.enabled = true;  // firmware default (NV mask 255); not readable at runtime
      if (Status ok = read_params(fs_, dir_, kFiles, Radix::dec, d.params); !ok) return ok;
      into.dcqcn = d;
      return {};
    }
    if (k == Knob::cnp) {
      Result<std::string> dscp = fs_.read(dir_ + "/np_cnp_dscp");
      if (!dscp) return std::unexpected(dscp.error());
      Result<std::string> prio = fs_.read(dir_ + "/np_cnp_prio");
      if (!prio) return std::unexpected(prio.error());
      Result<uint32_t> d = host::parse_u32(*dscp, dir_ + "/np_cnp_dscp");
      Result<uint32_t> p = host::parse_u32(*prio, dir_ + "/np_cnp_prio");
      if (!d) return std::unexpected(d.error());
      if (!p) return std::unexpected(p.error());
      auto cnp = model::cnp_from(*d, *p, dir_);
      if (!cnp) return std::unexpected(cnp.error());
      into.cnp = *cnp;
      return {};
    }
    return fail(ErrorKind::unsupported, dir_, "not an mlx5 cc_params knob");
  }

  Status write(Knob k, const model::Settings& value) const override {
    if (k == Knob::dcqcn) return write_params(fs_, dir_, kFiles, Radix::dec, *value.dcqcn);
    if (k == Knob::cnp) {
      if (Status ok = fs_.write(dir_ + "/np_cnp_dscp", std::to_string(value.cnp->dscp.value()));
          !ok)
        return ok;
      // Also sets np_cnp_prio_mode=0: CNPs use this priority, not the packet's.
      return fs_.write(dir_ + "/np_cnp_prio", std::to_string(value.cnp->priority.value()));
    }
    return fail(ErrorKind::unsupported, dir_, "not an mlx5 cc_params knob");
  }

 private:
  const host::FsRoot& fs_;
  std::string dir_;
};

}  // namespace

std::string mlx5_cc_params_dir(const std::string& pci_bdf) {
  return fmt::format("/sys/kernel/debug/mlx5/{}/cc_params", pci_bdf);
}

std::unique_ptr<host::NicAdapter> make_mlx5_debugfs(const host::Netdev& n, const host::FsRoot& fs) {
  if (n.pci_bdf.empty()) return nullptr;
  return std::make_unique<Mlx5Debugfs>(fs, mlx5_cc_params_dir(n.pci_bdf));
}

}  // namespace rocecfg::nic
