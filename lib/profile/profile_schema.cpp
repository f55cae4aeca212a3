#include "profile/profile_schema.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/units.h"
#include "model/dcqcn_params.h"
#include "model/path_mtu.h"
#include "model/qos.h"
#include "profile/buffer_checks.h"
#include "profile/firmware_schema.h"
#include "profile/nic_qos_schema.h"
#include "profile/toml_reader.h"
#include "profile/workload_schema.h"

namespace rocecfg::profile {

namespace {
// Buffer sizes and ECN thresholds cross 32-bit byte fields on the way out
// (the kernel's dcbnl_buffer.buffer_size[], switch WRED profiles): larger is
// refused here rather than truncated there.
constexpr uint64_t kMaxBufferBytes = UINT32_MAX;
}  // namespace

namespace {

PriorityMask mask_of(const std::vector<int64_t>& prios) {
  PriorityMask m;
  for (int64_t p : prios) m.set(Priority::unchecked(static_cast<unsigned>(p)));
  return m;
}

struct Reader {
  TomlReader r;
  Intent& intent;
  const toml::table& root;

  // Where each DSCP got its class, to report a DSCP claimed twice.
  std::map<uint8_t, std::pair<uint8_t, std::string>> dscp_owner;

  void claim_dscp(const toml::node& at, const std::string& key, uint8_t dscp, uint8_t prio,
                  const std::string& why) {
    auto [it, fresh] = dscp_owner.try_emplace(dscp, prio, why);
    if (!fresh && it->second.first != prio)
      r.error(at, key,
              fmt::format("DSCP {} is already mapped to priority {} by {}", dscp, it->second.first,
                          it->second.second),
              "each DSCP in one class");
  }

  void fabric() {
    const toml::table* t = r.table(root, "fabric", "");
    if (!t) {
      r.diags().error({intent.path, 1, 1}, "fabric", "missing table [fabric] with a name");
      return;
    }
    r.check_keys(*t, "fabric", {"name", "description", "unsupported_knobs"});
    if (auto v = r.string(*t, "name", "fabric"))
      intent.name = *v;
    else if (!t->get("name"))
      r.error(*t, "fabric.name", "missing");
    if (auto v = r.string(*t, "description", "fabric")) intent.description = *v;
    if (auto v = r.choice(*t, "unsupported_knobs", "fabric", {"warn", "fail"}))
      intent.strict_unsupported = *v == "fail";
  }

  void lossless() {
    const toml::table* t = r.table(root, "lossless", "");
    if (!t) return;
    r.check_keys(*t, "lossless", {"priorities", "dscp", "trust"});
    std::optional<std::vector<int64_t>> prios = r.int_array(*t, "priorities", "lossless", 0, 7);
    if (prios) {
      if (prios->empty())
        r.error(*t->get("priorities"), "lossless.priorities", "must not be empty");
      intent.common.pfc_enabled = mask_of(*prios);
    }
    if (auto trust = r.choice(*t, "trust", "lossless", {"dscp", "pcp"}))
      intent.common.trust = *trust == "dscp" ? model::Trust::dscp : model::Trust::pcp;
    if (auto dscps = r.int_array(*t, "dscp", "lossless", 0, 63)) {
      const toml::node& at = *t->get("dscp");
      if (prios && prios->size() != 1) {
        r.error(at, "lossless.dscp",
                "is ambiguous with several lossless priorities; map each DSCP in [dscp_map]");
      } else if (prios) {
        uint8_t prio = static_cast<uint8_t>(prios->front());
        size_t i = 0;
        for (int64_t d : *dscps) {
          claim_dscp(*at.as_array()->get(i), fmt::format("lossless.dscp[{}]", i), d, prio,
                     "lossless.dscp");
          ++i;
          intent.lossless_dscp.push_back(static_cast<uint8_t>(d));
          if (!intent.common.dscp_priority) intent.common.dscp_priority.emplace();
          (*intent.common.dscp_priority)[Dscp::unchecked(static_cast<unsigned>(d))] =
              Priority::unchecked(prio);
        }
      }
    }
  }

  void dscp_map() {
    const toml::table* t = r.table(root, "dscp_map", "");
    if (!t) return;
    for (const auto& [key, node] : *t) {
      std::string k = join_key("dscp_map", key.str());
      int dscp = -1;
      try {
        size_t used = 0;
        dscp = std::stoi(std::string(key.str()), &used);
        if (used != key.str().size()) dscp = -1;
      } catch (...) {
      }
      if (dscp < 0 || dscp > 63) {
        r.diags().error(r.pos(key), k, "key must be a DSCP number", "0..63");
        continue;
      }
      if (!node.is_integer() || node.as_integer()->get() < 0 || node.as_integer()->get() > 7) {
        r.error(node, k, "must be a priority", "0..7");
        continue;
      }
      uint8_t prio = static_cast<uint8_t>(node.as_integer()->get());
      claim_dscp(node, k, static_cast<uint8_t>(dscp), prio, "dscp_map");
      if (!intent.common.dscp_priority) intent.common.dscp_priority.emplace();
      (*intent.common.dscp_priority)[Dscp::unchecked(static_cast<unsigned>(dscp))] =
          Priority::unchecked(prio);
    }
  }

  void cnp() {
    const toml::table* t = r.table(root, "cnp", "");
    if (!t) return;
    r.check_keys(*t, "cnp", {"dscp", "priority"});
    auto dscp = r.integer(*t, "dscp", "cnp", 0, 63);
    auto prio = r.integer(*t, "priority", "cnp", 0, 7);
    if (!dscp || !prio) {
      if (!t->get("dscp")) r.error(*t, "cnp.dscp", "missing");
      if (!t->get("priority")) r.error(*t, "cnp.priority", "missing");
      return;
    }
    if (intent.lossless_priorities().has(Priority::unchecked(*prio)))
      r.error(*t->get("priority"), "cnp.priority",
              fmt::format("priority {} is lossless; CNPs need their own priority so they are "
                          "never paused behind the traffic they throttle",
                          *prio),
              "a priority not in lossless.priorities");
    if (std::find(intent.lossless_dscp.begin(), intent.lossless_dscp.end(), *dscp) !=
        intent.lossless_dscp.end())
      r.error(*t->get("dscp"), "cnp.dscp",
              fmt::format("DSCP {} is the lossless data DSCP; CNPs must be told apart from the "
                          "traffic they throttle",
                          *dscp),
              "a DSCP not in lossless.dscp");
    else
      claim_dscp(*t->get("dscp"), "cnp.dscp", *dscp, *prio, "cnp");
    intent.common.cnp = model::Cnp{Dscp::unchecked(static_cast<unsigned>(*dscp)),
                                   Priority::unchecked(static_cast<unsigned>(*prio))};
    if (!intent.common.dscp_priority) intent.common.dscp_priority.emplace();
    (*intent.common.dscp_priority)[intent.common.cnp->dscp] = intent.common.cnp->priority;
  }

  void ets() {
    const toml::table* t = r.table(root, "ets", "");
    if (!t) return;
    r.check_keys(*t, "ets", {"prio_tc", "bandwidth_percent", "strict"});
    model::Ets e;
    e.prio_tc = model::kIdentityPrioTc;
    bool ok = true;
    if (auto map = r.int_array(*t, "prio_tc", "ets", 0, 7)) {
      if (map->size() != 8) {
        r.error(*t->get("prio_tc"), "ets.prio_tc",
                fmt::format("has {} entries; one traffic class per priority", map->size()),
                "8 entries, each 0..7");
        ok = false;
      } else {
        for (unsigned i = 0; i < 8; ++i)
          e.prio_tc[i] = TrafficClass::unchecked(static_cast<unsigned>((*map)[i]));
      }
    } else if (t->get("prio_tc")) {
      ok = false;
    }
    std::fill(e.tc_tsa.begin(), e.tc_tsa.end(), model::Tsa::ets);
    std::optional<std::vector<int64_t>> strict = r.int_array(*t, "strict", "ets", 0, 7);
    if (strict)
      for (int64_t tc : *strict) e.tc_tsa[tc] = model::Tsa::strict;
    else if (t->get("strict"))
      ok = false;
    const toml::table* bw = r.table(*t, "bandwidth_percent", "ets");
    // Every class strict (what `import` reads from a switch left at strict
    // priority) has no shares to state.
    bool all_strict = std::all_of(e.tc_tsa.begin(), e.tc_tsa.end(),
                                  [](model::Tsa a) { return a == model::Tsa::strict; });
    int sum = 0;
    if (bw) {
      for (const auto& [key, node] : *bw) {
        std::string k = join_key("ets.bandwidth_percent", key.str());
        int tc = key.str().size() == 1 ? key.str()[0] - '0' : -1;
        if (tc < 0 || tc > 7) {
          r.diags().error(r.pos(key), k, "key must be a traffic class", "0..7");
          ok = false;
          continue;
        }
        if (!node.is_integer() || node.as_integer()->get() < 0 || node.as_integer()->get() > 100) {
          r.error(node, k, "must be a percentage", "0..100");
          ok = false;
          continue;
        }
        int pct = static_cast<int>(node.as_integer()->get());
        if (e.tc_tsa[tc] == model::Tsa::strict && pct > 0) {
          r.error(node, k,
                  fmt::format("traffic class {} is strict priority and cannot have a bandwidth "
                              "share",
                              tc),
                  "0 for strict classes");
          ok = false;
        }
        e.tc_bandwidth_percent[tc] = static_cast<uint8_t>(pct);
        sum += pct;
      }
      if (ok && sum != 100 && !(all_strict && sum == 0))
        r.error(*bw, "ets.bandwidth_percent",
                fmt::format("shares sum to {}%; ETS classes must share exactly 100%", sum),
                "a sum of 100");
    } else if (t->get("bandwidth_percent")) {
      ok = false;  // present but not a table: r.table() said so
    } else if (!all_strict) {
      r.error(*t, "ets.bandwidth_percent", "missing; ETS needs the classes' shares");
      ok = false;
    }
    if (ok && (sum == 100 || (all_strict && sum == 0))) intent.common.ets = e;
  }

  void ecn() {
    const toml::table* t = r.table(root, "ecn", "");
    if (!t) return;
    r.check_keys(*t, "ecn",
                 {"min_threshold", "max_threshold", "mark_probability_percent", "priorities",
                  "fill_level_percent"});
    auto min = r.bytes(*t, "min_threshold", "ecn", kMaxBufferBytes);
    auto max = r.bytes(*t, "max_threshold", "ecn", kMaxBufferBytes);
    auto prob = r.integer(*t, "mark_probability_percent", "ecn", 1, 100);
    // The same thresholds for switches that take fill levels (Junos): stated
    // by the operator, never derived from the bytes (the queue's buffer is
    // not known here). A fabric of such switches only may state them alone.
    const toml::node* f = t->get("fill_level_percent");
    std::optional<model::EcnFill> fill;
    if (f) {
      auto v = r.int_array(*t, "fill_level_percent", "ecn", 0, 100);
      if (v && v->size() != 2)
        r.error(*f, "ecn.fill_level_percent",
                fmt::format("{}; two are needed: where marking starts and where it reaches "
                            "mark_probability_percent",
                            v->size() == 1 ? std::string("one value")
                                           : fmt::format("{} values", v->size())),
                "[min, max], each 0..100");
      else if (v && (*v)[0] > (*v)[1])
        r.error(*f, "ecn.fill_level_percent", fmt::format("{} % is above {} %", (*v)[0], (*v)[1]),
                "[min, max], min <= max");
      else if (v)
        fill = model::EcnFill{static_cast<uint8_t>((*v)[0]), static_cast<uint8_t>((*v)[1])};
    }
    bool bytes_stated = t->get("min_threshold") || t->get("max_threshold");
    std::vector<const char*> required{"mark_probability_percent"};
    if (bytes_stated || !f) required.insert(required.begin(), {"min_threshold", "max_threshold"});
    for (const char* k : required)
      if (!t->get(k)) r.error(*t, join_key("ecn", k), "missing");
    if (min && max && *min > *max)
      r.error(*t->get("min_threshold"), "ecn.min_threshold",
              fmt::format("{} bytes is above ecn.max_threshold ({} bytes)", *min, *max),
              "min_threshold <= max_threshold");
    else if (min && max && prob)
      intent.common.ecn = model::Ecn{*min, *max, static_cast<uint32_t>(*prob), fill};
    else if (!bytes_stated && fill && prob)
      intent.common.ecn = model::Ecn{0, 0, static_cast<uint32_t>(*prob), fill};
    if (auto prios = r.int_array(*t, "priorities", "ecn", 0, 7))
      intent.common.ecn_priorities = mask_of(*prios);
    else if (!t->get("priorities") && !intent.lossless_priorities().empty())
      intent.common.ecn_priorities = intent.lossless_priorities();
  }

  void dcqcn() {
    const toml::table* t = r.table(root, "dcqcn", "");
    if (!t) return;
    model::Dcqcn d;
    bool ok = true;
    for (const auto& [key, node] : *t) {
      std::string k = join_key("dcqcn", key.str());
      if (key.str() == "enabled") {
        if (!node.is_boolean()) {
          r.error(node, k, "must be true or false");
          ok = false;
        } else {
          d.enabled = node.as_boolean()->get();
        }
        continue;
      }
      const model::DcqcnParam* p = model::find_dcqcn_param(key.str());
      if (!p) {
        std::string names = "enabled";
        std::string best;
        size_t best_len = 0;
        for (const model::DcqcnParam& q : model::dcqcn_params()) {
          names += ", " + std::string(q.name);
          // Suggest by shared prefix as well as spelling: units are often forgotten.
          size_t common = 0;
          while (common < key.str().size() && common < q.name.size() &&
                 key.str()[common] == q.name[common])
            ++common;
          if (common > best_len) {
            best_len = common;
            best = q.name;
          }
        }
        std::string msg = "unknown DCQCN parameter";
        if (best_len >= 5) msg += fmt::format(" (did you mean '{}'?)", best);
        r.diags().error(r.pos(key), k, msg, names);
        ok = false;
        continue;
      }
      if (!node.is_integer() || node.as_integer()->get() < p->min ||
          node.as_integer()->get() > p->max) {
        r.error(node, k,
                node.is_integer() ? fmt::format("{} is out of range", node.as_integer()->get())
                                  : "must be an integer",
                fmt::format("{}..{}", p->min, p->max));
        ok = false;
        continue;
      }
      d.params[std::string(key.str())] = static_cast<uint32_t>(node.as_integer()->get());
    }
    if (!t->get("enabled")) {
      r.error(*t, "dcqcn.enabled", "missing; say whether DCQCN is on");
      ok = false;
    }
    if (ok) intent.common.dcqcn = d;
  }

  void mtu() {
    const toml::table* t = r.table(root, "mtu", "");
    if (!t) return;
    r.check_keys(*t, "mtu", {"host_bytes", "switch_bytes"});
    if (auto v = r.integer(*t, "host_bytes", "mtu", 576, 9702)) {
      // The floor is the kernel's rule (model/path_mtu.h), not a round number:
      // any smaller netdev MTU gets a 2048-byte path MTU.
      if (model::roce_path_mtu_for(static_cast<uint32_t>(*v)) < model::kMaxRocePathMtuBytes)
        r.error(*t->get("host_bytes"), "mtu.host_bytes",
                fmt::format("{} is too small for the RoCE {}-byte path MTU", *v,
                            model::kMaxRocePathMtuBytes),
                fmt::format(">= {}", model::kMinNetdevMtuForMaxPath));
      else
        intent.host_mtu_bytes = static_cast<uint32_t>(*v);
    }
    if (auto v = r.integer(*t, "switch_bytes", "mtu", 1500, 9216))
      intent.switch_mtu_bytes = static_cast<uint32_t>(*v);
    if (intent.host_mtu_bytes && intent.switch_mtu_bytes &&
        *intent.switch_mtu_bytes < *intent.host_mtu_bytes)
      r.error(*t->get("switch_bytes"), "mtu.switch_bytes",
              fmt::format("{} is below mtu.host_bytes ({}); hosts' frames would be dropped",
                          *intent.switch_mtu_bytes, *intent.host_mtu_bytes),
              ">= mtu.host_bytes");
  }

  void rdma_cm() {
    const toml::table* t = r.table(root, "rdma_cm", "");
    if (!t) return;
    r.check_keys(*t, "rdma_cm", {"tos", "mode"});
    if (auto tos = r.integer(*t, "tos", "rdma_cm", 0, 255)) {
      uint8_t dscp = static_cast<uint8_t>(*tos >> 2);
      if (!intent.dscp_is_lossless(dscp) && !intent.lossless_priorities().empty())
        r.error(*t->get("tos"), "rdma_cm.tos",
                fmt::format("ToS {} carries DSCP {}, which is not mapped to a lossless priority; "
                            "RDMA traffic would be lossy",
                            *tos, dscp),
                "ToS = lossless DSCP << 2 | ECN bits, e.g. 106 for DSCP 26");
      intent.common.roce_tos = static_cast<uint8_t>(*tos);
    }
    if (auto mode = r.choice(*t, "mode", "rdma_cm", {"RoCE v2", "IB/RoCE v1"}))
      intent.common.roce_mode = *mode == "RoCE v2" ? model::RoceMode::v2 : model::RoceMode::v1;
  }

  void pfc_watchdog() {
    const toml::table* t = r.table(root, "pfc_watchdog", "");
    if (!t) return;
    r.check_keys(*t, "pfc_watchdog", {"detection_ms", "restoration_ms", "action"});
    auto det = r.integer(*t, "detection_ms", "pfc_watchdog", 1, 60000);
    auto res = r.integer(*t, "restoration_ms", "pfc_watchdog", 1, 60000);
    auto act = r.choice(*t, "action", "pfc_watchdog", {"drop", "forward", "alert"});
    for (const char* k : {"detection_ms", "restoration_ms"})
      if (!t->get(k)) r.error(*t, join_key("pfc_watchdog", k), "missing");
    if (det && res) {
      model::PfcWatchdog w{static_cast<uint32_t>(*det), static_cast<uint32_t>(*res),
                           model::WatchdogAction::drop};
      if (act)
        w.action = *act == "forward" ? model::WatchdogAction::forward
                   : *act == "alert" ? model::WatchdogAction::alert
                                     : model::WatchdogAction::drop;
      intent.common.pfc_watchdog = w;
    }
  }

  void buffers() {
    const toml::table* t = r.table(root, "buffers", "");
    if (!t) return;
    r.check_keys(*t, "buffers",
                 {"prio_buffer", "buffer_size", "cable_length_m", "headroom", "port_speed", "asic",
                  "fabric_rtt_us", "waive", "shared_lossless_percent", "shared_lossy_percent",
                  "shared_headroom_percent", "shared_multicast_percent"});
    read_buffer_intent(r, *t, intent);
    model::Buffers b;
    if (auto map = r.int_array(*t, "prio_buffer", "buffers", 0, 7)) {
      if (map->size() != 8)
        r.error(*t->get("prio_buffer"), "buffers.prio_buffer",
                fmt::format("has {} entries; one buffer per priority", map->size()),
                "8 entries, each 0..7");
      else {
        std::array<uint8_t, 8> a{};
        for (unsigned i = 0; i < 8; ++i) a[i] = static_cast<uint8_t>((*map)[i]);
        b.prio_buffer = a;
      }
    }
    if (const toml::node* n = t->get("buffer_size")) {
      if (!n->is_array() || n->as_array()->size() != 8) {
        r.error(*n, "buffers.buffer_size", "must be an array of 8 sizes", "e.g. \"256KiB\"");
      } else {
        std::array<uint64_t, 8> a{};
        bool ok = true;
        for (unsigned i = 0; i < 8; ++i) {
          auto v = r.bytes_value(*n->as_array()->get(i), fmt::format("buffers.buffer_size[{}]", i),
                                 kMaxBufferBytes);
          if (v)
            a[i] = *v;
          else
            ok = false;
        }
        if (ok) b.buffer_size_bytes = a;
      }
    }
    if (auto v = r.integer(*t, "cable_length_m", "buffers", 1, 10000))
      b.cable_length_m = static_cast<uint32_t>(*v);
    if (auto v = r.bytes(*t, "headroom", "buffers", kMaxBufferBytes)) b.headroom_bytes = *v;
    b.shared = shared_split(*t);
    if (!b.empty()) intent.common.buffers = b;
  }

  // The shared buffer's split: lossless and lossy together, the headroom
  // partition with them, totalling exactly 100 % (Juniper, "buffer-partition
  // (Ingress)": the three ingress partitions must total exactly 100 percent;
  // Cumulus's pools may not exceed 100 % together).
  std::optional<model::SharedSplit> shared_split(const toml::table& t) {
    auto percent = [&](const char* key) -> std::optional<uint32_t> {
      if (auto v = r.integer(t, key, "buffers", 0, 100)) return static_cast<uint32_t>(*v);
      return std::nullopt;
    };
    auto lossless = percent("shared_lossless_percent");
    auto lossy = percent("shared_lossy_percent");
    auto headroom = percent("shared_headroom_percent");
    auto multicast = percent("shared_multicast_percent");
    const toml::node* first = nullptr;  // where a split error is located
    for (const char* key : {"shared_lossless_percent", "shared_lossy_percent",
                            "shared_headroom_percent", "shared_multicast_percent"})
      if (!first) first = t.get(key);
    if (!first) return std::nullopt;
    if (!t.get("shared_lossless_percent") || !t.get("shared_lossy_percent")) {
      r.error(*first, "buffers.shared_lossless_percent",
              "the shared buffer's split needs shared_lossless_percent and shared_lossy_percent",
              "both, with shared_headroom_percent where the switch has a headroom partition");
      return std::nullopt;
    }
    if (!lossless || !lossy || (t.get("shared_headroom_percent") && !headroom) ||
        (t.get("shared_multicast_percent") && !multicast))
      return std::nullopt;  // each already said
    uint32_t total = *lossless + *lossy + headroom.value_or(0);
    if (total != 100) {
      r.error(
          *first, "buffers.shared_lossless_percent",
          fmt::format("lossless {} + lossy {}{} = {} %: the partitions must total 100", *lossless,
                      *lossy, headroom ? fmt::format(" + headroom {}", *headroom) : "", total),
          "partitions totalling exactly 100");
      return std::nullopt;
    }
    if (multicast && *lossless + *multicast > 100) {
      r.error(*t.get("shared_multicast_percent"), "buffers.shared_multicast_percent",
              fmt::format("lossless {} + multicast {} exceeds 100 %: the egress lossy partition "
                          "is what they leave",
                          *lossless, *multicast),
              fmt::format("at most {}", 100 - *lossless));
      return std::nullopt;
    }
    return model::SharedSplit{*lossless, *lossy, headroom, multicast};
  }

  void validation() {
    const toml::table* t = r.table(root, "validation", "");
    if (!t) return;
    ValidationRules& v = intent.validation;
    r.check_keys(*t, "validation",
                 {"expected_rate_gbps", "min_bandwidth_fraction", "max_loaded_p99_factor",
                  "max_retransmits", "max_discards", "max_pause_ratio", "probe_message_sizes",
                  "probe_duration_ms", "probe_timeout_ms", "gate_budget_ms",
                  "ignore_emulation_retransmits", "fabric_min_bandwidth_fraction",
                  "fabric_max_latency_factor", "fabric_min_rail_bandwidth_fraction",
                  "fabric_max_rail_latency_factor", "baseline_tolerance", "switch_max_pause_per_s",
                  "switch_max_lossless_drops", "switch_max_watchdog_storms"});
    const std::string p = "validation";
    if (auto x = r.number(*t, "expected_rate_gbps", p, 0.001, 3200)) v.expected_rate_gbps = *x;
    if (auto x = r.number(*t, "min_bandwidth_fraction", p, 0, 1)) v.min_bandwidth_fraction = *x;
    if (auto x = r.number(*t, "max_loaded_p99_factor", p, 1, 1000)) v.max_loaded_p99_factor = *x;
    if (auto x = r.integer(*t, "max_retransmits", p, 0, 1'000'000'000)) v.max_retransmits = *x;
    if (auto x = r.integer(*t, "max_discards", p, 0, 1'000'000'000)) v.max_discards = *x;
    if (auto x = r.number(*t, "max_pause_ratio", p, 0, 1)) v.max_pause_ratio = *x;
    if (auto x = r.integer(*t, "probe_duration_ms", p, 10, 600000)) v.probe_duration_ms = *x;
    if (auto x = r.integer(*t, "probe_timeout_ms", p, 100, 3600000)) v.probe_timeout_ms = *x;
    if (auto x = r.integer(*t, "gate_budget_ms", p, 10, 600000)) v.gate_budget_ms = *x;
    if (auto x = r.number(*t, "switch_max_pause_per_s", p, 1, 1e9)) v.switch_max_pause_per_s = *x;
    if (auto x = r.integer(*t, "switch_max_lossless_drops", p, 0, 1'000'000'000))
      v.switch_max_lossless_drops = *x;
    if (auto x = r.integer(*t, "switch_max_watchdog_storms", p, 0, 1'000'000'000))
      v.switch_max_watchdog_storms = *x;
    if (auto x = r.boolean(*t, "ignore_emulation_retransmits", p))
      v.ignore_emulation_retransmits = *x;
    if (auto x = r.number(*t, "fabric_min_bandwidth_fraction", p, 0, 1))
      v.fabric_min_bandwidth_fraction = *x;
    if (auto x = r.number(*t, "fabric_max_latency_factor", p, 1, 1000))
      v.fabric_max_latency_factor = *x;
    if (auto x = r.number(*t, "fabric_min_rail_bandwidth_fraction", p, 0, 1))
      v.fabric_min_rail_bandwidth_fraction = *x;
    if (auto x = r.number(*t, "fabric_max_rail_latency_factor", p, 1, 1000))
      v.fabric_max_rail_latency_factor = *x;
    if (auto x = r.number(*t, "baseline_tolerance", p, 0, 1)) v.baseline_tolerance = *x;
    if (const toml::node* n = t->get("probe_message_sizes")) {
      if (!n->is_array() || n->as_array()->empty()) {
        r.error(*n, "validation.probe_message_sizes", "must be a non-empty array of sizes",
                "e.g. [\"64B\", \"1MiB\"]");
      } else {
        std::vector<uint64_t> sizes;
        size_t i = 0;
        for (const toml::node& e : *n->as_array()) {
          std::string k = fmt::format("validation.probe_message_sizes[{}]", i++);
          auto b = r.bytes_value(e, k);
          if (b && (*b < 1 || *b > kMaxProbeMessageBytes))
            r.error(e, k, fmt::format("{} bytes is out of range", *b),
                    "1B.." + format_bytes(kMaxProbeMessageBytes));
          else if (b)
            sizes.push_back(*b);
        }
        if (sizes.size() == n->as_array()->size()) v.probe_message_bytes = sizes;
      }
    }
    if (v.probe_timeout_ms <= v.probe_duration_ms)
      r.error(t->get("probe_timeout_ms") ? *t->get("probe_timeout_ms") : *t,
              "validation.probe_timeout_ms",
              fmt::format("{} ms leaves no margin over probe_duration_ms ({} ms)",
                          v.probe_timeout_ms, v.probe_duration_ms),
              "> probe_duration_ms");
  }

  // Rules that span tables, checked once everything is read.
  void cross_checks() {
    model::Settings& s = intent.common;
    // PFC on a priority that no DSCP feeds is a lossless class nobody uses,
    // usually a typo in the priority or the map.
    if (s.trust == model::Trust::dscp && s.pfc_enabled) {
      for (unsigned p = 0; p < 8; ++p) {
        if (!s.pfc_enabled->has(Priority::unchecked(p))) continue;
        bool fed = s.dscp_priority && std::any_of(s.dscp_priority->begin(), s.dscp_priority->end(),
                                                  [p](auto e) { return e.second.value() == p; });
        if (!fed) {
          const toml::node* at = root.at_path("lossless.priorities").node();
          r.error(at ? *at : root, "lossless.priorities",
                  fmt::format("PFC is on for priority {} but no DSCP maps to it with trust "
                              "\"dscp\"",
                              p),
                  "list its DSCP in lossless.dscp or [dscp_map]");
        }
      }
    }
    // Only when there is no [ecn] at all: a present table with a bad value
    // already has its own located error, and "missing" would be untrue.
    if (s.dcqcn && s.dcqcn->enabled && !s.ecn && !root.get("ecn")) {
      const toml::node* at = root.at_path("dcqcn.enabled").node();
      r.error(at ? *at : root, "dcqcn.enabled",
              "DCQCN is on but [ecn] is missing; senders slow down only when switches mark",
              "an [ecn] table, or dcqcn.enabled = false");
    }
    // A lossless class that ETS gives 0 % and that is not strict gets no
    // bandwidth once other classes are busy: PFC keeps it lossless by
    // pausing it forever. Typical after moving the lossless priority
    // (priorities = [4]) while [ets] still gives class 3 its share.
    if (s.ets && s.pfc_enabled) {
      for (unsigned p = 0; p < 8; ++p) {
        if (!s.pfc_enabled->has(Priority::unchecked(p))) continue;
        unsigned tc = s.ets->prio_tc[p].value();
        if (s.ets->tc_tsa[tc] == model::Tsa::strict || s.ets->tc_bandwidth_percent[tc] != 0)
          continue;
        const toml::node* at = root.at_path("lossless.priorities").node();
        r.warning(at ? *at : root, "lossless.priorities",
                  fmt::format("lossless priority {} goes to traffic class {}, which has 0 % in "
                              "ets.bandwidth_percent and is not in ets.strict: it is starved "
                              "whenever other classes send; give class {} a share or make it "
                              "strict",
                              p, tc, tc));
      }
    }
    if (s.ets && s.pfc_enabled && s.cnp) {
      unsigned cnp_tc = s.ets->prio_tc[s.cnp->priority.value()].value();
      if (s.ets->tc_tsa[cnp_tc] != model::Tsa::strict)
        r.warning(root.at_path("cnp.priority").node() ? *root.at_path("cnp.priority").node() : root,
                  "cnp.priority",
                  fmt::format("CNPs go to traffic class {}, which is not strict priority; "
                              "notifications may queue behind bulk traffic",
                              cnp_tc));
    }
  }
};

}  // namespace

void read_profile(const toml::table& root, const std::string& path, Intent& intent,
                  Diagnostics& diags, bool buffer_rules) {
  // An inventory where a profile goes once read as "defaults: unknown key"
  // and more: recognise it by its own tables and say what it is instead.
  if (!root.get("fabric") && (root.get("switch") || root.get("host") || root.get("defaults"))) {
    const toml::node* mark = root.get("switch") ? root.get("switch")
                             : root.get("host") ? root.get("host")
                                                : root.get("defaults");
    TomlReader(diags, path)
        .error(*mark, "",
               "this is an inventory ([[switch]], [[host]], [defaults]), not a profile: use "
               "--inventory FILE, with a profile as PROFILE");
    return;
  }
  Reader reader{TomlReader(diags, path), intent, root, {}};
  reader.r.check_keys(root, "",
                      {"fabric", "lossless", "dscp_map", "cnp", "ets", "ecn", "dcqcn", "mtu",
                       "rdma_cm", "pfc_watchdog", "buffers", "validation", "workload", "congestion",
                       "dcbx", "firmware", "check"});  // [check]: lib/check/options.h reads it
  reader.fabric();
  reader.lossless();
  reader.dscp_map();
  reader.cnp();
  reader.ets();
  reader.ecn();
  reader.dcqcn();
  reader.mtu();
  reader.rdma_cm();
  reader.pfc_watchdog();
  reader.buffers();
  reader.validation();
  reader.cross_checks();
  read_nic_qos(reader.r, root, intent);
  if (buffer_rules) check_buffer_rules(reader.r, root, intent);
  read_workload(reader.r, root, intent);
  read_firmware(reader.r, root, intent);
}

}  // namespace rocecfg::profile
