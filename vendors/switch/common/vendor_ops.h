// The one way a switch adapter is written: a vendor fills a VendorOps table
// with what differs (transport, port grammar, read-back command, the render,
// parse, push and restore functions of its own files) and registers it, the
// way rdma-core providers fill an ops table. make_vendor_adapter() turns the
// table into the sw::Adapter the engine drives, so the six vendors share one
// adapter class and differ only in data and free functions.
//
// CLI vendors (EOS, NX-OS, Huawei CE, H3C) talk over an interactive shell and
// name ports in a grammar `single_port` matches ("Ethernet1/1", "100GE1/0/1");
// the Linux NOSes (Cumulus, SONiC) run one exec per command and bring their
// own interface check and expansion.
#pragma once

#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "model/qos.h"
#include "switch/adapter.h"

namespace rocecfg::sw {

struct VendorOps {
  std::string_view vendor;
  SessionKind session = SessionKind::shell;
  ShellDialect (*dialect)() = nullptr;  // SessionKind::shell only
  // Ports: either a single-port grammar (ranges expanded by cli::expand_ports)
  // or the vendor's own check and expansion.
  const std::regex& (*single_port)() = nullptr;
  bool (*valid_interface)(std::string_view) = nullptr;
  Result<std::vector<std::string>> (*expand_interfaces)(const std::vector<std::string>&) = nullptr;
  const char* fetch_command = "";  // "show running-config", "nv config show -o commands"
  model::KnobSet port_knobs = model::kDefaultPortKnobs;  // configured per interface
  // Headroom is sized by the switch itself (cable length and speed) on all
  // but SONiC; a knob here is planned as `unsupported`, never skipped.
  model::KnobSet unsupported_knobs = {model::Knob::buffers};
  // Adapter::ecn_as_fill_levels: ECN thresholds in percent of the queue.
  bool ecn_as_fill_levels = false;
  // Adapter::check_intent: documented ranges a profile may violate; the
  // vendor's render calls it too. nullptr: nothing to refuse up front.
  Status (*check_intent)(const model::Settings&) = nullptr;
  // Both take the platform (model/release) for forms that differ by model.
  model::Settings (*representable)(const Platform&, const model::Settings&, Diagnostics&) = nullptr;
  Result<std::vector<std::string>> (*render)(const Platform&, const model::Settings&,
                                             const std::vector<std::string>&, const plan::Plan&,
                                             Diagnostics&) = nullptr;
  Result<SwitchState> (*parse)(std::string_view) = nullptr;
  // Adapter::preflight: checks against the switch's own files before a push;
  // nullptr: none.
  Status (*preflight)(Session&, std::string_view config_text, const plan::Plan&) = nullptr;
  std::string (*preflight_read)() = nullptr;  // Adapter::preflight_read
  Status (*push)(Session&, const std::vector<std::string>&) = nullptr;
  Status (*persist)(Session&) = nullptr;  // nullptr: the apply persists by itself
  // Exact text restore after a verified failure (Adapter::restore_commands).
  std::optional<std::vector<std::string>> (*restore)(std::string_view before,
                                                     std::string_view now) = nullptr;
  std::string_view version_command = "";  // "" : forms do not differ by model
  Platform (*parse_version)(std::string_view) = nullptr;
  // Adapter::queue_form_command / parse_queue_form; nullptr: one form.
  std::string (*queue_form_command)(std::string_view port) = nullptr;
  std::string (*parse_queue_form)(std::string_view) = nullptr;
};

// An Adapter over `ops`, which must outlive it (a namespace-scope constant).
std::unique_ptr<Adapter> make_vendor_adapter(const VendorOps& ops);

}  // namespace rocecfg::sw
