// rocecfg nccl-log PROFILE FILE|-: what each NCCL rank of a job used
// (transport, HCA, GID, traffic class, service level), read from its
// NCCL_DEBUG=INFO log, and whether that is the profile's lossless class.
// Exit 0 when every rank of the job is in the log and matches, 1 on any
// mismatch or fallback, 4 (not evaluated) when the ranks in the log match
// but some of the job's ranks are not in it.
#include <iostream>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "core/regular_file.h"
#include "load_or_report.h"
#include "output.h"
#include "workload/nccl_log_report.h"

namespace rocecfg::cmd {
namespace {

// Standard input, bounded like a file (kMaxInputFileBytes).
Result<std::string> read_stdin() {
  std::string text;
  char buffer[65536];
  while (text.size() <= kMaxInputFileBytes) {
    std::cin.read(buffer, sizeof buffer);
    text.append(buffer, static_cast<size_t>(std::cin.gcount()));
    if (!std::cin) break;
  }
  if (text.size() > kMaxInputFileBytes)
    return fail(ErrorKind::invalid_input, "-",
                fmt::format("more than {} MiB on standard input", kMaxInputFileBytes >> 20));
  return text;
}

const bool registered = register_command(
    {"nccl-log",
     "check an NCCL_DEBUG=INFO log: did every rank use RoCE in the lossless class?",
     [](CLI::App& sub, Globals& g) {
       auto profile = std::make_shared<std::string>();
       auto file = std::make_shared<std::string>();
       sub.add_option("profile", *profile, "profile TOML file")->required();
       sub.add_option("log", *file, "NCCL log file, or - for stdin")->required();
       return std::function<int()>([=, &g] {
         std::optional<profile::Intent> intent = load_profile_or_report(*profile, g.json);
         if (!intent) return static_cast<int>(kUsage);
         Result<std::string> text = *file == "-" ? read_stdin() : read_input_file(*file);
         if (!text)
           return report_error(
               kUsage, fmt::format("cannot read {}: {}", printable(*file), text.error().message));
         workload::NcclLog log = workload::parse_nccl_log(*text);
         workload::NcclLogReport report = workload::judge_nccl_log(log, *intent);
         json_document().payload = workload::to_json(report, *intent);
         if (!g.json) fmt::print("{}", workload::render_text(report, *intent));
         switch (report.verdict()) {
           case workload::NcclVerdict::ok:
             return static_cast<int>(kOk);
           case workload::NcclVerdict::incomplete:
             return static_cast<int>(kNotEvaluated);
           case workload::NcclVerdict::fail:
             break;
         }
         return static_cast<int>(kDrift);
       });
     },
     {kOk, kDrift, kUsage, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
