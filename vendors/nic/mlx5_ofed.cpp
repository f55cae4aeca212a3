#include "nic/mlx5_ofed.h"

#include <array>

#include <fmt/format.h>

#include "nic/param_files.h"

namespace rocecfg::nic {

namespace {

using model::Knob;

constexpr std::array<ParamFile, 15> kRpFiles{{
    {"rp_time_reset_us", "rpg_time_reset"},
    {"rp_byte_reset_bytes", "rpg_byte_reset"},
    {"rp_threshold", "rpg_threshold"},
    {"rp_ai_rate_mbps", "rpg_ai_rate"},
    {"rp_hai_rate_mbps", "rpg_hai_rate"},
    {"rp_min_rate_mbps", "rpg_min_rate"},
    {"rp_max_rate_mbps", "rpg_max_rate"},
    {"rp_min_dec_fac_percent", "rpg_min_dec_fac"},
    {"rp_gd", "rpg_gd"},
    {"rp_initial_alpha_value", "initial_alpha_value"},
    {"rp_dce_tcp_g", "dce_tcp_g"},
    {"rp_dce_tcp_rtt_us", "dce_tcp_rtt"},
    {"rp_rate_reduce_monitor_period_us", "rate_reduce_monitor_period"},
    {"rp_rate_to_set_on_first_cnp_mbps", "rate_to_set_on_first_cnp"},
    {"rp_clamp_tgt_rate", "clamp_tgt_rate"},
}};
constexpr std::array<ParamFile, 1> kNpFiles{{
    {"np_min_time_between_cnps_us", "min_time_between_cnps"},
}};

class Mlx5Ofed final : public host::NicAdapter {
 public:
  Mlx5Ofed(const host::FsRoot& fs, const std::string& ifname)
      : fs_(fs),
        rp_(fmt::format("/sys/class/net/{}/ecn/roce_rp", ifname)),
        np_(fmt::format("/sys/class/net/{}/ecn/roce_np", ifname)) {}

  std::string family() const override { return "mlx5 MLNX_OFED (sysfs ecn/)"; }

  std::optional<std::string> unsupported(Knob k, const model::Settings& intent) const override {
    if (k == Knob::dcqcn) {
      std::string missing;
      for (const auto& [name, v] : intent.dcqcn->params)
        if (!file_for(kRpFiles, name) && !file_for(kNpFiles, name))
          missing += (missing.empty() ? "" : ", ") + name;
      if (!missing.empty()) return "MLNX_OFED ecn/ has no " + missing;
    }
    return std::nullopt;
  }

  Status read(Knob k, model::Settings& into) const override {
    switch (k) {
      case Knob::ecn_priorities: {
        Result<PriorityMask> m = read_mask(np_);
        if (!m) return std::unexpected(m.error());
        into.ecn_priorities = *m;
        return {};
      }
      case Knob::dcqcn: {
        Result<PriorityMask> m = read_mask(rp_);
        if (!m) return std::unexpected(m.error());
        model::Dcqcn d;
        d.enabled = !m->empty();
        if (Status ok = read_params(fs_, rp_, kRpFiles, Radix::dec, d.params); !ok) return ok;
        if (Status ok = read_params(fs_, np_, kNpFiles, Radix::dec, d.params); !ok) return ok;
        into.dcqcn = d;
        return {};
      }
      case Knob::cnp: {
        Result<std::string> dscp = fs_.read(np_ + "/cnp_dscp");
        Result<std::string> prio = fs_.read(np_ + "/cnp_802p_prio");
        if (!dscp) return std::unexpected(dscp.error());
        if (!prio) return std::unexpected(prio.error());
        Result<uint32_t> d = host::parse_u32(*dscp, np_ + "/cnp_dscp");
        Result<uint32_t> p = host::parse_u32(*prio, np_ + "/cnp_802p_prio");
        if (!d) return std::unexpected(d.error());
        if (!p) return std::unexpected(p.error());
        auto cnp = model::cnp_from(*d, *p, np_);
        if (!cnp) return std::unexpected(cnp.error());
        into.cnp = *cnp;
        return {};
      }
      default:
        return fail(ErrorKind::unsupported, rp_, "not an OFED ecn/ knob");
    }
  }

  Status write(Knob k, const model::Settings& value) const override {
    switch (k) {
      case Knob::ecn_priorities:
        return write_mask(np_, *value.ecn_priorities);
      case Knob::dcqcn: {
        // Rate control on every priority, as the firmware default
        // (ROCE_CC_PRIO_MASK 255): a sender reacts to CNPs whatever its class.
        PriorityMask on(value.dcqcn->enabled ? 0xff : 0x00);
        if (Status ok = write_mask(rp_, on); !ok) return ok;
        model::Dcqcn rp, np;
        for (const auto& [name, v] : value.dcqcn->params)
          (file_for(kNpFiles, name) ? np : rp).params[name] = v;
        if (Status ok = write_params(fs_, rp_, kRpFiles, Radix::dec, rp); !ok) return ok;
        return write_params(fs_, np_, kNpFiles, Radix::dec, np);
      }
      case Knob::cnp: {
        if (Status ok = fs_.write(np_ + "/cnp_dscp", std::to_string(value.cnp->dscp.value())); !ok)
          return ok;
        return fs_.write(np_ + "/cnp_802p_prio", std::to_string(value.cnp->priority.value()));
      }
      default:
        return fail(ErrorKind::unsupported, rp_, "not an OFED ecn/ knob");
    }
  }

  Result<std::optional<CcEnable>> cc_enable() const override {
    Result<PriorityMask> rp = read_mask(rp_);
    if (!rp) return std::unexpected(rp.error());
    Result<PriorityMask> np = read_mask(np_);
    if (!np) return std::unexpected(np.error());
    return CcEnable{*rp, *np, fmt::format("{}/enable, {}/enable", rp_, np_)};
  }

 private:
  Result<PriorityMask> read_mask(const std::string& dir) const {
    PriorityMask m;
    for (unsigned p = 0; p < 8; ++p) {
      Result<std::string> v = fs_.read(fmt::format("{}/enable/{}", dir, p));
      if (!v) return std::unexpected(v.error());
      if (*v == "1") m.set(Priority::unchecked(p));
    }
    return m;
  }
  Status write_mask(const std::string& dir, PriorityMask m) const {
    for (unsigned p = 0; p < 8; ++p) {
      std::string want = m.has(Priority::unchecked(p)) ? "1" : "0";
      std::string file = fmt::format("{}/enable/{}", dir, p);
      // Write only what differs: each write is a firmware command.
      if (Result<std::string> cur = fs_.read(file); cur && *cur == want) continue;
      if (Status ok = fs_.write(file, want); !ok) return ok;
    }
    return {};
  }

  const host::FsRoot& fs_;
  std::string rp_, np_;
};

}  // namespace

std::unique_ptr<host::NicAdapter> make_mlx5_ofed(const host::Netdev& n, const host::FsRoot& fs) {
  return std::make_unique<Mlx5Ofed>(fs, n.name);
}

}  // namespace rocecfg::nic
