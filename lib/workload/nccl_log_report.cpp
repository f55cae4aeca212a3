#include "workload/nccl_log_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/printable.h"

namespace rocecfg::workload {

namespace {

bool uses(const NcclProcess& p, const std::string& net) {
  return p.network == net ||
         std::find(p.channel_nets.begin(), p.channel_nets.end(), net) != p.channel_nets.end();
}

// Why NCCL ended up on sockets, from what it logged before.
std::string socket_cause(const NcclProcess& p) {
  if (auto it = p.env.find("NCCL_IB_DISABLE"); it != p.env.end() && it->second != "0")
    return fmt::format("NCCL_IB_DISABLE={} turns NET/IB off", it->second);
  if (p.ib_no_device) {
    if (auto it = p.env.find("NCCL_IB_HCA"); it != p.env.end())
      return fmt::format(
          "NCCL found no RDMA device matching NCCL_IB_HCA={} (\"NET/IB : No device "
          "found.\")",
          it->second);
    return "NCCL found no usable RDMA device (\"NET/IB : No device found.\"): no RDMA device, "
           "no port up, or the rdma-core provider is missing";
  }
  for (const std::string& w : p.warnings)
    if (w.rfind("NET/IB", 0) == 0) return "NET/IB failed: " + w;
  return "no NET/IB line explains it; rerun with NCCL_DEBUG_SUBSYS=INIT,NET,ENV";
}

}  // namespace

NcclLogReport judge_nccl_log(const NcclLog& log, const profile::Intent& intent) {
  NcclLogReport r;
  const profile::WorkloadIntent& w = intent.workload;
  if (log.long_lines > 0)
    r.notes.push_back(fmt::format(
        "{} line(s) longer than {} bytes not read (NCCL's own lines are under 300 bytes)",
        log.long_lines, kMaxNcclLineBytes));
  if (log.nccl_lines == 0) {
    r.notes.push_back(
        "no NCCL log lines found: run the job with NCCL_DEBUG=INFO "
        "NCCL_DEBUG_SUBSYS=INIT,NET,ENV");
    return r;
  }
  for (const NcclProcess& p : log.processes) {
    RankFinding f;
    f.process = &p;
    bool ib = uses(p, "IB");
    bool sock = uses(p, "Socket");
    f.transport = ib && !sock         ? "NET/IB"
                  : sock              ? "NET/Socket"
                  : p.network.empty() ? "none"
                                      : "NET/" + p.network;
    std::vector<std::string> hcas;
    bool roce = false, infiniband = false;
    for (const NcclDevice& d : p.ib_devices) {
      hcas.push_back(fmt::format("{}:{}/{}", d.name, d.port, d.link_layer));
      roce |= d.link_layer == "RoCE";
      infiniband |= d.link_layer == "IB";
    }
    f.hcas = hcas.empty() ? "-" : fmt::format("{}", fmt::join(hcas, ","));
    std::vector<std::string> gids;
    for (auto [dev, gid] : p.gid_by_ibdev) gids.push_back(std::to_string(gid));
    f.gid = gids.empty() ? "-" : fmt::format("{}", fmt::join(gids, ","));
    auto value_of = [&](const char* key) -> std::pair<std::optional<long>, std::string> {
      if (auto it = p.env.find(key); it != p.env.end()) {
        try {
          return {std::stol(it->second, nullptr, 0), it->second + " (environment)"};
        } catch (...) {
          return {std::nullopt, it->second + " (unparsable)"};
        }
      }
      if (p.env_logged) return {0, "0 (default)"};
      return {std::nullopt, "unknown"};
    };
    auto [tc, tc_text] = value_of("NCCL_IB_TC");
    auto [sl, sl_text] = value_of("NCCL_IB_SL");
    f.tc = tc_text;
    f.sl = sl_text;
    std::string who = p.rank ? fmt::format("rank {}", *p.rank) : fmt::format("pid {}", p.pid);
    if (sock) {
      f.problems.push_back(
          fmt::format("fell back to NET/Socket (TCP, no RDMA): {}", socket_cause(p)));
    } else if (!ib) {
      if (f.transport == "none")
        r.notes.push_back(
            fmt::format("{} on {}: no network transport in the log (single node: P2P/SHM "
                        "only, or NCCL_DEBUG_SUBSYS lacks INIT,NET)",
                        who, p.host));
      else
        f.problems.push_back(
            fmt::format("uses {}, not NET/IB: the profile's traffic class does not "
                        "reach it",
                        f.transport));
    }
    if (ib && infiniband && !roce) {
      r.notes.push_back(
          fmt::format("{} on {}: InfiniBand link layer: DSCP and ECN do not apply "
                      "(IB uses SL/VL)",
                      who, p.host));
    } else if (ib && w.traffic_class) {
      uint8_t want = *w.traffic_class;
      if (!tc) {
        f.problems.push_back(
            "traffic class not in the log: rerun with NCCL_DEBUG_SUBSYS=INIT,NET,ENV so NCCL "
            "prints its NCCL_IB_TC");
      } else if (*tc != want) {
        uint8_t got = static_cast<uint8_t>(*tc & 0xff);
        if (!intent.dscp_is_lossless(got >> 2))
          f.problems.push_back(fmt::format(
              "NCCL_IB_TC {} is {}: DSCP {} is not lossless, the job's RDMA runs in a lossy class "
              "(profile: {}, {})",
              *tc, profile::describe_tos(got), got >> 2, want, profile::describe_tos(want)));
        else
          f.problems.push_back(fmt::format("NCCL_IB_TC {} is {}; the profile wants {} ({})", *tc,
                                           profile::describe_tos(got), want,
                                           profile::describe_tos(want)));
      }
      if (w.service_level && sl && *sl != *w.service_level)
        f.problems.push_back(fmt::format(
            "NCCL_IB_SL {} differs from the profile's service level {}", *sl, *w.service_level));
    }
    r.ranks.push_back(std::move(f));
  }
  std::stable_sort(r.ranks.begin(), r.ranks.end(), [](const RankFinding& a, const RankFinding& b) {
    return a.process->rank.value_or(1 << 30) < b.process->rank.value_or(1 << 30);
  });
  r.ok = !r.ranks.empty();
  for (const RankFinding& f : r.ranks) r.ok &= f.problems.empty();
  bool any_net = std::any_of(r.ranks.begin(), r.ranks.end(),
                             [](const RankFinding& f) { return f.transport != "none"; });
  if (!any_net) r.ok = false;
  if (log.lines_of_unread_processes > 0) {
    // Ranks we did not judge are no evidence of anything: never ok.
    r.notes.push_back(fmt::format(
        "more than {} processes in the log: {} line(s) of the others not read, those ranks not "
        "judged",
        kMaxNcclProcesses, log.lines_of_unread_processes));
    r.ok = false;
  }
  return r;
}

std::string render_text(const NcclLogReport& r, const profile::Intent& intent) {
  // Every cell, problem and note holds text from the log (host names, device
  // names, variable values) or the profile: escaped, never raw.
  std::string out;
  const auto& w = intent.workload;
  if (w.traffic_class)
    out += fmt::format("profile {}: traffic class {} ({})\n", printable(intent.name),
                       *w.traffic_class, profile::describe_tos(*w.traffic_class));
  std::vector<std::array<std::string, 8>> rows;
  rows.push_back({"rank", "host:pid", "transport", "hca", "gid", "tc", "sl", "verdict"});
  for (const RankFinding& f : r.ranks) {
    const NcclProcess& p = *f.process;
    rows.push_back({p.rank ? std::to_string(*p.rank) : "-", fmt::format("{}:{}", p.host, p.pid),
                    f.transport, f.hcas, f.gid, f.tc, f.sl, f.problems.empty() ? "ok" : "FAIL"});
  }
  // A column is as wide as its widest cell up to kMaxColumnWidth; a longer
  // cell overflows its own row only (one long HCA list once padded every row).
  constexpr size_t kMaxColumnWidth = 40;
  for (auto& row : rows)
    for (std::string& cell : row) cell = printable(cell);
  std::array<size_t, 8> width{};
  for (const auto& row : rows)
    for (size_t i = 0; i < 8; ++i)
      width[i] = std::max(width[i], std::min(row[i].size(), kMaxColumnWidth));
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < 8; ++i)
      line += i + 1 < 8 ? fmt::format("{:<{}}  ", row[i], width[i]) : row[i];
    out += line + "\n";
  }
  for (const RankFinding& f : r.ranks)
    for (const std::string& pr : f.problems)
      out += fmt::format("{} ({}): {}\n",
                         f.process->rank ? fmt::format("rank {}", *f.process->rank)
                                         : fmt::format("pid {}", f.process->pid),
                         printable(f.process->host), printable(pr));
  for (const std::string& n : r.notes) out += "note: " + printable(n) + "\n";
  out += r.ok ? "verdict: ok\n" : "verdict: FAIL\n";
  return out;
}

nlohmann::json to_json(const NcclLogReport& r, const profile::Intent& intent) {
  using nlohmann::json;
  json ranks = json::array();
  for (const RankFinding& f : r.ranks) {
    const NcclProcess& p = *f.process;
    ranks.push_back({{"rank", p.rank ? json(*p.rank) : json(nullptr)},
                     {"host", p.host},
                     {"pid", p.pid},
                     {"transport", f.transport},
                     {"hca", f.hcas},
                     {"gid_index", f.gid},
                     {"traffic_class", f.tc},
                     {"service_level", f.sl},
                     {"problems", f.problems},
                     {"ok", f.problems.empty()}});
  }
  json out = {{"ranks", ranks}, {"notes", r.notes}, {"ok", r.ok}};
  if (intent.workload.traffic_class) out["profile_traffic_class"] = *intent.workload.traffic_class;
  return out;
}

}  // namespace rocecfg::workload
