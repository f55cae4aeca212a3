// The seam between the plan and a device. A backend (host netlink/sysfs, a
// switch session) implements Executor; the plan engine drives it step by step
// with read-back and reverse-order rollback (apply.h).
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"
#include "model/knob.h"
#include "model/settings.h"

namespace rocecfg::plan {

class Executor {
 public:
  virtual ~Executor() = default;
  // Make the knob on target equal to value's fields for that knob.
  virtual Status write(const std::string& target, model::Knob knob,
                       const model::Settings& value) = 0;
  // Read the knob back from the device (for verification after a write).
  virtual Result<model::Settings> read(const std::string& target, model::Knob knob) = 0;
};

// Writes nothing; read returns what was last "written" so verification passes.
class DryRunExecutor final : public Executor {
 public:
  Status write(const std::string& target, model::Knob knob, const model::Settings& value) override;
  Result<model::Settings> read(const std::string& target, model::Knob knob) override;
  const std::vector<std::string>& log() const { return log_; }

 private:
  std::map<std::string, model::Settings> state_;
  std::vector<std::string> log_;
};

// An in-memory device: keeps Settings per target and records every call
// ("write eth0 pfc 3", "read eth0 pfc"). Tests tell it to fail the Nth write
// or to ignore writes to a knob (the "kernel said yes but nothing stuck" case).
class RecordingExecutor final : public Executor {
 public:
  explicit RecordingExecutor(std::map<std::string, model::Settings> state = {})
      : state_(std::move(state)) {}
  Status write(const std::string& target, model::Knob knob, const model::Settings& value) override;
  Result<model::Settings> read(const std::string& target, model::Knob knob) override;

  void fail_write_number(int n) { fail_write_number_ = n; }  // 1-based
  void ignore_writes_to(model::Knob knob) { ignored_.insert(knob); }
  // Another writer acting just before our Nth write (1-based): the state it
  // leaves is what we then read.
  void before_write_number(int n, std::function<void(model::Settings&)> change,
                           std::string target) {
    other_writer_ = {n, std::move(change), std::move(target)};
  }
  const std::vector<std::string>& calls() const { return calls_; }
  const model::Settings& state(const std::string& target) { return state_[target]; }

 private:
  std::map<std::string, model::Settings> state_;
  std::vector<std::string> calls_;
  std::set<model::Knob> ignored_;
  int writes_ = 0;
  int fail_write_number_ = 0;
  struct OtherWriter {
    int at = 0;
    std::function<void(model::Settings&)> change;
    std::string target;
  } other_writer_;
};

}  // namespace rocecfg::plan
