#include "plan/journal.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/printable.h"
#include "core/regular_file.h"
#include "core/utc_time.h"

namespace rocecfg::plan {

namespace {

constexpr size_t kMaxJournalBytes = 1u << 20;

std::string journal_path(const Journal& j) {
  return j.dir + "/" + j.name;
}

// The state directory must be a real directory: a symlink there would point
// root's writes somewhere someone else chose.
Status ensure_directory(const std::string& dir) {
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
    return fail(dir, fmt::format("cannot create state directory: {}", std::strerror(errno)));
  struct stat st;
  if (::lstat(dir.c_str(), &st) != 0)
    return fail(dir, fmt::format("cannot read state directory: {}", std::strerror(errno)));
  if (!S_ISDIR(st.st_mode)) return fail(dir, "state directory is not a directory (a symlink?)");
  return {};
}

}  // namespace

std::string state_dir() {
  const char* d = std::getenv("ROCECFG_STATE_DIR");
  return d && *d ? std::string(d) : std::string(kDefaultStateDir);
}

Status begin_journal(const Journal& journal, const Plan& plan) {
  if (Status s = ensure_directory(journal.dir); !s) return s;
  nlohmann::json steps = nlohmann::json::array();
  for (const Step& s : plan.steps)
    if (s.kind == StepKind::change)
      steps.push_back({{"target", s.target},
                       {"knob", model::knob_name(s.knob)},
                       {"before", model::knob_value_text(s.before, s.knob)},
                       {"after", model::knob_value_text(s.after, s.knob)}});
  nlohmann::json j = {{"pid", static_cast<int>(::getpid())},
                      {"started_unix_s", static_cast<int64_t>(std::time(nullptr))},
                      {"steps", steps}};
  return write_file_atomically(journal.dir, journal.name, json_text(j) + "\n", 0600);
}

Status end_journal(const Journal& journal) {
  if (::unlink(journal_path(journal).c_str()) != 0 && errno != ENOENT)
    return fail(journal_path(journal), fmt::format("cannot remove: {}", std::strerror(errno)));
  return {};
}

Result<std::optional<InterruptedApply>> read_journal(const Journal& journal) {
  std::string path = journal_path(journal);
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return std::optional<InterruptedApply>{};
    return fail(path, std::strerror(errno));
  }
  InterruptedApply a;
  // Not a regular file (a planted symlink): an unfinished apply of unknown
  // content, and never read through.
  if (!S_ISREG(st.st_mode)) return std::optional<InterruptedApply>{a};
  Result<std::string> text = read_regular_file(path, kMaxJournalBytes);
  if (!text) return std::optional<InterruptedApply>{a};
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_object()) return std::optional<InterruptedApply>{a};
  if (j.contains("pid") && j["pid"].is_number_integer()) a.pid = j["pid"].get<int>();
  if (a.pid > 0 && a.pid != ::getpid()) a.running = ::kill(a.pid, 0) == 0 || errno == EPERM;
  if (j.contains("started_unix_s") && j["started_unix_s"].is_number_integer())
    a.started_unix_s = j["started_unix_s"].get<int64_t>();
  if (j.contains("steps") && j["steps"].is_array()) {
    for (const nlohmann::json& s : j["steps"]) {
      ++a.planned_changes;
      if (!s.is_object() || !s.contains("target") || !s["target"].is_string()) continue;
      std::string t = s["target"].get<std::string>();
      if (std::find(a.targets.begin(), a.targets.end(), t) == a.targets.end())
        a.targets.push_back(t);
    }
  }
  return std::optional<InterruptedApply>{a};
}

std::string describe(const InterruptedApply& a) {
  std::string when = "unknown time";
  if (a.started_unix_s > 0) when = format_utc(a.started_unix_s);
  std::string out =
      a.pid > 0 ? fmt::format("an earlier apply (pid {}, started {}) did not finish", a.pid, when)
                : std::string("an earlier apply did not finish (its journal is unreadable)");
  if (a.planned_changes > 0) {
    std::string names;
    for (const std::string& n : a.targets) names += (names.empty() ? "" : ", ") + printable(n);
    if (a.targets.size() > 8) names = fmt::format("{} targets", a.targets.size());
    out += fmt::format(": it planned {} change(s) on {}", a.planned_changes, names);
  }
  return out;
}

}  // namespace rocecfg::plan
