#include "plan/executor.h"

#include <fmt/format.h>

namespace rocecfg::plan {

Status DryRunExecutor::write(const std::string& target, model::Knob knob,
                             const model::Settings& value) {
  model::knob_assign(state_[target], value, knob);
  log_.push_back(
      fmt::format("{} {} {}", target, model::knob_name(knob), model::knob_value_text(value, knob)));
  return {};
}

Result<model::Settings> DryRunExecutor::read(const std::string& target, model::Knob knob) {
  return model::knob_slice(state_[target], knob);
}

Status RecordingExecutor::write(const std::string& target, model::Knob knob,
                                const model::Settings& value) {
  ++writes_;
  if (writes_ == other_writer_.at) other_writer_.change(state_[other_writer_.target]);
  calls_.push_back(fmt::format("write {} {} {}", target, model::knob_name(knob),
                               model::knob_value_text(value, knob)));
  if (writes_ == fail_write_number_)
    return fail(target, fmt::format("{}: injected failure", model::knob_name(knob)));
  if (!ignored_.contains(knob)) model::knob_assign(state_[target], value, knob);
  return {};
}

Result<model::Settings> RecordingExecutor::read(const std::string& target, model::Knob knob) {
  calls_.push_back(fmt::format("read {} {}", target, model::knob_name(knob)));
  return model::knob_slice(state_[target], knob);
}

}  // namespace rocecfg::plan
