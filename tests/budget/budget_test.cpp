#include "budget/budget.h"

#include <doctest/doctest.h>

using namespace rocecfg;
using namespace rocecfg::budget;

namespace {

// The worked example of the documentation: 70B parameters, FP16 gradients,
// 1024 GPUs in pure data parallelism, a 500 ms step with all of it available.
BudgetInput worked_example() {
  BudgetInput in;
  in.parameters = 70e9;
  in.bytes_per_gradient = 2;
  in.gradient_type = "fp16";
  in.gpus = 1024;
  in.step_ms = 500;
  return in;
}

}  // namespace

TEST_SUITE("budget") {
  TEST_CASE("70B fp16 over 1024 GPUs in 500 ms needs 5706.5 Gb/s per GPU") {
    Result<Budget> b = compute_budget(worked_example());
    REQUIRE(b);
    CHECK(b->dp_group == 1024);
    CHECK(b->gradient_bytes == 140e9);
    CHECK(b->ring_factor == 1.998046875);  // 2 * 1023 / 1024, exact in binary
    CHECK(b->sent_bytes == doctest::Approx(279.7265625e9));
    CHECK(b->payload_gbps == doctest::Approx(4475.625));
    CHECK(b->protocol_factor == doctest::Approx(4178.0 / 4096.0));
    CHECK(b->wire_gbps == doctest::Approx(4565.224914550781));
    CHECK(b->needed_gbps == doctest::Approx(5706.531143188477));
    CHECK_FALSE(b->margin.has_value());
  }

  TEST_CASE("tensor parallelism shrinks both the gradient and the ring") {
    BudgetInput in = worked_example();
    in.tensor_parallel = 8;
    in.available_gbps = 400;
    in.available_source = "link";
    Result<Budget> b = compute_budget(in);
    REQUIRE(b);
    CHECK(b->dp_group == 128);
    CHECK(b->gradient_bytes == 17.5e9);
    CHECK(b->sent_bytes == doctest::Approx(2.0 * 127 / 128 * 17.5e9));
    CHECK(b->payload_gbps == doctest::Approx(555.625));
    CHECK(b->needed_gbps == doctest::Approx(555.625 * 4178.0 / 4096.0 * 1.25));
    REQUIRE(b->margin);
    CHECK(*b->margin == doctest::Approx(400 / (555.625 * 4178.0 / 4096.0 * 1.25)));
    // 34.7265625 GB x 4178/4096 x 8 bit at 400 Gb/s
    CHECK(*b->allreduce_ms_at_available == doctest::Approx(708.43505859375));
  }

  TEST_CASE("the text shows every factor and the verdict") {
    BudgetInput in = worked_example();
    in.tensor_parallel = 8;
    in.available_gbps = 400;
    in.available_source = "link";
    CHECK(render_budget_text(*compute_budget(in)) ==
          "gradients         70B parameters / (TP 8 x PP 1) x 2 B (fp16) = 17.5 GB per GPU\n"
          "all-reduce        ring over N = 128 GPUs: 2(N-1)/N = 1.98438, sends 34.73 GB per GPU\n"
          "time for it       500 ms step x 100% communication = 500 ms\n"
          "payload rate      555.6 Gb/s per GPU\n"
          "protocol          x 1.0200 (RoCE v2: 82 B headers per 4096 B MTU) = 566.7 Gb/s\n"
          "congestion        x 1.25 (links planned at 80% load)\n"
          "needed            708.4 Gb/s per GPU\n"
          "available         400 Gb/s (link)\n"
          "margin            0.56x: SHORT by 308.4 Gb/s: the all-reduce takes 708 ms of the 500 "
          "ms allowed (more GPUs per model replica, overlap, or faster links)\n");
  }

  TEST_CASE("a link that fits reports the spare bandwidth") {
    BudgetInput in = worked_example();
    in.parameters = 7e9;
    in.gpus = 64;
    in.step_ms = 1000;
    in.comm_share = 0.5;
    in.available_gbps = 400;
    in.available_source = "probe";
    Result<Budget> b = compute_budget(in);
    REQUIRE(b);
    // 2*63/64*14 GB = 27.5625 GB in 500 ms = 441 Gb/s payload: does not fit 400.
    CHECK(b->payload_gbps == doctest::Approx(441.0));
    CHECK(*b->margin < 1);
    in.comm_share = 1.0;
    in.congestion_headroom = 1.0;
    b = compute_budget(in);
    REQUIRE(b);
    CHECK(b->needed_gbps == doctest::Approx(220.5 * 4178.0 / 4096.0));
    CHECK(*b->margin == doctest::Approx(400 / (220.5 * 4178.0 / 4096.0)));
    std::string text = render_budget_text(*b);
    CHECK(text.find("margin            1.78x: fits, 175.1 Gb/s to spare\n") != std::string::npos);
  }

  TEST_CASE("a single replica sends nothing") {
    BudgetInput in = worked_example();
    in.gpus = 8;
    in.tensor_parallel = 8;
    Result<Budget> b = compute_budget(in);
    REQUIRE(b);
    CHECK(b->dp_group == 1);
    CHECK(b->needed_gbps == 0);
  }

  TEST_CASE("bad input names the field") {
    BudgetInput in = worked_example();
    in.tensor_parallel = 3;
    CHECK(compute_budget(in).error().to_string() ==
          "gpus: 1024 GPUs cannot be split into tensor x pipeline = 3 groups");
    in = worked_example();
    in.comm_share = 1.5;
    CHECK(compute_budget(in).error().to_string() == "comm share: must be in (0, 1], got 1.5");
    in = worked_example();
    in.congestion_headroom = 0.8;
    CHECK(compute_budget(in).error().to_string() ==
          "headroom: must be >= 1 (1 = links fully loaded), got 0.8");
    in = worked_example();
    in.step_ms = 0;
    CHECK(compute_budget(in).error().to_string() == "step time: must be a positive number, got 0");
  }

  TEST_CASE("parameter counts parse with decimal suffixes") {
    CHECK(*parse_count("70B") == 70e9);
    CHECK(*parse_count("1.5T") == 1.5e12);
    CHECK(*parse_count("350M") == 350e6);
    CHECK(*parse_count("7e9") == 7e9);
    CHECK(*parse_count("175000000000") == 175e9);
    CHECK(parse_count("seventy").error().to_string() ==
          "seventy: not a positive count (examples: 70B, 1.5T, 350M, 7e9)");
    CHECK_FALSE(parse_count("-1B"));
    CHECK_FALSE(parse_count("B"));
    CHECK_FALSE(parse_count(""));
    CHECK(*gradient_type_bytes("bf16") == 2);
    CHECK(*gradient_type_bytes("fp32") == 4);
    CHECK_FALSE(gradient_type_bytes("fp12"));
  }
}
