// Byte sizes and durations with explicit units. Vendors disagree on what "KB"
// means, so rocecfg fixes it everywhere: KB/MB/GB are powers of 1000 and
// KiB/MiB/GiB powers of 1024; a bare number is refused for sizes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace rocecfg {

// "150KB" -> 150000, "1.5MiB" -> 1572864, "9000B" -> 9000. nullopt on a
// missing/unknown unit, a negative value, a fraction of a byte or overflow.
std::optional<uint64_t> parse_bytes(std::string_view text);

// The accepted unit spellings, for error messages.
inline constexpr std::string_view kByteUnits = "B, KB, MB, GB (x1000), KiB, MiB, GiB (x1024)";

// Shortest exact rendering: 150000 -> "150KB", 1572864 -> "1536KiB", 1000 -> "1KB", 1500 ->
// "1500B".
std::string format_bytes(uint64_t bytes);

// Two sizes of one field (ECN min and max) in ONE unit: the unit that renders
// both exactly with the fewest digits ("150KB", "1500KB"; "153600B",
// "3145728B" rather than "150KiB" beside "3072KB").
std::pair<std::string, std::string> format_bytes_pair(uint64_t a, uint64_t b);

}  // namespace rocecfg
