#include "check/reading.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "model/knob.h"
#include "switch/state_view.h"

namespace rocecfg::check {

const char* to_string(DeviceKind kind) {
  return kind == DeviceKind::host ? "host" : "switch";
}

Result<std::vector<Endpoint>> switch_endpoints(const sw::SwitchState& state,
                                               const std::vector<std::string>& ports) {
  std::vector<std::string> names = ports;
  if (names.empty())
    for (const auto& [port, settings] : state.ports) names.push_back(port);
  std::vector<Endpoint> out;
  std::vector<std::string> missing;
  for (const std::string& port : names) {
    auto it = state.ports.find(port);
    if (it == state.ports.end()) {
      missing.push_back(port);
      continue;
    }
    Endpoint e{port, state.global, {}};
    for (model::Knob k : model::all_knobs()) {
      if (model::knob_present(it->second, k)) model::knob_assign(e.settings, it->second, k);
      if (!model::knob_present(e.settings, k) &&
          sw::knob_view(state, port, k).source == sw::Source::vendor_default)
        e.off.insert(k);
    }
    out.push_back(std::move(e));
  }
  if (!missing.empty())
    return fail(ErrorKind::not_found, "",
                fmt::format("port{} {} not in the config", missing.size() > 1 ? "s" : "",
                            fmt::join(missing, ", ")));
  return out;
}

namespace {

using nlohmann::json;

// The inverse of plan::knob_json for the knobs the rules read (a round-trip
// test pins the two together). Throws json's exceptions on a wrong shape;
// a number out of range is std::out_of_range naming the knob.
// A whole number in 0..max, never narrowed: nlohmann's get<> wraps -1 into a
// uint32_t and truncates 3.7 to 3.
uint64_t whole(const json& v, uint64_t max, std::string_view what) {
  if (!v.is_number_unsigned() || v.get<uint64_t>() > max)
    throw std::out_of_range(fmt::format("{} {} not a whole number in 0..{}", what, v.dump(), max));
  return v.get<uint64_t>();
}

Priority priority_of(const json& v) {
  if (!v.is_number_unsigned())
    throw std::out_of_range(fmt::format("priority {} out of range 0..7", v.dump()));
  auto p = Priority::make(static_cast<long long>(std::min<uint64_t>(v.get<uint64_t>(), 1000)));
  if (!p) throw std::out_of_range(fmt::format("priority {} out of range 0..7", v.dump()));
  return *p;
}

PriorityMask mask_of(const json& v) {
  if (!v.is_array()) throw std::out_of_range("priority list " + v.dump() + " is not a list");
  PriorityMask m;
  for (const json& p : v) m.set(priority_of(p));
  return m;
}

void read_knob(model::Settings& s, model::Knob k, const json& v) {
  switch (k) {
    case model::Knob::mtu:
      s.mtu_bytes = static_cast<uint32_t>(whole(v, UINT32_MAX, "MTU"));
      break;
    case model::Knob::pfc:
      s.pfc_enabled = mask_of(v);
      break;
    case model::Knob::ecn_priorities:
      s.ecn_priorities = mask_of(v);
      break;
    case model::Knob::trust: {
      std::string t = v.get<std::string>();
      if (t != "dscp" && t != "pcp") throw std::out_of_range("trust " + v.dump());
      s.trust = t == "dscp" ? model::Trust::dscp : model::Trust::pcp;
      break;
    }
    case model::Knob::dscp_map: {
      model::DscpPriorityMap map;
      if (!v.is_object()) throw std::out_of_range("DSCP map " + v.dump() + " is not an object");
      for (const auto& [key, prio] : v.items()) {
        std::optional<Dscp> d;
        if (!key.empty() && key.size() <= 2 && key.find_first_not_of("0123456789") == key.npos)
          d = Dscp::make(std::stoll(key));
        if (!d) throw std::out_of_range("DSCP " + key + " out of range 0..63");
        map[*d] = priority_of(prio);
      }
      s.dscp_priority = std::move(map);
      break;
    }
    case model::Knob::cnp: {
      auto d = Dscp::make(static_cast<long long>(whole(v.at("dscp"), 63, "CNP DSCP")));
      s.cnp = model::Cnp{*d, priority_of(v.at("priority"))};
      break;
    }
    case model::Knob::ets: {
      model::Ets e;
      for (size_t i = 0; i < 8; ++i) {
        e.prio_tc[i] = TrafficClass::unchecked(
            static_cast<unsigned>(whole(v.at("prio_tc").at(i), 7, "traffic class")));
        std::string tsa = v.at("tsa").at(i).get<std::string>();
        e.tc_tsa[i] = tsa == "strict" ? model::Tsa::strict
                      : tsa == "ets"  ? model::Tsa::ets
                                      : model::Tsa::vendor;
        e.tc_bandwidth_percent[i] =
            static_cast<uint8_t>(whole(v.at("bandwidth_percent").at(i), 100, "bandwidth percent"));
      }
      s.ets = e;
      break;
    }
    default:
      break;  // not read by any rule
  }
}

}  // namespace

Status read_host_qos_json(std::string_view text, DeviceReading& into) {
  json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded())
    return fail(ErrorKind::invalid_input, "", "not JSON (want `rocecfg show host --qos --json`)");
  const json& body = doc.contains("payload") ? doc["payload"] : doc;
  if (!body.is_object() || !body.contains("interfaces") || !body["interfaces"].is_array())
    return fail(ErrorKind::invalid_input, "",
                "no \"interfaces\" list (want `rocecfg show host --qos --json`)");
  for (const json& nic : body["interfaces"]) {
    std::string name = "?";
    try {
      if (!nic.is_object()) throw std::invalid_argument("not an object: " + nic.dump());
      name = nic.value("interface", std::string("?"));
      if (!nic.value("found", false)) {
        into.unread.push_back(
            fmt::format("{}: {}", name, nic.value("error", std::string("not found"))));
        continue;
      }
      Endpoint e{name, {}, {}};
      if (!nic.at("knobs").is_object()) throw std::invalid_argument("\"knobs\" is not an object");
      for (const auto& [key, entry] : nic.at("knobs").items()) {
        std::optional<model::Knob> k = model::knob_from_name(key);
        if (k && entry.value("reading", std::string()) == "ok" && entry.contains("value"))
          read_knob(e.settings, *k, entry["value"]);
      }
      into.endpoints.push_back(std::move(e));
    } catch (const std::exception& ex) {
      return fail(ErrorKind::invalid_input, name, fmt::format("unreadable entry: {}", ex.what()));
    }
  }
  return {};
}

}  // namespace rocecfg::check
