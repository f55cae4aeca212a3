#include "nic/irdma.h"

namespace rocecfg::nic {

namespace {

class Irdma final : public host::NicAdapter {
 public:
  explicit Irdma(bool out_of_tree) : out_of_tree_(out_of_tree) {}
  std::string family() const override {
    return out_of_tree_ ? "irdma (out-of-tree)" : "irdma (inbox)";
  }
  std::optional<std::string> unsupported(model::Knob, const model::Settings&) const override {
    if (out_of_tree_)
      return "out-of-tree irdma sets DCQCN through module parameters (dcqcn_enable, dcqcn_F, "
             "...) at module load: put them in /etc/modprobe.d, rocecfg does not reload drivers";
    return "the inbox irdma driver exposes no ECN/DCQCN/CNP controls; they need Intel's "
           "out-of-tree irdma (module parameters dcqcn_*)";
  }
  Status read(model::Knob, model::Settings&) const override {
    return fail(ErrorKind::unsupported, "irdma", "no runtime ECN/DCQCN controls");
  }
  Status write(model::Knob, const model::Settings&) const override {
    return fail(ErrorKind::unsupported, "irdma", "no runtime ECN/DCQCN controls");
  }

 private:
  bool out_of_tree_;
};

}  // namespace

std::unique_ptr<host::NicAdapter> make_irdma(const host::Netdev&, const host::FsRoot& fs) {
  return std::make_unique<Irdma>(fs.exists("/sys/module/irdma/parameters/dcqcn_enable"));
}

}  // namespace rocecfg::nic
