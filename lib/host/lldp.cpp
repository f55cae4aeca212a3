#include "host/lldp.h"

#include <string_view>

#include <fmt/format.h>

#include "core/printable.h"

namespace rocecfg::host {

namespace {

// "NAME (pid N)" for the first process (in /proc's sorted order) whose comm is `name`.
std::optional<std::string> first_process(const FsRoot& fs, const std::string& name) {
  for (const std::string& pid : fs.list("/proc")) {
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    Result<std::string> comm = fs.read("/proc/" + pid + "/comm");
    if (!comm || *comm != name) continue;
    // A zombie keeps its comm but runs nothing: "PID (comm) Z ..." in stat.
    if (Result<std::string> stat = fs.read("/proc/" + pid + "/stat")) {
      size_t paren = stat->rfind(')');
      if (paren != std::string::npos && paren + 2 < stat->size() &&
          ((*stat)[paren + 2] == 'Z' || (*stat)[paren + 2] == 'X'))
        continue;
    }
    return fmt::format("{} (pid {})", name, pid);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> running_dcbx_agent(const FsRoot& fs) {
  // lldpd does no DCBX and is the recommended companion; only lldpad fights.
  return first_process(fs, "lldpad");
}

std::optional<std::string> running_lldpd(const FsRoot& fs) {
  return first_process(fs, "lldpd");
}

Result<std::string> parse_lldptool_admin_status(const std::string& output,
                                                const std::string& ifname) {
  constexpr std::string_view kKey = "adminStatus=";
  for (size_t at = 0; at < output.size();) {
    size_t end = output.find('\n', at);
    if (end == std::string::npos) end = output.size();
    std::string_view line(output.data() + at, end - at);
    if (line.starts_with(kKey)) {
      std::string_view v = line.substr(kKey.size());
      while (!v.empty() && (v.back() == ' ' || v.back() == '\r')) v.remove_suffix(1);
      if (v == "rx" || v == "tx" || v == "rxtx" || v == "disabled") return std::string(v);
    }
    at = end + 1;
  }
  return fail(ErrorKind::failed, ifname,
              "lldptool gave no adminStatus" +
                  (output.empty() ? std::string() : ": " + printable(output.substr(0, 200))));
}

}  // namespace rocecfg::host
