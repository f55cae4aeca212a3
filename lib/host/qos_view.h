// `rocecfg show host --qos`: what a NIC is doing now, without a profile — the
// view `mlnx_qos -i IF` gives on Mellanox hosts, for every driver rocecfg
// reads, with the interface each value came from (rtnetlink, dcbnl, the NIC
// family's sysfs/debugfs/configfs files, rdma_cm configfs, ethtool, verbs).
// It observes through the same LinuxHost::observe the audit uses, with every
// host knob asked for, so the two can never disagree about what a NIC holds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/ethtool_link.h"
#include "host/fs_root.h"
#include "host/linux_host.h"
#include "host/qos_owner.h"

namespace rocecfg::host {

// How one value was obtained.
enum class QosReading { ok, unsupported, unreadable };

struct QosEntry {
  model::Knob knob;
  std::string source;  // "dcbnl", "rtnetlink", "mlx5 upstream (debugfs cc_params)", ...
  QosReading reading = QosReading::ok;
  std::string note;  // why unsupported / unreadable
};

struct QosView {
  Observation observation;
  std::vector<QosEntry> entries;  // host knobs in step order
  std::optional<LinkPause> link_pause;
  std::string link_pause_note;               // why it could not be read
  std::optional<uint32_t> active_mtu_bytes;  // verbs, when the netdev has an RDMA port
  QosOwnership owner;                        // who else can set PFC/ETS (qos_owner.h)
};

// Every host knob, observed on `ifname` (reads only).
QosView observe_qos(LinuxHost& host, const FsRoot& fs, const std::string& ifname);

// Aligned text, one block per interface; the DSCP map as ranges.
std::string render_qos_text(const std::vector<QosView>& views);
nlohmann::json qos_json(const std::vector<QosView>& views);

}  // namespace rocecfg::host
