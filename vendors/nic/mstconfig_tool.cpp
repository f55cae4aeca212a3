#include "nic/mstconfig_tool.h"

#include <unistd.h>

#include <cstdlib>
#include <future>

#include <fmt/format.h>

#include "core/child_process.h"

namespace rocecfg::nic {

namespace {

// A real query of a ConnectX-6/7 takes about 5 s; a set about as long again.
constexpr uint32_t kToolTimeoutMs = 120'000;

bool hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string_view p(path);
  while (true) {
    size_t colon = p.find(':');
    std::string dir(p.substr(0, colon));
    if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return true;
    if (colon == std::string_view::npos) return false;
    p.remove_prefix(colon + 1);
  }
}

std::string first_line(const std::string& s) {
  // The tool prints its errors ("-E- ...") on stdout.
  size_t e = s.find("-E-");
  std::string from = e == std::string::npos ? s : s.substr(e);
  size_t start = from.find_first_not_of("\n ");
  if (start == std::string::npos) return "no output";
  from = from.substr(start);
  return from.substr(0, std::min(from.find('\n'), size_t{200}));
}

bool param_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

bool param_value(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

}  // namespace

bool valid_pci_address(const std::string& s) {
  // dddd:bb:dd.f
  if (s.size() != 12 || s[4] != ':' || s[7] != ':' || s[10] != '.') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!hex(s[i])) return false;
  return s[11] >= '0' && s[11] <= '7';
}

std::optional<std::string> find_nv_tool() {
  for (const char* t : {"mstconfig", "mlxconfig"})
    if (on_path(t)) return std::string(t);
  return std::nullopt;
}

Result<NvQuery> query_nv_config(const std::string& tool, const std::string& pci) {
  if (!valid_pci_address(pci))
    return fail(ErrorKind::invalid_input, pci, "not a PCI address (dddd:bb:dd.f)");
  Result<ProcessOutput> out = run_process({tool, "-e", "-d", pci, "query"}, kToolTimeoutMs);
  if (!out) return fail(out.error().kind, pci, out.error().to_string());
  if (out->exit_status != 0)
    return fail(pci, fmt::format("{} query exited {}: {}", tool, out->exit_status,
                                 first_line(out->out + out->err)));
  return parse_mstconfig_query(out->out, pci);
}

std::vector<Result<NvQuery>> query_nv_config_all(const std::string& tool,
                                                 const std::vector<std::string>& pcis) {
  std::vector<std::future<Result<NvQuery>>> running;
  for (const std::string& pci : pcis)
    running.push_back(std::async(std::launch::async, query_nv_config, tool, pci));
  std::vector<Result<NvQuery>> out;
  for (auto& f : running) out.push_back(f.get());
  return out;
}

Status set_nv_config(const std::string& tool, const std::string& pci,
                     const std::map<std::string, std::string>& values) {
  if (!valid_pci_address(pci))
    return fail(ErrorKind::invalid_input, pci, "not a PCI address (dddd:bb:dd.f)");
  std::vector<std::string> argv{tool, "-y", "-d", pci, "set"};
  for (const auto& [k, v] : values) {
    if (!param_name(k) || !param_value(v))
      return fail(ErrorKind::invalid_input, pci,
                  fmt::format("refusing to pass {}={} to {}", k, v, tool));
    argv.push_back(k + "=" + v);
  }
  Result<ProcessOutput> out = run_process(argv, kToolTimeoutMs);
  if (!out) return fail(out.error().kind, pci, out.error().to_string());
  if (out->exit_status != 0 || out->out.find("Done!") == std::string::npos)
    return fail(pci, fmt::format("{} set exited {}: {}", tool, out->exit_status,
                                 first_line(out->out + out->err)));
  return {};
}

}  // namespace rocecfg::nic
