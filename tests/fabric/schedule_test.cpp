#include <doctest/doctest.h>

#include <set>

#include "fabric/schedule.h"

namespace rocecfg::fabric {
namespace {
// Every host at most once per round.
bool disjoint(const Round& r) {
  std::set<size_t> seen;
  for (const Pair& p : r.pairs)
    if (!seen.insert(p.client).second || !seen.insert(p.server).second) return false;
  return true;
}
std::set<std::pair<size_t, size_t>> unordered(const std::vector<Round>& rounds) {
  std::set<std::pair<size_t, size_t>> out;
  for (const Round& r : rounds)
    for (const Pair& p : r.pairs)
      out.insert({std::min(p.client, p.server), std::max(p.client, p.server)});
  return out;
}
size_t count(const std::vector<Round>& rounds) {
  size_t n = 0;
  for (const Round& r : rounds) n += r.pairs.size();
  return n;
}
}  // namespace

TEST_SUITE("schedule") {
  TEST_CASE("ring: successor in the order given, two rounds for even N") {
    auto r = ring_schedule(4);
    REQUIRE(r.size() == 2);
    CHECK(r[0].pairs == std::vector<Pair>{{0, 1}, {2, 3}});
    CHECK(r[1].pairs == std::vector<Pair>{{1, 2}, {3, 0}});
  }
  TEST_CASE("ring: a third round for the closing edge of an odd ring") {
    auto r = ring_schedule(5);
    REQUIRE(r.size() == 3);
    CHECK(r[0].pairs == std::vector<Pair>{{0, 1}, {2, 3}});
    CHECK(r[1].pairs == std::vector<Pair>{{1, 2}, {3, 4}});
    CHECK(r[2].pairs == std::vector<Pair>{{4, 0}});
  }
  TEST_CASE("ring of two is one test; of one or none, nothing") {
    CHECK(ring_schedule(2).size() == 1);
    CHECK(ring_schedule(1).empty());
    CHECK(ring_schedule(0).empty());
  }
  TEST_CASE("tournament: every pair exactly once, N-1 disjoint rounds for even N") {
    for (size_t n : {2, 4, 6, 16, 64}) {
      auto r = tournament_schedule(n);
      CHECK(r.size() == n - 1);
      for (const Round& round : r) {
        CHECK(disjoint(round));
        CHECK(round.pairs.size() == n / 2);
      }
      CHECK(count(r) == n * (n - 1) / 2);
      CHECK(unordered(r).size() == n * (n - 1) / 2);
    }
  }
  TEST_CASE("tournament: odd N takes N rounds with one host sitting out each") {
    for (size_t n : {3, 5, 9}) {
      auto r = tournament_schedule(n);
      CHECK(r.size() == n);
      for (const Round& round : r) {
        CHECK(disjoint(round));
        CHECK(round.pairs.size() == n / 2);
      }
      CHECK(unordered(r).size() == n * (n - 1) / 2);
    }
  }
  TEST_CASE("tournament: the exact four-host schedule") {
    auto r = tournament_schedule(4);
    // Circle method: 0 stays, 1..3 rotate; lower index sends on mixed parity.
    CHECK(r[0].pairs == std::vector<Pair>{{0, 3}, {1, 2}});
    CHECK(r[1].pairs == std::vector<Pair>{{2, 0}, {3, 1}});
    CHECK(r[2].pairs == std::vector<Pair>{{0, 1}, {2, 3}});
  }
  TEST_CASE("tournament: each host sends about as often as it receives") {
    auto r = tournament_schedule(16);
    std::vector<int> sends(16, 0);
    for (const Round& round : r)
      for (const Pair& p : round.pairs) ++sends[p.client];
    for (int s : sends) CHECK((s >= 6 && s <= 9));
  }
  TEST_CASE("pairs: the first rounds of the tournament") {
    auto r = tournament_schedule(8, 2);
    REQUIRE(r.size() == 2);
    CHECK(r[0].pairs == tournament_schedule(8)[0].pairs);
    CHECK(tournament_schedule(8, 100).size() == 7);
  }
  TEST_CASE("--parallel splits rounds into waves and keeps every pair") {
    auto r = with_parallel(tournament_schedule(8), 3);
    CHECK(r.size() == 14);  // 7 rounds of 4 pairs -> 3 + 1 each
    for (const Round& round : r) CHECK(round.pairs.size() <= 3);
    CHECK(count(r) == 28);
    CHECK(with_parallel(tournament_schedule(8), 0).size() == 7);
  }
  TEST_CASE("pattern names") {
    CHECK(parse_pattern("locate") == Pattern::locate);
    CHECK_FALSE(parse_pattern("mesh"));
    CHECK(std::string(to_string(Pattern::all)) == "all");
  }
}

}  // namespace rocecfg::fabric
