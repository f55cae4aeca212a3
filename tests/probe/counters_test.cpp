#include <doctest/doctest.h>

#include "probe/counters.h"
#include "sysfs_tree.h"

using namespace rocecfg;
using namespace rocecfg::probe;
using rocecfg::probe::testing::SysfsTree;

TEST_SUITE("probe.counters") {
  TEST_CASE("classification covers mlx5, rxe and netdev names") {
    CHECK(classify("out_of_sequence") == CounterClass::loss);
    CHECK(classify("packet_seq_err") == CounterClass::loss);
    CHECK(classify("rcvd_seq_err") == CounterClass::loss);
    CHECK(classify("local_ack_timeout_err") == CounterClass::retransmit);
    CHECK(classify("completer_retry_err") == CounterClass::retransmit);
    CHECK(classify("retry_exceeded_err") == CounterClass::transport_error);
    CHECK(classify("np_cnp_sent") == CounterClass::cnp);
    CHECK(classify("rp_cnp_handled") == CounterClass::cnp);
    CHECK(classify("np_ecn_marked_roce_packets") == CounterClass::ecn_mark);
    CHECK(classify("rx_prio3_pause") == CounterClass::pause);
    CHECK(classify("rx_prio3_pause_duration") == CounterClass::pause_duration);
    CHECK(classify("tx_pause_storm_warning_events") == CounterClass::pause_storm);
    CHECK(classify("rx_prio3_buf_discard") == CounterClass::discard);
    CHECK(classify("rx_dropped") == CounterClass::discard);
    CHECK(classify("link_downed") == CounterClass::link_down);
    CHECK(classify("rx_packets") == CounterClass::packets);
    CHECK(classify("rdma_sends") == CounterClass::other);
  }

  TEST_CASE("ethtool names of mlx5, ice and bnxt: pause, duration, storm, discards") {
    // mlx5 (counters.rst): per priority, link-level pause, storm prevention
    CHECK(classify("rx_prio3_pause") == CounterClass::pause);
    CHECK(classify("tx_prio3_pause") == CounterClass::pause);
    CHECK(classify("rx_prio3_pause_duration") == CounterClass::pause_duration);
    CHECK(classify("tx_prio3_pause_duration") == CounterClass::pause_duration);
    CHECK(classify("rx_prio3_pause_transition") == CounterClass::other);
    CHECK(classify("rx_prio3_discards") == CounterClass::discard);
    CHECK(classify("rx_discards_phy") == CounterClass::discard);
    CHECK(classify("rx_pause_ctrl_phy") == CounterClass::pause);
    CHECK(classify("tx_pause_storm_warning_events") == CounterClass::pause_storm);
    CHECK(classify("tx_pause_storm_error_events") == CounterClass::pause_storm);
    CHECK(classify("rx_prio3_bytes") == CounterClass::other);
    // ice (".nic" port statistics) and i40e ("port." prefix)
    CHECK(classify("rx_priority_3_xoff.nic") == CounterClass::pause);
    CHECK(classify("tx_priority_3_xoff.nic") == CounterClass::pause);
    CHECK(classify("rx_priority_3_xon.nic") == CounterClass::other);
    CHECK(classify("link_xoff_rx.nic") == CounterClass::pause);
    CHECK(classify("port.rx_priority_3_xoff") == CounterClass::pause);
    CHECK(classify("port.rx_priority_3_xon_2_xoff") == CounterClass::other);
    CHECK(classify("rx_dropped.nic") == CounterClass::discard);
    // bnxt: per-priority PFC frames; the totals would double them
    CHECK(classify("rx_pfc_ena_frames_pri3") == CounterClass::pause);
    CHECK(classify("tx_pfc_ena_frames_pri3") == CounterClass::pause);
    CHECK(classify("rx_pfc_frames") == CounterClass::other);
    CHECK(classify("rx_pfc_xon2xoff_frames_pri3") == CounterClass::other);
    CHECK(classify("rx_pause_frames") == CounterClass::pause);
    CHECK(classify("rx_discard_packets_cos0") == CounterClass::discard);
  }

  TEST_CASE("per-priority counters know their priority") {
    CHECK(counter_priority("rx_prio3_pause")->value() == 3);
    CHECK(counter_priority("tx_prio7_pause")->value() == 7);
    CHECK(counter_priority("rx_prio5_pause_duration")->value() == 5);
    CHECK(counter_priority("rx_priority_4_xoff.nic")->value() == 4);
    CHECK(counter_priority("port.tx_priority_2_xoff")->value() == 2);
    CHECK(counter_priority("rx_pfc_ena_frames_pri6")->value() == 6);
    CHECK_FALSE(counter_priority("rx_pause_ctrl_phy"));
    CHECK_FALSE(counter_priority("rx_prio12_x"));
    CHECK_FALSE(counter_priority("rx_prio8_pause"));
    CHECK_FALSE(counter_priority("link_xoff_rx.nic"));
    CHECK_FALSE(counter_priority("rx_discard_packets_cos0"));  // a queue, not a priority
  }

  TEST_CASE("direction: rx = the peer paused us, tx = we paused the peer") {
    CHECK(counter_direction("rx_prio3_pause") == Direction::rx);
    CHECK(counter_direction("tx_prio3_pause") == Direction::tx);
    CHECK(counter_direction("tx_priority_3_xoff.nic") == Direction::tx);
    CHECK(counter_direction("link_xoff_rx.nic") == Direction::rx);
    CHECK(counter_direction("port.tx_priority_1_xoff") == Direction::tx);
    CHECK(counter_direction("np_cnp_sent") == Direction::unknown);
  }

  TEST_CASE("class sums count per-priority ethtool counters of lossless priorities only") {
    CounterMap d{{"eth0:rx_priority_3_xoff.nic", 4},
                 {"eth0:rx_priority_0_xoff.nic", 50},
                 {"eth1:tx_pfc_ena_frames_pri3", 6},
                 {"eth1:rx_prio3_pause_duration", 1200},
                 {"eth1:link_xoff_rx.nic", 1}};
    PriorityMask lossless;
    lossless.set(*Priority::make(3));
    ClassTotal pause = sum_class(d, CounterClass::pause, lossless);
    CHECK(pause.total == 11);  // 4 + 6 + the link-level 1, not priority 0's 50
    CHECK(pause.counters == 3);
    CHECK(sum_class(d, CounterClass::pause_duration, lossless).total == 1200);
  }

  TEST_CASE("an ethtool snapshot of a missing netdev is an error naming it") {
    auto r = snapshot_ethtool("nosuch0");
    REQUIRE_FALSE(r);
    CHECK(r.error().kind == ErrorKind::not_found);
    CHECK(r.error().to_string().starts_with("nosuch0: "));
    CHECK_FALSE(snapshot_ethtool("bad/name"));
  }

  TEST_CASE("snapshots of a port and an interface, read from a sysfs tree") {
    SysfsTree t;
    t.rxe_port("rxe0", "veth0", "0a00:0001");
    t.write("sys/class/infiniband/rxe0/ports/1/hw_counters/rcvd_seq_err", "17\n");
    t.write("sys/class/infiniband/rxe0/ports/1/hw_counters/garbage", "n/a\n");
    t.write("sys/class/net/veth0/statistics/rx_dropped", "5\n");
    host::FsRoot fs(t.root());
    auto r = snapshot_rdma(fs, "rxe0", 1);
    REQUIRE(r);
    CHECK(r->at("rxe0:rcvd_seq_err") == 17);
    CHECK(r->count("rxe0:garbage") == 0);  // unreadable counters are left out, not zero
    CHECK(r->size() == 8);
    auto n = snapshot_netdev(fs, "veth0");
    REQUIRE(n);
    CHECK(n->at("veth0:rx_dropped") == 5);
    CHECK(snapshot_rdma(fs, "rxe0", 2).error().to_string() == "rxe0: no port 2 in sysfs");
    CHECK(snapshot_netdev(fs, "eth9").error().to_string() ==
          "eth9: no interface statistics in sysfs");
  }

  TEST_CASE("delta between two snapshots of a changing tree, with a counter reset") {
    SysfsTree t;
    t.rxe_port("rxe1", "veth1", "0a00:0002");
    host::FsRoot fs(t.root());
    auto before = *snapshot_rdma(fs, "rxe1", 1);
    t.write("sys/class/infiniband/rxe1/ports/1/hw_counters/rcvd_seq_err", "4\n");
    t.write("sys/class/infiniband/rxe1/ports/1/hw_counters/sent_pkts", "1000\n");
    auto mid = *snapshot_rdma(fs, "rxe1", 1);
    t.write("sys/class/infiniband/rxe1/ports/1/hw_counters/sent_pkts", "10\n");  // reset
    auto after = *snapshot_rdma(fs, "rxe1", 1);
    auto d1 = delta(before, mid);
    CHECK(d1.at("rxe1:rcvd_seq_err") == 4);
    CHECK(d1.at("rxe1:sent_pkts") == 1000);
    auto d2 = delta(mid, after);
    CHECK(d2.at("rxe1:sent_pkts") == 10);
    CHECK(d2.at("rxe1:rcvd_seq_err") == 0);
  }

  TEST_CASE("class sums: only lossless priorities count, and an absent class is not measured") {
    CounterMap d{{"mlx5_0:out_of_sequence", 2}, {"eth0:rx_prio3_pause", 10},
                 {"eth0:rx_prio0_pause", 99},   {"eth0:tx_prio3_pause", 5},
                 {"rxe0:rcvd_seq_err", 1},      {"eth0:rx_dropped", 0}};
    PriorityMask lossless;
    lossless.set(*Priority::make(3));
    ClassTotal pause = sum_class(d, CounterClass::pause, lossless);
    CHECK(pause.total == 15);
    CHECK(pause.counters == 2);
    ClassTotal all_pause = sum_class(d, CounterClass::pause);
    CHECK(all_pause.total == 114);
    ClassTotal loss = sum_class(d, CounterClass::loss);
    CHECK(loss.total == 3);
    CHECK(loss.nonzero.size() == 2);
    ClassTotal discard = sum_class(d, CounterClass::discard);
    CHECK(discard.counters == 1);
    CHECK(discard.nonzero.empty());
    CHECK(sum_class(d, CounterClass::cnp).counters == 0);
  }
}
