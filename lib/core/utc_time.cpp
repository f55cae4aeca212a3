#include "core/utc_time.h"

#include <ctime>

namespace rocecfg {

std::string format_utc(int64_t unix_s, const char* strftime_format) {
  std::time_t t = static_cast<std::time_t>(unix_s);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, strftime_format, &tm);
  return buf;
}

}  // namespace rocecfg
