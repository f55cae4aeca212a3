// A temporary directory removed with its contents at scope exit; gate and
// doctor tests build sysfs/procfs-shaped trees in it.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace rocecfg::gate::test {

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "rocecfg-gate-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

  // Writes `rel` (e.g. "sys/class/net/eth0/mtu") with `content` plus a newline,
  // as sysfs shows it; creates parent directories.
  void write(const std::string& rel, const std::string& content, bool newline = true) const {
    std::filesystem::path p = std::filesystem::path(path_) / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << content << (newline ? "\n" : "");
  }
  void symlink(const std::string& target, const std::string& rel) const {
    std::filesystem::path p = std::filesystem::path(path_) / rel;
    std::filesystem::create_directories(p.parent_path());
    std::filesystem::create_symlink(target, p);
  }
  std::string read(const std::string& rel) const {
    std::ifstream in(std::filesystem::path(path_) / rel);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  std::string path_;
};

}  // namespace rocecfg::gate::test
