#include "metrics/textfile.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

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

// Closes the descriptor and removes the temp file unless released.
struct TempFile {
  int fd = -1;
  std::string path;
  bool keep = false;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!keep && !path.empty()) ::unlink(path.c_str());
  }
};

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
  std::string final_path = dir + "/" + file_name;
  TempFile tmp;
  // node_exporter only reads *.prom, so the temp name is invisible to it.
  tmp.path = fmt::format("{}/.{}.{}.tmp", dir, file_name, ::getpid());
  tmp.fd = ::open(tmp.path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (tmp.fd < 0) {
    int err = errno;
    tmp.path.clear();  // nothing was created
    return fail(err == EACCES ? ErrorKind::permission : ErrorKind::failed, dir,
                fmt::format("cannot create metrics file: {}", std::strerror(err)));
  }
  std::string text = m.render();
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(tmp.fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(tmp.path, fmt::format("write: {}", std::strerror(errno)));
    done += static_cast<size_t>(n);
  }
  if (::fsync(tmp.fd) != 0) return fail(tmp.path, fmt::format("fsync: {}", std::strerror(errno)));
  ::close(tmp.fd);
  tmp.fd = -1;
  if (::rename(tmp.path.c_str(), final_path.c_str()) != 0)
    return fail(final_path, fmt::format("rename: {}", std::strerror(errno)));
  tmp.keep = true;
  return {};
}

}  // namespace rocecfg::metrics
