// The kernel log as lines, for doctor. /dev/kmsg hands out one record per
// read() ("PRI,SEQ,USEC,FLAGS;message", then " KEY=value" continuation lines)
// and EAGAIN at the end when opened non-blocking; a saved copy in a regular
// file holds many records per read. Both are parsed the same way.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace rocecfg::doctor {

// Messages only (prefix and continuation lines dropped), oldest first, at
// most the newest `max_lines`.
Result<std::vector<std::string>> read_kernel_log(const std::string& path = "/dev/kmsg",
                                                 size_t max_lines = 5000);

// One record or line: "6,1234,5678,-;mlx5_core ...: ..." -> "mlx5_core ...: ...";
// lines without the prefix are returned unchanged; continuation lines -> "".
std::string kmsg_message(const std::string& record);

}  // namespace rocecfg::doctor
