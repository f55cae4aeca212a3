#include "model/congestion.h"

namespace rocecfg::model {

const char* to_string(CongestionAlgorithm a) {
  switch (a) {
    case CongestionAlgorithm::dcqcn:
      return "dcqcn";
    case CongestionAlgorithm::pfc_only:
      return "pfc-only";
    case CongestionAlgorithm::programmable:
      return "programmable";
  }
  return "?";
}

std::optional<CongestionAlgorithm> congestion_algorithm_from(std::string_view name) {
  for (CongestionAlgorithm a : {CongestionAlgorithm::dcqcn, CongestionAlgorithm::pfc_only,
                                CongestionAlgorithm::programmable})
    if (name == to_string(a)) return a;
  return std::nullopt;
}

std::optional<CongestionAlgorithm> intended_congestion(std::optional<CongestionAlgorithm> stated,
                                                       const Settings& s) {
  if (stated) return stated;
  if (s.dcqcn) return s.dcqcn->enabled ? CongestionAlgorithm::dcqcn : CongestionAlgorithm::pfc_only;
  if (s.ecn) return CongestionAlgorithm::dcqcn;
  return std::nullopt;
}

CongestionRule congestion_rule(std::optional<CongestionAlgorithm> algorithm) {
  CongestionRule r;
  if (!algorithm) {
    r.name = "not stated";
    return r;
  }
  switch (*algorithm) {
    case CongestionAlgorithm::dcqcn:
      r = {true, false, true, true, true, "DCQCN"};
      break;
    case CongestionAlgorithm::pfc_only:
      r = {false, true, false, false, true, "PFC-only (no DCQCN)"};
      break;
    case CongestionAlgorithm::programmable:
      // Its signals are the NIC's own (RTT probes, switch telemetry): CE
      // marks may feed it, CNP counters need not move. Nothing to expect.
      r = {false, false, false, true, false, "programmable congestion control"};
      break;
  }
  return r;
}

}  // namespace rocecfg::model
