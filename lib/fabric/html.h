// `rocecfg fabric --html FILE`: one self-contained HTML file a person opens
// (no network access, no external assets: styles inline, heat maps as inline
// SVG from svg.h, nothing fetched). In order: the verdict, the findings
// with what was seen / why it matters / the next step, one heat map per rail
// (all endpoints in one map without rails), the pairs table, the run's
// settings, and the run's JSON (the document `--json` prints as its payload)
// in <script type="application/json" id="report-json"> for tools.
// A few lines of inline script parse that JSON on load and mark the page
// (data-pairs on <html>), so a browser test sees the document as a browser
// reads it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fabric/report.h"

namespace rocecfg::fabric {

// "Why it matters" and "next step" for a finding of kind `k`.
struct Advice {
  std::string why, next;
};
Advice advice_for(FindingKind k);

// `settings`: what the run was asked ("profile", "lab.toml"), in order;
// `json`: the run's JSON document.
std::string html_report(const RunReport& r,
                        const std::vector<std::pair<std::string, std::string>>& settings,
                        const nlohmann::json& json);

}  // namespace rocecfg::fabric
