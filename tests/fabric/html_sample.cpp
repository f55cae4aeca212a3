// fabric_html_sample FILE: writes the HTML report of the modelled run in
// html_sample.h, for the headless-browser test and the README screenshot.
#include <cstdio>
#include <fstream>

#include "html_sample.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fabric_html_sample FILE\n");
    return 2;
  }
  using namespace rocecfg::fabric;
  RunReport r = testing::html_sample_run();
  std::ofstream out(argv[1], std::ios::trunc);
  out << html_report(r, testing::html_sample_settings(), render_json(r));
  return out.flush() ? 0 : 1;
}
