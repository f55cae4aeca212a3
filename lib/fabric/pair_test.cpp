#include "fabric/pair_test.h"

#include <algorithm>

#include <fmt/format.h>

#include "fabric/probe_rules.h"
#include "probe/from_intent.h"

namespace rocecfg::fabric {

PairTest pair_test_from(const profile::Intent& intent) {
  // The profile's probe, as every verb reads it (probe/from_intent.h).
  probe::ProbeConfig pc = probe::probe_config_for(intent);
  PairTest t;
  if (!pc.sizes_bytes.empty()) {
    auto [lo, hi] = std::minmax_element(pc.sizes_bytes.begin(), pc.sizes_bytes.end());
    t.lat_size_bytes = *lo;
    t.bw_size_bytes = *hi;
  }
  t.duration_ms = pc.duration_ms;
  t.timeout_ms = pc.timeout_ms;
  // A round runs its tests at once; on a shared or emulated host one test
  // can see no completion for seconds while the others run. The per-test
  // timeout still bounds it; the stall limit is half of it, not the
  // single-probe default.
  t.stall_ms = std::max(pc.stall_ms, pc.timeout_ms / 2);
  t.tos = pc.tos;
  t.expect = probe::expectations_for(intent);
  return t;
}

std::vector<std::string> probe_client_args(const PairTest& t, bool bandwidth,
                                           const std::string& device, const std::string& addr,
                                           uint16_t port) {
  std::vector<std::string> a{"--json", "--peer", addr, "--port", std::to_string(port)};
  if (!device.empty()) a.insert(a.end(), {"--device", device});
  a.insert(a.end(),
           {"--mode", bandwidth ? "bw" : "lat", "--size",
            std::to_string(bandwidth ? t.bw_size_bytes : t.lat_size_bytes), "--duration-ms",
            std::to_string(t.duration_ms), "--timeout-ms", std::to_string(t.timeout_ms),
            "--stall-ms", std::to_string(t.stall_ms), "--tos", std::to_string(t.tos)});
  std::vector<std::string> judging = judging_args(t.expect);
  a.insert(a.end(), judging.begin(), judging.end());
  return a;
}

std::vector<std::string> probe_server_args(const std::string& device, const std::string& bind,
                                           uint16_t port) {
  std::vector<std::string> a{"--server", "--port", std::to_string(port)};
  if (!bind.empty()) a.insert(a.end(), {"--bind", bind});
  if (!device.empty()) a.insert(a.end(), {"--device", device});
  return a;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

Result<ProbeFigures> parse_probe_json(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    return fail("probe", fmt::format("no JSON from rocecfg probe: {}",
                                     text.substr(0, std::min<size_t>(text.size(), 200))));
  // rocecfg --json wraps the report in its envelope (cmd/output.h): the
  // report is the payload, a failed run says why in error.message.
  if (j.contains("error") && j["error"].is_object() && j["error"].contains("message"))
    return fail("probe", j["error"]["message"].get<std::string>());
  const nlohmann::json* report = &j;
  if (j.contains("payload") && j["payload"].is_object()) report = &j["payload"];
  if (!report->contains("tests") || !(*report)["tests"].is_array())
    return fail("probe", "rocecfg probe JSON has no tests");
  ProbeFigures f;
  for (const nlohmann::json& t : (*report)["tests"]) {
    if (t.contains("error")) return fail("probe", t["error"].get<std::string>());
    if (t.contains("bandwidth")) f.bw_gbps = t["bandwidth"].value("gbps", 0.0);
    if (t.contains("latency")) f.lat_p50_us = t["latency"].value("median_us", 0.0);
  }
  if (!f.bw_gbps && !f.lat_p50_us) return fail("probe", "rocecfg probe measured nothing");
  if (report->contains("verdict")) f.probe_failures = probe_rule_failures((*report)["verdict"]);
  return f;
}

Sample run_remote_pair(const PairTest& t, const std::string& client_name,
                       const RunClient& run_client) {
  Sample s;
  for (bool bw : {true, false}) {
    if (bw ? !t.bandwidth : !t.latency) continue;
    auto out = run_client(bw);
    if (!out) {
      s.error = fmt::format("{}: {}", client_name, out.error());
      return s;
    }
    auto fig = parse_probe_json(*out);
    if (!fig) {
      s.error = fmt::format("{}: {}", client_name, fig.error().message);
      return s;
    }
    if (bw)
      s.bw_gbps = fig->bw_gbps;
    else
      s.lat_p50_us = fig->lat_p50_us;
    s.probe_failures.insert(s.probe_failures.end(), fig->probe_failures.begin(),
                            fig->probe_failures.end());
  }
  return s;
}

}  // namespace rocecfg::fabric
