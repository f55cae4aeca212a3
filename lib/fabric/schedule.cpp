#include "fabric/schedule.h"

#include <algorithm>

namespace rocecfg::fabric {

std::optional<Pattern> parse_pattern(const std::string& name) {
  if (name == "ring") return Pattern::ring;
  if (name == "pairs") return Pattern::pairs;
  if (name == "all") return Pattern::all;
  if (name == "locate") return Pattern::locate;
  return std::nullopt;
}

const char* to_string(Pattern p) {
  switch (p) {
    case Pattern::ring:
      return "ring";
    case Pattern::pairs:
      return "pairs";
    case Pattern::all:
      return "all";
    case Pattern::locate:
      return "locate";
  }
  return "?";
}

std::vector<Round> ring_halves(size_t n) {
  std::vector<Round> out;
  if (n < 2) return out;
  if (n == 2) return {Round{{Pair{0, 1}}}};
  Round even, odd;
  for (size_t i = 0; i + 1 < n; ++i) (i % 2 == 0 ? even : odd).pairs.push_back(Pair{i, i + 1});
  out.push_back(std::move(even));
  if (!odd.pairs.empty()) out.push_back(std::move(odd));
  return out;
}

std::vector<Round> ring_schedule(size_t n) {
  std::vector<Round> out = ring_halves(n);
  if (n < 3) return out;
  // The closing edge (n-1 -> 0): for even n, n-1 is odd, so it joins the odd
  // round, where neither n-1 nor 0 appears yet. For odd n both are taken.
  Pair closing{n - 1, 0};
  if (n % 2 == 0)
    out[1].pairs.push_back(closing);
  else
    out.push_back(Round{{closing}});
  return out;
}

std::vector<Round> tournament_schedule(size_t n, size_t rounds) {
  std::vector<Round> out;
  if (n < 2) return out;
  // Circle method: slot 0 stays, the others rotate one place per round; slot
  // i meets slot m-1-i. With odd n a phantom slot (index n) gives a bye.
  size_t m = n % 2 == 0 ? n : n + 1;
  std::vector<size_t> slot(m);
  for (size_t i = 0; i < m; ++i) slot[i] = i;
  size_t total = m - 1;
  if (rounds == 0 || rounds > total) rounds = total;
  for (size_t r = 0; r < rounds; ++r) {
    Round round;
    for (size_t i = 0; i < m / 2; ++i) {
      size_t a = slot[i], b = slot[m - 1 - i];
      if (a >= n || b >= n) continue;  // the bye
      // Direction: the lower index sends when the two differ in parity, the
      // higher one when they match, so every host sends to about half of
      // its partners (n/2 - 1 or n/2 of n-1).
      size_t lo = std::min(a, b), hi = std::max(a, b);
      round.pairs.push_back((lo + hi) % 2 ? Pair{lo, hi} : Pair{hi, lo});
    }
    out.push_back(std::move(round));
    // rotate slots 1..m-1 right by one
    size_t last = slot[m - 1];
    for (size_t i = m - 1; i > 1; --i) slot[i] = slot[i - 1];
    slot[1] = last;
  }
  return out;
}

std::vector<Round> with_parallel(std::vector<Round> rounds, size_t parallel) {
  if (parallel == 0) return rounds;
  std::vector<Round> out;
  for (Round& r : rounds) {
    if (r.pairs.size() <= parallel) {
      out.push_back(std::move(r));
      continue;
    }
    for (size_t i = 0; i < r.pairs.size(); i += parallel) {
      Round wave;
      for (size_t j = i; j < r.pairs.size() && j < i + parallel; ++j)
        wave.pairs.push_back(r.pairs[j]);
      out.push_back(std::move(wave));
    }
  }
  return out;
}

}  // namespace rocecfg::fabric
