// Link flaps since the previous gate run. The kernel counts carrier losses per
// netdev (carrier_down_count, 4.16+; older kernels only carrier_changes, which
// counts both edges). A flap that healed before the job starts is invisible to
// a state check but is the best predictor of the next one (Azure's health
// checks drain at 5 lost-carrier events a day), so the gate keeps the counts
// of its last run in a small JSON file and compares.
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/printable.h"
#include "core/regular_file.h"
#include "gate/checks.h"

namespace rocecfg::gate {

namespace {

std::optional<uint64_t> carrier_downs(const host::FsRoot& fs, const std::string& ifname) {
  auto read_u64 = [&](const std::string& file) -> std::optional<uint64_t> {
    Result<std::string> r = fs.read("/sys/class/net/" + ifname + "/" + file);
    if (!r) return std::nullopt;
    try {
      return std::stoull(*r);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  };
  if (auto downs = read_u64("carrier_down_count")) return downs;
  if (auto changes = read_u64("carrier_changes")) return (*changes + 1) / 2;
  return std::nullopt;
}

// Write-then-rename, so a gate killed mid-write leaves the old baseline, and
// link-safe, so a symlink planted in the state directory is never followed.
Status save_state(const std::string& path, const nlohmann::json& j) {
  std::error_code ec;
  std::filesystem::path p(path);
  std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
  std::filesystem::create_directories(dir, ec);
  Status s = write_file_atomically(dir.string(), p.filename().string(), json_text(j) + "\n");
  if (!s) return fail(path, "cannot write the flap baseline: " + s.error().message);
  return {};
}

}  // namespace

CheckResult check_flaps(Context& c) {
  CheckResult r{"flaps", CheckStatus::pass, "", {}, 0};
  const std::string& path = c.options.state_path;
  if (path.empty()) {
    r.status = CheckStatus::skipped;
    r.message = "no state file";
    return r;
  }
  nlohmann::json previous = nlohmann::json::object();
  // Bounded, regular file only: a FIFO planted at the path must not hang the gate.
  if (Result<std::string> text = read_regular_file(path, 1024 * 1024)) {
    try {
      previous = nlohmann::json::parse(*text);
    } catch (const nlohmann::json::exception&) {
      r.details.push_back(fmt::format("{}: unreadable, starting a new baseline", path));
    }
  }
  nlohmann::json now = {{"version", 1}, {"netdevs", nlohmann::json::object()}};
  std::vector<std::string> flapped, unstable;
  int baselined = 0;
  for (const Target& t : c.targets) {
    const std::string& ifname = t.netdev.name;
    std::optional<uint64_t> downs = carrier_downs(c.fs, ifname);
    if (!downs) {
      r.details.push_back(fmt::format("{}: no carrier counters", ifname));
      continue;
    }
    now["netdevs"][ifname] = {{"carrier_down", *downs}};
    const nlohmann::json* before = nullptr;
    if (previous.contains("netdevs") && previous["netdevs"].contains(ifname))
      before = &previous["netdevs"][ifname];
    if (!before || !before->contains("carrier_down") || !(*before)["carrier_down"].is_number()) {
      ++baselined;
      continue;
    }
    uint64_t old = (*before)["carrier_down"].get<uint64_t>();
    if (*downs < old) {  // driver reload or reboot reset the counter
      ++baselined;
      continue;
    }
    uint64_t flaps = *downs - old;
    if (flaps == 0) continue;
    std::string line = fmt::format("{} lost carrier {} time{} since the last run", ifname, flaps,
                                   flaps == 1 ? "" : "s");
    (flaps > c.options.max_flaps ? unstable : flapped).push_back(line);
  }
  if (now["netdevs"].empty()) {
    r.status = CheckStatus::not_evaluated;
    r.message = "no carrier counters on any interface";
    return r;
  }
  if (Status s = save_state(path, now); !s) r.details.push_back(s.error().to_string());
  if (!unstable.empty()) {
    r.status = CheckStatus::fail;
    r.message = fmt::format("{} (more than {} allowed)", unstable.front(), c.options.max_flaps);
    r.details.insert(r.details.begin(), unstable.begin(), unstable.end());
  } else if (!flapped.empty()) {
    r.status = CheckStatus::warn;
    r.message = flapped.front();
    r.details.insert(r.details.begin(), flapped.begin(), flapped.end());
  } else {
    r.message = baselined == static_cast<int>(c.targets.size())
                    ? "baseline recorded"
                    : "no link flaps since the last run";
  }
  return r;
}

}  // namespace rocecfg::gate
