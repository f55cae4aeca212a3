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

std::string device_text(const NcclDevice& d) {
  return fmt::format("{}:{}/{}", d.name, d.port, d.link_layer);
}

// The devices of `p`'s "via NET/IB/n" channel lines, in order. An index its
// "NET/IB : Using" list does not name (a virtual NIC NCCL merged from
// several) is noted, not guessed.
std::vector<const NcclDevice*> used_devices(const NcclProcess& p, const std::string& who,
                                            std::vector<std::string>& notes) {
  std::vector<const NcclDevice*> out;
  for (int n : p.ib_devices_used) {
    auto it = std::find_if(p.ib_devices.begin(), p.ib_devices.end(),
                           [&](const NcclDevice& d) { return d.index == n; });
    if (it != p.ib_devices.end())
      out.push_back(&*it);
    else
      notes.push_back(fmt::format(
          "{} on {}: its channels use NET/IB/{}, which its \"NET/IB : Using\" list does not "
          "name (a merged virtual NIC?)",
          who, p.host, n));
  }
  return out;
}

// The GID index of the rank's queue pairs (connect.cc lines), else the one
// NCCL_IB_GID_INDEX pins (param.cc; -1 is NCCL's auto-selection, which NCCL
// before 2.12 printed with %lu as 18446744073709551615: src/include/param.h
// before 353e8ba4).
std::string gid_text(const NcclProcess& p) {
  std::vector<std::string> gids;
  for (auto [dev, gid] : p.gid_by_ibdev) gids.push_back(std::to_string(gid));
  if (!gids.empty()) return fmt::format("{}", fmt::join(gids, ","));
  if (auto it = p.env.find("NCCL_IB_GID_INDEX"); it != p.env.end()) {
    bool automatic = it->second == "-1" || it->second == "18446744073709551615";
    return automatic ? "-1 (auto)" : it->second + " (environment)";
  }
  return "-";
}

// "0,2-5,9": ranks as ranges.
std::string rank_ranges(const std::vector<int>& ranks) {
  std::string out;
  for (size_t i = 0; i < ranks.size();) {
    size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    out += (out.empty() ? "" : ",") +
           (j == i ? std::to_string(ranks[i]) : fmt::format("{}-{}", ranks[i], ranks[j]));
    i = j + 1;
  }
  return out;
}

// Which ranks of the job are not in the log: the largest communicator
// ("nranks" of Init COMPLETE, any of a process's) against the ranks seen in
// it. Empty `why` when every rank is there.
std::string missing_ranks(const NcclLog& log, std::vector<int>& missing) {
  int nranks = 0;
  for (const NcclProcess& p : log.processes)
    for (auto [rank, n] : p.comm_ranks) nranks = std::max(nranks, n);
  if (nranks == 0)
    return "the log has no \"Init COMPLETE\" line, so it does not say how many ranks the job has: "
           "it cannot show that every rank is in it (NCCL_DEBUG_SUBSYS needs INIT)";
  std::vector<bool> seen(static_cast<size_t>(nranks), false);
  for (const NcclProcess& p : log.processes)
    for (auto [rank, n] : p.comm_ranks)
      if (n == nranks && rank >= 0 && rank < nranks) seen[static_cast<size_t>(rank)] = true;
  for (int i = 0; i < nranks; ++i)
    if (!seen[static_cast<size_t>(i)]) missing.push_back(i);
  if (missing.empty()) return "";
  return fmt::format(
      "the log holds {} of {} ranks: rank{} {} not in it, not judged (give every node's log, e.g. "
      "cat job-*.log | rocecfg nccl-log PROFILE -)",
      nranks - static_cast<int>(missing.size()), nranks, missing.size() == 1 ? "" : "s",
      rank_ranges(missing));
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
    std::string who = p.rank ? fmt::format("rank {}", *p.rank) : fmt::format("pid {}", p.pid);
    // The NICs its channels ran on; the offered list only when no channel
    // line says (the link layer of what was offered is all there is then).
    std::vector<const NcclDevice*> used = used_devices(p, who, r.notes);
    bool roce = false, infiniband = false;
    std::vector<std::string> offered;
    for (const NcclDevice& d : p.ib_devices) offered.push_back(device_text(d));
    f.offered = offered.empty() ? "-" : fmt::format("{}", fmt::join(offered, ","));
    std::vector<std::string> hcas;
    for (const NcclDevice* d : used) hcas.push_back(device_text(*d));
    for (const NcclDevice& d : p.ib_devices)
      if (used.empty() || std::find(used.begin(), used.end(), &d) != used.end()) {
        roce |= d.link_layer == "RoCE";
        infiniband |= d.link_layer == "IB";
      }
    f.hcas = hcas.empty() ? "-" : fmt::format("{}", fmt::join(hcas, ","));
    f.gid = gid_text(p);
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
  // Ranks not judged are no evidence of anything: never ok, and with no
  // problem among the ranks judged, "incomplete" (not evaluated).
  if (std::string why = missing_ranks(log, r.missing_ranks); !why.empty()) {
    r.notes.push_back(why);
    r.incomplete = true;
  }
  if (log.lines_of_unread_processes > 0) {
    r.notes.push_back(fmt::format(
        "more than {} processes in the log: {} line(s) of the others not read, those ranks not "
        "judged",
        kMaxNcclProcesses, log.lines_of_unread_processes));
    r.incomplete = true;
  }
  if (r.incomplete) r.ok = false;
  return r;
}

NcclVerdict NcclLogReport::verdict() const {
  if (ok) return NcclVerdict::ok;
  bool problems = std::any_of(ranks.begin(), ranks.end(),
                              [](const RankFinding& f) { return !f.problems.empty(); });
  return incomplete && !problems ? NcclVerdict::incomplete : NcclVerdict::fail;
}

namespace {
const char* verdict_text(NcclVerdict v) {
  return v == NcclVerdict::ok ? "ok" : v == NcclVerdict::incomplete ? "incomplete" : "FAIL";
}
}  // namespace

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
  out += fmt::format("verdict: {}\n", verdict_text(r.verdict()));
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
                     {"hca_offered", f.offered},
                     {"gid_index", f.gid},
                     {"traffic_class", f.tc},
                     {"service_level", f.sl},
                     {"problems", f.problems},
                     {"ok", f.problems.empty()}});
  }
  NcclVerdict v = r.verdict();
  std::string verdict = v == NcclVerdict::fail ? "fail" : verdict_text(v);
  json out = {{"ranks", ranks},
              {"notes", r.notes},
              {"ok", r.ok},
              {"verdict", verdict},
              {"missing_ranks", r.missing_ranks}};
  if (intent.workload.traffic_class) out["profile_traffic_class"] = *intent.workload.traffic_class;
  return out;
}

}  // namespace rocecfg::workload
