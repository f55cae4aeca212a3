// rocecfg buffers PROFILE: the PFC headroom and ECN thresholds a port needs,
// computed with their derivation (lib/buffers), against what the profile
// says. Loads the profile without enforcing the buffer rules: showing what a
// profile gets wrong is this verb's job.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "buffers/ecn.h"
#include "buffers/headroom.h"
#include "buffers/link.h"
#include "buffers/rules.h"
#include "buffers_switch.h"
#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
#include "option_checks.h"
#include "output.h"
#include "profile/buffer_checks.h"
#include "switch/interfaces.h"
#include "switch_verbs.h"

namespace rocecfg::cmd {
namespace {

struct BuffersArgs {
  std::string profile;
  std::string speed;  // --speed 400G; default [buffers] port_speed
  std::string cable;  // --cable 5m; default [buffers] cable_length_m
  std::string asic;   // --asic spectrum-3; default [buffers] asic
  std::optional<uint32_t> lanes;
  std::optional<double> rtt_us;
  std::string vendor;  // --vendor V --from-file F: a saved switch config's figures
  std::string from_file;
  int parallel = 16;                  // --inventory: switches read at once
  bool accept_new_host_keys = false;  // --accept-new-host-keys, as apply/audit
};

const char* outcome_name(buffers::Outcome o) {
  switch (o) {
    case buffers::Outcome::ok:
      return "ok";
    case buffers::Outcome::fails:
      return "short";
    case buffers::Outcome::unknown:
      break;
  }
  return "unknown";
}

// "short by 350000 B" / "too high by 76180 B" / "ok" / "unknown: ecn.min_threshold".
std::string verdict_text(const buffers::Comparison& c) {
  if (c.outcome == buffers::Outcome::ok) return "ok";
  if (c.outcome == buffers::Outcome::unknown) return "unknown (no " + c.missing + ")";
  uint64_t p = *c.profile_bytes, l = *c.limit_bytes;
  return c.below ? fmt::format("too high by {} B", p - l + 1) : fmt::format("short by {} B", l - p);
}

nlohmann::json steps_json(const std::vector<buffers::Step>& steps) {
  nlohmann::json out = nlohmann::json::array();
  for (const buffers::Step& s : steps)
    out.push_back({{"name", s.name}, {"bytes", s.bytes}, {"formula", s.formula}});
  return out;
}

std::string figure(double bytes) {
  return bytes == static_cast<double>(static_cast<uint64_t>(bytes))
             ? fmt::format("{} B", bytes)
             : fmt::format("{:.2f} B", bytes);
}

// Everything `buffers` computed for one profile, speed and cable.
struct Figures {
  std::string profile;
  std::string fabric;
  buffers::BufferFacts facts;
  bool rtt_assumed = false;
  uint32_t host_mtu_bytes = 0;
  uint64_t host_xoff_bytes = 0;
  std::optional<buffers::Headroom> switch_headroom;  // with an ASIC
  uint64_t bdp_bytes = 0;
  buffers::EcnThresholds recommended;
  std::vector<buffers::Comparison> comparisons;
  profile::BufferIntent intent;              // its waivers
  std::optional<SwitchBuffers> from_switch;  // --vendor/--from-file
  bool live = false;                         // --inventory: each switch read over SSH
  std::vector<SwitchBuffers> switches;       // the live reads that succeeded
  std::vector<std::string> unread;           // "leaf2: unreachable: ..."
};

nlohmann::json comparisons_json(const std::vector<buffers::Comparison>& cmp,
                                const profile::BufferIntent& intent);

nlohmann::json switch_json(const SwitchBuffers& s, const profile::BufferIntent& intent) {
  nlohmann::json groups = nlohmann::json::array();
  for (const SwitchBufferGroup& g : s.groups)
    groups.push_back({{"ports", g.ports},
                      {"range", sw::compress_interfaces(g.ports)},
                      {"comparisons", comparisons_json(g.comparisons, intent)}});
  nlohmann::json j = {{"vendor", s.vendor},
                      {"file", s.file},
                      {"recognised_as", s.recognised_as},
                      {"groups", groups}};
  if (!s.name.empty()) j["name"] = s.name;
  return j;
}

nlohmann::json comparisons_json(const std::vector<buffers::Comparison>& cmp,
                                const profile::BufferIntent& intent) {
  nlohmann::json comparisons = nlohmann::json::array();
  for (const buffers::Comparison& c : cmp) {
    nlohmann::json j = {{"rule", c.rule},
                        {"key", c.key},
                        {"relation", c.below ? "<" : ">="},
                        {"outcome", outcome_name(c.outcome)}};
    j["profile_bytes"] = c.profile_bytes ? nlohmann::json(*c.profile_bytes) : nlohmann::json();
    j["limit_bytes"] = c.limit_bytes ? nlohmann::json(*c.limit_bytes) : nlohmann::json();
    if (!c.basis.empty()) j["basis"] = c.basis;
    if (!c.missing.empty()) j["missing"] = c.missing;
    if (intent.waives(c.rule)) j["waived"] = true;
    comparisons.push_back(j);
  }
  return comparisons;
}

// One table row: "KEY  VALUE  LIMIT  RULE  OUTCOME".
std::string comparison_row(const buffers::Comparison& c, const profile::BufferIntent& intent) {
  std::string limit =
      c.limit_bytes ? fmt::format("{} {} B", c.below ? "<" : ">=", *c.limit_bytes) : "-";
  std::string have = c.profile_bytes ? fmt::format("{} B", *c.profile_bytes) : "not set";
  return fmt::format("{:<18} {:<14} {:<16} {:<15} {}{}\n", c.key, have, limit, c.rule,
                     verdict_text(c), intent.waives(c.rule) ? " (waived)" : "");
}

nlohmann::json figures_json(const Figures& x) {
  const buffers::BufferFacts& f = x.facts;
  nlohmann::json comparisons = comparisons_json(x.comparisons, x.intent);
  nlohmann::json payload = {{"profile", x.profile},
                            {"speed_mbps", *f.speed_mbps},
                            {"cable_m", *f.cable_m},
                            {"rtt_us", f.fabric_rtt_us},
                            {"rtt_assumed", x.rtt_assumed},
                            {"host_xoff_bytes", x.host_xoff_bytes},
                            {"host_mtu_bytes", x.host_mtu_bytes},
                            {"bdp_bytes", x.bdp_bytes},
                            {"recommended_ecn",
                             {{"min_bytes", x.recommended.min_bytes},
                              {"max_bytes", x.recommended.max_bytes},
                              {"probability_percent", x.recommended.probability_percent}}},
                            {"comparisons", comparisons}};
  payload["asic"] = f.asic ? nlohmann::json(std::string(f.asic->name)) : nlohmann::json();
  const std::optional<buffers::Headroom>& sw = x.switch_headroom;
  payload["switch_headroom"] = sw ? nlohmann::json{{"xoff_bytes", sw->xoff_bytes},
                                                   {"xon_bytes", sw->xon_bytes},
                                                   {"size_bytes", sw->size_bytes},
                                                   {"steps", steps_json(sw->steps)}}
                                  : nlohmann::json();
  if (x.from_switch) payload["switch"] = switch_json(*x.from_switch, x.intent);
  if (x.live) {
    payload["switches"] = nlohmann::json::array();
    for (const SwitchBuffers& s : x.switches)
      payload["switches"].push_back(switch_json(s, x.intent));
    payload["unread"] = x.unread;
  }
  return payload;
}

std::string figures_text(const Figures& x) {
  const buffers::BufferFacts& f = x.facts;
  std::string out =
      fmt::format("{}: {} at {}, {} m cable, round trip {} us{}\n", printable(x.profile),
                  printable(x.fabric), buffers::format_speed(*f.speed_mbps), *f.cable_m,
                  f.fabric_rtt_us, x.rtt_assumed ? " (assumed; set [buffers] fabric_rtt_us)" : "");
  if (const std::optional<buffers::Headroom>& sw = x.switch_headroom) {
    out += fmt::format("\nswitch PG headroom, {} (sonic-swss buffer_headroom_mellanox.lua)\n",
                       f.asic->name);
    for (const buffers::Step& s : sw->steps)
      out += fmt::format(
          "  {:<18} {:>14}  {}\n", s.name,
          s.name == "cell occupancy" ? fmt::format("{:.4f}", s.bytes) : figure(s.bytes), s.formula);
  } else {
    out += "\nswitch PG headroom: unknown (no ASIC: pass --asic or set [buffers] asic; one of " +
           buffers::asic_names() + ")\n";
  }
  out += fmt::format(
      "\nNIC headroom, mlx5 (Linux mlx5 en/port_buffer.c)\n"
      "  {:<18} {:>14}  (301 + 216 x {} m / 100) x {} Gb/s + 272 x {} B MTU / 100, in "
      "integers, speed at least 40G\n",
      "xoff", figure(static_cast<double>(x.host_xoff_bytes)), *f.cable_m,
      std::max<uint32_t>(*f.speed_mbps, 40000) / 1000, x.host_mtu_bytes);
  out += fmt::format("\n{:<20} {:>14}  {} x {} us / 8\n", "bandwidth-delay",
                     figure(static_cast<double>(x.bdp_bytes)), buffers::format_speed(*f.speed_mbps),
                     f.fabric_rtt_us);
  out += fmt::format(
      "{:<20} {:>14}  Kmax {} B, Pmax {} % (Cumulus RoCE default; Kmin at least one BDP)\n",
      "recommended ECN Kmin", figure(static_cast<double>(x.recommended.min_bytes)),
      x.recommended.max_bytes, x.recommended.probability_percent);
  out += fmt::format("\n{:<18} {:<14} {:<16} {:<15} {}\n", "KEY", "PROFILE", "LIMIT", "RULE",
                     "OUTCOME");
  for (const buffers::Comparison& c : x.comparisons) out += comparison_row(c, x.intent);
  std::vector<const SwitchBuffers*> read;
  if (x.from_switch) read.push_back(&*x.from_switch);
  for (const SwitchBuffers& s : x.switches) read.push_back(&s);
  for (const SwitchBuffers* s : read) {
    out += s->name.empty() ? fmt::format("\n{} ({}, read as {})\n", printable(s->file), s->vendor,
                                         s->recognised_as)
                           : fmt::format("\n{} ({}, {}, read as {})\n", printable(s->name),
                                         s->vendor, s->file, s->recognised_as);
    for (const SwitchBufferGroup& g : s->groups) {
      out += g.ports.empty() ? "switch-wide\n"
                             : fmt::format("interfaces {}\n", sw::compress_interfaces(g.ports));
      out += fmt::format("{:<18} {:<14} {:<16} {:<15} {}\n", "KEY", "SWITCH", "LIMIT", "RULE",
                         "OUTCOME");
      for (const buffers::Comparison& c : g.comparisons) out += comparison_row(c, x.intent);
    }
  }
  for (const std::string& u : x.unread) out += fmt::format("\nnot read: {}\n", printable(u));
  return out;
}

int run_buffers(const BuffersArgs& a, const Globals& g) {
  auto usage = [](const std::string& message) { return report_error(kUsage, message); };
  if (!g.inventory.empty() && !a.from_file.empty())
    return usage("--inventory reads each switch live; --from-file reads one saved config: not both");
  std::optional<profile::Inventory> inv;
  if (!g.inventory.empty()) {
    inv = load_inventory_or_report(g.inventory, g.json);
    if (!inv) return static_cast<int>(kUsage);
    if (inv->switches.empty())
      return usage(fmt::format("{}: no [[switch]] to read", printable(g.inventory)));
  }
  std::optional<profile::Intent> intent =
      load_profile_or_report(a.profile, g.json, profile::BufferRules::skip);
  if (!intent) return static_cast<int>(kUsage);
  buffers::BufferFacts f = profile::buffer_facts(*intent);
  if (!a.speed.empty()) {
    f.speed_mbps = buffers::parse_speed(a.speed);
    if (!f.speed_mbps)
      return usage(fmt::format("--speed {}: expected one of {}", printable(a.speed),
                               buffers::speed_names()));
  }
  if (!a.cable.empty()) {
    f.cable_m = buffers::parse_cable(a.cable);
    if (!f.cable_m)
      return usage(fmt::format("--cable {}: expected a length in metres like 5m or 100m (1..10000)",
                               printable(a.cable)));
  }
  if (!a.asic.empty()) {
    f.asic = buffers::find_asic(a.asic);
    if (!f.asic)
      return usage(
          fmt::format("--asic {}: unknown; one of {}", printable(a.asic), buffers::asic_names()));
  }
  const bool rtt_assumed = !a.rtt_us && !intent->buffer_intent.fabric_rtt_us;
  if (a.rtt_us) f.fabric_rtt_us = *a.rtt_us;
  if (!f.speed_mbps)
    return usage("no port speed: pass --speed (e.g. 400G) or set [buffers] port_speed");
  if (!f.cable_m)
    return usage("no cable length: pass --cable (e.g. 5m) or set [buffers] cable_length_m");

  Figures x;
  x.profile = a.profile;
  x.fabric = intent->name;
  x.intent = intent->buffer_intent;
  x.rtt_assumed = rtt_assumed;
  x.host_mtu_bytes = buffers::host_mtu_bytes(f);
  x.host_xoff_bytes = buffers::mlx5_xoff_bytes(*f.speed_mbps, *f.cable_m, x.host_mtu_bytes);
  if (f.asic) {
    buffers::HeadroomInput in = buffers::switch_headroom_input(f);
    if (a.lanes) in.eight_lanes = *a.lanes >= 8;
    Result<buffers::Headroom> h = buffers::switch_headroom(in);
    if (!h) return usage(h.error().to_string());
    x.switch_headroom = *h;
  }
  x.bdp_bytes = buffers::bdp_bytes(*f.speed_mbps, f.fabric_rtt_us);
  x.recommended = buffers::recommended_ecn(*f.speed_mbps, f.fabric_rtt_us);
  x.comparisons = buffers::compare_buffers(f);
  x.facts = f;
  if (!a.from_file.empty()) {
    Result<SwitchBuffers> s = switch_buffers(a.vendor, a.from_file, f);
    if (!s)
      return report_error(s.error().kind == ErrorKind::invalid_input ? kUsage : kRuntime,
                          s.error().to_string());
    x.from_switch = *s;
  }
  if (inv) {
    // Each inventory switch's own headroom and thresholds, read as audit
    // reads its running config; a switch that cannot be read fails alone.
    std::vector<sw::FleetSwitch> fleet;
    for (const profile::SwitchEntry& e : inv->switches)
      fleet.push_back(fleet_entry(e, a.accept_new_host_keys));
    x.live = true;
    for (Result<SwitchBuffers>& r : live_switch_buffers(fleet, f, a.parallel)) {
      if (r)
        x.switches.push_back(std::move(*r));
      else
        x.unread.push_back(r.error().to_string());
    }
  }

  bool any_fail = false, any_ok = false;
  std::vector<const buffers::Comparison*> all;
  for (const buffers::Comparison& c : x.comparisons) all.push_back(&c);
  if (x.from_switch)
    for (const SwitchBufferGroup& grp : x.from_switch->groups)
      for (const buffers::Comparison& c : grp.comparisons) all.push_back(&c);
  for (const SwitchBuffers& s : x.switches)
    for (const SwitchBufferGroup& grp : s.groups)
      for (const buffers::Comparison& c : grp.comparisons) all.push_back(&c);
  for (const buffers::Comparison* c : all) {
    // A waived rule is still reported short, but does not fail the run.
    any_fail |= c->outcome == buffers::Outcome::fails && !x.intent.waives(c->rule);
    any_ok |= c->outcome == buffers::Outcome::ok;
  }
  json_document().payload = figures_json(x);
  add_target({{"name", a.profile},
              {"kind", "file"},
              {"outcome", any_fail ? "short"
                          : any_ok ? "ok"
                                   : "unknown"}});
  for (const SwitchBuffers& s : x.switches)
    add_target({{"name", s.name}, {"kind", "switch"}, {"outcome", "read"}});
  if (!g.json) fmt::print("{}", figures_text(x));
  int rc = any_fail ? kDrift : any_ok ? kOk : kNotEvaluated;
  if (!x.unread.empty())
    // A switch not read is no verdict on it: 3, naming each (stderr and JSON).
    return report_error(worst_exit_code(rc, kRuntime),
                        fmt::format("not read: {}", fmt::join(x.unread, "; ")));
  return rc;
}

const bool registered = register_command(
    {"buffers",
     "PFC headroom and ECN thresholds a port needs, with their derivation, against the profile",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<BuffersArgs>();
       sub.add_option("profile", a->profile, "profile TOML file")->required();
       sub.add_option("--speed", a->speed,
                      "port speed, e.g. 100G, 400G (default: [buffers] port_speed)");
       sub.add_option("--cable", a->cable,
                      "cable length, e.g. 5m, 100m (default: [buffers] cable_length_m)");
       sub.add_option("--asic", a->asic,
                      "switch ASIC for the PG headroom: " + buffers::asic_names() +
                          " (default: [buffers] asic)");
       sub.add_option(
              "--lanes", a->lanes,
              "SerDes lanes of the port (8 doubles xon; default: speed / the ASIC's lane rate)")
           ->check(in_range(1, 16));
       sub.add_option("--rtt-us", a->rtt_us,
                      "fabric round trip, us (default: [buffers] fabric_rtt_us, else 10)")
           ->check(in_range(0.1, 100000));
       auto* vendor = sub.add_option("--vendor", a->vendor,
                                     "with --from-file: the saved switch config's vendor");
       auto* from = sub.add_option("--from-file", a->from_file,
                                   "a saved switch config: its ECN thresholds, headroom and cable "
                                   "lengths against the same limits, port by port");
       vendor->needs(from);
       from->needs(vendor);
       sub.add_option("--parallel", a->parallel, "with --inventory: switches read at once")
           ->check(in_range(1, 1024));
       sub.add_flag("--accept-new-host-keys", a->accept_new_host_keys,
                    "with --inventory: trust a switch's host key on first contact (as apply)");
       sub.footer(
           "Example: rocecfg buffers profiles/roce-lossless.toml --speed 400G --cable 100m "
           "--asic spectrum-3\n"
           "With --inventory INV each switch's running config is read over SSH, as audit reads "
           "it.\n"
           "Exit: 0 the figures (the profile's, and the switches') meet what was computed,\n"
           "1 one is short (or too high) and not waived in [buffers] waive, 2 bad input,\n"
           "3 the file is not that vendor's config, or a switch could not be read, 4 nothing to "
           "compare.");
       return std::function<int()>([a, &g] { return run_buffers(*a, g); });
     },
     {kOk, kDrift, kUsage, kRuntime, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
