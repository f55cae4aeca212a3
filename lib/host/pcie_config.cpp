#include "host/pcie_config.h"

#include <fmt/format.h>

namespace rocecfg::host {

namespace {

uint16_t u16_at(std::string_view c, size_t at) {
  return static_cast<uint16_t>(static_cast<uint8_t>(c[at]) | static_cast<uint8_t>(c[at + 1]) << 8);
}
uint32_t u32_at(std::string_view c, size_t at) {
  return static_cast<uint32_t>(u16_at(c, at)) | static_cast<uint32_t>(u16_at(c, at + 2)) << 16;
}

constexpr uint8_t kCapPcie = 0x10;
constexpr uint16_t kExtCapAcs = 0x000d;

}  // namespace

PcieConfig parse_pcie_config(std::string_view c) {
  PcieConfig out;
  // Standard list: at most 48 entries fit in 256 bytes; the bound stops a
  // looping list (a broken device, a planted file) from spinning.
  if (c.size() >= 64 && (u16_at(c, 0x06) & 0x10)) {  // Status: Capabilities List
    size_t at = static_cast<uint8_t>(c[0x34]) & 0xfc;
    for (int n = 0; n < 48 && at >= 0x40 && at + 0x0a <= c.size(); ++n) {
      if (static_cast<uint8_t>(c[at]) == kCapPcie) {
        uint16_t ctl = u16_at(c, at + 0x08);
        out.max_payload_bytes = 128u << ((ctl >> 5) & 0x7);
        out.max_read_request_bytes = 128u << ((ctl >> 12) & 0x7);
        break;
      }
      at = static_cast<uint8_t>(c[at + 1]) & 0xfc;
    }
  }
  if (c.size() >= kPcieConfigBytes) {
    out.extended_read = true;
    size_t at = 0x100;
    for (int n = 0; n < 960 && at >= 0x100 && at + 8 <= c.size(); ++n) {
      uint32_t header = u32_at(c, at);
      if (header == 0 || header == 0xffffffff) break;
      if ((header & 0xffff) == kExtCapAcs) {
        out.acs_control = u16_at(c, at + 0x06);
        break;
      }
      at = (header >> 20) & 0xffc;
    }
  }
  return out;
}

std::string acs_control_text(uint16_t v) {
  auto bit = [v](int b) { return (v >> b & 1) ? '+' : '-'; };
  return fmt::format(
      "SrcValid{} TransBlk{} ReqRedir{} CmpltRedir{} UpstreamFwd{} EgressCtrl{} DirectTrans{}",
      bit(0), bit(1), bit(2), bit(3), bit(4), bit(5), bit(6));
}

bool acs_redirects_p2p(uint16_t v) {
  return (v & (1u << 2 | 1u << 3 | 1u << 5)) != 0;
}

}  // namespace rocecfg::host
