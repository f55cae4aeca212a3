#include "fabric/html.h"

#include <fmt/format.h>

#include "fabric/svg.h"

namespace rocecfg::fabric {
namespace {

// HTML text and attribute values escape as XML's (svg.h).
std::string esc(const std::string& s) {
  return xml_escape(s);
}

std::string opt(const std::optional<double>& v, const char* unit) {
  return v ? fmt::format("{:.3g} {}", *v, unit) : std::string("-");
}

// The run cut to one rail: its endpoints as hosts, its pairs, its median.
RunReport rail_report(const RunReport& r, size_t ri) {
  const RailLayout& l = *r.rails;
  const std::vector<size_t>& members = l.members[ri];
  std::vector<size_t> local(l.endpoints(), SIZE_MAX);
  RunReport out;
  out.pattern = r.pattern;
  out.rounds = r.rounds;
  out.notes = r.notes;
  out.seconds = r.seconds;
  for (size_t k = 0; k < members.size(); ++k) {
    local[members[k]] = k;
    out.hosts.push_back(r.hosts[members[k]]);
  }
  out.analysis.thresholds = r.analysis.thresholds;
  if (ri < r.analysis.rails.size()) out.analysis.reference = r.analysis.rails[ri].reference;
  for (const PairVerdict& v : r.analysis.pairs) {
    size_t c = v.sample.pair.client, s = v.sample.pair.server;
    if (c >= local.size() || s >= local.size() || local[c] == SIZE_MAX || local[s] == SIZE_MAX)
      continue;
    PairVerdict mine = v;
    mine.sample.pair = Pair{local[c], local[s]};
    out.analysis.pairs.push_back(std::move(mine));
    out.samples.push_back(out.analysis.pairs.back().sample);
  }
  return out;
}

// Under a finding; the pairs table lists them all.
constexpr size_t kMaxListedPairs = 8;

const char* kStyle = R"(body{font-family:sans-serif;margin:1.5em;color:#222}
h1 .PASS{color:#2a7d2a}h1 .FAIL{color:#b3261e}h1 .UNKNOWN{color:#8a6d00}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left;font-size:13px}
tr.bad td{background:#fdecea}.finding{border-left:4px solid #b3261e;padding:.2em 1em;margin:1em 0;background:#fafafa}
.finding h3{margin:.3em 0}.maps{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0}
figcaption{font-weight:bold;margin-bottom:.3em})";

}  // namespace

Advice advice_for(FindingKind k) {
  switch (k) {
    case FindingKind::host:
      return {
          "every test with this host is bad, on every rail it has: the host itself (its "
          "NICs' settings, driver, PCIe, CPU), not one cable or switch",
          "run `rocecfg doctor PROFILE --inventory INV` on the host, then `rocecfg probe "
          "--rails --peer` a good host; drain it until it passes"};
    case FindingKind::nic:
      return {
          "one NIC is bad with every partner on its rail while the host's other rails are "
          "fine: that NIC, its cable or optic, or its leaf port",
          "`rocecfg doctor PROFILE --inventory INV` on the host (cabling, counters), the "
          "leaf port's counters (`rocecfg counters`), then reseat or replace the cable"};
    case FindingKind::rail:
      return {
          "every pair on the rail is slow alike against the other rails: the rail's leaf "
          "or spine, not a host",
          "`rocecfg counters PROFILE --inventory INV` and `rocecfg audit` on the rail's "
          "switches"};
    case FindingKind::link:
      return {
          "one pair is bad while each end is fine with other partners: the path between "
          "them (cable, switch port, a spine path)",
          "`rocecfg probe` between the two ends, then the counters of the switch ports on "
          "their path"};
    case FindingKind::cabling:
      return {
          "lldpd on the host hears another switch port on this NIC than the inventory "
          "names: a moved or swapped cable (or a stale inventory); its rail's traffic lands "
          "on the wrong leaf while every link looks clean",
          "check the cable at both ends named here, move it back (or correct the "
          "inventory), then `rocecfg gate` on the host"};
    case FindingKind::unresolved:
      return {
          "a bad pair whose ends were not seen with anyone else: host and link cannot be "
          "told apart",
          "rerun with `--pattern all` so each end meets other partners"};
  }
  return {};
}

std::string html_report(const RunReport& r,
                        const std::vector<std::pair<std::string, std::string>>& settings,
                        const nlohmann::json& json) {
  const Analysis& a = r.analysis;
  const std::string verdict = verdict_of(r);
  auto name = [&](size_t i) { return i < r.hosts.size() ? esc(r.hosts[i]) : std::string("?"); };
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>rocecfg fabric: {}</title>\n<style>\n{}\n</style>\n</head>\n<body>\n"
      "<h1>rocecfg fabric: <span class=\"{}\" id=\"verdict\">{}</span></h1>\n",
      verdict, kStyle, verdict, verdict);
  out += fmt::format(
      "<p>{} endpoints, pattern {}, {} rounds, {} tests in {:.1f} s; {} findings, {} bad "
      "pairs, {} failed tests.</p>\n",
      r.hosts.size(), to_string(r.pattern), r.rounds.size(), r.samples.size(), r.seconds,
      a.findings.size(), a.bad_pairs, a.failed_pairs);

  out += "<section id=\"findings\">\n<h2>Findings</h2>\n";
  if (a.findings.empty()) out += "<p>No finding.</p>\n";
  for (const Finding& f : a.findings) {
    const std::string label = finding_label(f, r.hosts);
    Advice adv = advice_for(f.kind);
    out += fmt::format(
        "<div class=\"finding\" data-label=\"{}\">\n<h3>{}</h3>\n"
        "<p><b>What:</b> {}</p>\n<p><b>Why it matters:</b> {}</p>\n"
        "<p><b>Next step:</b> {}</p>\n",
        esc(label), esc(label), esc(f.why), esc(adv.why), esc(adv.next));
    // The pairs that show it, with their reasons (a rail's pairs are slow
    // alike and carry none: its figures are in its map).
    std::vector<std::string> shown;
    for (size_t i : f.pairs) {
      if (i >= a.pairs.size() || a.pairs[i].reasons.empty()) continue;
      const PairVerdict& v = a.pairs[i];
      std::string reasons;
      for (const std::string& why : v.reasons) reasons += (reasons.empty() ? "" : "; ") + why;
      shown.push_back(fmt::format("<li>{} &rarr; {}: {}</li>\n", name(v.sample.pair.client),
                                  name(v.sample.pair.server), esc(reasons)));
    }
    if (!shown.empty()) {
      out += "<ul>\n";
      for (size_t k = 0; k < shown.size() && k < kMaxListedPairs; ++k) out += shown[k];
      if (shown.size() > kMaxListedPairs)
        out +=
            fmt::format("<li>and {} more (the pairs table)</li>\n", shown.size() - kMaxListedPairs);
      out += "</ul>\n";
    }
    out += "</div>\n";
  }
  if (r.cabling && r.cabling->declared > 0) {
    out += fmt::format(
        "<p id=\"cabling\">Cabling: {} of {} NICs on the switch port the inventory names.</p>\n",
        r.cabling->checked, r.cabling->declared);
    if (!r.cabling->not_checked.empty()) {
      out += "<p>Not checked (no evidence either way):</p>\n<ul>\n";
      for (const std::string& u : r.cabling->not_checked) out += "<li>" + esc(u) + "</li>\n";
      out += "</ul>\n";
    }
  }
  out += "</section>\n";

  out += "<section id=\"maps\">\n<h2>Heat maps</h2>\n<div class=\"maps\">\n";
  if (r.rails && r.rails->rails.size() > 0 && r.rails->multi_rail()) {
    for (size_t ri = 0; ri < r.rails->rails.size(); ++ri)
      out += fmt::format(
          "<figure class=\"map\" id=\"rail-{}\" data-rail=\"{}\">\n<figcaption>rail "
          "{}</figcaption>\n{}</figure>\n",
          r.rails->rails[ri], r.rails->rails[ri], r.rails->rails[ri],
          heatmap_svg(rail_report(r, ri)));
  } else {
    out += fmt::format(
        "<figure class=\"map\" id=\"all\">\n<figcaption>all endpoints</figcaption>\n{}</figure>\n",
        heatmap_svg(r));
  }
  out += "</div>\n</section>\n";

  out +=
      "<section id=\"pairs\">\n<h2>Pairs</h2>\n<table>\n<tr><th>round</th><th>client</th>"
      "<th>server</th><th>bandwidth</th><th>of median</th><th>p50 latency</th>"
      "<th>x median</th><th>reasons</th></tr>\n";
  for (const PairVerdict& v : a.pairs) {
    std::string reasons;
    for (const std::string& why : v.reasons) reasons += (reasons.empty() ? "" : "; ") + why;
    out += fmt::format(
        "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td></tr>\n",
        v.bad ? " class=\"bad\"" : "", v.sample.round + 1, name(v.sample.pair.client),
        name(v.sample.pair.server), opt(v.sample.bw_gbps, "Gb/s"),
        v.bw_fraction ? fmt::format("{:.2f}", *v.bw_fraction) : "-", opt(v.sample.lat_p50_us, "us"),
        v.lat_factor ? fmt::format("{:.2f}", *v.lat_factor) : "-", esc(reasons));
  }
  out += "</table>\n</section>\n";

  out += "<section id=\"settings\">\n<h2>Run settings</h2>\n<table>\n";
  for (const auto& [k, v] : settings)
    out += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", esc(k), esc(v));
  out += fmt::format("<tr><th>median bandwidth</th><td>{}</td></tr>\n",
                     opt(a.reference.bw_gbps, "Gb/s"));
  out += fmt::format("<tr><th>median p50 latency</th><td>{}</td></tr>\n",
                     opt(a.reference.lat_p50_us, "us"));
  out += fmt::format(
      "<tr><th>a pair is bad</th><td>bandwidth &lt; {} x or latency &gt; {} x its median, a "
      "failed test, or a failed probe rule (counters, path MTU, marking)</td></tr>\n",
      a.thresholds.min_bw_fraction, a.thresholds.max_lat_factor);
  if (!a.rails.empty())
    out += fmt::format(
        "<tr><th>a rail is bad</th><td>bandwidth &lt; {} x or latency &gt; {} x the other "
        "rails' median</td></tr>\n",
        a.thresholds.rail_min_bw_fraction, a.thresholds.rail_max_lat_factor);
  for (const std::string& n : r.notes)
    out += fmt::format("<tr><th>note</th><td>{}</td></tr>\n", esc(n));
  out += "</table>\n</section>\n";

  // The JSON inside <script>: "</" would end the element early, so every
  // '<' is written as its JSON escape (the text stays the same JSON).
  std::string text = json.dump(1);
  std::string safe;
  for (char c : text) safe += c == '<' ? std::string("\\u003c") : std::string(1, c);
  out += "<script type=\"application/json\" id=\"report-json\">\n" + safe + "\n</script>\n";
  out +=
      "<script>\n"
      "try { const j = JSON.parse(document.getElementById('report-json').textContent);\n"
      "  document.documentElement.dataset.pairs = String((j.pairs || []).length); }\n"
      "catch (e) { document.documentElement.dataset.pairs = 'unreadable'; }\n"
      "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace rocecfg::fabric
