#include "model/hostlist.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include <fmt/format.h>

namespace rocecfg::model {
namespace {

// Characters a host name may carry outside brackets (RFC 1123 labels, dots,
// and '_' which Slurm node names allow).
bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_';
}

bool digit(char c) {
  return c >= '0' && c <= '9';
}

// One piece of a term: literal text, or the numbers a bracket group expands to.
struct Piece {
  bool literal = true;
  std::string text;
  std::vector<std::string> numbers;
};

struct Parser {
  const std::string& s;
  size_t i = 0;

  std::unexpected<Error> error(size_t col, const std::string& what) const {
    return fail(ErrorKind::invalid_input, fmt::format("hostlist column {}", col + 1),
                fmt::format("{} in \"{}\"", what, s));
  }

  // Digits at i; returns the text (leading zeros kept).
  Result<std::string> number() {
    size_t start = i;
    while (i < s.size() && digit(s[i])) ++i;
    if (i == start) return error(start, "expected a number");
    if (i - start > 9) return error(start, "number too long");
    return s.substr(start, i - start);
  }

  // [a-b,c,...] with i just after '['; consumes the closing ']'.
  Result<std::vector<std::string>> group(size_t open) {
    std::vector<std::string> out;
    while (true) {
      size_t col = i;
      auto lo = number();
      if (!lo) return std::unexpected(lo.error());
      std::string hi = *lo;
      if (i < s.size() && s[i] == '-') {
        ++i;
        auto h = number();
        if (!h) return std::unexpected(h.error());
        hi = *h;
      }
      unsigned a = 0, b = 0;
      std::from_chars(lo->data(), lo->data() + lo->size(), a);
      std::from_chars(hi.data(), hi.data() + hi.size(), b);
      if (b < a) return error(col, fmt::format("range {}-{} runs backwards", *lo, hi));
      if (b - a >= kMaxHosts) return error(col, fmt::format("range {}-{} is too large", *lo, hi));
      size_t width = lo->size() > 1 && (*lo)[0] == '0' ? lo->size() : 0;
      for (unsigned v = a; v <= b; ++v) out.push_back(fmt::format("{:0{}}", v, width));
      if (i >= s.size()) return error(open, "unclosed '['");
      if (s[i] == ']') {
        ++i;
        return out;
      }
      if (s[i] != ',') return error(i, fmt::format("unexpected '{}' inside brackets", s[i]));
      ++i;
    }
  }

  // One comma-separated term, expanded.
  Result<std::vector<std::string>> term() {
    size_t start = i;
    std::vector<Piece> pieces;
    while (i < s.size() && s[i] != ',') {
      char c = s[i];
      if (c == '[') {
        size_t open = i++;
        auto g = group(open);
        if (!g) return std::unexpected(g.error());
        pieces.push_back(Piece{false, {}, std::move(*g)});
      } else if (c == ']') {
        return error(i, "']' without '['");
      } else if (name_char(c)) {
        if (pieces.empty() || !pieces.back().literal) pieces.push_back(Piece{});
        pieces.back().text += c;
        ++i;
      } else if (c == ' ' || c == '\t' || c == '\n') {
        return error(i, "whitespace inside a host name");
      } else {
        return error(i, fmt::format("'{}' is not allowed in a host name", c));
      }
    }
    if (i == start) return error(start, "empty host name");
    std::vector<std::string> names{""};
    for (const Piece& p : pieces) {
      if (p.literal) {
        for (std::string& n : names) n += p.text;
        continue;
      }
      if (names.size() * p.numbers.size() > kMaxHosts)
        return error(start, fmt::format("expands to more than {} hosts", kMaxHosts));
      std::vector<std::string> next;
      next.reserve(names.size() * p.numbers.size());
      for (const std::string& n : names)
        for (const std::string& v : p.numbers) next.push_back(n + v);
      names = std::move(next);
    }
    return names;
  }
};

}  // namespace

Result<std::vector<std::string>> expand_hostlist(const std::string& expression) {
  Parser p{expression};
  if (expression.empty()) return p.error(0, "empty host expression");
  std::vector<std::string> out;
  std::set<std::string> seen;
  while (true) {
    size_t col = p.i;
    auto names = p.term();
    if (!names) return std::unexpected(names.error());
    for (std::string& n : *names) {
      if (!seen.insert(n).second) return p.error(col, fmt::format("host \"{}\" listed twice", n));
      out.push_back(std::move(n));
      if (out.size() > kMaxHosts)
        return p.error(col, fmt::format("expands to more than {} hosts", kMaxHosts));
    }
    if (p.i >= expression.size()) break;
    ++p.i;  // the comma
    if (p.i >= expression.size()) return p.error(p.i - 1, "trailing ','");
  }
  return out;
}

std::optional<uint64_t> trailing_number(const std::string& name) {
  size_t end = name.size(), start = end;
  while (start > 0 && digit(name[start - 1])) --start;
  if (start == end || end - start > 9) return std::nullopt;
  uint64_t v = 0;
  std::from_chars(name.data() + start, name.data() + end, v);
  return v;
}

Result<std::string> ring_successor(const std::string& nodelist, const std::string& me) {
  auto nodes = expand_hostlist(nodelist);
  if (!nodes) return std::unexpected(nodes.error());
  if (nodes->size() < 2)
    return fail(ErrorKind::invalid_input, "job nodes", "a ring needs at least two nodes");
  for (size_t i = 0; i < nodes->size(); ++i)
    if ((*nodes)[i] == me) return (*nodes)[(i + 1) % nodes->size()];
  // Slurm lists short names; gethostname() may return the FQDN.
  std::string shortname = me.substr(0, me.find('.'));
  for (size_t i = 0; i < nodes->size(); ++i)
    if ((*nodes)[i] == shortname) return (*nodes)[(i + 1) % nodes->size()];
  return fail(ErrorKind::invalid_input, "job nodes",
              fmt::format("this host ({}) is not in the node list", me));
}

std::string short_host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "";
  std::string name = buf;
  return name.substr(0, name.find('.'));
}

bool same_system_name(std::string_view a, std::string_view b) {
  a = a.substr(0, a.find('.'));
  b = b.substr(0, b.find('.'));
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace rocecfg::model
