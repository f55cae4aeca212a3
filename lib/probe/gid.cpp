#include "probe/gid.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace rocecfg::probe {
namespace {

bool is_zero(const std::array<uint8_t, 16>& g) {
  for (uint8_t b : g)
    if (b) return false;
  return true;
}

bool is_link_local(const std::array<uint8_t, 16>& g) {
  return g[0] == 0xfe && (g[1] & 0xc0) == 0x80;
}

int score(const GidEntry& e) {
  int s = 0;
  if (gid_ipv4(e.gid)) s += 100;
  if (!is_link_local(e.gid)) s += 10;
  if (e.type == "RoCE v2")
    s += 2;
  else if (e.type == "IB/RoCE v1")
    s += 1;
  return s;
}

}  // namespace

std::optional<std::array<uint8_t, 16>> parse_gid(const std::string& text) {
  std::array<uint8_t, 16> g{};
  if (text.size() != 39) return std::nullopt;
  for (int i = 0; i < 8; ++i) {
    const char* p = text.data() + i * 5;
    if (i < 7 && p[4] != ':') return std::nullopt;
    unsigned v = 0;
    auto [end, ec] = std::from_chars(p, p + 4, v, 16);
    if (ec != std::errc() || end != p + 4) return std::nullopt;
    g[2 * i] = static_cast<uint8_t>(v >> 8);
    g[2 * i + 1] = static_cast<uint8_t>(v);
  }
  return g;
}

std::optional<std::string> gid_ipv4(const std::array<uint8_t, 16>& g) {
  for (int i = 0; i < 10; ++i)
    if (g[i]) return std::nullopt;
  if (g[10] != 0xff || g[11] != 0xff) return std::nullopt;
  return fmt::format("{}.{}.{}.{}", g[12], g[13], g[14], g[15]);
}

std::string gid_display(const std::array<uint8_t, 16>& g) {
  if (auto v4 = gid_ipv4(g)) return "::ffff:" + *v4;
  std::string s;
  for (int i = 0; i < 16; i += 2) {
    if (i) s += ':';
    s += fmt::format("{:02x}{:02x}", g[i], g[i + 1]);
  }
  return s;
}

Result<std::vector<GidEntry>> read_gid_table(const host::FsRoot& fs, const std::string& device,
                                             uint32_t port) {
  const std::string dir = port_dir(device, port);
  if (!fs.is_dir(dir + "/gids"))
    return fail(
        ErrorKind::not_found, device,
        fmt::format("no GID table for port {} ({}/gids: no such directory)", port, fs.path(dir)));
  std::vector<GidEntry> out;
  for (const std::string& name : fs.list(dir + "/gids")) {
    uint32_t index = 0;
    auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), index);
    if (ec != std::errc() || end != name.data() + name.size()) continue;
    auto text = fs.read(dir + "/gids/" + name);
    if (!text) continue;
    auto gid = parse_gid(*text);
    if (!gid || is_zero(*gid)) continue;
    GidEntry e{index, *gid, *text, {}, {}};
    // unused slots fail on read of their type; skip those too
    auto type = fs.read(dir + "/gid_attrs/types/" + name);
    if (!type) continue;
    e.type = *type;
    if (auto nd = fs.read(dir + "/gid_attrs/ndevs/" + name)) e.netdev = *nd;
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.index < b.index; });
  return out;
}

Result<GidChoice> select_gid(const std::vector<GidEntry>& table,
                             std::optional<uint32_t> explicit_index, const std::string& want_ipv4) {
  if (explicit_index) {
    for (const GidEntry& e : table)
      if (e.index == *explicit_index)
        return GidChoice{e, fmt::format("explicit --gid-index {}", e.index)};
    std::string valid;
    for (const GidEntry& e : table) valid += (valid.empty() ? "" : ", ") + std::to_string(e.index);
    return fail(ErrorKind::invalid_input, "",
                fmt::format("GID index {} is not populated (valid: {})", *explicit_index,
                            valid.empty() ? "none" : valid));
  }
  const GidEntry* best = nullptr;
  for (const GidEntry& e : table) {
    if (!want_ipv4.empty() && gid_ipv4(e.gid) != want_ipv4) continue;
    if (!best || score(e) > score(*best) ||
        (score(e) == score(*best) && e.type == "RoCE v2" && best->type != "RoCE v2"))
      best = &e;
  }
  if (!best)
    return fail(ErrorKind::not_found, "",
                want_ipv4.empty()
                    ? std::string("no usable GID (is the port's interface up with an address?)")
                    : fmt::format("no GID for address {}", want_ipv4));
  std::string why =
      gid_ipv4(best->gid) ? "IPv4-mapped" : (is_link_local(best->gid) ? "link-local" : "global");
  return GidChoice{*best, fmt::format("auto: {} {}", why, best->type)};
}

}  // namespace rocecfg::probe
