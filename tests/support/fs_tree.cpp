#include "fs_tree.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "files.h"

namespace rocecfg::test {

namespace fs = std::filesystem;

FsTree::FsTree() {
  std::string tmpl = (fs::temp_directory_path() / "rocecfg-test-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed for " + tmpl);
  root_ = tmpl;
}

FsTree::~FsTree() {
  std::error_code ec;
  fs::remove_all(root_, ec);
}

std::string FsTree::path(const std::string& rel) const {
  return rel.starts_with("/") ? root_ + rel : root_ + "/" + rel;
}

void FsTree::write(const std::string& rel, const std::string& content) const {
  fs::path p = path(rel);
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << content;
  if (!out) throw std::runtime_error("cannot write " + p.string());
}

void FsTree::line(const std::string& rel, const std::string& value) const {
  write(rel, value + "\n");
}

void FsTree::dir(const std::string& rel) const {
  fs::create_directories(path(rel));
}

void FsTree::link(const std::string& rel, const std::string& target) const {
  fs::path p = path(rel);
  fs::create_directories(p.parent_path());
  fs::create_symlink(target, p);
}

std::string FsTree::read(const std::string& rel) const {
  return read_file(path(rel));
}

}  // namespace rocecfg::test
