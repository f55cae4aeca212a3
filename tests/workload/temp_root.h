// A temporary directory standing in for "/" (FsRoot's seam): tests write the
// files a host has (sysfs, /etc) and read back what the code left there.
#pragma once

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace rocecfg::workload::test {

class TempRoot {
 public:
  TempRoot() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "rocecfg-wl-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
    ::chmod(path_.c_str(), 0755);
  }
  ~TempRoot() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempRoot(const TempRoot&) = delete;
  TempRoot& operator=(const TempRoot&) = delete;
  const std::string& root() const { return path_; }

  void write(const std::string& abs, const std::string& content) const {
    std::filesystem::path p = path_ + abs;
    std::filesystem::create_directories(p.parent_path());
    for (auto d = p.parent_path(); d.string().size() > path_.size(); d = d.parent_path())
      ::chmod(d.c_str(), 0755);
    std::ofstream(p, std::ios::binary) << content;
  }
  std::optional<std::string> read(const std::string& abs) const {
    std::ifstream in(path_ + abs, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  void symlink(const std::string& target, const std::string& abs) const {
    std::filesystem::path p = path_ + abs;
    std::filesystem::create_directories(p.parent_path());
    std::filesystem::create_symlink(target, p);
  }

 private:
  std::string path_;
};

}  // namespace rocecfg::workload::test
