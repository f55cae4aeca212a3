// rocecfg budget: the per-GPU bandwidth a data-parallel all-reduce needs
// (lib/budget/budget.h has the model and its assumptions).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "budget/budget.h"
#include "command.h"
#include "option_checks.h"
#include "output.h"

namespace rocecfg::cmd {
namespace {

struct BudgetArgs {
  std::string parameters;
  std::string gradient = "fp16";
  std::optional<double> bytes_per_gradient;
  uint64_t gpus = 0;
  uint64_t tensor_parallel = 1;
  uint64_t pipeline_parallel = 1;
  double step_ms = 0;
  double comm_share = 1.0;
  uint32_t mtu_bytes = 4096;
  double headroom = 1.25;
  std::optional<double> probe_gbps;
  std::optional<double> link_gbps;
};

int run_budget(const BudgetArgs& a, const Globals& g) {
  auto usage = [](const std::string& message) { return report_error(kUsage, message); };
  budget::BudgetInput in;
  Result<double> params = budget::parse_count(a.parameters);
  if (!params) return usage("--params " + params.error().to_string());
  in.parameters = *params;
  if (a.bytes_per_gradient) {
    in.bytes_per_gradient = *a.bytes_per_gradient;
    in.gradient_type = "";
  } else if (std::optional<double> b = budget::gradient_type_bytes(a.gradient)) {
    in.bytes_per_gradient = *b;
    in.gradient_type = a.gradient;
  } else {
    return usage(
        fmt::format("--gradient {}: unknown type (fp32, tf32, bf16, fp16, fp8, int8)", a.gradient));
  }
  in.gpus = a.gpus;
  in.tensor_parallel = a.tensor_parallel;
  in.pipeline_parallel = a.pipeline_parallel;
  in.step_ms = a.step_ms;
  in.comm_share = a.comm_share;
  in.roce_mtu_bytes = a.mtu_bytes;
  in.congestion_headroom = a.headroom;
  // A probe measures what the fabric delivers; a link speed is only the ceiling.
  if (a.probe_gbps) {
    in.available_gbps = a.probe_gbps;
    in.available_source = "probe";
  } else if (a.link_gbps) {
    in.available_gbps = a.link_gbps;
    in.available_source = "link";
  }
  Result<budget::Budget> b = budget::compute_budget(in);
  if (!b) return usage(b.error().to_string());
  json_document().payload = budget::to_json(*b);
  if (!g.json) fmt::print("{}", budget::render_budget_text(*b));
  // Exit 1 when a given bandwidth does not fit, so scripts can branch on it.
  return b->margin && *b->margin < 1 ? static_cast<int>(kDrift) : static_cast<int>(kOk);
}

const bool registered = register_command(
    {"budget",
     "per-GPU bandwidth a data-parallel all-reduce needs, and the margin",
     [](CLI::App& sub, Globals& g) {
       auto a = std::make_shared<BudgetArgs>();
       sub.add_option("--params", a->parameters, "model parameters: 70B, 1.5T, 350M, 7e9")
           ->required();
       sub.add_option("--gradient", a->gradient, "gradient type: fp32, bf16, fp16, fp8")
           ->capture_default_str();
       sub.add_option("--bytes-per-gradient", a->bytes_per_gradient,
                      "bytes per gradient element (instead of --gradient)");
       sub.add_option("--gpus", a->gpus, "GPUs in the job")->required()->check(at_least(1));
       sub.add_option("--tp", a->tensor_parallel, "tensor-parallel degree")
           ->check(at_least(1))
           ->capture_default_str();
       sub.add_option("--pp", a->pipeline_parallel, "pipeline-parallel degree")
           ->check(at_least(1))
           ->capture_default_str();
       sub.add_option("--step-ms", a->step_ms, "target training step time, ms")
           ->required()
           ->check(above_zero());
       sub.add_option("--comm-share", a->comm_share,
                      "share of the step the all-reduce may take, (0, 1]")
           ->capture_default_str();
       sub.add_option("--mtu", a->mtu_bytes, "RoCE MTU (payload per packet), bytes")
           ->capture_default_str();
       sub.add_option("--headroom", a->headroom,
                      "congestion headroom factor >= 1 (1.25: links planned at 80% load)")
           ->capture_default_str();
       auto* probe =
           sub.add_option("--probe-gbps", a->probe_gbps, "measured probe bandwidth per GPU, Gb/s")
               ->check(above_zero());
       sub.add_option("--link-gbps", a->link_gbps, "link speed per GPU, Gb/s")
           ->excludes(probe)
           ->check(above_zero());
       sub.footer(
           "Example (docs): rocecfg budget --params 70B --gradient fp16 --gpus 1024 "
           "--step-ms 500 --tp 8 --link-gbps 400\n"
           "Exit: 0 fits (or no bandwidth given), 1 does not fit, 2 bad input.");
       return std::function<int()>([a, &g] { return run_budget(*a, g); });
     },
     {kOk, kDrift, kUsage}});

}  // namespace
}  // namespace rocecfg::cmd
