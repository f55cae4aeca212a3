// Legacy Cumulus (CL 3.x/4.x) /etc/cumulus/datapath/traffic.conf, still
// found in backups. Keys are `a.b.c = value`, lists in brackets:
//   traffic.packet_priority_source_set = [dscp]
//   traffic.cos_3.priority_source.dscp = [26]
//   pfc.ROCE.cos_list = [3]            pfc.ROCE.port_set = swp1-swp4
//   ecn_red.ROCE.cos_list = [3]        ecn_red.ROCE.min_threshold_bytes = 150000
//   priority_group.bulk.cos_list = [0] priority_group.bulk.weight = 50 (0 = strict)
// Pitfall (CL 3.7 docs): `port_group_list` may name groups whose keys are
// written as `pfc_port_group.<G>.*`; groups are therefore taken from the keys
// themselves, under either spelling.
// Keys of other families (hashing, DoS, sflow, forwarding_table: all a CL 5
// traffic.conf holds, QoS having moved to qos_features.conf) are passed over
// and counted; QoS keys the model does not hold (remark, source, link_pause,
// buffer sizes) are listed in a note. A file without any QoS key states no
// QoS at all: nothing is reported for it, not "PFC off".
#include <algorithm>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "common/capture.h"
#include "cumulus/cumulus.h"
#include "model/qos.h"
#include "switch/interfaces.h"

namespace rocecfg::sw::cumulus {

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t");
  size_t b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::vector<std::string> list_items(const std::string& v) {
  std::string s = v;
  if (!s.empty() && s.front() == '[') s.erase(0, 1);
  if (!s.empty() && s.back() == ']') s.pop_back();
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string item; std::getline(in, item, ',');)
    if (auto t = trim(item); !t.empty()) out.push_back(t);
  return out;
}

Result<unsigned> small(const std::string& s, unsigned max, const std::string& key) {
  try {
    size_t used = 0;
    unsigned long v = std::stoul(s, &used);
    if (used == s.size() && v <= max) return static_cast<unsigned>(v);
  } catch (const std::exception&) {
  }
  return fail(ErrorKind::invalid_input, key, fmt::format("expected 0..{}, got {:?}", max, s));
}

bool qos_family(std::string_view family) {
  return family == "traffic" || family == "remark" || family == "source" ||
         family == "priority_group" || family == "pfc" || family == "link_pause" ||
         family == "ecn_red" || family == "ecn" || family == "scheduling";
}

}  // namespace

Result<sw::SwitchState> parse_traffic_conf(std::string_view text) {
  std::map<std::string, std::string> kv;
  size_t not_qos = 0;
  bool any_qos = false;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    auto key = traffic_conf_key(t);
    if (!key) continue;  // recognise_backup refused such a line already
    if (!qos_family(traffic_conf_family(*key))) {
      ++not_qos;
      continue;
    }
    any_qos = true;
    kv[*key] = trim(t.substr(t.find('=') + 1));
  }
  if (!any_qos) {
    sw::SwitchState st;
    sw::pass_over(st, not_qos, "traffic.conf keys, none of them QoS");
    st.notes.push_back(
        "traffic.conf holds no QoS key (CL 5 keeps QoS in qos_features.conf): no QoS is read");
    return st;
  }
  std::vector<std::string> not_read;
  sw::SwitchState st;
  model::Settings& g = st.global;
  if (auto it = kv.find("traffic.packet_priority_source_set"); it != kv.end()) {
    auto items = list_items(it->second);
    bool dscp = std::find(items.begin(), items.end(), "dscp") != items.end();
    g.trust = dscp ? model::Trust::dscp : model::Trust::pcp;
  }
  model::DscpPriorityMap dscp_map;
  PriorityMask pfc, ecn_on;
  std::optional<model::Ecn> ecn;
  model::Ets ets;
  bool have_ets = false;
  ets.prio_tc = model::kIdentityPrioTc;
  ets.tc_tsa.fill(model::Tsa::ets);  // classes in no priority_group share by weight 0
  std::map<std::string, std::map<std::string, std::string>> groups;  // "pfc ROCE" -> key -> value
  for (const auto& [key, value] : kv) {
    // traffic.cos_N.priority_source.dscp = [..]
    if (key.starts_with("traffic.cos_") && key.ends_with(".priority_source.dscp")) {
      auto cos = small(key.substr(12, key.find('.', 12) - 12), 7, key);
      if (!cos) return std::unexpected(cos.error());
      for (const std::string& d : list_items(value)) {
        auto v = small(d, 63, key);
        if (!v) return std::unexpected(v.error());
        dscp_map[Dscp::unchecked(*v)] = Priority::unchecked(*cos);
      }
      continue;
    }
    size_t dot1 = key.find('.');
    size_t dot2 = key.find('.', dot1 + 1);
    if (dot1 == std::string::npos || dot2 == std::string::npos) continue;
    std::string family = key.substr(0, dot1);
    if (family.ends_with("_port_group")) family.resize(family.size() - 11);
    if (family != "pfc" && family != "ecn_red" && family != "priority_group") continue;
    groups[family + " " + key.substr(dot1 + 1, dot2 - dot1 - 1)][key.substr(dot2 + 1)] = value;
  }
  for (const auto& [group, keys] : groups) {
    std::string family = group.substr(0, group.find(' '));
    std::vector<unsigned> cos;
    if (auto it = keys.find("cos_list"); it != keys.end())
      for (const std::string& c : list_items(it->second)) {
        auto v = small(c, 7, group + ".cos_list");
        if (!v) return std::unexpected(v.error());
        cos.push_back(*v);
      }
    if (auto it = keys.find("port_set"); it != keys.end()) {
      auto ports = sw::expand_interface_list(it->second);
      if (!ports) return wrap(ports.error(), group + ".port_set");
      for (const std::string& p : *ports) {
        st.policies[group].push_back(p);
        st.ports[p];
      }
    }
    if (family == "pfc") {
      for (unsigned c : cos) pfc.set(Priority::unchecked(c));
    } else if (family == "ecn_red") {
      auto get = [&](const char* k) -> std::string {
        auto it = keys.find(k);
        return it == keys.end() ? std::string() : it->second;
      };
      if (get("ecn_enable") != "true") continue;
      for (unsigned c : cos) ecn_on.set(Priority::unchecked(c));
      model::Ecn e;
      e.min_threshold_bytes = std::strtoull(get("min_threshold_bytes").c_str(), nullptr, 10);
      e.max_threshold_bytes = std::strtoull(get("max_threshold_bytes").c_str(), nullptr, 10);
      e.mark_probability_percent =
          static_cast<uint32_t>(std::strtoul(get("probability").c_str(), nullptr, 10));
      if (ecn && *ecn != e) st.notes.push_back(group + " has different ECN thresholds");
      if (!ecn) ecn = e;
    } else {  // priority_group: weight 0 = strict
      have_ets = true;
      unsigned weight = 0;
      if (auto it = keys.find("weight"); it != keys.end()) {
        auto v = small(it->second, 100, group + ".weight");
        if (!v) return std::unexpected(v.error());
        weight = *v;
      }
      // The weight is the group's, not each cos's: the group is one
      // scheduling class (its lowest cos), and every cos of it maps there.
      if (cos.empty()) continue;
      unsigned tc = *std::min_element(cos.begin(), cos.end());
      for (unsigned c : cos) ets.prio_tc[c] = TrafficClass::unchecked(tc);
      ets.tc_tsa[tc] = weight == 0 ? model::Tsa::strict : model::Tsa::ets;
      ets.tc_bandwidth_percent[tc] = static_cast<uint8_t>(weight);
    }
  }
  // PFC and ECN groups name their ports (port_set); the model holds PFC and
  // ECN switch-wide, so a port outside a group would be reported with it.
  // Said, per port, rather than silently widened.
  for (const auto& [group, members] : st.policies) {
    if (!group.starts_with("pfc ") && !group.starts_with("ecn_red ")) continue;
    for (const auto& [port, settings] : st.ports)
      if (std::find(members.begin(), members.end(), port) == members.end())
        st.unread(0, group + ".port_set",
                  port + " is not in this group; its " + group.substr(0, group.find(' ')) +
                      " settings are reported switch-wide");
  }
  // QoS keys the model does not hold: listed, by name.
  for (const auto& [key, value] : kv) {
    std::string leaf = key.substr(key.rfind('.') + 1);
    std::string family = traffic_conf_family(key);
    bool read = key == "traffic.packet_priority_source_set" || leaf == "port_group_list" ||
                key == "traffic.priority_group_list" ||
                (key.starts_with("traffic.cos_") && key.ends_with(".priority_source.dscp")) ||
                ((family == "pfc" || family == "ecn_red" || family == "priority_group") &&
                 (leaf == "cos_list" || leaf == "port_set" || leaf == "weight" ||
                  (family == "ecn_red" &&
                   (leaf == "ecn_enable" || leaf == "red_enable" || leaf == "min_threshold_bytes" ||
                    leaf == "max_threshold_bytes" || leaf == "probability"))));
    if (!read) not_read.push_back(key);
  }
  sw::pass_over(st, not_qos, "traffic.conf keys that are not QoS");
  if (!not_read.empty())
    st.notes.push_back(
        fmt::format("QoS keys not read ({}): {}", not_read.size(), fmt::join(not_read, ", ")));
  if (!dscp_map.empty()) g.dscp_priority = dscp_map;
  g.pfc_enabled = pfc;
  g.ecn_priorities = ecn_on;
  // No group of a family: the file's default, off (the CL 4.3 example file
  // ships its pfc and link_pause groups commented out; "ECN is disabled by
  // default in Cumulus Linux", same page), not a stated "off".
  auto has_group = [&](std::string_view family) {
    return std::any_of(groups.begin(), groups.end(), [&](const auto& g) {
      return g.first.starts_with(std::string(family) + " ");
    });
  };
  if (!has_group("pfc"))
    st.mark(sw::kGlobalTarget, model::Knob::pfc, sw::Source::vendor_default,
            "no pfc port group: PFC off (traffic.conf default)");
  if (!has_group("ecn_red"))
    st.mark(sw::kGlobalTarget, model::Knob::ecn_priorities, sw::Source::vendor_default,
            "no ecn_red port group: ECN off (traffic.conf default)");
  g.ecn = ecn;
  if (have_ets) g.ets = ets;
  st.notes.push_back("legacy traffic.conf: per-port MTU and PFC watchdog are not in this file");
  return st;
}

}  // namespace rocecfg::sw::cumulus
