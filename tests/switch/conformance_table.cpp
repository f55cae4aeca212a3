#include "conformance_table.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace rocecfg::sw::testing {

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::optional<long long> integer(const std::string& s) {
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// "A..B" -> {A, B}
std::optional<std::pair<double, double>> range_of(const std::string& spec) {
  size_t dots = spec.find("..");
  if (dots == std::string::npos) return std::nullopt;
  try {
    return std::pair{std::stod(spec.substr(0, dots)), std::stod(spec.substr(dots + 2))};
  } catch (...) {
    return std::nullopt;
  }
}

// Does `word` satisfy the argument type? "" when it does, else why not.
std::string accepts(const std::string& type, const std::string& word) {
  std::vector<std::string> t = split(type);
  if (t.empty()) return "empty type";
  if (t[0] == "any") return "";
  if (t[0] == "name") {
    static const std::regex re(R"([A-Za-z0-9_.:/\-]+)");
    return std::regex_match(word, re) ? "" : "not a name";
  }
  auto range = range_of(t[0]);
  if (!range) {  // a|b|c
    std::istringstream in(t[0]);
    for (std::string alt; std::getline(in, alt, '|');)
      if (alt == word) return "";
    return "not one of " + t[0];
  }
  auto in_range = [&](double v) { return v >= range->first && v <= range->second; };
  std::string mode = t.size() > 1 ? t[1] : "";
  if (mode == "s2") {
    static const std::regex re(R"(\d+(\.\d{1,2})?)");
    if (!std::regex_match(word, re)) return "not seconds with at most two decimals";
    return in_range(std::stod(word)) ? "" : "outside " + t[0];
  }
  std::vector<std::string> items{word};
  if (mode == "csv") {
    items.clear();
    std::istringstream in(word);
    for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  }
  for (const std::string& item : items) {
    auto v = integer(item);
    if (!v) return "not an integer";
    if (!in_range(static_cast<double>(*v))) return item + " outside " + t[0];
  }
  return items.empty() ? "empty list" : "";
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

ConformanceTable ConformanceTable::load(const std::string& vendor) {
  std::string path =
      std::string(ROCECFG_SOURCE_DIR) + "/tests/switch/conformance/" + vendor + ".json";
  nlohmann::json j = nlohmann::json::parse(read(path));
  ConformanceTable t;
  std::map<std::string, std::vector<std::string>> families;
  if (j.contains("model_families"))
    for (auto& [name, models] : j["model_families"].items())
      families[name] = models.get<std::vector<std::string>>();
  std::map<std::string, std::string> sources;
  if (j.contains("sources"))
    for (auto& [name, where] : j["sources"].items()) sources[name] = where.get<std::string>();
  for (const auto& f : j.at("forms")) {
    ConformanceForm form;
    form.form = f.at("form").get<std::string>();
    form.ref = f.value("ref", "");
    // "src:rest" expands a named source (repo + commit + folder) in front.
    if (size_t colon = form.ref.find(':'); colon != std::string::npos)
      if (auto s = sources.find(form.ref.substr(0, colon)); s != sources.end())
        form.ref = s->second + form.ref.substr(colon + 1);
    if (form.ref.empty()) throw std::runtime_error(path + ": form without ref: " + form.form);
    form.verified = !f.value("unverified", false);
    if (f.contains("models")) {
      std::string m = f["models"].get<std::string>();
      auto fam = families.find(m);
      if (fam == families.end()) throw std::runtime_error(path + ": unknown model family " + m);
      form.models = fam->second;
    }
    std::vector<std::pair<std::string, std::string>> args;
    for (const std::string& w : split(form.form)) {
      if (w.front() != '<') continue;
      std::string name = w.substr(1, w.size() - 2);
      if (name.ends_with("...")) name.resize(name.size() - 3);
      if (!f.contains("args") || !f["args"].contains(name))
        throw std::runtime_error(path + ": no type for <" + name + "> in " + form.form);
      args.emplace_back(name, f["args"][name].get<std::string>());
    }
    t.words_.push_back(split(form.form));
    t.args_.push_back(std::move(args));
    t.forms_.push_back(std::move(form));
  }
  return t;
}

size_t ConformanceTable::unverified() const {
  return static_cast<size_t>(
      std::count_if(forms_.begin(), forms_.end(), [](auto& f) { return !f.verified; }));
}

std::optional<std::string> ConformanceTable::check(const std::string& line,
                                                   const std::string& model) const {
  std::vector<std::string> tokens = split(line);
  if (tokens.empty()) return std::nullopt;
  std::string best;
  size_t best_depth = 0;
  for (size_t f = 0; f < forms_.size(); ++f) {
    const auto& words = words_[f];
    auto type_of = [&](const std::string& w) {
      std::string name = w.substr(1, w.size() - 2);
      if (name.ends_with("...")) name.resize(name.size() - 3);
      for (const auto& [n, t] : args_[f])
        if (n == name) return t;
      return std::string("any");
    };
    std::string why;
    size_t depth = 0;
    // Words against tokens; a `<x...>` takes as many as it can, backing off.
    std::function<bool(size_t, size_t)> match = [&](size_t i, size_t w) -> bool {
      depth = std::max(depth, i);
      if (w == words.size()) {
        if (i != tokens.size()) why = "extra words after the form";
        return i == tokens.size();
      }
      if (i == tokens.size()) {
        why = "incomplete: expected " + words[w];
        return false;
      }
      const std::string& word = words[w];
      if (word.front() != '<') {
        if (word != tokens[i]) return false;
        return match(i + 1, w + 1);
      }
      std::string type = type_of(word);
      if (word.ends_with("...>")) {
        size_t n = 0;
        while (i + n < tokens.size() && accepts(type, tokens[i + n]).empty()) ++n;
        if (n == 0) why = word + ": " + accepts(type, tokens[i]);
        for (; n >= 1; --n)
          if (match(i + n, w + 1)) return true;
        return false;
      }
      if (std::string no = accepts(type, tokens[i]); !no.empty()) {
        why = word + " " + tokens[i] + ": " + no;
        return false;
      }
      return match(i + 1, w + 1);
    };
    if (match(0, 0)) {
      if (model.empty() || forms_[f].models.empty() ||
          std::find(forms_[f].models.begin(), forms_[f].models.end(), model) !=
              forms_[f].models.end())
        return std::nullopt;
      why = "not documented for model " + model;
      depth = tokens.size() + 1;
    }
    if (depth > best_depth && !why.empty()) {
      best_depth = depth;
      best = "closest form \"" + forms_[f].form + "\" (" + forms_[f].ref + "): " + why;
    }
  }
  return "\"" + line + "\" matches no documented form" + (best.empty() ? "" : "; " + best);
}

}  // namespace rocecfg::sw::testing
