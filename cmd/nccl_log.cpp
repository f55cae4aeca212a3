// rocecfg nccl-log PROFILE FILE|-: what each NCCL rank of a job used
// (transport, HCA, GID, traffic class, service level), read from its
// NCCL_DEBUG=INFO log, and whether that is the profile's lossless class.
// Exit 0 when every rank matches, 1 on any mismatch or fallback.
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "command.h"
#include "core/printable.h"
#include "load_or_report.h"
#include "output.h"
#include "workload/nccl_log_report.h"

namespace rocecfg::cmd {
namespace {

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
         std::ostringstream text;
         if (*file == "-") {
           text << std::cin.rdbuf();
         } else {
           std::ifstream in(*file, std::ios::binary);
           if (!in) return report_error(kUsage, fmt::format("cannot read {}", *file));
           text << in.rdbuf();
         }
         workload::NcclLog log = workload::parse_nccl_log(text.str());
         workload::NcclLogReport report = workload::judge_nccl_log(log, *intent);
         json_document().payload = workload::to_json(report, *intent);
         if (!g.json) fmt::print("{}", workload::render_text(report, *intent));
         return static_cast<int>(report.ok ? kOk : kDrift);
       });
     },
     {kOk, kDrift, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
