// Tables as switch CLIs print them: a header line, a line of dash runs (one
// run per column, as Python tabulate and NVUE print them), rows until a blank
// line. Columns are cut at the dash runs' starts, so headers with spaces
// ("Port Rx", "STORM DETECTED/RESTORED") and cells with units ("0 Bytes")
// stay whole. Counter readers use it for SONiC and NVUE outputs; the CLI
// vendors' fixed-layout rows go through counter_fields().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocecfg::sw {

struct TextTable {
  std::string title;  // the nearest non-empty line above the header ("PFC Statistics"), if any
  std::vector<std::string> headers;
  std::vector<std::vector<std::string>> rows;  // trimmed cells, one per header
  int column(std::string_view header) const;   // index, or -1
};

std::vector<TextTable> parse_dashed_tables(std::string_view text);

// The counters in fields[from, from + n) of a row (parse_counter_number:
// "1,200", "0"), or std::nullopt when the row is shorter or any of them is
// not a number: how the NX-OS, Huawei and H3C readers walk their text tables,
// whose rows they recognise by where the numbers are.
std::optional<std::vector<uint64_t>> counter_fields(const std::vector<std::string>& fields,
                                                    size_t from, size_t n);

// Lines of `text` without trailing CR.
std::vector<std::string_view> text_lines(std::string_view text);

}  // namespace rocecfg::sw
