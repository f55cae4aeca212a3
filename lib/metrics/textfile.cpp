#include "metrics/textfile.h"

#include <cmath>

#include <fmt/format.h>

#include "core/atomic_file.h"

namespace rocecfg::metrics {

namespace {

bool name_chars(const std::string& s, bool colon) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool alpha =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (colon && c == ':');
    bool digit = c >= '0' && c <= '9';
    if (!(alpha || (i > 0 && digit))) return false;
  }
  return true;
}

// Label values escape backslash, double quote and newline; HELP text escapes
// backslash and newline (exposition format 0.0.4).
std::string escape(const std::string& s, bool quote) {
  std::string out;
  for (char c : s) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (quote && c == '"')
      out += "\\\"";
    else
      out += c;
  }
  return out;
}

std::string value_text(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  return fmt::format("{}", v);  // shortest round-trip form
}

}  // namespace

bool valid_metric_name(const std::string& name) {
  return name_chars(name, true);
}
bool valid_label_name(const std::string& name) {
  return name_chars(name, false) && name.rfind("__", 0) != 0;
}

void MetricSet::describe(const std::string& name, const std::string& help,
                         const std::string& type) {
  for (Family& f : families_)
    if (f.name == name) return;
  families_.push_back({name, help, type, {}});
}

Status MetricSet::add(const std::string& name, const Labels& labels, double value) {
  if (!valid_metric_name(name))
    return fail(ErrorKind::invalid_input, name, "not a valid Prometheus metric name");
  for (const auto& [k, v] : labels)
    if (!valid_label_name(k))
      return fail(ErrorKind::invalid_input, name, fmt::format("label \"{}\" is not valid", k));
  for (Family& f : families_)
    if (f.name == name) {
      f.samples.emplace_back(labels, value);
      return {};
    }
  return fail(ErrorKind::invalid_input, name, "metric used before describe()");
}

std::string MetricSet::render() const {
  std::string out;
  for (const Family& f : families_) {
    if (f.samples.empty()) continue;
    out +=
        fmt::format("# HELP {} {}\n# TYPE {} {}\n", f.name, escape(f.help, false), f.name, f.type);
    for (const auto& [labels, value] : f.samples) {
      out += f.name;
      if (!labels.empty()) {
        out += '{';
        bool first = true;
        for (const auto& [k, v] : labels) {
          out += fmt::format("{}{}=\"{}\"", first ? "" : ",", k, escape(v, true));
          first = false;
        }
        out += '}';
      }
      out += ' ' + value_text(value) + '\n';
    }
  }
  return out;
}

Status write_textfile(const std::string& dir, const std::string& file_name, const MetricSet& m) {
  if (file_name.find('/') != std::string::npos || file_name.size() <= 5 ||
      file_name.substr(file_name.size() - 5) != ".prom")
    return fail(ErrorKind::invalid_input, file_name, "textfile name must be NAME.prom");
  if (dir.empty()) return fail(ErrorKind::invalid_input, "--textfile", "needs a directory");
  Status s = write_file_atomically(dir, file_name, m.render());
  if (!s)
    return fail(s.error().kind, s.error().context,
                "cannot write metrics file: " + s.error().message);
  return {};
}

}  // namespace rocecfg::metrics
