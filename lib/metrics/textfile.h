// Prometheus node_exporter "textfile collector" output. node_exporter reads
// every *.prom file in its --collector.textfile.directory on each scrape; a
// half-written file would be scraped as garbage or as missing series, so the
// file is written under a name the collector ignores and renamed into place
// (rename(2) within one directory is atomic).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"

namespace rocecfg::metrics {

using Labels = std::map<std::string, std::string>;

class MetricSet {
 public:
  // Declares a metric family once (HELP/TYPE lines); `type` is "gauge" or "counter".
  void describe(const std::string& name, const std::string& help,
                const std::string& type = "gauge");
  // One sample; the family must have been described. Names and label names are
  // validated here so a bad one fails loudly instead of breaking the scrape.
  Status add(const std::string& name, const Labels& labels, double value);

  // Exposition format 0.0.4, families in declaration order, samples in
  // insertion order. Families without samples are omitted.
  std::string render() const;

 private:
  struct Family {
    std::string name, help, type;
    std::vector<std::pair<Labels, double>> samples;
  };
  std::vector<Family> families_;
};

bool valid_metric_name(const std::string& name);
bool valid_label_name(const std::string& name);

// Writes `dir`/`file_name` (must end in ".prom") atomically and link-safely
// (core/atomic_file.h: the directory's writers cannot redirect it). On error
// nothing is left behind and the previous file, if any, is untouched.
Status write_textfile(const std::string& dir, const std::string& file_name, const MetricSet& m);

}  // namespace rocecfg::metrics
