#include "probe/grh.h"

#include "profile/tos_text.h"

namespace rocecfg::probe {
namespace {

// The IPv4 header checksum over 20 bytes is valid when the one's-complement
// sum of its 16-bit words is 0xffff (RFC 1071), as rdma-core checks it.
bool ipv4_checksum_ok(const uint8_t* h) {
  uint32_t sum = 0;
  for (size_t i = 0; i < 20; i += 2) sum += static_cast<uint32_t>(h[i] << 8 | h[i + 1]);
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  return sum == 0xffff;
}

}  // namespace

const char* to_string(Ecn e) {
  return profile::ecn_name(static_cast<uint8_t>(e));
}

std::optional<ArrivedHeader> parse_grh(const uint8_t* grh, size_t size) {
  if (size < kGrhBytes) return std::nullopt;
  const uint8_t* ip4 = grh + 20;
  const bool ipv4_here = ip4[0] == 0x45 && ipv4_checksum_ok(ip4);
  const uint8_t first_nibble = grh[0] >> 4;
  // rdma-core's order: a first nibble other than 6 means IPv4 (bytes 0-19 are
  // zero then); a 6 with a valid 20-byte IPv4 header behind it is still IPv4.
  if (first_nibble != 6) {
    if (!ipv4_here) return std::nullopt;
    return ArrivedHeader{4, ip4[1]};
  }
  if (ipv4_here) return ArrivedHeader{4, ip4[1]};
  return ArrivedHeader{6, static_cast<uint8_t>((grh[0] & 0x0f) << 4 | grh[1] >> 4)};
}

}  // namespace rocecfg::probe
