// How reports print a moment: "2026-12-02 21:30:00 UTC" (seconds since the
// epoch, in UTC, so two hosts' reports compare as text); files that follow
// ISO 8601 pass "%Y-%m-%dT%H:%M:%SZ".
#pragma once

#include <cstdint>
#include <string>

namespace rocecfg {

std::string format_utc(int64_t unix_s, const char* strftime_format = "%Y-%m-%d %H:%M:%S UTC");

}  // namespace rocecfg
