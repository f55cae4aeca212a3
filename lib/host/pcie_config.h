// What rocecfg reads from a PCI function's configuration space (sysfs
// `config`; PCI Express Base Specification, and the same offsets lspci -vvv
// decodes in ls-caps.c / ls-ecaps.c of pciutils):
//   capability list   pointer at 0x34, entries [id, next]; the PCI Express
//                     capability is id 0x10: Device Control at +0x08 holds
//                     Max_Payload_Size (bits 7:5) and Max_Read_Request_Size
//                     (bits 14:12), both 128 << n bytes;
//   extended list     from 0x100, headers [id:16, version:4, next:12]; ACS is
//                     id 0x000d, its ACS Control register at +0x06: bit 0
//                     Source Validation, 1 Translation Blocking, 2 P2P
//                     Request Redirect, 3 P2P Completion Redirect, 4
//                     Upstream Forwarding, 5 P2P Egress Control, 6 Direct
//                     Translated P2P (lspci's "ACSCtl: SrcValid+ TransBlk-
//                     ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-").
// Unprivileged readers get the first 64 bytes only: the extended space then
// is unknown, never "no ACS".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rocecfg::host {

// The size of a PCIe function's configuration space; reading it needs root.
inline constexpr size_t kPcieConfigBytes = 4096;

struct PcieConfig {
  bool extended_read = false;           // the 4 KiB space was readable (ACS known)
  std::optional<uint16_t> acs_control;  // unset: no ACS capability, or not read
  std::optional<uint32_t> max_payload_bytes;
  std::optional<uint32_t> max_read_request_bytes;
};

PcieConfig parse_pcie_config(std::string_view config);

// lspci's spelling of an ACS Control value.
std::string acs_control_text(uint16_t control);
// P2P Request/Completion Redirect or Egress Control on: peer-to-peer
// requests go up to the root complex instead of across the switch.
bool acs_redirects_p2p(uint16_t control);

}  // namespace rocecfg::host
