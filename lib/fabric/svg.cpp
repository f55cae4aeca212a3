#include "fabric/svg.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace rocecfg::fabric {
namespace {

// Red (hue 0) at half the median or worse, green (hue 120) at the median or
// better: the threshold (0.93) lands in yellow-green, so "bad" is visibly off.
std::string fraction_colour(double fraction) {
  double x = std::clamp((fraction - 0.5) / 0.5, 0.0, 1.0);
  return fmt::format("hsl({:.0f},70%,{:.0f}%)", 120 * x, 45 + 10 * x);
}

// A pair bad by the probe's counter, MTU or marking rules (fabric/probe_rules.h).
constexpr const char* kProbeRuleFill = "#7b1fa2";

const char* kPalette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                          "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

}  // namespace

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // Control characters are not allowed in XML 1.0 text.
        if (static_cast<unsigned char>(c) < 0x20)
          out += '?';
        else
          out += c;
    }
  }
  return out;
}

std::string heatmap_svg(const RunReport& r) {
  size_t n = r.hosts.size();
  const Analysis& a = r.analysis;
  // Cell size shrinks with N; labels only where they fit.
  int cell = n <= 16   ? 44
             : n <= 64 ? 16
                       : std::max(2, static_cast<int>(1024 / std::max<size_t>(n, 1)));
  bool axis_labels = cell >= 12;
  size_t longest = 0;
  for (const std::string& h : r.hosts) longest = std::max(longest, h.size());
  int margin = axis_labels ? static_cast<int>(std::min<size_t>(longest, 24) * 7 + 12) : 10;
  int top = 40 + margin;
  int size = cell * static_cast<int>(n);
  int width = margin + size + 190, height = top + size + 20;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\" font-family=\"sans-serif\" font-size=\"11\">\n",
      width, height, width, height);
  out += fmt::format(
      "<title>rocecfg fabric: {} hosts, pattern {}, {}</title>\n"
      "<text x=\"{}\" y=\"20\" font-size=\"14\">pairs by fraction of the fleet median "
      "(worse of bandwidth {} and 1/latency factor, median {}); bad cells labelled</text>\n",
      n, to_string(r.pattern), verdict_of(r), 4,
      a.reference.bw_gbps ? fmt::format("{:.3g} Gb/s", *a.reference.bw_gbps) : "n/a",
      a.reference.lat_p50_us ? fmt::format("{:.3g} us", *a.reference.lat_p50_us) : "n/a");
  if (axis_labels) {
    for (size_t i = 0; i < n; ++i) {
      std::string h = xml_escape(r.hosts[i]);
      int c = margin + static_cast<int>(i) * cell + cell / 2;
      int row = top + static_cast<int>(i) * cell + cell / 2 + 4;
      out += fmt::format("<text class=\"row\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
                         margin - 4, row, h);
      out += fmt::format(
          "<text class=\"col\" x=\"{}\" y=\"{}\" transform=\"rotate(-60 {} {})\">{}</text>\n", c,
          top - 4, c, top - 4, h);
    }
  }
  // Background: untested pairs stay light grey, the diagonal darker.
  out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#eeeeee\"/>\n",
                     margin, top, size, size);
  for (size_t i = 0; i < n; ++i)
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#bbbbbb\"/>\n",
                       margin + static_cast<int>(i) * cell, top + static_cast<int>(i) * cell, cell,
                       cell);
  // One cell per direction tested: the client's row, the server's column; an
  // unordered pair tested once fills both cells so the map is symmetric.
  std::vector<std::vector<const PairVerdict*>> cells(n, std::vector<const PairVerdict*>(n));
  for (const PairVerdict& v : a.pairs) {
    size_t c = v.sample.pair.client, s = v.sample.pair.server;
    if (c >= n || s >= n) continue;
    cells[c][s] = &v;
    if (!cells[s][c] || cells[s][c]->sample.pair.client != s) cells[s][c] = &v;
  }
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      const PairVerdict* v = cells[i][j];
      if (!v || i == j) continue;
      int x = margin + static_cast<int>(j) * cell, y = top + static_cast<int>(i) * cell;
      std::string label, fill;
      std::optional<double> frac;
      if (v->sample.error) {
        fill = "#333333";
        label = "x";
      } else {
        // The worse of the two figures as a fraction of the median, latency
        // as its inverse factor, so "1 = median, lower = worse" for both and
        // a pair bad only in latency is not painted green.
        if (v->bw_fraction) frac = *v->bw_fraction;
        if (v->lat_factor && *v->lat_factor > 0)
          frac = std::min(frac.value_or(1e9), 1 / *v->lat_factor);
        fill = frac ? fraction_colour(*frac) : "#eeeeee";
        // The label names what made the cell bad: "0.50" (bandwidth fraction)
        // or "3.0x" (latency factor).
        const Thresholds& t = a.thresholds;
        if (v->bad && v->bw_fraction && *v->bw_fraction < t.min_bw_fraction)
          label = fmt::format("{:.2f}", *v->bw_fraction);
        else if (v->bad && v->lat_factor && *v->lat_factor > t.max_lat_factor)
          label = fmt::format("{:.1f}x", *v->lat_factor);
        else if (v->bad && !v->sample.probe_failures.empty()) {
          // Bad by the probe's own rules (counters, path MTU, marking)
          // whatever its figures: its own colour, "P".
          label = "P";
          fill = kProbeRuleFill;
        } else if (v->bad)
          label = "?";
      }
      std::string tip =
          fmt::format("{} -> {}", r.hosts[v->sample.pair.client], r.hosts[v->sample.pair.server]);
      if (v->sample.bw_gbps) tip += fmt::format(": {:.3g} Gb/s", *v->sample.bw_gbps);
      if (v->sample.lat_p50_us) tip += fmt::format(", p50 {:.3g} us", *v->sample.lat_p50_us);
      if (v->sample.error) tip += ": " + *v->sample.error;
      for (const std::string& why : v->reasons) tip += "; " + why;
      out += fmt::format(
          "<rect class=\"cell{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
          "stroke=\"#ffffff\" stroke-width=\"{}\"><title>{}</title></rect>\n",
          v->bad ? " bad" : "", x, y, cell, cell, fill, cell >= 8 ? 1 : 0, xml_escape(tip));
      if (!label.empty() && cell >= 16)
        out += fmt::format(
            "<text class=\"badlabel\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#ffffff\" "
            "font-weight=\"bold\">{}</text>\n",
            x + cell / 2, y + cell / 2 + 4, label);
    }
  }
  // Legend.
  int lx = margin + size + 20;
  out += fmt::format("<text x=\"{}\" y=\"{}\">fraction of median</text>\n", lx, top + 10);
  for (int k = 0; k <= 5; ++k) {
    double f = 1.0 - 0.1 * k;
    int y = top + 20 + k * 18;
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\"/><text x=\"{}\" "
        "y=\"{}\">{:.1f}{}</text>\n",
        lx, y, fraction_colour(f), lx + 20, y + 11, f, k == 5 ? " or less" : "");
  }
  int y = top + 20 + 6 * 18;
  out += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"#333333\"/><text x=\"{}\" "
      "y=\"{}\">test failed</text>\n",
      lx, y, lx + 20, y + 11);
  y += 18;
  out += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\"/><text x=\"{}\" "
      "y=\"{}\">P: probe rule failed</text>\n",
      lx, y, kProbeRuleFill, lx + 20, y + 11);
  y += 18;
  out += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"#eeeeee\"/><text x=\"{}\" "
      "y=\"{}\">not tested</text>\n",
      lx, y, lx + 20, y + 11);
  y += 30;
  for (const Finding& f : a.findings) {
    out += fmt::format("<text class=\"finding\" x=\"{}\" y=\"{}\" fill=\"#b00000\">{}</text>\n", lx,
                       y, xml_escape(finding_label(f, r.hosts)));
    y += 16;
  }
  out += "</svg>\n";
  return out;
}

std::string timeseries_svg(const std::string& title, const std::vector<Series>& series,
                           const std::vector<Span>& outages, double duration_s) {
  const int left = 70, width = 720, panel = 200, gap = 50, top = 40;
  const int legend_w = 200;
  int total_w = left + width + legend_w, total_h = top + 2 * panel + gap + 50;
  double t_max = std::max(duration_s, 1e-9);
  double bw_max = 0, lat_max = 0;
  for (const Series& s : series)
    for (const SeriesPoint& p : s.points) {
      if (p.bw_gbps) bw_max = std::max(bw_max, *p.bw_gbps);
      if (p.lat_p50_us) lat_max = std::max(lat_max, *p.lat_p50_us);
      t_max = std::max(t_max, p.t_s);
    }
  bw_max = bw_max > 0 ? bw_max * 1.1 : 1;
  lat_max = lat_max > 0 ? lat_max * 1.1 : 1;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "font-family=\"sans-serif\" font-size=\"11\">\n<title>{}</title>\n"
      "<text x=\"{}\" y=\"20\" font-size=\"14\">{}</text>\n",
      total_w, total_h, total_w, total_h, xml_escape(title), left, xml_escape(title));
  auto x_of = [&](double t) { return left + t / t_max * width; };
  struct Panel {
    const char* name;
    int y0;
    double max;
    bool bw;
  };
  for (const Panel& p : {Panel{"bandwidth (Gb/s)", top, bw_max, true},
                         Panel{"p50 latency (us)", top + panel + gap, lat_max, false}}) {
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#888888\"/>\n"
        "<text x=\"{}\" y=\"{}\" transform=\"rotate(-90 {} {})\" "
        "text-anchor=\"middle\">{}</text>\n",
        left, p.y0, width, panel, 20, p.y0 + panel / 2, 20, p.y0 + panel / 2, p.name);
    for (int k = 0; k <= 4; ++k) {
      double v = p.max * k / 4;
      double y = p.y0 + panel - panel * k / 4.0;
      out += fmt::format(
          "<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:.3g}</text><line x1=\"{}\" "
          "y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#dddddd\"/>\n",
          left - 4, y + 4, v, left, y, left + width, y);
    }
    for (const Span& o : outages) {
      double x0 = x_of(o.from_s), x1 = x_of(std::max(o.to_s, o.from_s));
      out += fmt::format(
          "<rect class=\"outage\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" "
          "fill=\"#ff0000\" fill-opacity=\"0.15\"><title>{}</title></rect>\n",
          x0, p.y0, std::max(1.0, x1 - x0), panel, xml_escape(o.label));
      if (p.bw)
        out += fmt::format(
            "<text class=\"outagelabel\" x=\"{:.1f}\" y=\"{}\" fill=\"#b00000\">{}</text>\n",
            x0 + 2, p.y0 + 12, xml_escape(o.label));
    }
    for (size_t i = 0; i < series.size(); ++i) {
      const char* colour = kPalette[i % std::size(kPalette)];
      // A failed sample breaks the line: no value is drawn where none was measured.
      std::vector<std::string> runs{""};
      for (const SeriesPoint& pt : series[i].points) {
        std::optional<double> v = p.bw ? pt.bw_gbps : pt.lat_p50_us;
        if (!v) {
          if (!runs.back().empty()) runs.push_back("");
          continue;
        }
        double y = p.y0 + panel - *v / p.max * panel;
        runs.back() +=
            fmt::format("{}{:.1f},{:.1f}", runs.back().empty() ? "" : " ", x_of(pt.t_s), y);
      }
      for (const std::string& pts : runs) {
        if (pts.empty()) continue;
        out += fmt::format(
            "<polyline class=\"series\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" "
            "points=\"{}\"><title>{}</title></polyline>\n",
            colour, pts, xml_escape(series[i].label));
        if (pts.find(' ') == std::string::npos) {  // a single point: show it
          auto comma = pts.find(',');
          out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"2\" fill=\"{}\"/>\n",
                             pts.substr(0, comma), pts.substr(comma + 1), colour);
        }
      }
    }
  }
  int axis_y = top + 2 * panel + gap + 16;
  for (int k = 0; k <= 4; ++k) {
    double t = t_max * k / 4;
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{:.0f} s</text>\n",
                       x_of(t), axis_y, t);
  }
  int ly = top + 10;
  for (size_t i = 0; i < series.size() && i < 24; ++i) {
    out += fmt::format(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"2\"/><text "
        "class=\"legend\" x=\"{}\" y=\"{}\">{}</text>\n",
        left + width + 12, ly, left + width + 30, ly, kPalette[i % std::size(kPalette)],
        left + width + 36, ly + 4, xml_escape(series[i].label));
    ly += 15;
  }
  if (series.size() > 24)
    out += fmt::format("<text x=\"{}\" y=\"{}\">... {} more pairs</text>\n", left + width + 12,
                       ly + 4, series.size() - 24);
  out += "</svg>\n";
  return out;
}

}  // namespace rocecfg::fabric
