#include "fabric/baseline.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/regular_file.h"
#include "core/utc_time.h"

namespace rocecfg::fabric {
namespace {

nlohmann::json opt(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}
std::optional<double> num(const nlohmann::json& j, const char* key) {
  if (!j.contains(key) || !j[key].is_number()) return std::nullopt;
  return j[key].get<double>();
}
std::string str(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}
const std::string& host(const RunReport& r, size_t i) {
  return r.hosts.at(i);
}

}  // namespace

const BaselinePair* Baseline::find(const std::string& a, const std::string& b) const {
  for (const BaselinePair& p : pairs)
    if (p.client == a && p.server == b) return &p;
  for (const BaselinePair& p : pairs)
    if (p.client == b && p.server == a) return &p;
  return nullptr;
}

std::string fingerprint(const std::string& bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return fmt::format("{:016x}", h);
}

std::string iso8601_utc(double epoch_s) {
  return format_utc(static_cast<int64_t>(epoch_s), "%Y-%m-%dT%H:%M:%SZ");
}

Baseline make_baseline(const RunReport& r, const BaselineMeta& m) {
  Baseline b;
  b.rocecfg_version = m.rocecfg_version;
  b.created = m.created;
  b.controller = m.controller;
  b.profile_path = m.profile_path;
  b.profile_name = m.profile_name;
  b.profile_fingerprint = m.profile_fingerprint;
  b.pattern = to_string(r.pattern);
  b.hosts = r.hosts;
  b.median = r.analysis.reference;
  // Failed tests have no figure to keep; a pair tested twice keeps the last.
  for (const Sample& s : r.samples) {
    if (s.error) continue;
    BaselinePair p{host(r, s.pair.client), host(r, s.pair.server), s.bw_gbps, s.lat_p50_us};
    auto same = std::find_if(b.pairs.begin(), b.pairs.end(), [&](const BaselinePair& q) {
      return q.client == p.client && q.server == p.server;
    });
    if (same != b.pairs.end())
      *same = p;
    else
      b.pairs.push_back(p);
  }
  return b;
}

nlohmann::json baseline_json(const Baseline& b) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const BaselinePair& p : b.pairs)
    pairs.push_back({{"client", p.client},
                     {"server", p.server},
                     {"bw_gbps", opt(p.bw_gbps)},
                     {"lat_p50_us", opt(p.lat_p50_us)}});
  return {
      {"rocecfg_baseline", 1},
      {"rocecfg_version", b.rocecfg_version},
      {"created", b.created},
      {"controller", b.controller},
      {"profile",
       {{"path", b.profile_path},
        {"name", b.profile_name},
        {"fingerprint", b.profile_fingerprint}}},
      {"pattern", b.pattern},
      {"hosts", b.hosts},
      {"median", {{"bw_gbps", opt(b.median.bw_gbps)}, {"lat_p50_us", opt(b.median.lat_p50_us)}}},
      {"pairs", pairs}};
}

Result<Baseline> load_baseline(const std::string& path) {
  // Bounded like every input file (kMaxInputFileBytes, 64 MiB): a ring or
  // locate run's baseline is far less; 1,024 hosts' all pairs would be more.
  Result<std::string> text = read_regular_file(path, kMaxInputFileBytes);
  if (!text) return std::unexpected(text.error());
  return parse_baseline(*text, path);
}

Result<Baseline> parse_baseline(const std::string& text, const std::string& path) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    return fail(ErrorKind::invalid_input, path, "not a JSON object");
  if (!j.contains("rocecfg_baseline") || j["rocecfg_baseline"] != 1)
    return fail(ErrorKind::invalid_input, path,
                "not a rocecfg baseline (no \"rocecfg_baseline\": 1); write one with "
                "rocecfg fabric --save-baseline");
  Baseline b;
  b.rocecfg_version = str(j, "rocecfg_version");
  b.created = str(j, "created");
  b.controller = str(j, "controller");
  if (j.contains("profile") && j["profile"].is_object()) {
    b.profile_path = str(j["profile"], "path");
    b.profile_name = str(j["profile"], "name");
    b.profile_fingerprint = str(j["profile"], "fingerprint");
  }
  b.pattern = str(j, "pattern");
  if (j.contains("hosts") && j["hosts"].is_array())
    for (const auto& h : j["hosts"])
      if (h.is_string()) b.hosts.push_back(h.get<std::string>());
  if (j.contains("median") && j["median"].is_object())
    b.median = Reference{num(j["median"], "bw_gbps"), num(j["median"], "lat_p50_us")};
  if (!j.contains("pairs") || !j["pairs"].is_array())
    return fail(ErrorKind::invalid_input, path, "no \"pairs\" array");
  size_t i = 0;
  for (const auto& p : j["pairs"]) {
    std::string where = fmt::format("{}: pairs[{}]", path, i++);
    if (!p.is_object() || str(p, "client").empty() || str(p, "server").empty())
      return fail(ErrorKind::invalid_input, where, "needs \"client\" and \"server\" names");
    BaselinePair bp{str(p, "client"), str(p, "server"), num(p, "bw_gbps"), num(p, "lat_p50_us")};
    if ((bp.bw_gbps && *bp.bw_gbps <= 0) || (bp.lat_p50_us && *bp.lat_p50_us <= 0))
      return fail(ErrorKind::invalid_input, where, "figures must be positive");
    b.pairs.push_back(std::move(bp));
  }
  return b;
}

PairChange compare_pair(const BaselinePair& base, std::optional<double> bw,
                        std::optional<double> lat, double tol) {
  PairChange c;
  c.client = base.client;
  c.server = base.server;
  if (bw && base.bw_gbps) {
    c.bw_ratio = *bw / *base.bw_gbps;
    if (*c.bw_ratio < 1 - tol) {
      c.regressed = true;
      c.reasons.push_back(
          fmt::format("bandwidth {:.3g} Gb/s is {:.2f} of its baseline {:.3g} (< {:.2f})", *bw,
                      *c.bw_ratio, *base.bw_gbps, 1 - tol));
    }
  }
  if (lat && base.lat_p50_us) {
    c.lat_ratio = *lat / *base.lat_p50_us;
    if (*c.lat_ratio > 1 + tol) {
      c.regressed = true;
      c.reasons.push_back(
          fmt::format("p50 latency {:.3g} us is {:.2f}x its baseline {:.3g} (> {:.2f})", *lat,
                      *c.lat_ratio, *base.lat_p50_us, 1 + tol));
    }
  }
  return c;
}

BaselineComparison compare(const Baseline& b, const RunReport& r, double tol) {
  BaselineComparison c;
  c.tolerance = tol;
  std::set<const BaselinePair*> matched;
  std::vector<double> bw_ratios, lat_ratios;
  for (const Sample& s : r.samples) {
    const std::string &cl = host(r, s.pair.client), &sv = host(r, s.pair.server);
    const BaselinePair* base = b.find(cl, sv);
    if (!base) {
      c.unknown.push_back(fmt::format("{} -> {}", cl, sv));
      continue;
    }
    matched.insert(base);
    if (s.error) continue;  // a failed test is the run's finding, not a regression figure
    PairChange pc = compare_pair(*base, s.bw_gbps, s.lat_p50_us, tol);
    pc.client = cl;
    pc.server = sv;
    if (pc.bw_ratio) bw_ratios.push_back(*pc.bw_ratio);
    if (pc.lat_ratio) lat_ratios.push_back(*pc.lat_ratio);
    if (pc.regressed) ++c.regressed_pairs;
    c.pairs.push_back(std::move(pc));
  }
  for (const BaselinePair& p : b.pairs)
    if (!matched.count(&p)) c.missing.push_back(fmt::format("{} -> {}", p.client, p.server));
  c.median_bw_ratio = median(bw_ratios);
  c.median_lat_ratio = median(lat_ratios);
  if (c.median_bw_ratio && *c.median_bw_ratio < 1 - tol)
    c.overall.push_back(fmt::format("median bandwidth is {:.2f} of the baseline (< {:.2f})",
                                    *c.median_bw_ratio, 1 - tol));
  if (c.median_lat_ratio && *c.median_lat_ratio > 1 + tol)
    c.overall.push_back(fmt::format("median p50 latency is {:.2f}x the baseline (> {:.2f})",
                                    *c.median_lat_ratio, 1 + tol));
  return c;
}

std::string render_comparison_text(const BaselineComparison& c, const Baseline& b) {
  std::string out = fmt::format("baseline: {} from {} ({} pairs, profile {} {}, rocecfg {})\n",
                                b.created, b.controller, b.pairs.size(), b.profile_name,
                                b.profile_fingerprint, b.rocecfg_version);
  out += "  median ratio now/baseline:";
  out += c.median_bw_ratio ? fmt::format(" bandwidth {:.2f}", *c.median_bw_ratio)
                           : std::string(" bandwidth n/a");
  out += c.median_lat_ratio ? fmt::format(", p50 latency {:.2f}", *c.median_lat_ratio)
                            : std::string(", p50 latency n/a");
  out += fmt::format(" (tolerance {:.2f})\n", c.tolerance);
  for (const std::string& o : c.overall) out += "  regression: " + o + "\n";
  for (const PairChange& p : c.pairs)
    for (const std::string& why : p.reasons)
      out += fmt::format("  regression: {} -> {}: {}\n", p.client, p.server, why);
  if (!c.missing.empty())
    out += fmt::format("  not measured now: {}\n", fmt::join(c.missing, ", "));
  if (!c.unknown.empty())
    out += fmt::format("  not in the baseline: {}\n", fmt::join(c.unknown, ", "));
  std::string v = c.verdict();
  if (v == "REGRESSED")
    out += fmt::format("  baseline verdict: REGRESSED ({} pairs{})\n", c.regressed_pairs,
                       c.overall.empty() ? "" : ", and overall");
  else if (v == "OK")
    out += fmt::format("  baseline verdict: OK ({} pairs within {:.0f} %)\n", c.pairs.size(),
                       c.tolerance * 100);
  else
    out += "  baseline verdict: UNKNOWN (no pair compared)\n";
  return out;
}

nlohmann::json render_comparison_json(const BaselineComparison& c, const Baseline& b) {
  nlohmann::json pairs = nlohmann::json::array();
  for (const PairChange& p : c.pairs)
    pairs.push_back({{"client", p.client},
                     {"server", p.server},
                     {"bw_ratio", opt(p.bw_ratio)},
                     {"lat_ratio", opt(p.lat_ratio)},
                     {"regressed", p.regressed},
                     {"reasons", p.reasons}});
  return {{"file_created", b.created},
          {"profile_fingerprint", b.profile_fingerprint},
          {"tolerance", c.tolerance},
          {"median_bw_ratio", opt(c.median_bw_ratio)},
          {"median_lat_ratio", opt(c.median_lat_ratio)},
          {"overall", c.overall},
          {"regressed_pairs", c.regressed_pairs},
          {"pairs", pairs},
          {"missing", c.missing},
          {"unknown", c.unknown},
          {"verdict", c.verdict()}};
}

}  // namespace rocecfg::fabric
