// What differs per NIC family: ECN enable per priority, DCQCN and CNP, which
// each driver exposes through its own files (mlx5 debugfs cc_params, OFED
// sysfs ecn/, bnxt_re configfs cc/, ...). Adapters live in vendors/nic/ and
// are handed to the host backend through a factory, like rdma-core providers
// fill an ops table; lib/host itself knows no vendor.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/result.h"
#include "host/discovery.h"
#include "host/fs_root.h"
#include "model/knob.h"
#include "model/settings.h"

namespace rocecfg::host {

// The knobs an adapter may own; everything else is generic Linux.
bool is_nic_family_knob(model::Knob k);

class NicAdapter {
 public:
  virtual ~NicAdapter() = default;
  // "mlx5 upstream (debugfs cc_params)": shown in plans and `show host`.
  virtual std::string family() const = 0;
  // nullopt if the family can express the knob as the intent asks; otherwise
  // why not ("per-priority ECN enable needs MLNX_OFED").
  virtual std::optional<std::string> unsupported(model::Knob k,
                                                 const model::Settings& intent) const = 0;
  // Fill the knob's fields of `into` from the device.
  virtual Status read(model::Knob k, model::Settings& into) const = 0;
  // Make the device match the knob's fields of `value` (only the declared
  // DCQCN parameters are written).
  virtual Status write(model::Knob k, const model::Settings& value) const = 0;

  // The congestion-control enable bits per priority where the driver exposes
  // them: which priorities run DCQCN rate control (reaction point) and send
  // CNPs (notification point). nullopt where it does not (upstream mlx5: the
  // firmware's ROCE_CC_PRIO_MASK decides, unseen at runtime): unknown, never
  // guessed. `source` names the files read.
  struct CcEnable {
    PriorityMask reaction;
    PriorityMask notification;
    std::string source;
  };
  virtual Result<std::optional<CcEnable>> cc_enable() const { return std::optional<CcEnable>{}; }
};

// Returns the adapter for a netdev, or nullptr when no family matches.
using NicAdapterFactory =
    std::function<std::unique_ptr<NicAdapter>(const Netdev& netdev, const FsRoot& fs)>;

}  // namespace rocecfg::host
