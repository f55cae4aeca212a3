#include "host/dcb_codec.h"

#include <netlink/attr.h>
#include <netlink/msg.h>
#include <sys/socket.h>

#include <cstring>

#include <fmt/format.h>

#include "host/netlink.h"

namespace rocecfg::host {

void NlMsgDeleter::operator()(nl_msg* m) const {
  nlmsg_free(m);
}

namespace {

// RTM_GETDCB/RTM_SETDCB: 78/79 in linux/rtnetlink.h; the kernel answers a
// command with the message type it is registered for, and refuses SET
// commands sent as GET (CAP_NET_ADMIN is checked on RTM_SETDCB).
constexpr int kRtmGetDcb = 78;
constexpr int kRtmSetDcb = 79;

Result<NlMsgPtr> start(int type, uint8_t cmd, const std::string& ifname) {
  if (Status ok = validate_ifname(ifname); !ok) return std::unexpected(ok.error());
  NlMsgPtr msg(nlmsg_alloc_simple(type, NLM_F_REQUEST));
  if (!msg) return fail(ifname, "out of memory building a DCB message");
  dcbmsg hdr{};
  hdr.dcb_family = AF_UNSPEC;
  hdr.cmd = cmd;
  if (nlmsg_append(msg.get(), &hdr, sizeof hdr, NLMSG_ALIGNTO) < 0 ||
      nla_put_string(msg.get(), DCB_ATTR_IFNAME, ifname.c_str()) < 0)
    return fail(ifname, "cannot build DCB message");
  return msg;
}

Status put_apps(nl_msg* msg, const std::vector<dcb_app>& apps, const std::string& ifname) {
  nlattr* table = nla_nest_start(msg, DCB_ATTR_IEEE_APP_TABLE);
  if (!table) return fail(ifname, "cannot build DCB APP table");
  for (const dcb_app& app : apps) {
    int type = app.selector == kDcbAppSelPcp ? kDcbAttrDcbApp : DCB_ATTR_IEEE_APP;
    if (nla_put(msg, type, sizeof app, &app) < 0) return fail(ifname, "cannot build DCB APP entry");
  }
  nla_nest_end(msg, table);
  return {};
}

template <typename T>
Result<T> payload(nlattr* a, const char* what, const std::string& ifname) {
  if (nla_len(a) < static_cast<int>(sizeof(T)))
    return fail(ifname, fmt::format("DCB reply: {} attribute is {} bytes, expected {}", what,
                                    nla_len(a), sizeof(T)));
  T v;
  std::memcpy(&v, nla_data(a), sizeof v);
  return v;
}

}  // namespace

Result<NlMsgPtr> encode_ieee_get(const std::string& ifname) {
  return start(kRtmGetDcb, DCB_CMD_IEEE_GET, ifname);
}

Result<NlMsgPtr> encode_ieee_set(const std::string& ifname, const DcbSet& set) {
  Result<NlMsgPtr> msg = start(kRtmSetDcb, DCB_CMD_IEEE_SET, ifname);
  if (!msg) return msg;
  nl_msg* m = msg->get();
  nlattr* ieee = nla_nest_start(m, DCB_ATTR_IEEE);
  if (!ieee) return fail(ifname, "cannot build DCB message");
  if (set.ets && nla_put(m, DCB_ATTR_IEEE_ETS, sizeof *set.ets, &*set.ets) < 0)
    return fail(ifname, "cannot build DCB ETS attribute");
  if (set.pfc && nla_put(m, DCB_ATTR_IEEE_PFC, sizeof *set.pfc, &*set.pfc) < 0)
    return fail(ifname, "cannot build DCB PFC attribute");
  if (set.buffer && nla_put(m, DCB_ATTR_DCB_BUFFER, sizeof *set.buffer, &*set.buffer) < 0)
    return fail(ifname, "cannot build DCB buffer attribute");
  if (!set.apps.empty())
    if (Status ok = put_apps(m, set.apps, ifname); !ok) return std::unexpected(ok.error());
  nla_nest_end(m, ieee);
  return msg;
}

Result<NlMsgPtr> encode_ieee_del_apps(const std::string& ifname, const std::vector<dcb_app>& apps) {
  Result<NlMsgPtr> msg = start(kRtmSetDcb, DCB_CMD_IEEE_DEL, ifname);
  if (!msg) return msg;
  nlattr* ieee = nla_nest_start(msg->get(), DCB_ATTR_IEEE);
  if (!ieee) return fail(ifname, "cannot build DCB message");
  if (Status ok = put_apps(msg->get(), apps, ifname); !ok) return std::unexpected(ok.error());
  nla_nest_end(msg->get(), ieee);
  return msg;
}

Result<NlMsgPtr> encode_get_dcbx(const std::string& ifname) {
  return start(kRtmGetDcb, DCB_CMD_GDCBX, ifname);
}

Result<NlMsgPtr> encode_set_dcbx(const std::string& ifname, uint8_t mode) {
  Result<NlMsgPtr> msg = start(kRtmSetDcb, DCB_CMD_SDCBX, ifname);
  if (!msg) return msg;
  if (nla_put_u8(msg->get(), DCB_ATTR_DCBX, mode) < 0) return fail(ifname, "cannot build SDCBX");
  return msg;
}

int dcb_command(const nlmsghdr* nlh) {
  const auto* hdr = static_cast<const dcbmsg*>(nlmsg_data(nlh));
  return hdr->cmd;
}

Result<DcbState> decode_ieee_get(const nlmsghdr* nlh, const std::string& ifname) {
  nlattr* tb[DCB_ATTR_MAX + 1] = {};
  if (nlmsg_parse(const_cast<nlmsghdr*>(nlh), sizeof(dcbmsg), tb, DCB_ATTR_MAX, nullptr) < 0)
    return fail(ifname, "malformed DCB reply");
  DcbState state;
  if (tb[DCB_ATTR_DCBX]) state.dcbx = nla_get_u8(tb[DCB_ATTR_DCBX]);
  if (!tb[DCB_ATTR_IEEE]) return state;
  nlattr* ieee[DCB_ATTR_IEEE_MAX + 1] = {};
  if (nla_parse_nested(ieee, DCB_ATTR_IEEE_MAX, tb[DCB_ATTR_IEEE], nullptr) < 0)
    return fail(ifname, "malformed DCB_ATTR_IEEE in reply");
  if (ieee[DCB_ATTR_IEEE_PFC]) {
    auto v = payload<ieee_pfc>(ieee[DCB_ATTR_IEEE_PFC], "PFC", ifname);
    if (!v) return std::unexpected(v.error());
    state.pfc = *v;
  }
  if (ieee[DCB_ATTR_IEEE_ETS]) {
    auto v = payload<ieee_ets>(ieee[DCB_ATTR_IEEE_ETS], "ETS", ifname);
    if (!v) return std::unexpected(v.error());
    state.ets = *v;
  }
  if (ieee[DCB_ATTR_DCB_BUFFER]) {
    auto v = payload<dcbnl_buffer>(ieee[DCB_ATTR_DCB_BUFFER], "buffer", ifname);
    if (!v) return std::unexpected(v.error());
    state.buffer = *v;
  }
  if (ieee[DCB_ATTR_IEEE_MAXRATE]) {
    auto v = payload<ieee_maxrate>(ieee[DCB_ATTR_IEEE_MAXRATE], "maxrate", ifname);
    if (!v) return std::unexpected(v.error());
    state.maxrate = *v;
  }
  if (ieee[DCB_ATTR_IEEE_APP_TABLE]) {
    nlattr* a;
    int rem;
    nla_for_each_nested(a, ieee[DCB_ATTR_IEEE_APP_TABLE], rem) {
      if (nla_type(a) != DCB_ATTR_IEEE_APP && nla_type(a) != kDcbAttrDcbApp) continue;
      auto v = payload<dcb_app>(a, "APP", ifname);
      if (!v) return std::unexpected(v.error());
      state.apps.push_back(*v);
    }
  }
  return state;
}

Result<int> decode_status(const nlmsghdr* nlh, int attr, const std::string& ifname) {
  nlattr* tb[DCB_ATTR_MAX + 1] = {};
  if (nlmsg_parse(const_cast<nlmsghdr*>(nlh), sizeof(dcbmsg), tb, DCB_ATTR_MAX, nullptr) < 0)
    return fail(ifname, "malformed DCB reply");
  if (!tb[attr] || nla_len(tb[attr]) < 1) return fail(ifname, "DCB reply carries no status");
  // The kernel stores a negative errno in a u8 (nla_put_u8(skb, attr, err)).
  return static_cast<int>(static_cast<int8_t>(nla_get_u8(tb[attr])));
}

std::string describe(const DcbState& s) {
  std::string out;
  if (s.pfc) out += fmt::format("pfc_en 0x{:02x} delay {}", s.pfc->pfc_en, s.pfc->delay);
  if (s.dcbx) out += fmt::format("{}dcbx 0x{:02x}", out.empty() ? "" : " ", *s.dcbx);
  out += fmt::format("{}apps {}", out.empty() ? "" : " ", s.apps.size());
  return out;
}

}  // namespace rocecfg::host
