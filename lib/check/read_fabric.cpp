#include "check/read_fabric.h"

#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "core/regular_file.h"
#include "fabric/hosts.h"
#include "fabric/pair_test.h"
#include "switch/engine.h"

namespace rocecfg::check {

namespace {

// Runs "$@" and passes exit 0 and 3 (JSON on stdout either way); anything
// else fails with its stderr. Single-quoted as a whole: no single quote in it.
constexpr const char* kShowScript =
    "e=$(mktemp) || exit 3; \"$@\" 2>\"$e\"; r=$?; "
    "if [ $r -ne 0 ] && [ $r -ne 3 ]; then cat \"$e\" >&2; rm -f \"$e\"; exit $r; fi; rm -f \"$e\"";

// The saved files of a directory by device name: NAME or NAME.* (one each).
class SavedFiles {
 public:
  explicit SavedFiles(const std::string& dir) : dir_(dir) {
    if (dir.empty()) return;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      std::string file = entry.path().filename().string();
      by_name_[file.substr(0, file.find('.'))].push_back(entry.path().string());
    }
    if (ec) error_ = fmt::format("cannot list {}: {}", dir, ec.message());
  }
  Result<std::string> find(const std::string& name) const {
    if (error_) return fail(ErrorKind::not_found, "", *error_);
    auto it = by_name_.find(name);
    if (it == by_name_.end())
      return fail(ErrorKind::not_found, "", fmt::format("no saved file {}/{}[.*]", dir_, name));
    if (it->second.size() > 1)
      return fail(ErrorKind::invalid_input, "",
                  fmt::format("several saved files for {} in {}", name, dir_));
    return it->second.front();
  }

 private:
  std::string dir_;
  std::optional<std::string> error_;
  std::map<std::string, std::vector<std::string>> by_name_;
};

void read_switch(const sw::FleetSwitch& f, const SavedFiles* saved, DeviceReading& r) {
  std::unique_ptr<sw::Adapter> adapter = sw::make_adapter(f.vendor);
  if (!adapter) {
    r.error = fmt::format("no adapter for vendor {:?}", f.vendor);
    return;
  }
  auto ports = adapter->expand_interfaces(f.interfaces);
  if (!ports) {
    r.error = "interfaces: " + ports.error().to_string();
    return;
  }
  Result<std::string> text;
  if (saved) {
    Result<std::string> path = saved->find(f.ssh.name);
    if (!path) {
      r.error = path.error().message;
      return;
    }
    r.source = "file " + *path;
    text = read_input_file(*path);
  } else {
    r.source = fmt::format("ssh {}:{}", f.ssh.host, f.ssh.port);
    adapter->set_platform(f.platform);
    auto session = sw::open_session(f.ssh, *adapter);
    if (!session) {
      r.error = "unreachable: " + session.error().message;
      return;
    }
    if (Status known = sw::learn_platform(*adapter, **session, *ports); !known) {
      r.error = "model: " + known.error().to_string();
      return;
    }
    text = adapter->fetch_config(**session);
  }
  if (!text) {
    r.error = text.error().to_string();
    return;
  }
  auto state = adapter->parse(*text);
  if (!state) {
    r.error = state.error().to_string();
    return;
  }
  auto endpoints = switch_endpoints(*state, *ports);
  if (!endpoints) {
    r.error = endpoints.error().to_string();
    return;
  }
  r.endpoints = std::move(*endpoints);
}

void read_host(const profile::HostEntry& h, const SavedFiles* saved, const ReadOptions& o,
               DeviceReading& r) {
  std::string json;
  std::vector<std::string> interfaces = host_interfaces(h);
  if (saved) {
    Result<std::string> path = saved->find(h.name);
    if (!path) {
      r.error = path.error().message;
      return;
    }
    r.source = "file " + *path;
    Result<std::string> text = read_input_file(*path);
    if (!text) {
      r.error = text.error().to_string();
      return;
    }
    json = std::move(*text);
  } else if (h.address.empty()) {
    if (!o.local_host_json || h.name != o.local_host_name) {
      r.error = "no address in the inventory to reach it over SSH";
      return;
    }
    r.source = "this host";
    json = o.local_host_json(interfaces);
  } else {
    sw::SshTarget target = fabric::host_ssh_target(h);
    target.accept_new_host_key = o.accept_new_host_keys;
    r.source = fmt::format("ssh {}:{}", target.host, target.port);
    auto session = sw::ExecSession::open(target);
    if (!session) {
      r.error = "unreachable: " + session.error().message;
      return;
    }
    Result<std::string> out = (*session)->run(remote_show_line(o.remote_rocecfg, interfaces));
    if (!out) {
      r.error = out.error().message;
      return;
    }
    json = std::move(*out);
  }
  if (Status ok = read_host_qos_json(json, r); !ok)
    r.error = ok.error().to_string();
  else if (r.endpoints.empty() && r.unread.empty())
    r.error = "no RoCE interface found (name them in the inventory: interfaces = [...])";
}

}  // namespace

std::vector<std::string> host_interfaces(const profile::HostEntry& h) {
  if (!h.interfaces.empty()) return h.interfaces;
  std::vector<std::string> out;
  for (const profile::NicEntry& n : h.nics)
    if (!n.netdev.empty()) out.push_back(n.netdev);
  return out;
}

std::string remote_show_line(const std::string& rocecfg,
                             const std::vector<std::string>& interfaces) {
  std::string line = fmt::format("sh -c '{}' sh {} show host --qos --json", kShowScript,
                                 fabric::shell_quote(rocecfg));
  for (const std::string& i : interfaces) line += " -i " + fabric::shell_quote(i);
  return line;
}

std::vector<DeviceReading> read_fabric(const std::vector<sw::FleetSwitch>& switches,
                                       const std::vector<profile::HostEntry>& hosts,
                                       const ReadOptions& o) {
  std::vector<DeviceReading> out(switches.size() + hosts.size());
  SavedFiles all(o.from_dir);
  SavedFiles host_files(o.from_dir.empty() ? o.hosts_from_dir : o.from_dir);
  const SavedFiles* switch_saved = o.from_dir.empty() ? nullptr : &all;
  const SavedFiles* host_saved =
      o.from_dir.empty() && o.hosts_from_dir.empty() ? nullptr : &host_files;
  for (size_t i = 0; i < switches.size(); ++i) {
    out[i].name = switches[i].ssh.name;
    out[i].kind = DeviceKind::switch_;
    out[i].vendor = switches[i].vendor;
  }
  for (size_t i = 0; i < hosts.size(); ++i) {
    out[switches.size() + i].name = hosts[i].name;
    out[switches.size() + i].kind = DeviceKind::host;
  }
  sw::run_fleet(
      out.size(), o.parallel,
      [&](size_t i) {
        if (i < switches.size())
          read_switch(switches[i], switch_saved, out[i]);
        else
          read_host(hosts[i - switches.size()], host_saved, o, out[i]);
      },
      [&](size_t i, const std::string& what) { out[i].error = "internal error: " + what; },
      o.progress, [&](size_t i) { return out[i].name; });
  return out;
}

}  // namespace rocecfg::check
