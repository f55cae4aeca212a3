// The class-of-service objects of a Junos configuration as parse.cpp collects
// them, and how the bindings on each interface turn them into rocecfg's
// model (parse_model.cpp). Names are Junos's own; nothing is assumed about
// them (a JVD's `NO-LOSS`/`mydscp`/`cnp` read like rocecfg's own names).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "junos.h"

namespace rocecfg::sw::junos {

struct ForwardingClass {
  std::optional<unsigned> queue;
  bool no_loss = false;
  std::optional<unsigned> pfc_priority;
};

struct CongestionProfile {
  std::set<unsigned> input_pcp;                              // input ieee-802.1 code-point b pfc
  std::set<unsigned> input_dscp;                             // input dscp code-point B pfc
  std::map<unsigned, std::set<unsigned>> output_pcp_queues;  // output ieee-802.1 -> queues
  bool watchdog = false;
  std::optional<unsigned> poll_ms, detection_polls, recovery_ms;
  std::optional<std::string> action;
};

struct Scheduler {
  std::optional<std::string> priority;  // "strict-high", "low", ...
  std::optional<unsigned> rate_percent;
  bool ecn = false;
  std::optional<std::string> drop_profile;
};

// `drop-profiles D interpolate fill-level [..] drop-probability [..]`, the
// points in the order written.
struct DropProfile {
  std::vector<unsigned> fill_percent, probability_percent;
  bool other = false;  // a form not read (segmented fill-level, decimals)
};

struct CosBinding {
  std::optional<std::string> congestion_profile, scheduler_map, dscp_classifier, pcp_classifier;
  void overlay(const CosBinding& o) {
    if (o.congestion_profile) congestion_profile = o.congestion_profile;
    if (o.scheduler_map) scheduler_map = o.scheduler_map;
    if (o.dscp_classifier) dscp_classifier = o.dscp_classifier;
    if (o.pcp_classifier) pcp_classifier = o.pcp_classifier;
  }
};

class CosModel {
 public:
  // One statement under class-of-service: "" when read, else why not.
  std::string read_cos(const Statement& s);
  // One statement under interfaces: true when it names a port of ours
  // (read or not), false when it is another interface (passed over).
  bool read_interface(const Statement& s);
  // Per port and switch-wide settings into `state`.
  void resolve(SwitchState& state) const;

 private:
  std::string read_classifier(const Statement& s, size_t at);
  std::string read_congestion(const Statement& s, size_t at);
  std::string read_scheduler(const Statement& s, size_t at);
  std::string read_binding(const Statement& s, size_t at);
  std::string read_drop_profile(const Statement& s, size_t at);
  // The ECN thresholds of a drop profile as rocecfg states them: two points,
  // marking from 0 % at the first fill level to P % at the second; else why
  // not.
  std::variant<model::Ecn, std::string> ecn_of(const std::string& drop_profile) const;

  std::map<std::string, ForwardingClass> classes_;
  std::map<std::string, std::map<unsigned, std::string>> dscp_classifiers_;  // code point -> class
  std::map<std::string, std::map<unsigned, std::string>> pcp_classifiers_;
  std::map<std::string, CongestionProfile> congestion_;
  std::map<std::string, Scheduler> schedulers_;
  std::map<std::string, std::map<std::string, std::string>> scheduler_maps_;  // class -> scheduler
  std::map<std::string, DropProfile> drop_profiles_;
  std::map<std::string, CosBinding> bindings_;  // interface (or wildcard "et-*") -> binding
  std::map<std::string, uint32_t> mtu_;
  std::set<std::string> ports_;  // physical ports the configuration names
  // shared-buffer ingress|egress buffer-partition NAME percent N:
  // (direction, partition) -> N.
  std::map<std::pair<std::string, std::string>, unsigned> partition_percent_;
  void resolve_shared_buffer(SwitchState& state) const;
};

}  // namespace rocecfg::sw::junos
