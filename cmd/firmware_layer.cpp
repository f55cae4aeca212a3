#include "firmware_layer.h"

#include <ctime>

#include <fmt/format.h>

#include "core/exit_code.h"
#include "host/fs_root.h"
#include "nic/firmware_record.h"
#include "nic/firmware_session.h"
#include "nic/mstconfig_tool.h"
#include "output.h"
#include "plan/journal.h"

namespace rocecfg::cmd {

void add_firmware_options(CLI::App& sub, std::vector<std::string>& pci, bool& firmware,
                          bool writes) {
  sub.add_option("--pci", pci,
                 "NIC PCI function for the firmware layer, e.g. 0000:08:00.0 (repeatable; "
                 "default: those of the target interfaces; without -i only the firmware layer "
                 "runs)")
      ->check([](const std::string& s) {
        return nic::valid_pci_address(s) ? std::string() : "not a PCI address (dddd:bb:dd.f): " + s;
      });
  if (writes)
    sub.add_flag("--firmware", firmware,
                 "write the profile's [firmware] parameters as next-boot values (mstconfig set); "
                 "they take effect at the NIC's next firmware reset, which rocecfg never does");
}

nic::FirmwareReport read_firmware_layer(const profile::Intent& intent,
                                        const std::vector<std::string>& pci,
                                        const std::vector<host::Netdev>& netdevs, bool write,
                                        bool strict) {
  host::FsRoot fs("/");
  std::vector<nic::FirmwareTarget> targets;
  auto add = [&](const nic::FirmwareTarget& t) {
    for (const nic::FirmwareTarget& x : targets)
      if (x.pci == t.pci) return;
    targets.push_back(t);
  };
  for (const std::string& p : pci) {
    Result<std::string> driver = fs.link_basename("/sys/bus/pci/devices/" + p + "/driver");
    add({p, driver ? *driver : "", ""});
  }
  if (pci.empty())
    for (const host::Netdev& n : netdevs)
      if (!n.pci_bdf.empty() && nic::valid_pci_address(n.pci_bdf))
        add({n.pci_bdf, n.driver, n.name});
  nic::FirmwareOptions fo;
  fo.write = write;
  fo.strict = strict;
  fo.state_dir = plan::state_dir();
  fo.tool = nic::find_nv_tool().value_or("");
  fo.boot_time_s = nic::host_boot_time_s(fs).value_or(0);
  fo.now_unix_s = static_cast<int64_t>(std::time(nullptr));
  nic::FirmwareReport r = nic::run_firmware(intent.firmware, targets, fo);
  if (targets.empty())
    r.exit_code = worst_exit_code(r.exit_code, kNotEvaluated);  // [firmware] but no NIC to compare
  return r;
}

int run_firmware_layer(const profile::Intent& intent, const HostVerbOptions& o,
                       const std::vector<host::Netdev>& netdevs, bool apply) {
  if (!intent.firmware.declared()) return kOk;
  nic::FirmwareReport r =
      read_firmware_layer(intent, o.pci, netdevs, apply && o.firmware && !o.dry_run, o.strict);
  json_document().payload["firmware"] = nic::to_json(r);
  for (const nic::DeviceFirmware& d : r.devices) {
    for (const std::string& e : d.errors) add_warning(d.target.pci, "error", e);
    for (const std::string& u : d.unknowns) add_warning(d.target.pci, "unverifiable", u);
  }
  if (!o.json) {
    if (r.devices.empty())
      fmt::print("firmware: no NIC with a PCI address among the targets (name one with --pci)\n");
    else
      fmt::print("{}", nic::render_firmware_text(r, apply));
    if (apply && o.firmware && o.dry_run) fmt::print("firmware: dry run, nothing written\n");
  }
  return r.exit_code;
}

}  // namespace rocecfg::cmd
