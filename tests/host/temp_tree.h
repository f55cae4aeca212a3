// A temporary directory shaped like parts of /sys, for the FsRoot seam: the
// production code reads and writes it exactly as it would the real kernel's.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace rocecfg::test {

class TempTree {
 public:
  TempTree() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "rocecfg-tree-XXXXXX").string();
    root_ = ::mkdtemp(tmpl.data());
  }
  ~TempTree() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  const std::string& root() const { return root_; }
  // file("/sys/class/net/eth0/mtu", "9000\n")
  void file(const std::string& path, const std::string& content) const {
    std::filesystem::create_directories(std::filesystem::path(root_ + path).parent_path());
    std::ofstream(root_ + path) << content;
  }
  void dir(const std::string& path) const { std::filesystem::create_directories(root_ + path); }
  // A symlink at `path` pointing at `target` (relative, like sysfs).
  void link(const std::string& path, const std::string& target) const {
    std::filesystem::create_directories(std::filesystem::path(root_ + path).parent_path());
    std::filesystem::create_directory_symlink(target, root_ + path);
  }
  std::string read(const std::string& path) const {
    std::ifstream in(root_ + path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  std::string root_;
};

}  // namespace rocecfg::test
