// The shape every "the same on every device" rule shares: read one value per
// endpoint, group a device's endpoints by value (so a switch's 32 equal
// ports are one row), take the value most devices hold as the reference,
// and name each endpoint group that holds another value together with the
// devices it disagrees with. One function, so every rule words its rows alike.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/rules.h"

namespace rocecfg::check {

// One device's endpoints that hold one value (nullopt: not observed).
struct Seen {
  const DeviceReading* device = nullptr;
  std::vector<std::string> ports;
  std::optional<std::string> value;
};

using ValueOf = std::function<std::optional<std::string>(const Endpoint&)>;

// Every endpoint of the readable devices of `kinds`, grouped per device by value.
std::vector<Seen> observe(const std::vector<DeviceReading>& devices,
                          std::initializer_list<DeviceKind> kinds, const ValueOf& value_of);

// "leaf1 swp1-4", "h1 ens1f0".
std::string where(const Seen& s);

// "leaf1, h1, h2 (+3 more)": at most three names.
std::string name_list(const std::vector<std::string>& names);

// The verdict rows of `rule` over `seen`: one unknown row per device with
// endpoints not observed; one disagree row per endpoint group holding a value
// other than the reference ("NOUN VALUE; A, B: REF"); when none does, one
// agree row ("NOUN REF on all N devices read").
std::vector<Finding> agreement(std::string_view rule, std::string_view noun,
                               const std::vector<Seen>& seen);

}  // namespace rocecfg::check
