// Soak: the pattern again and again for hours (--soak DURATION --every
// INTERVAL), surviving peers that disappear. Each iteration starts at
// start + k x every (or as soon as the previous one ends, if it overran) and
// every test's figures go to a JSON-lines time series as the test's round
// finishes, flushed line by line, so a killed run loses nothing:
//   {"type":"sample","t":"2025-12-01T08:00:02Z","t_s":2.0,"iteration":0,"round":0,
//    "client":"n1","server":"n2","bw_gbps":98.1,"lat_p50_us":2.03}
//   {"type":"outage_start","t":...,"t_s":20.0,"what":"host n3"}
//   {"type":"outage_end","t":...,"t_s":40.0,"what":"host n3","seconds":20.0}
// Outages: a host whose every test of an iteration failed is down (its
// pairs' failures are its own); any other failed pair is a pair outage. An
// outage starts at the first failed observation and ends at the first good
// one, so its resolution is the interval. The run goes on through them.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "fabric/run.h"
#include "fabric/svg.h"

namespace rocecfg::fabric {

struct SoakOptions {
  RunOptions run;
  double duration_s = 3600;
  double every_s = 60;
};

struct OutageRecord {
  std::string what;  // "host n3" or "pair n1 -> n2"
  double from_s = 0;
  std::optional<double> to_s;  // unset: still down when the soak ended
};

struct PairSummary {
  std::string client, server;
  size_t samples = 0, failed = 0;
  std::optional<double> bw_p5, bw_p50, bw_p95;      // Gb/s
  std::optional<double> lat_p50, lat_p95, lat_p99;  // of the per-test p50s, us
};

struct SoakReport {
  std::vector<std::string> hosts;
  size_t iterations = 0, tests = 0, failed = 0;
  double seconds = 0;
  std::vector<OutageRecord> outages;
  std::vector<PairSummary> pairs;
  std::vector<Series> series;  // per pair, for the plot
  size_t iterations_with_findings = 0;
};

// Lines go to `series` (may be null) as they happen.
SoakReport soak(const SoakOptions& o, const std::vector<std::string>& hosts, Prober& prober,
                Clock& clock, std::ostream* series,
                const std::function<void(size_t iteration, const RunReport&)>& on_iteration = {});

std::string render_soak_text(const SoakReport& r);
nlohmann::json render_soak_json(const SoakReport& r);
std::string soak_svg(const SoakReport& r);

// "90s", "5m", "2h", "1.5h", "500ms" -> seconds; nullopt on anything else.
std::optional<double> parse_duration_s(const std::string& text);

}  // namespace rocecfg::fabric
