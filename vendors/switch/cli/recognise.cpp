#include "recognise.h"

#include <algorithm>
#include <cctype>
#include <mutex>

#include <fmt/format.h>

#include "capture.h"

namespace rocecfg::sw::cli {

std::string_view interface_arg(std::string_view text) {
  if (!text.starts_with("interface ")) return {};
  return text.substr(10);
}

bool name_shape(std::string_view name, std::string_view prefix, int min, int max) {
  if (!name.starts_with(prefix)) return false;
  size_t i = prefix.size();
  int parts = 0;
  while (true) {
    size_t start = i;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) ++i;
    if (i == start) return false;
    ++parts;
    if (i == name.size() || name[i] == ' ' || name[i] == ',') break;
    if (name[i] == '-' && parts >= min) break;  // a range "Ethernet1/1-4"
    if ((name[i] == ':' || name[i] == '.') && parts >= min) {
      ++i;  // breakout or subinterface: one more number ends the name
      while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) ++i;
      break;
    }
    if (name[i] != '/') return false;
    ++i;
  }
  return parts >= min && parts <= max;
}

bool starts_with_statement(std::string_view text,
                           std::initializer_list<std::string_view> statements) {
  for (std::string_view s : statements)
    if (starts_with_words(text, s)) return true;
  return false;
}

namespace {

std::vector<const Marks*>& registry() {
  static std::vector<const Marks*> r;
  return r;
}
std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

bool starts(std::string_view s, std::string_view p) {
  return s.starts_with(p);
}

// --- Foreign formats: what they print that none of the four CLI vendors
// does. Sources: the foreign files of ../shared/wild-configs (README names
// each one's repository, path and commit) and each vendor's documentation
// named below. ---

// Juniper Junos is a vendor of its own now: its marks are registered by
// vendors/switch/junos/parse.cpp (junos_mark), so every CLI reader still
// refuses Junos text by them.

// Nokia SR Linux (`enter candidate`, `set / ...`) and SR OS classic CLI
// (`# TiMOS-...` header, `exit all`, `echo "..."` section titles).
std::string nokia(const MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment && starts(t, "# TiMOS-")) return "a Nokia SR OS header";
  if (!l.top()) return "";
  if (starts(t, "set / ") || t == "enter candidate" || starts(t, "commit now"))
    return "a Nokia SR Linux line";
  if (t == "exit all" || starts(t, "echo \"")) return "a Nokia SR OS line";
  return "";
}

// Dell OS10 (interface names with three numbers after a lowercase type:
// `ethernet1/1/1`, `mgmt1/1/1`; VLT), Aruba AOS-CX (`!Version ArubaOS-CX`,
// `interface 1/1/1`, `interface lag 1`).
std::string dell_aruba(const MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment && (starts(t, "!Version ArubaOS-CX") || starts(t, "!export-password")))
    return "an Aruba AOS-CX header";
  if (l.comment && starts(t, "! Version 10.")) return "a Dell OS10 header";
  std::string_view n = interface_arg(t);
  if (n.empty()) return starts(t, "vlt-domain") && l.top() ? "a Dell OS10 VLT statement" : "";
  if (name_shape(n, "ethernet", 3, 3) || name_shape(n, "mgmt", 3, 3))
    return "a Dell OS10 interface name";
  if (name_shape(n, "", 3, 3) || starts(n, "lag ")) return "an Aruba AOS-CX interface name";
  return "";
}

// NVIDIA Onyx (`## ...` section headers, `interface mlag-port-channel`,
// settings on the interface line itself: `interface ethernet 1/1 mtu 9216`);
// Extreme SLX / NetIron (`system-max`, `port-name` under an interface,
// `interface ve N`).
std::string onyx_extreme(const MarkLine& l) {
  std::string_view t = l.text;
  // Junos heads its configuration with `## Last commit: ...` / `## Last
  // changed: ...` (a Junos mark, junos/parse.cpp), not an Onyx section.
  if (l.comment && starts(t, "## ") && !starts(t, "## Last commit:") &&
      !starts(t, "## Last changed:"))
    return "an NVIDIA Onyx section header";
  if (!l.parent.empty() && starts(t, "port-name ")) return "an Extreme NetIron port name";
  if (!l.top()) return "";
  std::string_view n = interface_arg(t);
  if (starts(n, "mlag-port-channel")) return "an NVIDIA Onyx interface name";
  if (starts(n, "ethernet ") && std::count(t.begin(), t.end(), ' ') >= 3)
    return "an NVIDIA Onyx interface statement";
  if (starts(n, "ve ")) return "an Extreme NetIron interface name";
  if (starts(t, "system-max ") || starts(t, "protocol mlag") || starts(t, "lag \""))
    return "an NVIDIA Onyx or Extreme statement";
  return "";
}

// Cisco IOS / IOS-XE (`version 17.1` without NX-OS's parentheses, `Building
// configuration...`, `interface GigabitEthernet1`) and IOS-XR (`!! IOS XR
// Configuration`, four-number interface names, `Bundle-Ether`).
std::string cisco(const MarkLine& l) {
  std::string_view t = l.text;
  if (l.comment && starts(t, "!! IOS XR")) return "a Cisco IOS-XR header";
  if (starts(t, "Building configuration") || starts(t, "Current configuration :"))
    return "a Cisco IOS header";
  if (!l.top()) return "";
  if (starts(t, "version ") && t.size() > 8 && std::isdigit(static_cast<unsigned char>(t[8])) &&
      t.find('(') == std::string_view::npos && t.find(',') == std::string_view::npos &&
      std::count(t.begin(), t.end(), '.') == 1)
    return "a Cisco IOS version line";
  std::string_view n = interface_arg(t);
  if (n.empty()) return "";
  if (name_shape(n, "GigabitEthernet", 1, 2) || name_shape(n, "FastEthernet", 1, 3) ||
      name_shape(n, "TenGigabitEthernet", 1, 3) || name_shape(n, "Port-channel", 1, 1))
    return "a Cisco IOS interface name";
  for (std::string_view p : {"GigabitEthernet", "TenGigE", "HundredGigE", "FortyGigE",
                             "FourHundredGigE", "TwentyFiveGigE"})
    if (name_shape(n, p, 4, 4)) return "a Cisco IOS-XR interface name";
  if (starts(n, "Bundle-Ether") || starts(n, "MgmtEth") || starts(n, "BVI"))
    return "a Cisco IOS-XR interface name";
  return "";
}

// Not a switch configuration at all: JSON, YAML, /etc/passwd, prose and
// markdown.
std::string not_cli(const MarkLine& l) {
  std::string_view t = l.text;
  if (l.prompt) return "";
  // A comment line is the vendor's own ("# Shape of ..." in a Huawei file);
  // "# Heading" as a statement is where `#` comments nothing (EOS, NX-OS).
  if (l.top() && t.size() > 2 && t[0] == '#' && t[1] == ' ' &&
      std::isalpha(static_cast<unsigned char>(t[2])))
    return "a shell or markdown comment";
  if (starts(t, "```")) return "a markdown code fence";
  if (!l.top()) return "";
  if (t[0] == '{' || t[0] == '[' || t[0] == '"') return "JSON";
  auto w = words(t);
  if (w[0].find(':') != std::string_view::npos && w[0].find(':') > 0 &&
      std::count(t.begin(), t.end(), ':') >= 6)
    return "an /etc/passwd entry";
  if (w[0].ends_with(":") || w[0] == "-" || w[0] == "---") return "YAML";
  if (std::isupper(static_cast<unsigned char>(t[0])) && w.size() >= 3)
    return "prose (a sentence, not a statement)";
  return "";
}

const std::vector<Marks>& foreign() {
  static const std::vector<Marks> f{
      {"nokia", "Nokia", "", "", nokia},
      {"dell-aruba", "Dell OS10 / Aruba AOS-CX", "", "", dell_aruba},
      {"onyx-extreme", "Onyx / Extreme", "", "", onyx_extreme},
      {"cisco", "Cisco IOS / IOS-XR", "", "", cisco},
      {"text", "not configuration", "", "", not_cli},
  };
  return f;
}

// Every line the recogniser reads, in input order: comments, prompts and
// the tree's statements with their stanza.
void collect(const std::vector<ConfigLine>& nodes, std::string_view parent,
             std::vector<MarkLine>& out) {
  for (const ConfigLine& n : nodes) {
    out.push_back(MarkLine{n.line, n.text, n.indent, false, false, parent});
    collect(n.children, n.text, out);
  }
}

}  // namespace

bool register_marks(const Marks* marks) {
  std::lock_guard lock(registry_mutex());
  registry().push_back(marks);
  return true;
}

Result<ConfigText> read_config(std::string_view text, const TreeOptions& options,
                               const Marks& self) {
  const std::string what = fmt::format("not a {} running-config", self.vendor);
  if (Status ok = check_line_lengths(text); !ok)
    return fail(ErrorKind::invalid_input, what, ok.error().context + ": " + ok.error().message);
  Capture capture = clean_capture(sanitize(text), options);
  ConfigText out;
  out.session = capture.session;
  std::vector<ConfigLine> comments;
  out.tree = parse_tree(capture.text, options, &comments);

  std::vector<MarkLine> lines;
  for (const ConfigLine& c : comments)
    lines.push_back(MarkLine{c.line, c.text, c.indent, true, false, {}});
  for (const ConfigLine& p : capture.prompts)
    lines.push_back(MarkLine{p.line, p.text, 0, false, true, {}});
  collect(out.tree, {}, lines);
  std::stable_sort(lines.begin(), lines.end(),
                   [](const MarkLine& a, const MarkLine& b) { return a.line < b.line; });

  std::vector<const Marks*> others;
  {
    std::lock_guard lock(registry_mutex());
    for (const Marks* m : registry())
      if (m->vendor != self.vendor) others.push_back(m);
  }
  for (const Marks& m : foreign()) others.push_back(&m);

  bool own = false;
  const MarkLine* first_statement = nullptr;
  for (const MarkLine& l : lines) {
    if (!first_statement && l.top()) first_statement = &l;
    own = own || !self.mark(l).empty();
    for (const Marks* m : others)
      if (std::string why = m->mark(l); !why.empty())
        return fail(ErrorKind::invalid_input, what,
                    fmt::format("line {}: {} ({}: {} text)", l.line, l.text, why, m->name));
  }
  if (own) return out;
  if (!first_statement)
    return fail(ErrorKind::invalid_input, what,
                fmt::format("no configuration statement in the text (expected {})", self.source));
  return fail(ErrorKind::invalid_input, what,
              fmt::format("line {}: {} (nothing in the text marks it as {} {}; known by: {})",
                          first_statement->line, first_statement->text, self.name, self.source,
                          self.known));
}

}  // namespace rocecfg::sw::cli
