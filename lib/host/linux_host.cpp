#include "host/linux_host.h"

#include <fmt/format.h>

#include "host/dcb_knobs.h"
#include "host/dcb_owner.h"
#include "host/lldp.h"
#include "host/rdma_cm.h"
#include "host/workload_files.h"
#include "model/path_mtu.h"

namespace rocecfg::host {

using model::Knob;

namespace {
// One attribute per SET: one knob is one message, so a refusal names it.
DcbSet pfc_set(const ieee_pfc& v) {
  DcbSet s;
  s.pfc = v;
  return s;
}
DcbSet ets_set(const ieee_ets& v) {
  DcbSet s;
  s.ets = v;
  return s;
}
DcbSet buffer_set(const dcbnl_buffer& v) {
  DcbSet s;
  s.buffer = v;
  return s;
}
DcbSet apps_set(const std::vector<dcb_app>& v) {
  DcbSet s;
  s.apps = v;
  return s;
}
}  // namespace

bool is_dcb_knob(Knob k) {
  return k == Knob::ets || k == Knob::pfc || k == Knob::buffers || k == Knob::trust ||
         k == Knob::dscp_map;
}

bool is_nic_family_knob(Knob k) {
  return k == Knob::ecn_priorities || k == Knob::dcqcn || k == Knob::cnp;
}

LinuxHost::LinuxHost(const FsRoot& fs, nl_sock* sock, NicAdapterFactory factory)
    : fs_(fs), links_(sock), dcb_(sock), factory_(std::move(factory)) {}

Result<LinuxHost::Target*> LinuxHost::target(const std::string& ifname) {
  if (auto it = targets_.find(ifname); it != targets_.end()) return &it->second;
  Result<LinkInfo> link = links_.get(ifname);
  if (!link) return std::unexpected(link.error());
  Target t;
  // RoCE runs over Ethernet: a loopback, tunnel or InfiniBand netdev is the
  // wrong argument, refused before anything is read or written.
  if (Result<std::string> type = fs_.read(fmt::format("/sys/class/net/{}/type", ifname));
      type && *type != "1")
    return fail(ErrorKind::invalid_input, ifname,
                fmt::format("not an Ethernet interface (link type {}{}); RoCE needs Ethernet",
                            *type, *type == "772" ? ", loopback" : ""));
  Result<Netdev> described = describe_netdev(fs_, ifname);
  if (described) t.netdev = *described;
  t.netdev.name = ifname;
  t.netdev.mtu_bytes = link->mtu_bytes;
  if (t.netdev.driver.empty()) t.netdev.driver = link->kind;
  // The RDMA device on this netdev, if any (discovery maps them through GIDs).
  if (!inventory_) inventory_ = discover(fs_, /*query_verbs=*/false, /*gid_tables=*/false);
  for (const Netdev& n : inventory_->netdevs)
    if (n.name == ifname) {
      t.netdev.rdma_device = n.rdma_device;
      t.netdev.rdma_port = n.rdma_port;
    }
  if (factory_) t.adapter = factory_(t.netdev, fs_);
  return &targets_.emplace(ifname, std::move(t)).first->second;
}

Status LinuxHost::refuse_if_not_host_dcbx(const std::string& ifname, const DcbState& state) {
  if (state.dcbx && (*state.dcbx & DCB_CAP_DCBX_LLD_MANAGED))
    return fail(
        ErrorKind::failed, ifname,
        fmt::format("DCBX is managed by the NIC firmware's LLDP agent (dcbx mode 0x{:02x}); "
                    "rocecfg will not fight it: turn the firmware agent off (ice: ethtool "
                    "--set-priv-flags {} fw-lldp-agent off) or manage DCB there",
                    *state.dcbx, ifname));
  if (!agent_) agent_ = running_dcbx_agent(fs_);
  if (const std::optional<std::string>& agent = *agent_)
    return fail(ErrorKind::failed, ifname,
                fmt::format("{} is running and negotiates DCBX; it would overwrite what rocecfg "
                            "sets: stop it (or use lldpd, which does no DCBX)",
                            *agent));
  return {};
}

namespace {
const std::optional<std::map<std::string, std::string>>& owned(const model::Settings& s, Knob k) {
  return k == Knob::nccl_conf ? s.nccl_conf : k == Knob::ucx_conf ? s.ucx_conf : s.job_env;
}
std::optional<std::map<std::string, std::string>>& owned(model::Settings& s, Knob k) {
  return k == Knob::nccl_conf ? s.nccl_conf : k == Knob::ucx_conf ? s.ucx_conf : s.job_env;
}
std::set<std::string> owned_keys(const model::Settings& intent, Knob k) {
  std::set<std::string> keys;
  if (const auto& m = owned(intent, k))
    for (const auto& [key, v] : *m) keys.insert(key);
  return keys;
}
}  // namespace

Observation LinuxHost::observe_host_wide(const model::Settings& intent) {
  Observation o;
  o.netdev.name = model::kHostTarget;
  host_intent_ = intent;
  for (Knob k : model::all_knobs()) {
    if (!model::is_host_wide(k) || !model::knob_present(intent, k)) continue;
    Result<model::Settings> got = read_host_wide(k);
    if (got) {
      model::knob_assign(o.observed, *got, k);
    } else {
      o.unreadable.push_back(got.error());
      o.unreadable_knobs.insert(k);
    }
  }
  return o;
}

Result<model::Settings> LinuxHost::read_host_wide(Knob knob) {
  Result<std::map<std::string, std::string>> got =
      read_owned_entries(fs_, knob, owned_keys(host_intent_, knob));
  if (!got) return std::unexpected(got.error());
  model::Settings out;
  owned(out, knob) = std::move(*got);
  return out;
}

Status LinuxHost::write_host_wide(Knob knob, const model::Settings& value) {
  std::set<std::string> keys = owned_keys(host_intent_, knob);
  const std::map<std::string, std::string> none;
  const auto& want = owned(value, knob) ? *owned(value, knob) : none;
  for (const auto& [k, v] : want) keys.insert(k);
  bool created = false;
  // Rolling back a file this run created removes it again, so the host is
  // left byte for byte as it was.
  Status ok = write_owned_entries(fs_, knob, keys, want, created_files_.contains(knob), &created);
  if (ok && created) created_files_.insert(knob);
  return ok;
}

Observation LinuxHost::observe(const std::string& ifname, const model::Settings& intent) {
  if (ifname == model::kHostTarget) return observe_host_wide(intent);
  Observation o;
  Result<Target*> found = target(ifname);
  if (!found) {
    o.netdev.name = ifname;
    o.found = false;
    o.refusals.push_back(found.error());
    return o;
  }
  Target& t = **found;
  t.intent = intent;
  o.netdev = t.netdev;
  if (t.adapter) o.nic_family = t.adapter->family();
  auto unsupported = [&](Knob k, std::string why) {
    o.unsupported.insert(k);
    o.why_unsupported[k] = std::move(why);
  };

  std::optional<Result<DcbState>> dcb;  // fetched once, for the first DCB knob
  std::string no_dcb;                   // why this netdev has no DCB (dcb_owner.h)
  for (Knob k : model::all_knobs()) {
    if (!model::knob_present(intent, k) || model::is_host_wide(k)) continue;
    if (k == Knob::ecn || k == Knob::pfc_watchdog) {
      unsupported(k, "switch-only knob");
      continue;
    }
    if (is_dcb_knob(k)) {
      if (!dcb) {
        dcb = dcb_.get(ifname);
        if (*dcb) {
          observe_dcb(**dcb, o.observed);
          o.dcbx_mode = (**dcb).dcbx;
          if (Status ok = refuse_if_not_host_dcbx(ifname, **dcb); !ok)
            o.refusals.push_back(ok.error());
        } else if (dcb->error().kind == ErrorKind::unsupported) {
          // No DCB on this netdev (a VF, a bond, a veth): its PFC/ETS are
          // unsupported knobs, named where they are set, never a refusal of
          // the whole apply (README "Unsupported knobs").
          no_dcb = no_dcb_reason(fs_, ifname, t.netdev.driver);
        } else {
          o.unreadable.push_back(dcb->error());
        }
      }
      if (!*dcb) {
        if (dcb->error().kind == ErrorKind::unsupported)
          unsupported(k, no_dcb);
        else
          o.unreadable_knobs.insert(k);
        continue;
      }
      if (!model::knob_present(o.observed, k))
        unsupported(
            k, fmt::format("the driver reports no {} state over DCB netlink", model::knob_name(k)));
      continue;
    }
    Status read_ok;
    if (is_nic_family_knob(k)) {
      if (!t.adapter) {
        unsupported(k, fmt::format("no ECN/DCQCN adapter for driver '{}'",
                                   t.netdev.driver.empty() ? "unknown" : t.netdev.driver));
        continue;
      }
      if (std::optional<std::string> why = t.adapter->unsupported(k, intent)) {
        unsupported(k, *why);
        continue;
      }
      read_ok = t.adapter->read(k, o.observed);
    } else if (k == Knob::roce_mode || k == Knob::roce_tos || k == Knob::device_traffic_class) {
      if (t.netdev.rdma_device.empty()) {
        unsupported(k, "no RDMA device on this interface");
        continue;
      }
      Result<model::Settings> got = read(ifname, k);
      if (got) {
        // An unset OFED override reads as nothing: drift from "-".
        model::knob_assign(o.observed, *got, k);
      } else if (k == Knob::device_traffic_class && got.error().kind == ErrorKind::unsupported) {
        // The override exists only with MLNX_OFED: elsewhere there is nothing
        // to manage, and NCCL's own setting is what counts.
        o.not_applicable.insert(k);
        continue;
      } else {
        read_ok = std::unexpected(got.error());
      }
    } else if (k == Knob::mtu) {
      // Fresh, not the cached description: the MTU may have changed since.
      Result<LinkInfo> link = links_.get(ifname);
      if (link)
        o.observed.mtu_bytes = link->mtu_bytes;
      else
        read_ok = std::unexpected(link.error());
      uint32_t want = *intent.mtu_bytes;
      if (model::roce_path_mtu_for(want) < model::kMaxRocePathMtuBytes)
        o.warnings.push_back(fmt::format(
            "MTU {} limits the RoCE path MTU to {} ({} needs a netdev MTU of at least {})", want,
            model::roce_path_mtu_for(want), model::kMaxRocePathMtuBytes,
            model::kMinNetdevMtuForMaxPath));
    }
    if (!read_ok) {
      if (read_ok.error().kind == ErrorKind::unsupported)
        unsupported(k, read_ok.error().message);
      else {
        o.unreadable.push_back(read_ok.error());
        o.unreadable_knobs.insert(k);
      }
    }
  }
  return o;
}

Result<model::Settings> LinuxHost::read(const std::string& ifname, Knob knob) {
  if (model::is_host_wide(knob)) return read_host_wide(knob);
  Result<Target*> found = target(ifname);
  if (!found) return std::unexpected(found.error());
  Target& t = **found;
  model::Settings out;
  if (knob == Knob::mtu) {
    Result<LinkInfo> link = links_.get(ifname);
    if (!link) return std::unexpected(link.error());
    out.mtu_bytes = link->mtu_bytes;
  } else if (is_dcb_knob(knob)) {
    Result<DcbState> state = dcb_.get(ifname);
    if (!state) return std::unexpected(state.error());
    model::Settings all;
    observe_dcb(*state, all);
    model::knob_assign(out, all, knob);
  } else if (is_nic_family_knob(knob)) {
    if (!t.adapter) return fail(ErrorKind::unsupported, ifname, "no ECN/DCQCN adapter");
    if (Status ok = t.adapter->read(knob, out); !ok) return std::unexpected(ok.error());
  } else if (knob == Knob::device_traffic_class) {
    if (t.netdev.rdma_device.empty())
      return fail(ErrorKind::unsupported, ifname, "no RDMA device on this interface");
    Result<std::optional<uint8_t>> tc =
        read_device_tc(fs_, t.netdev.rdma_device, t.netdev.rdma_port);
    if (!tc) return wrap(tc.error(), ifname);
    out.device_traffic_class = *tc;
  } else if (knob == Knob::roce_mode || knob == Knob::roce_tos) {
    if (t.netdev.rdma_device.empty())
      return fail(ErrorKind::unsupported, ifname, "no RDMA device on this interface");
    RdmaCmConfig cm(fs_, t.netdev.rdma_device, t.netdev.rdma_port);
    if (knob == Knob::roce_tos) {
      Result<uint8_t> tos = cm.read_tos();
      if (!tos) return wrap(tos.error(), ifname);
      out.roce_tos = *tos;
    } else {
      Result<model::RoceMode> mode = cm.read_mode();
      if (!mode) return wrap(mode.error(), ifname);
      out.roce_mode = *mode;
    }
  } else {
    return fail(ErrorKind::unsupported, ifname, "switch-only knob");
  }
  return out;
}

Status LinuxHost::write(const std::string& ifname, Knob knob, const model::Settings& value) {
  if (model::is_host_wide(knob)) return write_host_wide(knob, value);
  Result<Target*> found = target(ifname);
  if (!found) return std::unexpected(found.error());
  Target& t = **found;
  if (knob == Knob::device_traffic_class) {
    // Rolling back to "unset" has no value: that is -1 for the driver.
    if (t.netdev.rdma_device.empty())
      return fail(ErrorKind::unsupported, ifname, "no RDMA device on this interface");
    Status ok =
        write_device_tc(fs_, t.netdev.rdma_device, t.netdev.rdma_port, value.device_traffic_class);
    if (!ok) return wrap(ok.error(), ifname);
    return ok;
  }
  if (!model::knob_present(value, knob))
    return fail(ErrorKind::invalid_input, ifname,
                fmt::format("no value given for {}", model::knob_name(knob)));
  if (knob == Knob::mtu) return links_.set_mtu(ifname, *value.mtu_bytes);
  if (is_dcb_knob(knob)) return write_dcb(t, knob, value);
  if (is_nic_family_knob(knob)) {
    if (!t.adapter) return fail(ErrorKind::unsupported, ifname, "no ECN/DCQCN adapter");
    return t.adapter->write(knob, value);
  }
  if (knob == Knob::roce_mode || knob == Knob::roce_tos) {
    if (t.netdev.rdma_device.empty())
      return fail(ErrorKind::unsupported, ifname, "no RDMA device on this interface");
    RdmaCmConfig cm(fs_, t.netdev.rdma_device, t.netdev.rdma_port);
    Status ok =
        knob == Knob::roce_tos ? cm.write_tos(*value.roce_tos) : cm.write_mode(*value.roce_mode);
    if (!ok) return wrap(ok.error(), ifname);
    return ok;
  }
  return fail(ErrorKind::unsupported, ifname, "switch-only knob");
}

Status LinuxHost::write_dcb(Target& t, Knob knob, const model::Settings& value) {
  const std::string& ifname = t.netdev.name;
  // Read-modify-write: every SET carries the whole struct, so start from
  // what the driver has now, never from zeros.
  Result<DcbState> state = dcb_.get(ifname);
  if (!state) return std::unexpected(state.error());
  if (Status ok = refuse_if_not_host_dcbx(ifname, *state); !ok) return ok;
  auto missing = [&](const char* what) {
    return fail(ErrorKind::unsupported, ifname,
                fmt::format("the driver reports no {} state over DCB netlink", what));
  };
  switch (knob) {
    case Knob::pfc: {
      if (!state->pfc) return missing("PFC");
      return dcb_.set(ifname, pfc_set(merge_pfc(*state->pfc, *value.pfc_enabled)), "PFC");
    }
    case Knob::ets: {
      if (!state->ets) return missing("ETS");
      if (Status ok = validate_ets(*value.ets, ifname); !ok) return ok;
      return dcb_.set(ifname, ets_set(merge_ets(*state->ets, *value.ets)), "ETS");
    }
    case Knob::buffers: {
      const model::Buffers& b = *value.buffers;
      if (Status ok = validate_buffers(b, ifname); !ok) return ok;
      if (b.prio_buffer || b.buffer_size_bytes) {
        if (!state->buffer) return missing("buffer");
        Status ok = dcb_.set(ifname, buffer_set(merge_buffer(*state->buffer, b)), "buffers");
        if (!ok) return ok;
      }
      if (b.cable_length_m) {
        if (!state->pfc) return missing("PFC");
        ieee_pfc pfc = *state->pfc;
        pfc.delay = static_cast<uint16_t>(*b.cable_length_m);
        return dcb_.set(ifname, pfc_set(pfc), "PFC delay (cable length)");
      }
      return {};
    }
    case Knob::trust: {
      bool has_dscp = false;
      for (const dcb_app& a : state->apps) has_dscp |= a.selector == kAppSelDscp;
      if (*value.trust == model::Trust::dscp) {
        if (has_dscp) return {};
        // dcbnl has no trust switch that mlx5 or ice implement: the first
        // DSCP APP entry is the switch. So install the profile's map now.
        if (!t.intent.dscp_priority || t.intent.dscp_priority->empty())
          return fail(ErrorKind::invalid_input, ifname,
                      "trust dscp needs at least one DSCP->priority entry (dcbnl switches trust "
                      "with the first DSCP APP entry)");
        return write_dscp_map(t, *t.intent.dscp_priority);
      }
      std::vector<dcb_app> dscp;
      for (const dcb_app& a : state->apps)
        if (a.selector == kAppSelDscp) dscp.push_back(a);
      return dcb_.del_apps(ifname, dscp);
    }
    case Knob::dscp_map:
      return write_dscp_map(t, *value.dscp_priority);
    default:
      return fail(ErrorKind::unsupported, ifname, "not a DCB knob");
  }
}

Status LinuxHost::write_dscp_map(Target& t, const model::DscpPriorityMap& want) {
  const std::string& ifname = t.netdev.name;
  Result<DcbState> state = dcb_.get(ifname);
  if (!state) return std::unexpected(state.error());
  AppDelta delta = dscp_delta(state->apps, want, t.added_apps);
  // Make before break: the new mapping exists before the old one goes, so
  // no packet of a remapped DSCP falls back to the default priority.
  if (!delta.add.empty()) {
    if (Status ok = dcb_.set(ifname, apps_set(delta.add), "DSCP APP entries"); !ok) return ok;
    for (const dcb_app& a : delta.add)
      t.added_apps.insert({static_cast<uint8_t>(a.protocol), a.priority});
  }
  if (Status ok = dcb_.del_apps(ifname, delta.del); !ok) return ok;
  for (const dcb_app& a : delta.del)
    t.added_apps.erase({static_cast<uint8_t>(a.protocol), a.priority});
  return {};
}

}  // namespace rocecfg::host
