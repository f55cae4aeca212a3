// The buffer rules as validate, plan and doctor meet them: through the
// profile loader, each rule failed and passed with its exact message, and
// waived. Expected figures are computed by hand in the comments.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "profile/load.h"

using namespace rocecfg;

namespace {

// A lossless profile with Cumulus' default ECN thresholds (150 KB / 1500 KB)
// and `buffers` as its [buffers] table (the last table, starting at line 16).
std::string profile_with(const std::string& buffers) {
  return "[fabric]\n"                       // 1
         "name = \"t\"\n"                   // 2
         "[lossless]\n"                     // 3
         "priorities = [3]\n"               // 4
         "dscp = [26]\n"                    // 5
         "trust = \"dscp\"\n"               // 6
         "[ecn]\n"                          // 7
         "min_threshold = \"150KB\"\n"      // 8
         "max_threshold = \"1500KB\"\n"     // 9
         "mark_probability_percent = 10\n"  // 10
         "[mtu]\n"                          // 11
         "host_bytes = 9000\n"              // 12
         "switch_bytes = 9216\n"            // 13
         "[validation]\n"                   // 14
         "max_discards = 0\n"               // 15
         "[buffers]\n" +                    // 16
         buffers;
}

std::vector<std::string> headlines(const std::string& buffers) {
  auto l = profile::load_profile_text(profile_with(buffers), "p.toml");
  std::vector<std::string> out;
  for (const Diagnostic& d : l.diagnostics.all()) out.push_back(d.headline());
  if (l.value) out.push_back("loaded");
  return out;
}

using Lines = std::vector<std::string>;

// Lossless priority 3 in buffer 1.
const std::string kBufferMap = "prio_buffer = [0, 0, 0, 1, 0, 0, 0, 0]\n";

}  // namespace

TEST_SUITE("buffers.rules") {
  TEST_CASE("kmin-bdp: Kmin below one BDP fails, at or above passes, a waiver warns") {
    // 400G x 10 us (the default round trip) / 8 = 500000 bytes > 150000.
    CHECK(headlines("port_speed = \"400G\"\n") ==
          Lines{"p.toml:8:17: error: ecn.min_threshold: 150000 bytes is below one "
                "bandwidth-delay product, 500000 bytes (400G x 10 us round trip): switches mark "
                "before the pipe is full and DCQCN holds the link below its speed (rule kmin-bdp) "
                "(allowed: >= 500000 bytes, or waive it: [buffers] waive = [\"kmin-bdp\"])"});
    // 100G x 10 us / 8 = 125000 bytes <= 150000.
    CHECK(headlines("port_speed = \"100G\"\n") == Lines{"loaded"});
    // A measured 2 us round trip at 400G: 100000 bytes.
    CHECK(headlines("port_speed = \"400G\"\nfabric_rtt_us = 2\n") == Lines{"loaded"});
    CHECK(headlines("port_speed = \"400G\"\nwaive = [\"kmin-bdp\"]\n") ==
          Lines{"p.toml:8:17: warning: ecn.min_threshold: 150000 bytes is below one "
                "bandwidth-delay product, 500000 bytes (400G x 10 us round trip): switches mark "
                "before the pipe is full and DCQCN holds the link below its speed (rule kmin-bdp "
                "waived in buffers.waive)",
                "loaded"});
  }

  TEST_CASE("ecn-before-pfc: Kmax at or above the PFC trigger point fails") {
    // mlx5 xoff at 100G, 100 m, MTU 9000: (301 + 216) x 100 + 272 x 90 = 76180.
    // Buffer 1500 KB: XOFF at 1500000 - 76180 = 1423820 <= Kmax 1500000.
    CHECK(headlines("port_speed = \"100G\"\ncable_length_m = 100\n" + kBufferMap +
                    "buffer_size = [\"100KB\", \"1500KB\", \"0B\", \"0B\", \"0B\", \"0B\", \"0B\", "
                    "\"0B\"]\n") ==
          Lines{"p.toml:9:17: error: ecn.max_threshold: 1500000 bytes is not below the PFC "
                "trigger point, 1423820 bytes (lossless buffer 1500000 - xoff 76180, mlx5 at "
                "100G, 100 m, MTU 9000): PFC would pause the link before ECN marks, and DCQCN "
                "never gets to slow the senders (rule ecn-before-pfc) (allowed: < 1423820 bytes, "
                "or waive it: [buffers] waive = [\"ecn-before-pfc\"])"});
    // Buffer 1600 KB: XOFF at 1523820 > 1500000.
    CHECK(headlines("port_speed = \"100G\"\ncable_length_m = 100\n" + kBufferMap +
                    "buffer_size = [\"100KB\", \"1600KB\", \"0B\", \"0B\", \"0B\", \"0B\", \"0B\", "
                    "\"0B\"]\n") == Lines{"loaded"});
    // Without a speed the trigger point is unknown: not checked, not passed.
    CHECK(headlines("cable_length_m = 100\n" + kBufferMap +
                    "buffer_size = [\"100KB\", \"1500KB\", \"0B\", \"0B\", \"0B\", \"0B\", \"0B\", "
                    "\"0B\"]\n") == Lines{"loaded"});
  }

  TEST_CASE("headroom-xoff: headroom below the ASIC's xoff fails") {
    // Spectrum-3, 100G, 5 m, port MTU 9216, SONiC's traffic pattern: xoff
    // 48128 (worked in headroom_test.cpp).
    CHECK(headlines("port_speed = \"100G\"\ncable_length_m = 5\nasic = \"spectrum-3\"\n"
                    "headroom = \"40KiB\"\n") ==
          Lines{"p.toml:20:12: error: buffers.headroom: 40960 bytes is below the computed xoff, "
                "48128 bytes (spectrum-3 at 100G, 5 m, MTU 9216): frames still in flight after "
                "XOFF would be dropped on the lossless priority (rule headroom-xoff) (allowed: >= "
                "48128 bytes, or waive it: [buffers] waive = [\"headroom-xoff\"])"});
    CHECK(headlines("port_speed = \"100G\"\ncable_length_m = 5\nasic = \"spectrum-3\"\n"
                    "headroom = \"47KiB\"\n") == Lines{"loaded"});
    CHECK(headlines("port_speed = \"100G\"\ncable_length_m = 5\nasic = \"spectrum-3\"\n"
                    "headroom = \"40KiB\"\nwaive = [\"headroom-xoff\"]\n")
              .back() == "loaded");
  }

  TEST_CASE("bad arithmetic keys are located errors") {
    CHECK(headlines("port_speed = \"fast\"\nasic = \"tomahawk\"\nwaive = [\"kmin\"]\n") ==
          Lines{"p.toml:17:14: error: buffers.port_speed: \"fast\" is not a port speed (allowed: "
                "100M, 1G, 10G, 25G, 40G, 50G, 100G, 200G, 400G, 800G)",
                "p.toml:18:8: error: buffers.asic: \"tomahawk\" is not a known value (allowed: "
                "\"spectrum-1\", \"spectrum-2\", \"spectrum-3\", \"spectrum-4\", \"spectrum-5\", "
                "\"spectrum-6\")",
                "p.toml:19:10: error: buffers.waive[0]: \"kmin\" is not a buffer rule (allowed: "
                "ecn-before-pfc, kmin-bdp, headroom-xoff)"});
  }
}
