// Weighted schedulers' weights read as shares (model::weight_shares_percent):
// the figures are the vendors' own examples (lib/model/qos.h).
#include <doctest/doctest.h>

#include "model/qos.h"

using rocecfg::model::weight_shares_percent;
using Shares = std::map<unsigned, uint8_t>;

TEST_SUITE("weight_shares_percent") {
  TEST_CASE("H3C's example: weights 5,5,3,3,1,1,1,1 give the lowest queue 1/20") {
    CHECK(weight_shares_percent({{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 3}, {5, 3}, {6, 5}, {7, 5}}) ==
          Shares{{0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 15}, {5, 15}, {6, 25}, {7, 25}});
  }
  TEST_CASE("weights that sum to 100 are their own shares") {
    CHECK(weight_shares_percent({{0, 47}, {1, 1}, {3, 48}, {4, 4}}) ==
          Shares{{0, 47}, {1, 1}, {3, 48}, {4, 4}});
  }
  TEST_CASE("largest remainders take the leftover units; ties go to the lower class") {
    // 1/3 each: 33.3 % -> 34, 33, 33
    CHECK(weight_shares_percent({{2, 1}, {5, 1}, {6, 1}}) == Shares{{2, 34}, {5, 33}, {6, 33}});
    // Huawei's default weight 1 beside 50 and 50: 104 in all
    CHECK(weight_shares_percent({{0, 50}, {1, 1}, {2, 1}, {3, 50}, {4, 1}, {5, 1}}) ==
          Shares{{0, 48}, {1, 1}, {2, 1}, {3, 48}, {4, 1}, {5, 1}});
  }
  TEST_CASE("a weighted class is served: never 0 %, its 1 % taken from the largest") {
    // 1, 50, 1, 100, 1 of 153: 0.65 / 32.7 / 0.65 / 65.4 / 0.65 %
    CHECK(weight_shares_percent({{0, 1}, {1, 50}, {2, 1}, {3, 100}, {4, 1}}) ==
          Shares{{0, 1}, {1, 33}, {2, 1}, {3, 64}, {4, 1}});
  }
  TEST_CASE("no weights, or only zero weights, give no shares") {
    CHECK(weight_shares_percent({}).empty());
    CHECK(weight_shares_percent({{3, 0}}) == Shares{{3, 0}});
  }
}

TEST_SUITE("ets_weights_from_1_percent") {
  using rocecfg::model::Settings;
  using rocecfg::model::Tsa;
  Settings ets(std::array<uint8_t, 8> percent) {
    Settings s;
    s.ets.emplace();
    s.ets->tc_tsa.fill(Tsa::strict);
    for (unsigned t = 0; t < 3; ++t) s.ets->tc_tsa[t] = Tsa::ets;
    s.ets->tc_bandwidth_percent = percent;
    return s;
  }
  TEST_CASE("a 0 % class gets 1 %, taken from the largest; the total stays 100") {
    Settings s = ets({0, 40, 60});
    CHECK(rocecfg::model::ets_weights_from_1_percent(s));
    CHECK(s.ets->tc_bandwidth_percent == std::array<uint8_t, 8>{1, 40, 59});
  }
  TEST_CASE("weights already from 1 % are left as they are, and nothing is said") {
    Settings s = ets({1, 49, 50});
    CHECK_FALSE(rocecfg::model::ets_weights_from_1_percent(s));
    CHECK(s.ets->tc_bandwidth_percent == std::array<uint8_t, 8>{1, 49, 50});
  }
}
