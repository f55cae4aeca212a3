// Verbs whose issues have not landed yet say so plainly instead of pretending.
#include <fmt/format.h>

#include "command.h"

namespace rocecfg::cmd {
namespace {

void not_yet(const char* name, const char* summary, const char* issue) {
  register_command({name, summary, [name, issue](CLI::App& sub, Globals&) {
                      sub.allow_extras();
                      return std::function<int()>([name, issue] {
                        fmt::print(stderr, "rocecfg {}: not available yet ({})\n", name, issue);
                        return kRuntime;
                      });
                    }});
}

const bool registered = [] {
  not_yet("apply", "bring hosts and switches to the profile", "issues 4 and 5");
  not_yet("audit", "report drift from the profile without changing anything", "issues 4 and 5");
  not_yet("gate", "pre-job health verdict for a scheduler", "issue 7");
  not_yet("doctor", "explain what is wrong with this host's RoCE setup", "issue 7");
  return true;
}();

}  // namespace
}  // namespace rocecfg::cmd
