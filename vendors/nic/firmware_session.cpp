#include "nic/firmware_session.h"

#include <algorithm>
#include <future>

#include <fmt/format.h>

#include "core/exit_code.h"
#include "nic/mstconfig_tool.h"

namespace rocecfg::nic {

namespace {

// mstconfig's "Device type:" for the ConnectX family (dm_dev_type2str over
// the names in mstflint's dev_mgt/tools_dev_types.c at v4.21.0-1, commit
// d3544651665b241782ae9a2d4ebc620ea6b1db5e: "ConnectX6DX", "BlueField3", ...).
bool connectx_type(const std::string& t) {
  return t.starts_with("ConnectX") || t.starts_with("BlueField");
}

ParamFinding judge_nv(const std::string& pci, const std::string& name,
                      const model::FirmwareValue& want, const Result<NvQuery>* nv,
                      const FirmwareWrites& writes, const FirmwareOptions& o) {
  ParamFinding f;
  f.name = name;
  f.want = want.text();
  if (auto d = writes.find(pci); d != writes.end())
    if (auto w = d->second.find(name);
        w != d->second.end() &&
        model::firmware_value_matches(want, model::parse_firmware_reading(w->second.value)))
      f.written_unix_s = w->second.written_unix_s;
  if (!nv || !*nv) return f;  // unknown
  const NvParam* p = (*nv)->find(name);
  if (!p) {
    f.state = ParamState::unsupported;
    return f;
  }
  f.default_value = p->default_value.text;
  f.current = p->current.text;
  f.next_boot = p->next_boot.text;
  if (!p->next_boot.known())
    f.state = ParamState::unknown;
  else if (!model::firmware_value_matches(want, p->next_boot))
    f.state = ParamState::drift;
  else if (!p->current.known())
    f.state = ParamState::unknown;
  else if (model::firmware_value_matches(want, p->current))
    f.state = ParamState::in_sync;
  else if (f.written_unix_s && o.boot_time_s > 0 && *f.written_unix_s < o.boot_time_s)
    f.state = ParamState::not_applied_after_reset;
  else
    f.state = ParamState::pending_reset;
  return f;
}

ParamFinding judge_devlink(const std::string& name, const model::FirmwareValue& want,
                           const host::DevlinkDevice* dl) {
  ParamFinding f;
  f.name = name;
  f.devlink = true;
  f.want = want.text();
  if (!dl) return f;
  auto p = std::find_if(dl->params.begin(), dl->params.end(),
                        [&](const host::DevlinkParam& x) { return x.name == name; });
  if (p == dl->params.end()) {
    f.state = ParamState::unsupported;
    return f;
  }
  // The mode that is in effect soonest names the value the device runs with.
  for (const char* cmode : {"runtime", "driverinit", "permanent"}) {
    auto v = p->values.find(cmode);
    if (v == p->values.end()) continue;
    f.devlink_cmode = cmode;
    f.current = v->second.text;
    f.state = !v->second.known()                               ? ParamState::unknown
              : model::firmware_value_matches(want, v->second) ? ParamState::in_sync
                                                               : ParamState::drift;
    break;
  }
  return f;
}

int exit_code_of(const DeviceFirmware& d, bool strict) {
  int rc = kOk;
  if (!d.errors.empty()) rc = worst_exit_code(rc, kRuntime);
  if (!d.unknowns.empty()) rc = worst_exit_code(rc, kNotEvaluated);
  for (const ParamFinding& p : d.params) {
    if (p.state == ParamState::drift || p.state == ParamState::pending_reset ||
        p.state == ParamState::not_applied_after_reset ||
        (strict && p.state == ParamState::unsupported))
      rc = worst_exit_code(rc, kDrift);
    if (p.state == ParamState::unknown) rc = worst_exit_code(rc, kNotEvaluated);
  }
  for (const VersionFinding& v : d.versions)
    rc = worst_exit_code(rc, v.found.empty() ? kNotEvaluated : v.ok() ? kOk : kDrift);
  return rc;
}

}  // namespace

const char* to_string(ParamState s) {
  switch (s) {
    case ParamState::in_sync:
      return "in sync";
    case ParamState::drift:
      return "drift";
    case ParamState::pending_reset:
      return "pending reset";
    case ParamState::not_applied_after_reset:
      return "not applied after reset";
    case ParamState::unknown:
      return "unknown";
    case ParamState::unsupported:
      return "unsupported";
  }
  return "unknown";
}

bool VersionFinding::ok() const {
  return !found.empty() && std::find(qualified.begin(), qualified.end(), found) != qualified.end();
}

bool DeviceFirmware::reset_required() const {
  return std::any_of(params.begin(), params.end(), [](const ParamFinding& p) {
    return p.state == ParamState::pending_reset || p.state == ParamState::not_applied_after_reset;
  });
}

DeviceFirmware judge_device(const FirmwareTarget& target, const std::string& family,
                            const model::FirmwareFamilyIntent& intent, const Result<NvQuery>* nv,
                            const host::DevlinkDevice* dl, const FirmwareWrites& writes,
                            const FirmwareOptions& options) {
  DeviceFirmware d;
  d.target = target;
  d.family = family;
  if (nv && *nv) d.device_type = (*nv)->device_type;
  if (nv && !*nv) d.errors.push_back(nv->error().to_string());
  for (const auto& [name, want] : intent.params)
    d.params.push_back(judge_nv(target.pci, name, want, nv, writes, options));
  for (const auto& [name, want] : intent.devlink_params)
    d.params.push_back(judge_devlink(name, want, dl));
  if (!intent.versions.empty())
    d.versions.push_back({"firmware version", dl ? dl->firmware_version() : "", intent.versions});
  if (!intent.psids.empty()) d.versions.push_back({"PSID", dl ? dl->psid() : "", intent.psids});
  return d;
}

FirmwareReport run_firmware(const model::FirmwareIntent& intent,
                            const std::vector<FirmwareTarget>& targets, const FirmwareOptions& o) {
  FirmwareReport r;
  r.write = o.write;
  r.tool = o.tool;
  FirmwareWrites writes;
  if (Result<FirmwareWrites> w = read_firmware_writes(o.state_dir))
    writes = std::move(*w);
  else
    r.record_error = w.error().to_string();

  // Which family each target is, and which need the NV tool or devlink.
  std::vector<std::string> families;
  bool want_devlink = false;
  std::vector<size_t> nv_targets;
  for (size_t i = 0; i < targets.size(); ++i) {
    const model::FirmwareFamily* f = model::firmware_family_of_driver(targets[i].driver);
    // No driver bound (a --pci target, a NIC whose driver is unloaded): the
    // NV tool's own "Device type:" decides below.
    if (!f && targets[i].driver.empty() && intent.families.count("connectx"))
      f = model::firmware_family("connectx");
    families.push_back(f ? std::string(f->name) : "");
    auto fi = f ? intent.families.find(std::string(f->name)) : intent.families.end();
    if (fi == intent.families.end()) continue;
    const model::FirmwareFamilyIntent& fam = fi->second;
    if (!fam.params.empty() && f->nv_config_tool && !o.tool.empty()) nv_targets.push_back(i);
    want_devlink |= !fam.devlink_params.empty() || !fam.versions.empty() || !fam.psids.empty();
  }

  auto query_all = [&](const std::vector<size_t>& which) {
    std::vector<std::string> pcis;
    for (size_t i : which) pcis.push_back(targets[i].pci);
    return query_nv_config_all(o.tool, pcis);
  };
  std::vector<Result<NvQuery>> nv = query_all(nv_targets);

  std::optional<Result<std::vector<host::DevlinkDevice>>> dl;
  if (want_devlink) dl = host::read_devlink_devices();

  // apply --firmware: next-boot values that differ, all devices at once.
  std::vector<std::vector<std::string>> written(targets.size());
  if (o.write) {
    std::vector<std::future<Status>> sets;
    std::vector<size_t> set_index;
    for (size_t k = 0; k < nv_targets.size(); ++k) {
      size_t i = nv_targets[k];
      if (!nv[k] || !connectx_type(nv[k]->device_type)) continue;
      std::map<std::string, std::string> values;
      for (const auto& [name, want] : intent.families.at(families[i]).params)
        if (const NvParam* p = nv[k]->find(name);
            p && p->next_boot.known() && !model::firmware_value_matches(want, p->next_boot)) {
          values[name] = want.text();
          written[i].push_back(name);
        }
      if (values.empty()) continue;
      set_index.push_back(k);
      sets.push_back(std::async(std::launch::async, set_nv_config, o.tool, targets[i].pci, values));
    }
    std::vector<size_t> reread;
    for (size_t s = 0; s < sets.size(); ++s) {
      size_t k = set_index[s], i = nv_targets[k];
      if (Status st = sets[s].get(); !st) {
        nv[k] = std::unexpected(st.error());
        written[i].clear();
        continue;
      }
      for (const std::string& name : written[i])
        writes[targets[i].pci][name] = {intent.families.at(families[i]).params.at(name).text(),
                                        o.now_unix_s};
      reread.push_back(k);
    }
    if (!reread.empty()) {
      if (Status s = record_firmware_writes(o.state_dir, writes); !s)
        r.record_error = s.error().to_string();
      // Read back what the firmware now holds for the next boot.
      std::vector<size_t> idx;
      for (size_t k : reread) idx.push_back(nv_targets[k]);
      std::vector<Result<NvQuery>> again = query_all(idx);
      for (size_t j = 0; j < reread.size(); ++j) nv[reread[j]] = std::move(again[j]);
    }
  }

  for (size_t i = 0; i < targets.size(); ++i) {
    const FirmwareTarget& t = targets[i];
    auto fi = families[i].empty() ? intent.families.end() : intent.families.find(families[i]);
    if (fi == intent.families.end()) {
      DeviceFirmware d;
      d.target = t;
      d.family = families[i];
      r.devices.push_back(std::move(d));
      continue;
    }
    const Result<NvQuery>* q = nullptr;
    for (size_t k = 0; k < nv_targets.size(); ++k)
      if (nv_targets[k] == i) q = &nv[k];
    const host::DevlinkDevice* dev = nullptr;
    if (dl && *dl)
      for (const host::DevlinkDevice& x : **dl)
        if (x.bus == "pci" && x.dev == t.pci) dev = &x;
    DeviceFirmware d = judge_device(t, families[i], fi->second, q, dev, writes, o);
    if (q && *q && !connectx_type((*q)->device_type))
      d.errors.push_back(fmt::format("{}: {} reports device type \"{}\", not a ConnectX", t.pci,
                                     o.tool, (*q)->device_type));
    const model::FirmwareFamily* fam = model::firmware_family(families[i]);
    if (!fi->second.params.empty() && fam->nv_config_tool && o.tool.empty())
      d.unknowns.push_back(
          "NV config not read: neither mstconfig (Debian: apt install mstflint) "
          "nor mlxconfig is on PATH");
    if (want_devlink && dl && !*dl) d.unknowns.push_back(dl->error().to_string());
    if (want_devlink && dl && *dl && !dev)
      d.unknowns.push_back(fmt::format("no devlink instance pci/{}", t.pci));
    for (ParamFinding& p : d.params)
      p.written_now = std::find(written[i].begin(), written[i].end(), p.name) != written[i].end();
    r.devices.push_back(std::move(d));
  }
  for (const DeviceFirmware& d : r.devices)
    r.exit_code = worst_exit_code(r.exit_code, exit_code_of(d, o.strict));
  return r;
}

}  // namespace rocecfg::nic
