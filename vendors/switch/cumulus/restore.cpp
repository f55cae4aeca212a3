// The exact way back for NVUE: from two `nv config show -o commands` texts,
// the `nv unset` / `nv set` lines that turn `now` into `before`. Pushing back
// observed values instead would leave explicit lines such as
// `nv set qos mapping default-global trust l2` where the factory config has
// no line at all: the same behaviour, a different config, and a diff in every
// Oxidized backup. NVUE applies the staged lines as one revision, so the
// order here only has to be right within it: unsets first, then sets.
#include <map>
#include <sstream>

#include "cumulus/cumulus.h"
#include "switch/validate.h"

namespace rocecfg::sw::cumulus {

namespace {

// NVUE objects set without a value. Every other line's last word is its value.
bool valueless(const std::vector<std::string>& w) {
  return (w.size() == 2 && w[0] == "qos" && w[1] == "roce") ||
         (w.size() >= 2 && w[w.size() - 2] == "qos" && w.back() == "pfc-watchdog");
}

// path ("interface swp1 link mtu") -> line ("nv set interface swp1 link mtu 9216").
std::map<std::string, std::string> set_lines(std::string_view text) {
  std::map<std::string, std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    std::istringstream ws(line);
    std::vector<std::string> w;
    for (std::string x; ws >> x;) w.push_back(x);
    if (w.size() < 3 || w[0] != "nv" || w[1] != "set") continue;
    w.erase(w.begin(), w.begin() + 2);
    std::string normal = "nv set", path;
    for (size_t i = 0; i < w.size(); ++i) {
      normal += " " + w[i];
      if (valueless(w) || i + 1 < w.size()) path += (path.empty() ? "" : " ") + w[i];
    }
    out[path] = normal;
  }
  return out;
}

}  // namespace

std::optional<std::vector<std::string>> restore_nv(std::string_view before, std::string_view now) {
  std::map<std::string, std::string> was = set_lines(before), is = set_lines(now);
  std::vector<std::string> out, unset_paths;
  for (const auto& [path, line] : is)
    if (!was.contains(path)) {
      out.push_back("nv unset " + path);
      unset_paths.push_back(path);
    }
  auto under_unset = [&](const std::string& path) {
    for (const std::string& u : unset_paths)
      if (path.starts_with(u + " ")) return true;
    return false;
  };
  for (const auto& [path, line] : was) {
    auto it = is.find(path);
    if (it == is.end() || it->second != line || under_unset(path)) out.push_back(line);
  }
  // The lines came from the switch: they pass the same gate as rendered ones.
  for (const std::string& c : out)
    if (!sw::check_command(c)) return std::nullopt;
  return out;
}

}  // namespace rocecfg::sw::cumulus
