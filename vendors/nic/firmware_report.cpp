// Text and JSON of the firmware layer (nic/firmware_session.h).
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/utc_time.h"
#include "nic/firmware_session.h"

namespace rocecfg::nic {

namespace {

std::string known_families() {
  std::string out;
  for (const model::FirmwareFamily& f : model::firmware_families())
    out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

std::string or_unread(const std::string& s) {
  return s.empty() ? "not read" : s;
}

std::string detail(const ParamFinding& p) {
  if (p.devlink) {
    if (p.state == ParamState::unsupported)
      return fmt::format("want {}; the device has no such devlink parameter", p.want);
    if (p.devlink_cmode.empty()) return fmt::format("want {}; not read", p.want);
    return fmt::format("want {}, {} {}", p.want, p.devlink_cmode, or_unread(p.current));
  }
  switch (p.state) {
    case ParamState::unsupported:
      return fmt::format("want {}; the device's NV config has no such parameter", p.want);
    case ParamState::unknown:
      if (p.next_boot.empty() && p.current.empty()) return fmt::format("want {}; not read", p.want);
      break;
    default:
      break;
  }
  std::string s = fmt::format("want {}, next boot {}, current {}", p.want, or_unread(p.next_boot),
                              or_unread(p.current));
  if (p.state == ParamState::not_applied_after_reset && p.written_unix_s)
    s += fmt::format("; rocecfg wrote it {}, before the host last booted",
                     format_utc(*p.written_unix_s));
  return s;
}

std::string label(const ParamFinding& p) {
  if (p.written_now) return "written, pending reset";
  return to_string(p.state);
}

}  // namespace

std::string render_firmware_text(const FirmwareReport& r, bool apply) {
  std::string out =
      fmt::format("firmware ({}; next-boot values take effect at a firmware reset):\n",
                  r.tool.empty() ? "no mstconfig/mlxconfig" : "NV config via " + r.tool);
  std::map<ParamState, size_t> counts;
  size_t drift = 0, written = 0;
  std::vector<std::string> reset_devices;
  for (const DeviceFirmware& d : r.devices) {
    std::string head = d.target.pci;
    if (!d.target.netdev.empty()) head += " " + d.target.netdev;
    head += " " + (d.family.empty() ? std::string("(NIC family unknown)") : d.family);
    if (!d.device_type.empty()) head += " " + d.device_type;
    out += "  " + head + "\n";
    if (d.params.empty() && d.versions.empty() && d.errors.empty() && d.unknowns.empty()) {
      if (!d.family.empty())
        out += fmt::format("    no [firmware.{}] in the profile: nothing compared\n", d.family);
      else if (!d.target.driver.empty())
        out += fmt::format("    driver {}: not a NIC family rocecfg knows ({}): nothing compared\n",
                           d.target.driver, known_families());
      else
        out += "    no driver bound and no [firmware.connectx] in the profile: nothing compared\n";
    }
    size_t w = 0;
    for (const ParamFinding& p : d.params) w = std::max(w, p.name.size());
    for (const ParamFinding& p : d.params) {
      out += fmt::format("    {:<{}}  {:<23}  {}\n", p.name, w, label(p), detail(p));
      ++counts[p.state];
      drift += p.state == ParamState::drift;
      written += p.written_now;
    }
    for (const VersionFinding& v : d.versions)
      out += fmt::format("    {}: {} ({})\n", v.what, or_unread(v.found),
                         v.found.empty() ? "cannot compare"
                         : v.ok()        ? "qualified"
                                  : fmt::format("not qualified: {}", fmt::join(v.qualified, ", ")));
    for (const std::string& e : d.errors) out += "    error: " + e + "\n";
    for (const std::string& u : d.unknowns) out += "    unknown: " + u + "\n";
    if (d.reset_required()) reset_devices.push_back(d.target.pci);
  }
  if (!reset_devices.empty())
    out += fmt::format(
        "  reset required on {}: next-boot values take effect at a NIC firmware reset (cold boot, "
        "or mlxfwreset; a warm reboot may keep the firmware running); rocecfg never resets a NIC "
        "or reboots a host\n",
        fmt::join(reset_devices, ", "));
  if (!r.record_error.empty()) out += "  firmware write record: " + r.record_error + "\n";
  std::vector<std::string> parts;
  for (ParamState s :
       {ParamState::in_sync, ParamState::drift, ParamState::pending_reset,
        ParamState::not_applied_after_reset, ParamState::unknown, ParamState::unsupported})
    if (counts[s]) parts.push_back(fmt::format("{} {}", counts[s], to_string(s)));
  if (parts.empty()) parts.push_back("no parameters compared");
  out += fmt::format("firmware: {}", fmt::join(parts, ", "));
  if (written) out += fmt::format("; {} written for the next boot", written);
  if (apply && !r.write && drift)
    out += "; firmware left alone (apply --firmware writes next-boot values)";
  return out + "\n";
}

nlohmann::json to_json(const FirmwareReport& r) {
  nlohmann::json devices = nlohmann::json::array();
  for (const DeviceFirmware& d : r.devices) {
    nlohmann::json params = nlohmann::json::array();
    for (const ParamFinding& p : d.params) {
      nlohmann::json j{{"name", p.name},
                       {"source", p.devlink ? "devlink" : "nv_config"},
                       {"state", to_string(p.state)},
                       {"want", p.want},
                       {"written_now", p.written_now}};
      auto put = [&](const char* k, const std::string& v) {
        j[k] = v.empty() ? nlohmann::json(nullptr) : nlohmann::json(v);
      };
      put("default", p.default_value);
      put("current", p.current);
      put("next_boot", p.next_boot);
      if (p.devlink) put("cmode", p.devlink_cmode);
      if (p.written_unix_s) j["written_unix_s"] = *p.written_unix_s;
      params.push_back(j);
    }
    nlohmann::json versions = nlohmann::json::array();
    for (const VersionFinding& v : d.versions)
      versions.push_back(
          {{"what", v.what},
           {"found", v.found.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.found)},
           {"qualified", v.qualified},
           {"ok", v.ok()}});
    devices.push_back({{"pci", d.target.pci},
                       {"netdev", d.target.netdev},
                       {"driver", d.target.driver},
                       {"family", d.family},
                       {"device_type", d.device_type},
                       {"params", params},
                       {"versions", versions},
                       {"reset_required", d.reset_required()},
                       {"errors", d.errors},
                       {"unknowns", d.unknowns}});
  }
  return {{"tool", r.tool.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.tool)},
          {"write", r.write},
          {"devices", devices},
          {"exit_code", r.exit_code}};
}

}  // namespace rocecfg::nic
