// A temporary /sys (test::FsTree) for one RoCE port and its interface, so
// counter and GID code runs unchanged against files with known contents.
#pragma once

#include <string>

#include "fs_tree.h"

namespace rocecfg::probe::testing {

class SysfsTree : public test::FsTree {
 public:
  // rxe-like port: GID 0 link-local, GID 1 IPv4-mapped, both RoCE v2 on `netdev`.
  void rxe_port(const std::string& dev, const std::string& netdev,
                const std::string& ipv4_hex) const {
    const std::string p = "sys/class/infiniband/" + dev + "/ports/1/";
    write(p + "state", "4: ACTIVE\n");
    write(p + "rate", "10 Gb/sec (1X QDR)\n");
    write(p + "gids/0", "fe80:0000:0000:0000:0000:00ff:fe00:0001\n");
    write(p + "gids/1", "0000:0000:0000:0000:0000:ffff:" + ipv4_hex + "\n");
    write(p + "gids/2", "0000:0000:0000:0000:0000:0000:0000:0000\n");
    write(p + "gid_attrs/types/0", "RoCE v2\n");
    write(p + "gid_attrs/types/1", "RoCE v2\n");
    write(p + "gid_attrs/ndevs/0", netdev + "\n");
    write(p + "gid_attrs/ndevs/1", netdev + "\n");
    for (const char* c :
         {"sent_pkts", "rcvd_pkts", "rcvd_seq_err", "out_of_seq_request", "completer_retry_err",
          "duplicate_request", "retry_exceeded_err", "link_downed"})
      write(p + "hw_counters/" + c, "0\n");
    for (const char* c : {"rx_packets", "tx_packets", "rx_dropped", "tx_dropped"})
      write("sys/class/net/" + netdev + "/statistics/" + c, "0\n");
  }
};

}  // namespace rocecfg::probe::testing
