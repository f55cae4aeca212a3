// rocecfg nccl-log PROFILE FILE|-: what each NCCL rank of a job used
// (transport, HCA, GID, traffic class, service level), read from its
// NCCL_DEBUG=INFO log, and whether that is the profile's lossless class.
// Exit 0 when every rank matches, 1 on any mismatch or fallback.
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "command.h"
#include "load_or_report.h"
#include "workload/nccl_log_report.h"

namespace rocecfg::cmd {
namespace {

const bool registered = register_command(
    {"nccl-log", "check an NCCL_DEBUG=INFO log: did every rank use RoCE in the lossless class?",
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
           if (!in) {
             fmt::print(stderr, "rocecfg nccl-log: cannot read {}\n", *file);
             return static_cast<int>(kUsage);
           }
           text << in.rdbuf();
         }
         workload::NcclLog log = workload::parse_nccl_log(text.str());
         workload::NcclLogReport report = workload::judge_nccl_log(log, *intent);
         if (g.json)
           fmt::print("{}\n", workload::to_json(report, *intent).dump(2));
         else
           fmt::print("{}", workload::render_text(report, *intent));
         return static_cast<int>(report.ok ? kOk : kDrift);
       });
     }});

}  // namespace
}  // namespace rocecfg::cmd
