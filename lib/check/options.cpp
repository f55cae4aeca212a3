#include "check/options.h"

#include <cmath>
#include <vector>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "check/rules.h"
#include "profile/toml_reader.h"

namespace rocecfg::check {

uint32_t rc_retry_budget_ms(unsigned timeout_exponent, unsigned retry_count) {
  double one_try_ms = 4.096e-3 * std::ldexp(1.0, static_cast<int>(timeout_exponent));
  return static_cast<uint32_t>(one_try_ms * (retry_count + 1));
}

CheckOptions read_check_options(const std::string& path, Diagnostics& diags) {
  CheckOptions o;
  o.job_tolerance_ms = rc_retry_budget_ms(kNcclIbTimeout, kNcclIbRetryCnt);
  o.job_tolerance_from =
      fmt::format("NCCL defaults: 4.096 us x 2^{} x {} tries", kNcclIbTimeout, kNcclIbRetryCnt + 1);
  toml::table root;
  try {
    root = toml::parse_file(path);
  } catch (const toml::parse_error&) {
    return o;  // the profile loader has reported it already
  }
  profile::TomlReader r(diags, path);
  const toml::table* t = r.table(root, "check", "");
  if (!t) return o;
  r.check_keys(*t, "check", {"waive", "job_tolerance_ms"});
  if (auto ms = r.integer(*t, "job_tolerance_ms", "check", 1, 3'600'000)) {
    o.job_tolerance_ms = static_cast<uint32_t>(*ms);
    o.job_tolerance_from = "profile [check] job_tolerance_ms";
  }
  if (const toml::node* w = t->get("waive")) {
    const toml::array* names = w->as_array();
    std::vector<std::string_view> known;
    for (const Rule& rule : rules()) known.push_back(rule.name);
    if (!names) {
      r.error(*w, "check.waive", "must be an array of rule names",
              fmt::format("{}", fmt::join(known, ", ")));
      return o;
    }
    for (const toml::node& n : *names) {
      std::optional<std::string> name = n.value<std::string>();
      if (name && find_rule(*name)) {
        o.waive.insert(*name);
        continue;
      }
      std::string hint = name ? profile::closest(*name, known) : "";
      r.error(n, "check.waive",
              name ? fmt::format("unknown rule {:?}{}", *name,
                                 hint.empty() ? "" : fmt::format(" (did you mean {:?}?)", hint))
                   : "must be a rule name",
              fmt::format("{}", fmt::join(known, ", ")));
    }
  }
  return o;
}

}  // namespace rocecfg::check
