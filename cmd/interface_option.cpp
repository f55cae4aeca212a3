#include "interface_option.h"

#include <nlohmann/json.hpp>

#include "core/exit_code.h"
#include "host/discovery.h"
#include "host/interface_args.h"
#include "output.h"

namespace rocecfg::cmd {

void add_interface_option(CLI::App& sub, std::vector<std::string>& values,
                          const std::string& help) {
  sub.add_option("-i,--interface", values, help + " (repeatable, or a comma list: -i eth0,eth1)");
}

std::optional<std::vector<std::string>> interfaces_or_report(
    const std::vector<std::string>& values) {
  host::InterfaceArgs parsed = host::parse_interface_args(values);
  if (parsed.errors.empty()) return parsed.names;
  nlohmann::json all = nlohmann::json::array();
  for (const Error& e : parsed.errors) all.push_back({{"message", e.to_string()}});
  for (const Error& e : parsed.errors) report_error(kUsage, "--interface " + e.to_string(), all);
  return std::nullopt;
}

std::optional<std::vector<std::string>> existing_interfaces_or_report(
    const std::vector<std::string>& values) {
  std::optional<std::vector<std::string>> names = interfaces_or_report(values);
  if (!names) return std::nullopt;
  std::vector<std::string> missing;
  for (const std::string& name : *names)
    if (Result<host::Netdev> n = host::describe_netdev(host::FsRoot("/"), name);
        !n && n.error().kind == ErrorKind::not_found)
      missing.push_back("--interface " + name + ": no such interface");
  if (missing.empty()) return names;
  for (const std::string& m : missing) report_error(kUsage, m, nlohmann::json(missing));
  return std::nullopt;
}

}  // namespace rocecfg::cmd
