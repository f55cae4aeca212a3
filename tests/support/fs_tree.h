// A temporary directory tree, removed with its contents at scope exit: the
// test side of the root-relative filesystem seam (host::FsRoot, probe::Sysfs).
// Tests shape it like /sys, /proc or configfs and run the real code on it.
// One class for every module's tests (it replaces three copies).
#pragma once

#include <string>

namespace rocecfg::test {

class FsTree {
 public:
  FsTree();
  ~FsTree();
  FsTree(const FsTree&) = delete;
  FsTree& operator=(const FsTree&) = delete;

  // The tree's root directory (no trailing slash).
  const std::string& root() const { return root_; }
  // root() + "/" + rel; `rel` may start with "/" ("/sys/class/net").
  std::string path(const std::string& rel) const;

  // Exactly `content`, creating parent directories.
  void write(const std::string& rel, const std::string& content) const;
  // `value` and a newline, as a sysfs attribute reads ("9000\n").
  void line(const std::string& rel, const std::string& value) const;
  void dir(const std::string& rel) const;
  // A symlink at `rel` pointing at `target` (relative, like sysfs).
  void link(const std::string& rel, const std::string& target) const;
  // The file's contents; "" when it does not exist.
  std::string read(const std::string& rel) const;

 private:
  std::string root_;
};

}  // namespace rocecfg::test
