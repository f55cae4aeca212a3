// Pictures a person can open in a browser: the pair heat map of a run (hosts
// x hosts, client row, server column; each cell coloured by the worse of the
// pair's bandwidth fraction of the fleet median and its inverse latency
// factor; bad cells labelled with the figure that made them bad: "0.50" of
// the median bandwidth, "3.0x" the median latency, "x" a failed test, "P" a
// failed probe rule: counters, path MTU, marking), and the soak's bandwidth and
// latency over time per pair with outages shaded. Plain SVG 1.1, no scripts, names escaped.
#pragma once

#include <string>
#include <vector>

#include "fabric/report.h"

namespace rocecfg::fabric {

std::string heatmap_svg(const RunReport& r);

struct SeriesPoint {
  double t_s = 0;
  std::optional<double> bw_gbps, lat_p50_us;  // unset: the test failed
};
struct Series {
  std::string label;  // "n1 -> n2"
  std::vector<SeriesPoint> points;
};
struct Span {
  std::string label;  // "n3 down"
  double from_s = 0, to_s = 0;
};

std::string timeseries_svg(const std::string& title, const std::vector<Series>& series,
                           const std::vector<Span>& outages, double duration_s);

// XML text/attribute escaping for names in SVG (exposed for tests).
std::string xml_escape(const std::string& s);

}  // namespace rocecfg::fabric
