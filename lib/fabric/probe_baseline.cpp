#include "fabric/probe_baseline.h"

#include <fmt/format.h>

namespace rocecfg::fabric {
namespace {

// Which of a pair's two figures are there.
const char* figures_held(const std::optional<double>& bw, const std::optional<double>& lat) {
  return bw && lat ? "both" : bw ? "bandwidth only" : lat ? "latency only" : "nothing";
}

}  // namespace

ProbeFigures probe_figures(const probe::ProbeReport& r) {
  ProbeFigures f;
  uint32_t bw_size = 0, lat_size = 0;
  bool have_lat = false;
  for (const probe::TestRecord& t : r.tests) {
    if (t.phase != "idle" || !t.outcome) continue;
    if (t.mode == probe::Mode::bw && t.outcome->bw && t.size_bytes >= bw_size) {
      bw_size = t.size_bytes;
      f.bw_gbps = t.outcome->bw->gbps;
    }
    if (t.mode == probe::Mode::lat && t.outcome->lat && (!have_lat || t.size_bytes < lat_size)) {
      have_lat = true;
      lat_size = t.size_bytes;
      f.lat_p50_us = t.outcome->lat->median_us;
    }
  }
  return f;
}

BaselineJudgement judge_against_baseline(const Baseline& b, const std::string& path,
                                         const std::string& client, const std::string& server,
                                         const probe::ProbeReport& r, double tolerance) {
  BaselineJudgement j;
  const BaselinePair* base = b.find(client, server);
  if (!base) {
    j.message = fmt::format("{} has no figures for {} -> {} (recorded {} over {} pairs)", path,
                            client, server, b.created, b.pairs.size());
    return j;
  }
  const ProbeFigures now = probe_figures(r);
  const PairChange c = compare_pair(*base, now.bw_gbps, now.lat_p50_us, tolerance);
  if (c.bw_ratio)
    j.details.push_back(fmt::format("bandwidth {:.3g} Gb/s, {:.2f} of the baseline {:.3g}",
                                    *now.bw_gbps, *c.bw_ratio, *base->bw_gbps));
  if (c.lat_ratio)
    j.details.push_back(fmt::format("p50 latency {:.3g} us, {:.2f}x the baseline {:.3g}",
                                    *now.lat_p50_us, *c.lat_ratio, *base->lat_p50_us));
  if (!c.bw_ratio && !c.lat_ratio) {
    j.message = fmt::format(
        "no figure to compare with {} for {} -> {}: the probe measured {}, the baseline holds {}",
        path, client, server, figures_held(now.bw_gbps, now.lat_p50_us),
        figures_held(base->bw_gbps, base->lat_p50_us));
    return j;
  }
  if (c.regressed) {
    j.level = probe::Level::fail;
    std::string why;
    for (const std::string& s : c.reasons) why += (why.empty() ? "" : "; ") + s;
    j.message =
        fmt::format("{} -> {} regressed against {} ({}): {}", client, server, path, b.created, why);
    return j;
  }
  j.level = probe::Level::pass;
  j.message = fmt::format("{} -> {} within {:.0f} % of {} ({})", client, server, tolerance * 100,
                          path, b.created);
  return j;
}

probe::Finding baseline_finding(const BaselineJudgement& j) {
  std::string msg = j.message;
  for (const std::string& d : j.details) msg += "; " + d;
  return {j.level, "baseline", "baseline", msg};
}

}  // namespace rocecfg::fabric
