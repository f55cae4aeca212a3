#include "check/agreement.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "model/interface_list.h"

namespace rocecfg::check {

std::vector<Seen> observe(const std::vector<DeviceReading>& devices,
                          std::initializer_list<DeviceKind> kinds, const ValueOf& value_of) {
  std::vector<Seen> out;
  for (const DeviceReading& d : devices) {
    if (d.error || std::find(kinds.begin(), kinds.end(), d.kind) == kinds.end()) continue;
    size_t first = out.size();
    for (const Endpoint& e : d.endpoints) {
      std::optional<std::string> v = value_of(e);
      auto it = std::find_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                             [&](const Seen& s) { return s.value == v; });
      if (it == out.end())
        out.push_back({&d, {e.port}, std::move(v)});
      else
        it->ports.push_back(e.port);
    }
  }
  return out;
}

std::string where(const Seen& s) {
  return fmt::format("{} {}", s.device->name, model::compress_interfaces(s.ports));
}

std::string name_list(const std::vector<std::string>& names) {
  constexpr size_t kShown = 3;
  std::vector<std::string> shown(
      names.begin(), names.begin() + static_cast<std::ptrdiff_t>(std::min(kShown, names.size())));
  std::string out = fmt::format("{}", fmt::join(shown, ", "));
  if (names.size() > kShown) out += fmt::format(" (+{} more)", names.size() - kShown);
  return out;
}

std::vector<Finding> agreement(std::string_view rule, std::string_view noun,
                               const std::vector<Seen>& seen) {
  std::vector<Finding> out, unknown;
  // value -> the devices holding it, in input order
  std::map<std::string, std::vector<std::string>> holders;
  std::vector<std::string> order;  // values by first appearance
  for (const Seen& s : seen) {
    if (!s.value) {
      unknown.push_back(
          {std::string(rule), Verdict::unknown, where(s), fmt::format("{} not observed", noun)});
      continue;
    }
    auto [it, fresh] = holders.try_emplace(*s.value);
    if (fresh) order.push_back(*s.value);
    if (std::find(it->second.begin(), it->second.end(), s.device->name) == it->second.end())
      it->second.push_back(s.device->name);
  }
  if (order.empty()) {
    std::string why = unknown.empty() ? fmt::format("{}: no device read", noun)
                                      : fmt::format("{} not observed on any device", noun);
    return {{std::string(rule), Verdict::unknown, "fabric", why}};
  }
  // The reference: the value most devices hold; a tie goes to the one seen first.
  std::string ref = order.front();
  for (const std::string& v : order)
    if (holders[v].size() > holders[ref].size()) ref = v;
  bool disagree = false;
  for (const Seen& s : seen) {
    if (!s.value || *s.value == ref) continue;
    disagree = true;
    out.push_back({std::string(rule), Verdict::disagree, where(s),
                   fmt::format("{} {}; {}: {}", noun, *s.value, name_list(holders[ref]), ref)});
  }
  if (!disagree)
    out.push_back(
        {std::string(rule), Verdict::agree, "fabric",
         fmt::format("{} {} on all {} devices observed", noun, ref, holders[ref].size())});
  out.insert(out.end(), unknown.begin(), unknown.end());
  return out;
}

}  // namespace rocecfg::check
