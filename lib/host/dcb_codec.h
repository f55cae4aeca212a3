// The DCB netlink (dcbnl) message codec. libnl has no DCB helpers, so the
// messages are built on nl_msg by hand, exactly as iproute2's dcb/ and
// mlnx_qos frame them:
//   nlmsghdr | struct dcbmsg {family=AF_UNSPEC, cmd} | DCB_ATTR_IFNAME
//            | DCB_ATTR_IEEE { ETS | PFC | DCB_BUFFER | MAXRATE | APP_TABLE{APP...} }
// The payload structs are the kernel's uAPI structs (linux/dcbnl.h), sent
// whole: the kernel policy demands len >= sizeof(struct).
// Pure: encoding and decoding touch no socket, so unit tests pin the bytes.
#pragma once

#include <linux/dcbnl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

struct nl_msg;
struct nlmsghdr;

namespace rocecfg::host {

struct NlMsgDeleter {
  void operator()(nl_msg* m) const;
};
using NlMsgPtr = std::unique_ptr<nl_msg, NlMsgDeleter>;

// Not in Debian 12's uAPI header (kernel 6.1), stable since: the nest type
// for PCP-selector APP entries inside DCB_ATTR_IEEE_APP_TABLE.
inline constexpr int kDcbAttrDcbApp = 2;
inline constexpr uint8_t kDcbAppSelPcp = 255;

// Everything DCB_CMD_IEEE_GET returns that rocecfg uses. An absent optional
// means the driver has no getter for it (the kernel then omits the attribute).
struct DcbState {
  std::optional<ieee_pfc> pfc;
  std::optional<ieee_ets> ets;
  std::optional<dcbnl_buffer> buffer;
  std::optional<ieee_maxrate> maxrate;
  std::vector<dcb_app> apps;
  std::optional<uint8_t> dcbx;  // DCB_CAP_DCBX_* bits
};

// What one DCB_CMD_IEEE_SET carries; absent members are not sent.
struct DcbSet {
  std::optional<ieee_pfc> pfc;
  std::optional<ieee_ets> ets;
  std::optional<dcbnl_buffer> buffer;
  std::vector<dcb_app> apps;
};

Result<NlMsgPtr> encode_ieee_get(const std::string& ifname);
Result<NlMsgPtr> encode_ieee_set(const std::string& ifname, const DcbSet& set);
Result<NlMsgPtr> encode_ieee_del_apps(const std::string& ifname, const std::vector<dcb_app>& apps);
Result<NlMsgPtr> encode_get_dcbx(const std::string& ifname);
Result<NlMsgPtr> encode_set_dcbx(const std::string& ifname, uint8_t mode);

// The dcbmsg command of a message (DCB_CMD_*), for tests and reply checks.
int dcb_command(const nlmsghdr* nlh);

// Decode the reply to DCB_CMD_IEEE_GET. Attributes shorter than their struct
// are an error (a kernel would never send them; a peer that does is broken).
Result<DcbState> decode_ieee_get(const nlmsghdr* nlh, const std::string& ifname);

// The status byte of a SET/DEL/SDCBX reply: DCB_ATTR_IEEE for IEEE
// commands, DCB_ATTR_DCBX for SDCBX. The netlink ACK says 0 even when the
// driver refused; this byte carries the driver's verdict (a negative errno
// as u8 for IEEE commands, "non-zero = refused" for SDCBX).
Result<int> decode_status(const nlmsghdr* nlh, int attr, const std::string& ifname);

// "pfc_en 0x08 delay 0", for diagnostics.
std::string describe(const DcbState& s);

}  // namespace rocecfg::host
