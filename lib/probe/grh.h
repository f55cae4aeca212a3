// What a UD receive tells about the packet that arrived: the 40-byte GRH area
// in front of every UD receive buffer holds the network header as it came off
// the wire, so the receiver reads DSCP and ECN exactly as the path left them.
//
// Layout (facts from the sources, not from our own sender):
//  * RoCE v2 over IPv4: bytes 0-19 are zero, bytes 20-39 are the IPv4 header.
//    Kernel: include/rdma/ib_verbs.h `union rdma_network_hdr { struct ib_grh
//    ibgrh; struct { u8 reserved[20]; struct iphdr roce4grh; }; }`; rxe fills
//    it in build_rdma_network_hdr() (torvalds/linux
//    drivers/infiniband/sw/rxe/rxe_resp.c @cdc780f0: memcpy of ip_hdr(skb)
//    into roce4grh, of ipv6_hdr(skb) into ibgrh). rdma-core reads it the same
//    way in get_grh_header_version() (linux-rdma/rdma-core libibverbs/verbs.c
//    @5a750676: `(struct iphdr *)((void *)grh + 20)`, IPv4 when the first
//    nibble is not 6, or when it is 6 and the IPv4 IHL is 5 with a valid
//    header checksum).
//  * RoCE v2 over IPv6 (and RoCE v1 / IB): the GRH is the IPv6 header; the
//    traffic class is the 8 bits after the 4-bit version.
//  * The IPv4 ToS byte / IPv6 traffic class = DSCP << 2 | ECN (RFC 2474,
//    RFC 3168: 00 Not-ECT, 01 ECT(1), 10 ECT(0), 11 CE).
//  * A rewrite of DSCP or ECN on the path does not break the RoCE ICRC: the
//    ICRC masks the ToS byte (rxe_icrc.c sets ip4h->tos = 0xff, IPv6
//    priority/flow label to 1s before the CRC, IBTA Annex A17 "variant
//    fields"), so the rewritten packet still arrives and the rewrite is seen.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace rocecfg::probe {

inline constexpr size_t kGrhBytes = 40;

enum class Ecn : uint8_t { not_ect = 0, ect1 = 1, ect0 = 2, ce = 3 };

// "Not-ECT", "ECT(1)", "ECT(0)", "CE".
const char* to_string(Ecn e);

inline uint8_t tos_dscp(uint8_t tos) {
  return static_cast<uint8_t>(tos >> 2);
}
inline Ecn tos_ecn(uint8_t tos) {
  return static_cast<Ecn>(tos & 3);
}

struct ArrivedHeader {
  uint8_t ip_version = 0;  // 4 or 6
  uint8_t tos = 0;         // IPv4 ToS byte or IPv6 traffic class
};

// The header in a 40-byte GRH area; nullopt when it is neither a valid IPv4
// header at offset 20 nor an IPv6 header (e.g. the provider left it empty).
std::optional<ArrivedHeader> parse_grh(const uint8_t* grh, size_t size);

}  // namespace rocecfg::probe
