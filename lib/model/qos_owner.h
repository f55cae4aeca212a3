// Who sets a NIC's PFC and ETS: the host (rocecfg writes them over DCB
// netlink; DCBX, if it runs, must not be willing to take the switch's values)
// or the switch (DCBX: the NIC is willing and takes what the switch
// announces; rocecfg then only reads and compares). The profile's [dcbx]
// owner states the intent; lib/host/qos_owner.h observes the facts.
#pragma once

#include <optional>
#include <string_view>

namespace rocecfg::model {

enum class QosOwner { host, switch_ };

inline const char* to_string(QosOwner o) {
  return o == QosOwner::host ? "host" : "switch";
}

inline std::optional<QosOwner> qos_owner_from(std::string_view s) {
  if (s == "host") return QosOwner::host;
  if (s == "switch") return QosOwner::switch_;
  return std::nullopt;
}

}  // namespace rocecfg::model
