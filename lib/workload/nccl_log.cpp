#include "workload/nccl_log.h"

#include <regex>
#include <sstream>

namespace rocecfg::workload {

namespace {

// "host:pid:tid [dev] NCCL INFO msg" anywhere in the line (mpirun and Slurm
// prefix lines with "[1,0]<stdout>:" or "0: "; NCCL_DEBUG_TIMESTAMP_FORMAT
// adds "[time] " before the host).
const std::regex kPrefix(R"(([^\s:\[\]]+):(\d+):(\d+) \[\d+\] (?:\S+ )*?NCCL (INFO|WARN) (.*)$)");
const std::regex kNetwork(R"(^Using network (.+)$)");
const std::regex kIbUsing(R"(^NET/IB ?: Using(.*); OOB )");
const std::regex kIbDevice(R"(\[(\d+)\]([A-Za-z0-9_.\-]+):(\d+)(?::[^/\s]*)?/(\w+))");
const std::regex kSocketUsing(R"(^NET/Socket ?: Using(.*)$)");
const std::regex kSocketDevice(R"(\[\d+\]([^:\s]+):)");
const std::regex kSetByEnv(R"(^(NCCL_[A-Z0-9_]+) set by environment to (.*?)\.?$)");
const std::regex kHcaSet(R"(^NCCL_IB_HCA set to (\S+))");
const std::regex kQpIbDev(R"(^NET/IB: .*IbDev (\d+) Port \d+ .*GID (-?\d+) \()");
const std::regex kQpOld(R"(^NET/IB: Dev (\d+) Port \d+ qpn \d+ mtu \d+ GID (-?\d+) \()");
const std::regex kChannel(R"(^Channel \d+/\d+ : .* via NET/([^/\s]+)/)");
const std::regex kRank(R"(comm 0x[0-9a-fA-F]+ rank (\d+) nranks (\d+) .*Init COMPLETE)");

}  // namespace

NcclLog parse_nccl_log(const std::string& text) {
  NcclLog log;
  std::map<std::string, size_t> by_key;
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!std::regex_search(line, m, kPrefix)) continue;
    ++log.nccl_lines;
    std::string key = m[1].str() + ":" + m[2].str();
    auto [it, fresh] = by_key.try_emplace(key, log.processes.size());
    if (fresh) {
      NcclProcess p;
      p.host = m[1].str();
      p.pid = std::stoi(m[2].str());
      log.processes.push_back(p);
    }
    NcclProcess& p = log.processes[it->second];
    std::string level = m[4].str();
    std::string msg = m[5].str();
    std::smatch x;
    if (level == "WARN") {
      p.warnings.push_back(msg);
    } else if (std::regex_search(msg, x, kNetwork)) {
      p.network = x[1].str();
    } else if (std::regex_search(msg, x, kIbUsing)) {
      std::string list = x[1].str();
      for (std::sregex_iterator d(list.begin(), list.end(), kIbDevice), end; d != end; ++d)
        p.ib_devices.push_back(
            {std::stoi((*d)[1].str()), (*d)[2].str(), std::stoi((*d)[3].str()), (*d)[4].str()});
    } else if (msg.rfind("NET/IB : No device found", 0) == 0) {
      p.ib_no_device = true;
    } else if (std::regex_search(msg, x, kSocketUsing)) {
      std::string list = x[1].str();
      for (std::sregex_iterator d(list.begin(), list.end(), kSocketDevice), end; d != end; ++d)
        p.socket_devices.push_back((*d)[1].str());
    } else if (std::regex_search(msg, x, kSetByEnv)) {
      p.env[x[1].str()] = x[2].str();
      p.env_logged = true;
    } else if (std::regex_search(msg, x, kHcaSet)) {
      p.env["NCCL_IB_HCA"] = x[1].str();
      p.env_logged = true;
    } else if (std::regex_search(msg, x, kQpIbDev) || std::regex_search(msg, x, kQpOld)) {
      p.gid_by_ibdev[std::stoi(x[1].str())] = std::stoi(x[2].str());
    } else if (std::regex_search(msg, x, kChannel)) {
      std::string net = x[1].str();
      if (std::find(p.channel_nets.begin(), p.channel_nets.end(), net) == p.channel_nets.end())
        p.channel_nets.push_back(net);
    } else if (std::regex_search(msg, x, kRank)) {
      if (!p.rank) {
        p.rank = std::stoi(x[1].str());
        p.nranks = std::stoi(x[2].str());
      }
    }
  }
  return log;
}

}  // namespace rocecfg::workload
