#include "host/devlink.h"

#include <linux/devlink.h>
#include <netlink/attr.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>

#include <fmt/format.h>

#include "host/netlink.h"

namespace rocecfg::host {

namespace {

std::string str(nlattr* a) {
  // nla_get_string trusts the NUL; bound it by the attribute's length.
  const char* s = static_cast<const char*>(nla_data(a));
  size_t n = static_cast<size_t>(nla_len(a));
  size_t len = 0;
  while (len < n && s[len] != '\0') ++len;
  return std::string(s, len);
}

struct Dump {
  std::vector<DevlinkDevice>* devices;
  int cmd;
};

DevlinkDevice& device_for(std::vector<DevlinkDevice>& devices, nlattr** tb) {
  std::string bus = tb[DEVLINK_ATTR_BUS_NAME] ? str(tb[DEVLINK_ATTR_BUS_NAME]) : "";
  std::string dev = tb[DEVLINK_ATTR_DEV_NAME] ? str(tb[DEVLINK_ATTR_DEV_NAME]) : "";
  for (DevlinkDevice& d : devices)
    if (d.bus == bus && d.dev == dev) return d;
  devices.push_back({});
  devices.back().bus = bus;
  devices.back().dev = dev;
  return devices.back();
}

void read_info(DevlinkDevice& d, nlattr* attrs, int len) {
  nlattr* a;
  int rem;
  nla_for_each_attr(a, attrs, len, rem) {
    int type = nla_type(a);
    if (type == DEVLINK_ATTR_INFO_DRIVER_NAME) d.driver = str(a);
    if (type == DEVLINK_ATTR_INFO_SERIAL_NUMBER) d.serial = str(a);
    std::map<std::string, std::string>* into =
        type == DEVLINK_ATTR_INFO_VERSION_FIXED     ? &d.fixed
        : type == DEVLINK_ATTR_INFO_VERSION_RUNNING ? &d.running
        : type == DEVLINK_ATTR_INFO_VERSION_STORED  ? &d.stored
                                                    : nullptr;
    if (!into) continue;
    nlattr* v[DEVLINK_ATTR_MAX + 1] = {};
    if (nla_parse_nested(v, DEVLINK_ATTR_MAX, a, nullptr) < 0) continue;
    if (v[DEVLINK_ATTR_INFO_VERSION_NAME] && v[DEVLINK_ATTR_INFO_VERSION_VALUE])
      (*into)[str(v[DEVLINK_ATTR_INFO_VERSION_NAME])] = str(v[DEVLINK_ATTR_INFO_VERSION_VALUE]);
  }
}

// DEVLINK_ATTR_PARAM_TYPE holds the netlink attribute type of the value
// (include/net/devlink.h: DEVLINK_PARAM_TYPE_U8 = NLA_U8, ..., BOOL = NLA_FLAG).
model::FirmwareReading value_of(uint8_t type, nlattr* data) {
  switch (type) {
    case NLA_U8:
      return data ? model::parse_firmware_reading(std::to_string(nla_get_u8(data)))
                  : model::FirmwareReading{};
    case NLA_U16:
      return data ? model::parse_firmware_reading(std::to_string(nla_get_u16(data)))
                  : model::FirmwareReading{};
    case NLA_U32:
      return data ? model::parse_firmware_reading(std::to_string(nla_get_u32(data)))
                  : model::FirmwareReading{};
    case NLA_STRING:
      return data ? model::parse_firmware_reading(str(data)) : model::FirmwareReading{};
    case NLA_FLAG:
      return model::parse_firmware_reading(data ? "true" : "false");
    default:
      return {};
  }
}

void read_param(DevlinkDevice& d, nlattr* param) {
  nlattr* p[DEVLINK_ATTR_MAX + 1] = {};
  if (nla_parse_nested(p, DEVLINK_ATTR_MAX, param, nullptr) < 0 || !p[DEVLINK_ATTR_PARAM_NAME])
    return;
  DevlinkParam out;
  out.name = str(p[DEVLINK_ATTR_PARAM_NAME]);
  out.generic = p[DEVLINK_ATTR_PARAM_GENERIC] != nullptr;
  uint8_t type = p[DEVLINK_ATTR_PARAM_TYPE] ? nla_get_u8(p[DEVLINK_ATTR_PARAM_TYPE]) : 0;
  if (nlattr* list = p[DEVLINK_ATTR_PARAM_VALUES_LIST]) {
    nlattr* v;
    int rem;
    nla_for_each_nested(v, list, rem) {
      nlattr* f[DEVLINK_ATTR_MAX + 1] = {};
      if (nla_parse_nested(f, DEVLINK_ATTR_MAX, v, nullptr) < 0 ||
          !f[DEVLINK_ATTR_PARAM_VALUE_CMODE])
        continue;
      uint8_t cmode = nla_get_u8(f[DEVLINK_ATTR_PARAM_VALUE_CMODE]);
      const char* name = cmode == DEVLINK_PARAM_CMODE_RUNTIME      ? "runtime"
                         : cmode == DEVLINK_PARAM_CMODE_DRIVERINIT ? "driverinit"
                         : cmode == DEVLINK_PARAM_CMODE_PERMANENT  ? "permanent"
                                                                   : nullptr;
      if (name) out.values[name] = value_of(type, f[DEVLINK_ATTR_PARAM_VALUE_DATA]);
    }
  }
  d.params.push_back(std::move(out));
}

int on_message(nl_msg* msg, void* arg) {
  auto* dump = static_cast<Dump*>(arg);
  genlmsghdr* gh = static_cast<genlmsghdr*>(nlmsg_data(nlmsg_hdr(msg)));
  nlattr* tb[DEVLINK_ATTR_MAX + 1] = {};
  if (nla_parse(tb, DEVLINK_ATTR_MAX, genlmsg_attrdata(gh, 0), genlmsg_attrlen(gh, 0), nullptr) < 0)
    return NL_SKIP;
  DevlinkDevice& d = device_for(*dump->devices, tb);
  if (dump->cmd == DEVLINK_CMD_INFO_GET)
    read_info(d, genlmsg_attrdata(gh, 0), genlmsg_attrlen(gh, 0));
  if (dump->cmd == DEVLINK_CMD_PARAM_GET && tb[DEVLINK_ATTR_PARAM])
    read_param(d, tb[DEVLINK_ATTR_PARAM]);
  return NL_OK;
}

Status dump(nl_sock* sk, int family, int cmd, std::vector<DevlinkDevice>& devices) {
  std::unique_ptr<nl_msg, void (*)(nl_msg*)> msg(nlmsg_alloc(), nlmsg_free);
  if (!msg) return fail("devlink", "out of memory");
  if (!genlmsg_put(msg.get(), NL_AUTO_PORT, NL_AUTO_SEQ, family, 0, NLM_F_DUMP,
                   static_cast<uint8_t>(cmd), DEVLINK_GENL_VERSION))
    return fail("devlink", "cannot build the request");
  Dump state{&devices, cmd};
  nl_socket_modify_cb(sk, NL_CB_VALID, NL_CB_CUSTOM, on_message, &state);
  if (int rc = nl_send_auto(sk, msg.get()); rc < 0)
    return fail(nl_error_kind(rc), "devlink", nl_error_text(rc));
  if (int rc = nl_recvmsgs_default(sk); rc < 0)
    return fail(nl_error_kind(rc), "devlink",
                fmt::format("{} dump: {}", cmd == DEVLINK_CMD_INFO_GET ? "info" : "param",
                            nl_error_text(rc)));
  return {};
}

}  // namespace

std::string DevlinkDevice::firmware_version() const {
  for (const char* k : {"fw.version", "fw"})
    if (auto it = running.find(k); it != running.end()) return it->second;
  return "";
}

std::string DevlinkDevice::psid() const {
  for (const char* k : {"fw.psid", "board.id"})
    if (auto it = fixed.find(k); it != fixed.end()) return it->second;
  return "";
}

Result<std::vector<DevlinkDevice>> read_devlink_devices() {
  NlSockPtr sk(nl_socket_alloc());
  if (!sk) return fail("devlink", "out of memory");
  if (int rc = genl_connect(sk.get()); rc < 0)
    return fail(nl_error_kind(rc), "devlink", "generic netlink: " + nl_error_text(rc));
  int family = genl_ctrl_resolve(sk.get(), DEVLINK_GENL_NAME);
  if (family < 0)
    return fail(ErrorKind::unsupported, "devlink",
                "this kernel has no devlink generic netlink family");
  std::vector<DevlinkDevice> devices;
  // Devices first (every instance, also those without info or params).
  if (Status s = dump(sk.get(), family, DEVLINK_CMD_GET, devices); !s)
    return std::unexpected(s.error());
  // A driver without info_get/params answers the dump for the others; an
  // error here is the kernel refusing the whole dump.
  if (Status s = dump(sk.get(), family, DEVLINK_CMD_INFO_GET, devices); !s)
    return std::unexpected(s.error());
  if (Status s = dump(sk.get(), family, DEVLINK_CMD_PARAM_GET, devices); !s)
    return std::unexpected(s.error());
  return devices;
}

}  // namespace rocecfg::host
