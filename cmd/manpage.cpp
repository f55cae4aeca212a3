#include "manpage.h"

#include <sstream>

#include <fmt/format.h>

#include "core/exit_code.h"

namespace rocecfg::cmd {
namespace {

// roff: a leading '.' or '\'' would start a request; '-' is a hyphen unless
// escaped, and a backslash starts an escape.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

bool shown(const CLI::Option* o, const CLI::App& owner) {
  return o != owner.get_help_ptr() && !o->get_group().empty();
}

// "-i,--interface IF" in bold/italic roff.
std::string option_head(const CLI::Option* o) {
  std::string names = o->get_name(false, true);
  std::string head = fmt::format("\\fB{}\\fR", roff(names));
  // CLI11's type name carries its validators ("INT:INT in [1 - 1024]"):
  // the first word is the argument's kind.
  std::string type = o->get_type_name();
  type = type.substr(0, type.find_first_of(": "));
  if (o->get_expected_max() != 0 && !type.empty() && !o->get_positional())
    head += fmt::format(" \\fI{}\\fR", roff(type));
  return head;
}

void options_list(std::ostringstream& out, const CLI::App& app, bool positionals) {
  for (const CLI::Option* o : app.get_options()) {
    if (!shown(o, app) || o->get_positional() != positionals) continue;
    out << ".TP\n";
    if (positionals)
      out << fmt::format("\\fI{}\\fR{}\n", roff(o->get_name(true)),
                         o->get_required() ? "" : " (optional)");
    else
      out << option_head(o) << "\n";
    std::string desc = o->get_description();
    if (!o->get_default_str().empty()) desc += fmt::format(" (default: {})", o->get_default_str());
    out << roff(desc) << "\n";
  }
}

std::string usage(const CLI::App& sub) {
  std::string u = fmt::format("\\fBrocecfg {}\\fR", roff(sub.get_name()));
  for (const CLI::Option* o : sub.get_options()) {
    if (!shown(o, sub) || !o->get_positional()) continue;
    std::string n = roff(o->get_name(true));
    u += o->get_required() ? fmt::format(" \\fI{}\\fR", n) : fmt::format(" [\\fI{}\\fR]", n);
  }
  bool has_options = false;
  for (const CLI::Option* o : sub.get_options())
    if (shown(o, sub) && !o->get_positional()) has_options = true;
  if (has_options) u += " [\\fIOPTIONS\\fR]";
  return u;
}

std::string commands(const CLI::App& app) {
  std::ostringstream out;
  for (const CLI::App* sub : app.get_subcommands({})) {
    out << ".SS " << roff(sub->get_name()) << "\n";
    out << usage(*sub) << "\n.br\n";
    out << roff(sub->get_description()) << ".\n";
    options_list(out, *sub, true);
    options_list(out, *sub, false);
  }
  return out.str();
}

std::string global_options(const CLI::App& app) {
  std::ostringstream out;
  out << "These may stand before or after the command.\n";
  options_list(out, app, false);
  return out.str();
}

std::string exit_status() {
  std::ostringstream out;
  for (const auto& row : exit_code_table())
    out << fmt::format(".TP\n.B {}\n{}\n", static_cast<int>(row.code),
                       roff(std::string(row.meaning)));
  return out.str();
}

}  // namespace

std::string render_manpage(const CLI::App& app, const std::string& template_text) {
  std::istringstream in(template_text);
  std::string out, line;
  while (std::getline(in, line)) {
    if (line == "@GLOBAL_OPTIONS@")
      out += global_options(app);
    else if (line == "@COMMANDS@")
      out += commands(app);
    else if (line == "@EXIT_STATUS@")
      out += exit_status();
    else
      out += line + "\n";
  }
  return out;
}

}  // namespace rocecfg::cmd
