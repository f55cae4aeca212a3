// The field for Junos (issue 37): the one whole real Junos configuration in
// ../shared/wild-configs (foreign/junos-nyc-rtr-01-set.txt, netutils'
// Junos 18.2 router in `display set` form) is read by the Junos reader as a
// configuration with no class of service (every statement passed over, no
// port QoS invented), and every other wild file -- every vendor's and every
// other foreign format -- is refused by it. Skipped with a reason where
// ../shared is absent (ROCECFG_NO_SKIP=1 makes that a failure).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "files.h"
#include "wild_corpus.h"
#include "switch/adapter.h"

namespace rocecfg::sw {
namespace {

namespace fs = std::filesystem;

TEST_SUITE("wild") {
  TEST_CASE("Junos reads the wild Junos router config and refuses every other wild file") {
    auto dir = test::wild_corpus_dir();
    if (!dir) return;
    auto junos = make_adapter("junos");
    REQUIRE(junos);
    const fs::path own = *dir / "foreign/junos-nyc-rtr-01-set.txt";
    REQUIRE(fs::exists(own));
    auto st = junos->parse(test::read_file(own.string()));
    REQUIRE_MESSAGE(st, (st ? "" : st.error().to_string()));
    CHECK(st->recognised_as == "Junos configuration (display set)");
    // A router with no class of service and no physical-port MTU: hand-read
    // from the file (grep class-of-service / mtu: none).
    CHECK(configured_knobs(*st) == 0);
    CHECK(st->not_understood.empty());
    CHECK(st->passed_over > 20);
    fmt::print("wild: junos-nyc-rtr-01-set.txt read as Junos, {} statements passed over\n",
               st->passed_over);

    size_t refused = 0, tried = 0;
    for (const auto& e : fs::recursive_directory_iterator(*dir)) {
      if (!e.is_regular_file() || e.path() == own || e.path().filename() == "README.md") continue;
      CAPTURE(e.path().string());
      ++tried;
      auto other = junos->parse(test::read_file(e.path().string()));
      CHECK_FALSE(other);
      if (!other) ++refused;
    }
    fmt::print("wild: {} of {} other wild files refused by the Junos reader\n", refused, tried);
    CHECK(tried >= 40);
    CHECK(refused == tried);
  }
}

}  // namespace
}  // namespace rocecfg::sw
