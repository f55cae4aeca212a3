// rocecfg audit PROFILE: the same comparison as apply, without writing.
// Exit 1 on drift. Offline: --vendor V --from-file RUNNING_CONFIG audits a
// switch config backup.
#include <fmt/format.h>

#include "command.h"
#include "load_or_report.h"
#include "output.h"
#include "switch_verbs.h"
#include "target_options.h"
#include "verbs.h"

namespace rocecfg::cmd {
namespace {

const bool registered = register_command(
    {"audit",
     "report drift from the profile without changing anything",
     [](CLI::App& sub, Globals& g) {
       auto t = std::make_shared<TargetOptions>();
       add_target_options(sub, *t, /*writes=*/false);
       auto vendor = std::make_shared<std::string>();
       auto from_file = std::make_shared<std::string>();
       auto ports = std::make_shared<std::vector<std::string>>();
       sub.add_option("--vendor", *vendor, "offline: the vendor of --from-file");
       sub.add_option("--from-file", *from_file, "offline: a switch config backup to audit")
           ->check(CLI::ExistingFile);
       add_list_option(sub, "--port", *ports,
                       "offline: audit only this port of --from-file (default: every port), e.g. "
                       "the port `rocecfg import` read");
       sub.add_option("--textfile", t->textfile_dir,
                      "write this host's drift as node_exporter metrics to "
                      "DIR/rocecfg_audit.prom (atomically; not on a failed audit; exit 3 when "
                      "the write fails)")
           ->check(non_empty_directory_name());
       return std::function<int()>([t, vendor, from_file, ports, &g] {
         if (from_file->empty() && !ports->empty())
           return report_error(kUsage, "--port goes with --vendor and --from-file");
         if (!from_file->empty() || !vendor->empty()) {
           if (from_file->empty() || vendor->empty())
             return report_error(kUsage, "--vendor and --from-file go together");
           std::optional<profile::Intent> intent = load_profile_or_report(t->profile, g.json);
           if (!intent) return static_cast<int>(kUsage);
           return audit_switch_file(*intent, *vendor, *from_file, g.json,
                                    t->strict || intent->strict_unsupported, *ports);
         }
         return run_on_targets(*t, g, audit_hosts, audit_switches);
       });
     },
     {kOk, kDrift, kUsage, kRuntime, kNotEvaluated}});

}  // namespace
}  // namespace rocecfg::cmd
