// The Linux host backend: observes a netdev's RoCE settings and changes them
// knob by knob as a plan::Executor. Which interface serves which knob:
//   mtu                            rtnetlink (libnl-route)
//   ets, pfc, buffers, trust,      DCB netlink (dcb_client); buffers also
//   dscp_map                       write the PFC delay (cable length)
//   ecn_priorities, dcqcn, cnp     the NIC family's adapter (vendors/nic)
//   roce_mode, roce_tos            rdma_cm configfs
//   device_traffic_class           MLNX_OFED tc/<port>/traffic_class (workload_files.h)
//   nccl_conf, ucx_conf, job_env   files under /etc, on the target model::kHostTarget
//   ecn, pfc_watchdog              switch-only: unsupported on a host
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"
#include "host/dcb_client.h"
#include "host/discovery.h"
#include "host/fs_root.h"
#include "host/netlink.h"
#include "host/nic_adapter.h"
#include "plan/executor.h"

namespace rocecfg::host {

bool is_dcb_knob(model::Knob k);

// What observe() found on one interface.
struct Observation {
  Netdev netdev;
  std::string nic_family;  // adapter family, empty if none
  model::Settings observed;
  std::set<model::Knob> unsupported;
  std::map<model::Knob, std::string> why_unsupported;
  // Could not be read (permissions, a failing driver): listed, not fatal for audit.
  std::vector<Error> unreadable;
  std::set<model::Knob> unreadable_knobs;
  // Knobs that do not exist here and are fine without (MLNX_OFED's traffic
  // class override on an upstream driver): neither drift nor unsupported.
  std::set<model::Knob> not_applicable;
  // Reasons apply must not touch this interface at all (DCB owned by an LLDP
  // agent or firmware). A netdev without DCB is no refusal: its DCB knobs
  // are unsupported, with the reason naming their owner (dcb_owner.h).
  std::vector<Error> refusals;
  // False when the interface itself could not be looked up (no such netdev):
  // nothing was observed, so there is nothing to compare and no drift to report.
  bool found = true;
  // The dcbnl DCBX mode (DCB_CAP_DCBX_* bits) when a DCB knob was asked
  // and the driver reports one (host/qos_owner.h reads it).
  std::optional<uint8_t> dcbx_mode;
  // Worth saying but not wrong ("MTU 1500 limits the RoCE path MTU to 1024").
  std::vector<std::string> warnings;
};

class LinuxHost final : public plan::Executor {
 public:
  // `sock` must outlive the backend; `factory` may be empty (no NIC adapters).
  LinuxHost(const FsRoot& fs, nl_sock* sock, NicAdapterFactory factory = {});

  // Observe the knobs `intent` manages on `ifname`. The intent is also
  // remembered: switching trust to DSCP on a driver without a trust switch
  // means installing the intent's DSCP map.
  Observation observe(const std::string& ifname, const model::Settings& intent);

  Status write(const std::string& target, model::Knob knob, const model::Settings& value) override;
  Result<model::Settings> read(const std::string& target, model::Knob knob) override;

 private:
  struct Target {
    Netdev netdev;
    model::Settings intent;
    std::unique_ptr<NicAdapter> adapter;
    std::set<std::pair<uint8_t, uint8_t>> added_apps;  // DSCP entries this run added
  };
  Result<Target*> target(const std::string& ifname);
  Status write_dcb(Target& t, model::Knob knob, const model::Settings& value);
  Status write_dscp_map(Target& t, const model::DscpPriorityMap& want);
  Status refuse_if_not_host_dcbx(const std::string& ifname, const DcbState& state);

  Observation observe_host_wide(const model::Settings& intent);
  Result<model::Settings> read_host_wide(model::Knob knob);
  Status write_host_wide(model::Knob knob, const model::Settings& value);

  const FsRoot& fs_;
  model::Settings host_intent_;          // the host-wide knobs' owned keys
  std::set<model::Knob> created_files_;  // files this run created (rollback deletes them)
  LinkTable links_;
  DcbClient dcb_;
  NicAdapterFactory factory_;
  std::map<std::string, Target> targets_;
  std::optional<HostInventory> inventory_;           // discovered once per run
  std::optional<std::optional<std::string>> agent_;  // lldpad scan, once per run
};

}  // namespace rocecfg::host
