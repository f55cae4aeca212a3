#include "metrics/textfile.h"

#include <doctest/doctest.h>

#include <filesystem>

#include "fs_tree.h"

using namespace rocecfg;
using namespace rocecfg::metrics;

TEST_SUITE("textfile") {
  TEST_CASE("families render with HELP, TYPE and escaped label values") {
    MetricSet m;
    m.describe("rocecfg_gate_healthy", "1 when the last gate run was healthy");
    m.describe("rocecfg_unused", "never sampled: omitted");
    m.describe("rocecfg_counter_total", "a counter\\with a backslash", "counter");
    REQUIRE(m.add("rocecfg_gate_healthy", {}, 1));
    REQUIRE(m.add("rocecfg_counter_total", {{"device", "rxe0"}, {"counter", "a\"b\nc"}}, 12345678));
    REQUIRE(m.add("rocecfg_counter_total", {{"device", "rxe1"}, {"counter", "x"}}, 0.25));
    CHECK(m.render() ==
          "# HELP rocecfg_gate_healthy 1 when the last gate run was healthy\n"
          "# TYPE rocecfg_gate_healthy gauge\n"
          "rocecfg_gate_healthy 1\n"
          "# HELP rocecfg_counter_total a counter\\\\with a backslash\n"
          "# TYPE rocecfg_counter_total counter\n"
          "rocecfg_counter_total{counter=\"a\\\"b\\nc\",device=\"rxe0\"} 12345678\n"
          "rocecfg_counter_total{counter=\"x\",device=\"rxe1\"} 0.25\n");
  }

  TEST_CASE("bad names are refused before they reach a scrape") {
    MetricSet m;
    m.describe("ok_metric", "x");
    CHECK(m.add("9bad", {}, 1).error().to_string() == "9bad: not a valid Prometheus metric name");
    CHECK(m.add("ok_metric", {{"bad-label", "v"}}, 1).error().to_string() ==
          "ok_metric: label \"bad-label\" is not valid");
    CHECK(m.add("ok_metric", {{"__reserved", "v"}}, 1).error().message ==
          "label \"__reserved\" is not valid");
    CHECK(m.add("other", {}, 1).error().to_string() == "other: metric used before describe()");
  }

  TEST_CASE("the file is replaced atomically and no temp file is left") {
    test::FsTree dir;
    MetricSet m;
    m.describe("rocecfg_gate_healthy", "h");
    REQUIRE(m.add("rocecfg_gate_healthy", {}, 0));
    dir.write("rocecfg_gate.prom", "old contents");
    REQUIRE(write_textfile(dir.root(), "rocecfg_gate.prom", m));
    CHECK(dir.read("rocecfg_gate.prom") ==
          "# HELP rocecfg_gate_healthy h\n# TYPE rocecfg_gate_healthy gauge\nrocecfg_gate_healthy "
          "0\n");
    int entries = 0;
    for (auto& e : std::filesystem::directory_iterator(dir.root())) {
      (void)e;
      ++entries;
    }
    CHECK(entries == 1);
  }

  TEST_CASE("a missing directory is an error that names it and leaves nothing") {
    test::FsTree dir;
    MetricSet m;
    Status s = write_textfile(dir.root() + "/absent", "rocecfg_gate.prom", m);
    REQUIRE_FALSE(s);
    CHECK(
        s.error().to_string() ==
        dir.root() +
            "/absent: cannot write metrics file: cannot open directory: No such file or directory");
    CHECK(write_textfile(dir.root(), "gate.txt", m).error().to_string() ==
          "gate.txt: textfile name must be NAME.prom");
  }
}
