// Strong types for the values every layer passes around. They are built once,
// at the boundary (profile loader, netlink decoder, vendor parser), through
// make(), which range-checks; inside, a Priority is always 0..7.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>

#include <fmt/core.h>

namespace rocecfg {

template <typename Tag, unsigned Max>
class Bounded {
 public:
  static constexpr unsigned max = Max;
  constexpr Bounded() = default;
  static constexpr std::optional<Bounded> make(long long v) {
    if (v < 0 || v > static_cast<long long>(Max)) return std::nullopt;
    return Bounded(static_cast<uint8_t>(v));
  }
  // For values the caller has already range-checked (loops over 0..Max).
  static constexpr Bounded unchecked(unsigned v) { return Bounded(static_cast<uint8_t>(v)); }
  constexpr uint8_t value() const { return v_; }
  constexpr auto operator<=>(const Bounded&) const = default;
  constexpr bool operator==(const Bounded&) const = default;
  // Comparing with a plain number is harmless (tests, tables); making one
  // from a number still goes through make() or unchecked().
  friend constexpr bool operator==(Bounded a, unsigned b) { return a.v_ == b; }

 private:
  constexpr explicit Bounded(uint8_t v) : v_(v) {}
  uint8_t v_ = 0;
};

struct PriorityTag {};
struct DscpTag {};
struct TrafficClassTag {};
using Priority = Bounded<PriorityTag, 7>;          // IEEE 802.1p priority
using Dscp = Bounded<DscpTag, 63>;                 // IP DSCP code point
using TrafficClass = Bounded<TrafficClassTag, 7>;  // egress traffic class (queue group)

// A set of priorities as the 8-bit map DCB, sysfs and switch CLIs use
// (bit N = priority N).
class PriorityMask {
 public:
  constexpr PriorityMask() = default;
  constexpr explicit PriorityMask(uint8_t bits) : bits_(bits) {}
  constexpr bool has(Priority p) const { return bits_ & (1u << p.value()); }
  constexpr void set(Priority p) { bits_ |= static_cast<uint8_t>(1u << p.value()); }
  constexpr void clear(Priority p) { bits_ &= static_cast<uint8_t>(~(1u << p.value())); }
  constexpr uint8_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  int count() const { return __builtin_popcount(bits_); }
  constexpr auto operator<=>(const PriorityMask&) const = default;
  // "3", "3,4", "none": the order and spelling the plan shows.
  std::string to_string() const;

 private:
  uint8_t bits_ = 0;
};

}  // namespace rocecfg

// A bounded value prints as its number ("{}" of a Dscp is "26").
template <typename Tag, unsigned Max>
struct fmt::formatter<rocecfg::Bounded<Tag, Max>> : fmt::formatter<unsigned> {
  template <typename Context>
  auto format(rocecfg::Bounded<Tag, Max> v, Context& ctx) const {
    return fmt::formatter<unsigned>::format(v.value(), ctx);
  }
};
