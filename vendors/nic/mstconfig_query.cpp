#include "nic/mstconfig_query.h"

#include <fmt/format.h>

namespace rocecfg::nic {

namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool param_name(std::string_view s) {
  if (s.empty() || s.size() > 96) return false;
  for (char c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '[' || c == ']' || c == '.'))
      return false;
  return true;
}

enum class Column { default_value, current, next_boot, set };

}  // namespace

const NvParam* NvQuery::find(std::string_view name) const {
  for (const NvParam& p : params)
    if (p.name == name) return &p;
  return nullptr;
}

Result<NvQuery> parse_mstconfig_query(std::string_view text, const std::string& device) {
  NvQuery q;
  std::vector<Column> columns;
  bool in_table = false;
  int line_no = 0;
  auto error = [&](std::string message) {
    return fail(ErrorKind::failed, device,
                fmt::format("mstconfig query, line {}: {}", line_no, message));
  };
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line =
        text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    std::string_view t = trim(line);
    if (t.starts_with("-E-")) return error(fmt::format("the tool reports: {}", trim(t.substr(3))));
    if (!in_table) {
      // The device block: "Device type:", "Name:", "Description:", "Device:".
      auto field = [&](std::string_view label, std::string& into) {
        if (!t.starts_with(label)) return false;
        into = std::string(trim(t.substr(label.size())));
        return true;
      };
      if (field("Device type:", q.device_type) || field("Name:", q.board_name) ||
          field("Description:", q.description) || field("Device:", q.device))
        continue;
      if (!t.starts_with("Configurations:")) continue;
      std::vector<std::string_view> w = words(t.substr(15));
      for (size_t i = 0; i < w.size(); ++i) {
        if (w[i] == "Default") {
          columns.push_back(Column::default_value);
        } else if (w[i] == "Current") {
          columns.push_back(Column::current);
        } else if (w[i] == "Next" && i + 1 < w.size() && w[i + 1] == "Boot") {
          columns.push_back(Column::next_boot);
          ++i;
        } else if (w[i] == "New") {
          columns.push_back(Column::set);
        } else {
          return error(fmt::format("unknown column \"{}\" in the Configurations: header", w[i]));
        }
      }
      // A header whose column names were trimmed away (a saved output):
      // without -e the only column is next boot.
      if (w.empty()) columns.push_back(Column::next_boot);
      bool has_next = false;
      for (Column c : columns) {
        has_next |= c == Column::next_boot;
        q.shows_default |= c == Column::default_value;
        q.shows_current |= c == Column::current;
      }
      // Without -e the only column is labelled "Next Boot" too.
      if (!has_next) return error("the Configurations: header has no Next Boot column");
      in_table = true;
      continue;
    }
    // The table ends at the notes below it.
    if (t.empty() || t.starts_with("The '*'") || t.starts_with("The 'RO'") ||
        t.starts_with("Device Firmware does not support") || t.starts_with("Apply new") ||
        t.starts_with("Applying") || t.starts_with("-I-") || t.starts_with("-W-")) {
      if (!q.params.empty()) break;
      continue;
    }
    // "..." or "(...)": rows a person left out of a saved output.
    if (t.find_first_not_of(".()") == std::string_view::npos) continue;
    std::vector<std::string_view> w = words(t);
    NvParam p;
    size_t i = 0;
    if (i < w.size() && (w[i] == "*" || w[i] == "*RO")) {
      p.modified = true;
      p.read_only = w[i] == "*RO";
      ++i;
    }
    if (i < w.size() && w[i] == "RO") {
      p.read_only = true;
      ++i;
    }
    if (i >= w.size() || !param_name(w[i]))
      return error(fmt::format("not a parameter row: \"{}\"", t.substr(0, 80)));
    p.name = std::string(w[i++]);
    if (w.size() - i != columns.size())
      return error(fmt::format("{} has {} values for {} columns (output cut short?)", p.name,
                               w.size() - i, columns.size()));
    for (Column c : columns) {
      model::FirmwareReading v = model::parse_firmware_reading(w[i++]);
      if (c == Column::default_value) p.default_value = v;
      if (c == Column::current) p.current = v;
      if (c == Column::next_boot) p.next_boot = v;
    }
    q.params.push_back(std::move(p));
  }
  if (columns.empty())
    return fail(ErrorKind::failed, device,
                "not mstconfig query output (no \"Configurations:\" header)");
  if (q.params.empty()) return error("the table has no parameter rows (output cut short?)");
  return q;
}

}  // namespace rocecfg::nic
