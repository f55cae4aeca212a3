// Which Cumulus text this is, by its own positive marks, or a refusal: the
// parser starts from factory defaults, so text it cannot identify would
// otherwise become "a switch with nothing changed". Three formats are read:
//
// - NVUE commands: lines `nv set ...` / `nv unset ...` (`nv config show -o
//   commands`, or a session typed from a guide, `sudo` allowed). NVUE
//   commands "all begin with nv" (CumulusNetworks/docs content/
//   cumulus-linux-511/System-Configuration/NVIDIA-User-Experience-NVUE/
//   NVUE-CLI.md @0bbf81aa, "Command Syntax"). Once identified, every line is
//   an nv command, a prompt line, or the output of a command a prompt line
//   shows; anything else is text of another kind and refused, located.
// - NVUE YAML (`nv config show`, /etc/nvue.d/startup.yaml): the top-level
//   list items `- header:` / `- set:` of that file (same page, "nv config
//   show"; the startup.yaml of the wild configs), or a fragment whose
//   top-level keys are all NVUE objects: acl, bridge, evpn, interface, mlag,
//   nve, platform, qos, router, service, system, vrf (same page, "Command
//   Completion" and the `nv set` command-group table). Inside, keys the reader
//   does not hold are passed over (nvue_yaml.cpp).
// - traffic.conf (CL 3.x/4.x; CL 5 keeps hashing and DoS keys in it): every
//   line `key = value`, at least one key of a documented family: traffic,
//   remark, source, priority_group, pfc, link_pause, ecn_red, ecn, scheduling,
//   dos_enable, cut_through_enable, resilient_hash_*, symmetric_hash_enable,
//   sflow, ecmp_max_paths, ecmp_hash_seed, hash_config, lag_hash_config,
//   forwarding_table (the example traffic.conf of CumulusNetworks/docs
//   content/cumulus-linux-43/Layer-1-and-Switch-Ports/Buffer-and-Queue-
//   Management/_index.md @048c9871; the CL 5.4 file in the wild configs).
//   Keys of other families are passed over (traffic_conf.cpp).
//
// Before that, the capture is cleaned (common/capture.h): a uniform indent is
// removed, prompt lines are dropped (a prompt typing `nv set` keeps its
// command), and the output of a shown command is known as such. Text with
// marks of two formats, or of none, is refused with the line that decided.
#include <array>

#include <fmt/format.h>

#include "common/capture.h"
#include "cumulus/cumulus.h"

namespace rocecfg::sw::cumulus {

namespace {

constexpr std::string_view kExpected =
    "`nv config show -o commands` or nv set commands, NVUE YAML (`nv config show`, "
    "/etc/nvue.d/startup.yaml) or /etc/cumulus/datapath/traffic.conf";

std::string_view trim(std::string_view s) {
  size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

std::unexpected<Error> refuse(size_t line, std::string_view text, std::string_view why) {
  std::string shown(text.substr(0, 120));
  if (text.size() > 120) shown += "...";
  return fail(ErrorKind::invalid_input, "not a cumulus config",
              fmt::format("line {}: {} ({}; expected {})", line, shown, why, kExpected));
}

bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

}  // namespace

std::string_view nv_command(std::string_view line) {
  line = trim(line);
  if (line.starts_with("sudo ")) line = trim(line.substr(5));
  return line.starts_with("nv ") ? line : std::string_view();
}

std::optional<std::string> traffic_conf_key(std::string_view line) {
  size_t eq = line.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  std::string_view key = trim(line.substr(0, eq));
  if (key.empty()) return std::nullopt;
  for (char c : key)
    if (!ident_char(c) && c != '.') return std::nullopt;
  return std::string(key);
}

std::string traffic_conf_family(std::string_view key) {
  std::string family(key.substr(0, key.find('.')));
  if (family.ends_with("_port_group")) family.resize(family.size() - 11);
  return family;
}

bool traffic_conf_documented(std::string_view family) {
  static constexpr std::array<std::string_view, 21> kFamilies{"traffic",
                                                              "remark",
                                                              "source",
                                                              "priority_group",
                                                              "pfc",
                                                              "link_pause",
                                                              "ecn_red",
                                                              "ecn",
                                                              "scheduling",
                                                              "dos_enable",
                                                              "cut_through_enable",
                                                              "resilient_hash_enable",
                                                              "resilient_hash_entries_ecmp",
                                                              "symmetric_hash_enable",
                                                              "sflow",
                                                              "ecmp_max_paths",
                                                              "ecmp_hash_seed",
                                                              "hash_config",
                                                              "lag_hash_config",
                                                              "forwarding_table",
                                                              "resilient_hash_entries"};
  for (std::string_view f : kFamilies)
    if (family == f) return true;
  return false;
}

bool nvue_object(std::string_view key) {
  static constexpr std::array<std::string_view, 12> kObjects{
      "acl",      "bridge", "evpn",   "interface", "mlag",   "nve",
      "platform", "qos",    "router", "service",   "system", "vrf"};
  for (std::string_view o : kObjects)
    if (key == o) return true;
  return false;
}

Result<Backup> recognise_backup(std::string_view text) {
  auto lines = config_lines(text, "cumulus");
  if (!lines) return std::unexpected(lines.error());
  remove_common_indent(*lines);
  Backup out;
  // Prompt lines: `... $ nv set ...` is a typed command and stays; any other
  // command's output follows it until the next prompt.
  std::vector<bool> output(lines->size(), false);
  bool in_output = false;
  for (size_t i = 0; i < lines->size(); ++i) {
    std::string& l = (*lines)[i];
    if (auto cmd = shell_prompt_command(trim(l))) {
      std::string_view nv = nv_command(*cmd);
      bool typed = nv.starts_with("nv set ") || nv.starts_with("nv unset ");
      in_output = !typed && !cmd->empty();
      l = typed ? std::string(nv) : std::string();
      if (!typed) ++out.passed_over;
      continue;
    }
    output[i] = in_output;
  }
  size_t nv_line = 0, yaml_mark = 0, traffic_line = 0, yaml_top = 0, first = 0;
  for (size_t i = 0; i < lines->size(); ++i) {
    std::string_view t = trim((*lines)[i]);
    if (t.empty() || t.front() == '#') continue;
    if (!first) first = i + 1;
    if (!nv_command(t).empty()) {
      if (!nv_line) nv_line = i + 1;
    } else if ((*lines)[i].starts_with("- header:") || (*lines)[i].starts_with("- set:")) {
      if (!yaml_mark) yaml_mark = i + 1;
    } else if (auto key = traffic_conf_key(t);
               key && traffic_conf_documented(traffic_conf_family(*key))) {
      if (!traffic_line) traffic_line = i + 1;
    } else if (std::string_view l = (*lines)[i]; !yaml_top && l.front() != ' ' &&
                                                 l.ends_with(":") &&
                                                 nvue_object(l.substr(0, l.size() - 1))) {
      yaml_top = i + 1;
    }
  }
  auto line_text = [&](size_t n) { return trim((*lines)[n - 1]); };
  size_t marks = (nv_line > 0) + (yaml_mark || yaml_top) + (traffic_line > 0);
  if (marks > 1) {
    size_t a = nv_line ? nv_line : yaml_mark ? yaml_mark : yaml_top;
    size_t b = traffic_line ? traffic_line : yaml_mark ? yaml_mark : yaml_top;
    return refuse(b, line_text(b),
                  fmt::format("marks of two formats: line {} is of another one", a));
  }
  if (marks == 0) {
    if (!first)
      return fail(ErrorKind::invalid_input, "not a cumulus config",
                  fmt::format("no configuration statement in the text (expected {})", kExpected));
    return refuse(first, line_text(first),
                  "not an NVUE command, NVUE YAML or a documented traffic.conf key");
  }
  for (size_t i = 0; i < lines->size(); ++i) {
    std::string_view t = trim((*lines)[i]);
    if (t.empty() || t.front() == '#') continue;
    if (nv_line) {
      // Output of a command the capture shows is passed over; a line of
      // no command is another text.
      if (!nv_command(t).empty()) continue;
      if (!output[i]) return refuse(i + 1, t, "not an `nv` command and no command's output");
      ++out.passed_over;
      (*lines)[i].clear();
    } else if (traffic_line) {
      if (!traffic_conf_key(t)) return refuse(i + 1, t, "not a traffic.conf `key = value` line");
    } else if (yaml_top && !yaml_mark && (*lines)[i].front() != ' ' &&
               (*lines)[i].front() != '\t') {
      // A fragment: every top-level key is an NVUE object.
      std::string_view l = (*lines)[i];
      if (!l.ends_with(":") || !nvue_object(l.substr(0, l.size() - 1)))
        return refuse(i + 1, t, "a fragment's top-level keys are NVUE objects");
    }
  }
  out.kind = nv_line        ? BackupKind::nv_commands
             : traffic_line ? BackupKind::traffic_conf
             : yaml_mark    ? BackupKind::startup_yaml
                            : BackupKind::yaml_fragment;
  for (const std::string& l : *lines) out.text += l + "\n";
  return out;
}

}  // namespace rocecfg::sw::cumulus
