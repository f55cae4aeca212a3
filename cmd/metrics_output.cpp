#include "metrics_output.h"

#include <fmt/format.h>

#include "core/exit_code.h"
#include "core/printable.h"
#include "output.h"

namespace rocecfg::cmd {

int write_metrics(std::string_view verb, const std::string& dir, const std::string& file_name,
                  const metrics::MetricSet& metrics, int exit_code) {
  Status s = metrics::write_textfile(dir, file_name, metrics);
  if (s) return exit_code;
  std::string why = "metrics not written: " + s.error().to_string();
  fmt::print(stderr, "rocecfg {}: {}\n", verb, printable(why));
  add_warning(dir, "warning", why);
  return worst_exit_code(exit_code, kRuntime);
}

}  // namespace rocecfg::cmd
