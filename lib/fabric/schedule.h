// Who probes whom, round by round. A round's pairs are disjoint: every host is
// in at most one test per round, so no host's NIC carries two tests at once
// and a slow figure belongs to one pair. Pairs are ordered: `client` sends
// (RDMA WRITE from client to server), `server` runs `rocecfg probe --server`.
//   ring   NCCL's ring in the order given: host i with host i+1 (the last
//          with the first). Every host is in two ring edges, so the ring is
//          two rounds (even edges, then odd edges) and a third for the
//          closing edge when N is odd.
//   all    every unordered pair once, by the round-robin tournament (circle
//          method): N-1 rounds for even N, N for odd N (one host sits out
//          each round).
//   pairs  the first `rounds` rounds of that tournament: each host meets
//          `rounds` distinct partners (default 1: a spot check in one round).
// with_parallel() splits any round holding more than P pairs into waves of
// at most P, for fabrics whose shared links cannot carry all tests at once.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace rocecfg::fabric {

struct Pair {
  size_t client = 0, server = 0;  // indices into the host list
  bool operator==(const Pair&) const = default;
};

struct Round {
  std::vector<Pair> pairs;
};

enum class Pattern { ring, pairs, all, locate };

std::optional<Pattern> parse_pattern(const std::string& name);
const char* to_string(Pattern p);

std::vector<Round> ring_schedule(size_t hosts);
// rounds: 0 means all of them.
std::vector<Round> tournament_schedule(size_t hosts, size_t rounds = 0);
// parallel 0: unbounded.
std::vector<Round> with_parallel(std::vector<Round> rounds, size_t parallel);

// Rounds of the ring's even edges (0-1, 2-3, ...) and odd edges (1-2, 3-4,
// ...): the first two rounds of ring_schedule, without the closing edge of an
// odd ring. Every host is in one or two tests. (locate starts here.)
std::vector<Round> ring_halves(size_t hosts);

}  // namespace rocecfg::fabric
