// Rendering a probe run and its verdict: an aligned table for people and JSON
// for machines (same facts, same names).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "probe/runner.h"
#include "probe/verdict.h"

namespace rocecfg::probe {

std::string render_text(const ProbeReport& report, const Verdict& verdict);
nlohmann::json render_json(const ProbeReport& report, const Verdict& verdict);

}  // namespace rocecfg::probe
