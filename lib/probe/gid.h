// RoCE GID selection. A RoCE port lists one GID per address and RoCE version;
// picking the wrong one (index 0 is usually the IPv6 link-local, perftest's old
// default, perftest#44) makes connections fail or leave the wrong interface.
// We pick as perftest's get_best_gid_index does: prefer an IPv4-mapped GID,
// then a non-link-local one, then RoCE v2 over v1, and always report the choice.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "probe/sysfs.h"

namespace rocecfg::probe {

struct GidEntry {
  uint32_t index = 0;
  std::array<uint8_t, 16> gid{};
  std::string text;    // as sysfs shows it: "0000:0000:0000:0000:0000:ffff:0a00:0001"
  std::string type;    // "RoCE v2", "IB/RoCE v1"
  std::string netdev;  // the interface the GID belongs to ("" when unknown)
};

// Parses sysfs's GID notation (8 groups of 4 hex digits).
std::optional<std::array<uint8_t, 16>> parse_gid(const std::string& text);
// "10.0.0.1" for an IPv4-mapped GID (::ffff:a.b.c.d), else nullopt.
std::optional<std::string> gid_ipv4(const std::array<uint8_t, 16>& gid);
// Human form: "::ffff:10.0.0.1" or the sysfs text.
std::string gid_display(const std::array<uint8_t, 16>& gid);

// Valid (non-zero) entries of a port's GID table.
Result<std::vector<GidEntry>> read_gid_table(const host::FsRoot& fs, const std::string& device,
                                             uint32_t port);

struct GidChoice {
  GidEntry entry;
  std::string reason;  // "auto: IPv4-mapped RoCE v2" or "explicit --gid-index 3"
};

// `explicit_index` wins when it names a valid entry (error otherwise);
// `want_ipv4` restricts auto-selection to the GID of that address.
Result<GidChoice> select_gid(const std::vector<GidEntry>& table,
                             std::optional<uint32_t> explicit_index,
                             const std::string& want_ipv4 = {});

}  // namespace rocecfg::probe
