// Reading an NCCL_DEBUG=INFO log: what each NCCL process actually used.
// Every pattern here is one of NCCL's own format strings (NVIDIA/nccl
// @5067397c; older releases where they differ):
//   line prefix    src/debug.cc: "%s:%d:%d " hostname, pid, tid, then
//                  "[%d] NCCL INFO %s" / "[%d] %s:%d NCCL WARN %s"
//   network        src/init.cc: "Using network %s"
//   IB devices     src/transport/net_ib/init.cc: "NET/IB : Using%s %s; OOB %s:%s"
//                  with " [%d]%s:%d" and "/%s" (NCCL_IB_LLSTR: IB | RoCE) per
//                  device; "NET/IB : No device found."
//   sockets        src/transport/net_socket.cc: "NET/Socket : Using%s", " [%d]%s:%s"
//   parameters     src/misc/param.cc: "%s set by environment to %lld." (ENV
//                  subsystem); init.cc: "NCCL_IB_HCA set to %s"
//   RoCE QPs       src/transport/net_ib/connect.cc: "NET/IB: %s: %s %d IbDev %d
//                  Port %d qp_num %d mtu %d GID %ld (%lX/%lX) ..." (2.21-2.23:
//                  "... IbDev %d Port %d qpn %d mtu %d query_ece=... GID %ld";
//                  2.18: "NET/IB: Dev %d Port %d qpn %d mtu %d GID %ld (%lX/%lX)")
//   channels       src/transport/net.cc: "Channel %02d/%d : %d[%d] -> %d[%d]
//                  [send] via NET/%s/%d%s%s%s" (or NET/%s/%d(%d) with a PXN
//                  proxy rank; "[receive]" alike): %d is the device's index
//                  in the "NET/IB : Using" list (the [%d] there), so the NIC
//                  the rank's channel runs on
//   rank           src/init.cc: "%s comm %p rank %d nranks %d ... - Init COMPLETE"
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocecfg::workload {

// Bounds on what one log can make us hold (a 7 MB log once gave 224 MB of
// output and 475 MB of memory): lines longer than this are skipped and
// counted (NCCL's own are under 300 bytes), each per-process list (devices,
// variables, GIDs, channel networks) keeps this many distinct entries, and
// the warnings and processes kept are capped.
inline constexpr size_t kMaxNcclLineBytes = 4096;
inline constexpr size_t kMaxNcclListEntries = 64;
inline constexpr size_t kMaxNcclWarningsPerProcess = 64;
inline constexpr size_t kMaxNcclProcesses = 65536;

struct NcclDevice {
  int index = 0;
  std::string name;  // "mlx5_0"
  int port = 1;
  std::string link_layer;  // "RoCE", "IB"
};

// What one NCCL process (host:pid) logged.
struct NcclProcess {
  std::string host;
  int pid = 0;
  std::optional<int> rank;  // in the largest communicator it completed (the job's world)
  std::optional<int> nranks;
  // (rank, nranks) of every communicator it completed: a job that splits
  // its world logs several per process, the world not always first.
  std::vector<std::pair<int, int>> comm_ranks;
  std::string network;  // "Using network X": "IB", "Socket", a plugin's name
  std::vector<NcclDevice> ib_devices;
  bool ib_no_device = false;  // "NET/IB : No device found."
  std::vector<std::string> socket_devices;
  std::map<std::string, std::string> env;  // NCCL_* "set by environment to" values
  std::map<int, int> gid_by_ibdev;         // IbDev -> GID index of its QPs
  std::vector<std::string> channel_nets;   // "IB", "Socket" from "via NET/X/n"
  std::vector<int> ib_devices_used;        // the n of "via NET/IB/n": an ib_devices index
  std::vector<std::string> warnings;       // NCCL WARN messages
  bool env_logged = false;                 // saw ENV-subsystem lines: unset means default
};

struct NcclLog {
  std::vector<NcclProcess> processes;  // in order of first appearance
  size_t nccl_lines = 0;
  size_t long_lines = 0;                 // longer than kMaxNcclLineBytes: not read
  size_t lines_of_unread_processes = 0;  // beyond kMaxNcclProcesses processes
};

NcclLog parse_nccl_log(const std::string& text);

}  // namespace rocecfg::workload
