#include "nic/bnxt_re.h"

#include <functional>

#include <fmt/format.h>

#include "nic/param_files.h"

namespace rocecfg::nic {

namespace {

using model::Knob;

class BnxtRe final : public host::NicAdapter {
 public:
  BnxtRe(const host::FsRoot& fs, const std::string& rdma_dev, int port)
      : fs_(fs),
        dev_dir_(fmt::format("/sys/kernel/config/bnxt_re/{}", rdma_dev)),
        cc_(fmt::format("{}/ports/{}/cc", dev_dir_, port)) {}

  std::string family() const override { return "bnxt_re (configfs cc/)"; }

  std::optional<std::string> unsupported(Knob k, const model::Settings& intent) const override {
    if (!fs_.is_dir("/sys/kernel/config/bnxt_re"))
      return "/sys/kernel/config/bnxt_re is missing: needs Broadcom's out-of-tree bnxt_re";
    if (k == Knob::ecn_priorities && intent.ecn_priorities->count() != 1)
      return "bnxt_re marks ECN on exactly one RoCE priority (roce_prio)";
    if (k == Knob::dcqcn && !intent.dcqcn->params.empty())
      return "bnxt_re's DCQCN parameters (g, init_cr, inact_th, ...) do not map to rocecfg's";
    return std::nullopt;
  }

  Status read(Knob k, model::Settings& into) const override {
    return with_dir([&]() -> Status {
      switch (k) {
        case Knob::ecn_priorities: {
          Result<uint32_t> prio = value("roce_prio");
          if (!prio) return std::unexpected(prio.error());
          if (*prio > 7) return fail(cc_, "roce_prio out of range");
          PriorityMask m;
          m.set(Priority::unchecked(*prio));
          into.ecn_priorities = m;
          return {};
        }
        case Knob::dcqcn: {
          Result<uint32_t> on = value("ecn_enable");
          if (!on) return std::unexpected(on.error());
          into.dcqcn = model::Dcqcn{*on != 0, {}};
          return {};
        }
        case Knob::cnp: {
          Result<uint32_t> dscp = value("cnp_dscp");
          Result<uint32_t> prio = value("cnp_prio");
          if (!dscp) return std::unexpected(dscp.error());
          if (!prio) return std::unexpected(prio.error());
          auto cnp = model::cnp_from(*dscp, *prio, cc_);
          if (!cnp) return std::unexpected(cnp.error());
          into.cnp = *cnp;
          return {};
        }
        default:
          return fail(ErrorKind::unsupported, cc_, "not a bnxt_re cc knob");
      }
    });
  }

  Status write(Knob k, const model::Settings& v) const override {
    return with_dir([&]() -> Status {
      Status ok;
      switch (k) {
        case Knob::ecn_priorities: {
          unsigned prio = __builtin_ctz(v.ecn_priorities->bits());
          ok = put("roce_prio", prio);
          break;
        }
        case Knob::dcqcn:
          ok = put("ecn_enable", v.dcqcn->enabled ? 1 : 0);
          break;
        case Knob::cnp:
          ok = put("cnp_dscp", v.cnp->dscp.value());
          if (ok) ok = put("cnp_prio", v.cnp->priority.value());
          break;
        default:
          return fail(ErrorKind::unsupported, cc_, "not a bnxt_re cc knob");
      }
      if (!ok) return ok;
      // Nothing reaches the firmware until apply is written.
      return fs_.write(cc_ + "/apply", "0x1");
    });
  }

 private:
  Result<uint32_t> value(const char* file) const {
    Result<std::string> text = fs_.read(cc_ + "/" + file);
    if (!text) return std::unexpected(text.error());
    std::string t = text->starts_with("0x") ? *text : "0x" + *text;
    return host::parse_u32(t, cc_ + "/" + file);
  }
  Status put(const char* file, uint32_t v) const {
    return fs_.write(cc_ + "/" + file, format_value(v, Radix::hex));
  }
  // The driver populates ports/ when the device directory is created and
  // forgets nothing when it is removed; remove only what we created.
  Status with_dir(const std::function<Status()>& fn) const {
    bool created = false;
    if (!fs_.is_dir(dev_dir_)) {
      if (Status ok = fs_.make_dir(dev_dir_); !ok) return ok;
      created = true;
    }
    Status result = fn();
    if (created) (void)fs_.remove_dir(dev_dir_);
    return result;
  }

  const host::FsRoot& fs_;
  std::string dev_dir_, cc_;
};

}  // namespace

std::unique_ptr<host::NicAdapter> make_bnxt_re(const host::Netdev& n, const host::FsRoot& fs) {
  if (n.rdma_device.empty()) return nullptr;
  return std::make_unique<BnxtRe>(fs, n.rdma_device, n.rdma_port ? n.rdma_port : 1);
}

}  // namespace rocecfg::nic
