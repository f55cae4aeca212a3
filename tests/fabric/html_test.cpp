// `fabric --html`: one self-contained page with the verdict, settings, every
// finding with what / why / next step, one heat map per rail, the pairs and
// the run's JSON (tests/fabric/html_chromium.sh opens it in a real browser).
#include <doctest/doctest.h>

#include "html_sample.h"

namespace rocecfg::fabric {

namespace {
size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
}  // namespace

TEST_SUITE("fabric html") {
  TEST_CASE("every rail's map, every finding with its advice, the pairs and the JSON") {
    RunReport r = testing::html_sample_run();
    nlohmann::json j = render_json(r);
    std::string html = html_report(r, testing::html_sample_settings(), j);
    CHECK(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
    CHECK(html.find("<span class=\"FAIL\" id=\"verdict\">FAIL</span>") != std::string::npos);
    for (int rail = 0; rail < 4; ++rail)
      CHECK(html.find(fmt::format("<figure class=\"map\" id=\"rail-{}\" data-rail=\"{}\">", rail,
                                  rail)) != std::string::npos);
    CHECK(occurrences(html, "<svg ") == 4);
    std::vector<std::string> labels;
    for (const Finding& f : r.analysis.findings) labels.push_back(finding_label(f, r.hosts));
    CHECK(labels == std::vector<std::string>{"rail 3", "nic gpu0003:mlx5_1",
                                             "link gpu0005:mlx5_2 - gpu0007:mlx5_2"});
    for (const std::string& l : labels)
      CHECK(html.find(fmt::format("<div class=\"finding\" data-label=\"{}\">", l)) !=
            std::string::npos);
    CHECK(html.find("<p><b>Next step:</b> `rocecfg probe` between the two ends") !=
          std::string::npos);
    CHECK(html.find("probe: sequence errors (idle): 37 &gt; 0") != std::string::npos);
    CHECK(occurrences(html, "<tr class=\"bad\">") == r.analysis.bad_pairs);
    // The lossy link is bad by its counters at full bandwidth: "P" in both
    // of its cells (a pair tested once fills both directions).
    CHECK(occurrences(html, "font-weight=\"bold\">P</text>") == 2);
    CHECK(html.find("<tr><th>hosts</th><td>gpu[0001-0008]</td></tr>") != std::string::npos);
    // The embedded JSON is the run's document, byte for byte once parsed.
    size_t open = html.find("<script type=\"application/json\" id=\"report-json\">\n");
    REQUIRE(open != std::string::npos);
    size_t start = html.find('\n', open) + 1;
    size_t end = html.find("\n</script>", start);
    CHECK(nlohmann::json::parse(html.substr(start, end - start)) == j);
    // Self-contained: nothing a browser would fetch.
    CHECK(html.find(" src=") == std::string::npos);
    CHECK(html.find(" href=") == std::string::npos);
    CHECK(html.find("url(") == std::string::npos);
    CHECK(html.find("@import") == std::string::npos);
  }

  TEST_CASE("names are escaped everywhere, and '</script>' cannot end the JSON early") {
    RunReport r = testing::html_sample_run();
    r.notes.push_back("a <b>note</b> with </script><script>alert(1)</script>");
    nlohmann::json j = render_json(r);
    std::string html = html_report(r, {{"profile", "x<y>.toml"}}, j);
    CHECK(html.find("<tr><th>profile</th><td>x&lt;y&gt;.toml</td></tr>") != std::string::npos);
    CHECK(html.find("alert(1)</script>") == std::string::npos);
    CHECK(occurrences(html, "</script>") == 2);
  }

  TEST_CASE("one map over all endpoints without rails; a clean run says so") {
    RunReport r;
    r.hosts = {"n1", "n2"};
    r.pattern = Pattern::ring;
    std::string html = html_report(r, {}, render_json(r));
    CHECK(html.find("<figure class=\"map\" id=\"all\">") != std::string::npos);
    CHECK(html.find("<p>No finding.</p>") != std::string::npos);
    CHECK(html.find("id=\"verdict\">UNKNOWN<") != std::string::npos);
  }
}

}  // namespace rocecfg::fabric
