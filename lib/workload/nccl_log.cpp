#include "workload/nccl_log.h"

#include <algorithm>
#include <cctype>
#include <charconv>

// Hand-written matchers, one per NCCL format string (nccl_log.h), each a
// single forward scan: std::regex recursed once per character and
// backtracked, so one 30,000-character line overflowed the stack and a
// 10,000-character line took 3 s. Lines longer than kMaxNcclLineBytes are
// not read at all (NCCL's own lines are under 300 bytes; NCCL_IB_HCA lists
// under 1,000) and are counted.

namespace rocecfg::workload {

namespace {

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_word(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// A cursor over one line: each take_* consumes what it matched or nothing.
struct Scan {
  std::string_view text;
  size_t at = 0;

  bool done() const { return at >= text.size(); }
  bool take(std::string_view literal) {
    if (text.substr(at, literal.size()) != literal) return false;
    at += literal.size();
    return true;
  }
  // One or more characters satisfying `pred`.
  template <class Pred>
  std::string_view take_run(Pred pred) {
    size_t start = at;
    while (at < text.size() && pred(text[at])) ++at;
    return text.substr(start, at - start);
  }
  // A decimal number that fits an int (a 30-digit "pid" is no match, not an
  // exception).
  std::optional<int> take_int(bool allow_minus = false) {
    size_t start = at;
    if (allow_minus && at < text.size() && text[at] == '-') ++at;
    if (take_run(is_digit).empty()) {
      at = start;
      return std::nullopt;
    }
    int value = 0;
    auto [end, ec] = std::from_chars(text.data() + start, text.data() + at, value);
    if (ec != std::errc() || end != text.data() + at) {
      at = start;
      return std::nullopt;
    }
    return value;
  }
};

// "host:pid:tid [dev] " -- `token` is one space-delimited field, whose tail is
// host:pid:tid (a launcher prefix such as "[1,0]<stdout>:" may precede the
// host in the same field).
struct Prefix {
  std::string host;
  int pid = 0;
};

std::optional<Prefix> host_pid_tid(std::string_view token) {
  // From the end: tid digits, ':', pid digits, ':', host (no ':', '[', ']').
  size_t end = token.size();
  auto digits_back = [&](size_t& e) {
    size_t s = e;
    while (s > 0 && is_digit(token[s - 1])) --s;
    if (s == e) return std::string_view();
    std::string_view d = token.substr(s, e - s);
    e = s;
    return d;
  };
  std::string_view tid = digits_back(end);
  if (tid.empty() || end == 0 || token[end - 1] != ':') return std::nullopt;
  --end;
  std::string_view pid = digits_back(end);
  if (pid.empty() || end == 0 || token[end - 1] != ':') return std::nullopt;
  --end;
  size_t start = end;
  while (start > 0 && !is_space(token[start - 1]) && token[start - 1] != ':' &&
         token[start - 1] != '[' && token[start - 1] != ']')
    --start;
  if (start == end) return std::nullopt;
  Prefix p{std::string(token.substr(start, end - start)), 0};
  auto [ptr, ec] = std::from_chars(pid.data(), pid.data() + pid.size(), p.pid);
  if (ec != std::errc()) return std::nullopt;
  return p;
}

struct LineMatch {
  Prefix prefix;
  bool warn = false;
  std::string_view message;
};

// Finds NCCL's line prefix anywhere in the line: "host:pid:tid [dev] ",
// then any words each followed by one space (a "file.cc:123" of WARN lines,
// a timestamp), then "NCCL INFO " or "NCCL WARN ", then the message. One pass
// over the fields; the searches for the level marker and for a separator
// that is not one space only move forward, so the whole match is linear.
std::optional<LineMatch> match_prefix(std::string_view line) {
  auto is_marker = [&](size_t q) {
    std::string_view level = line.substr(q + 5, 5);
    return line[q - 1] == ' ' && (level == "INFO " || level == "WARN ");
  };
  // Not "one space after a word": other white space, or a second space.
  auto is_bad = [&](size_t j) {
    return (line[j] != ' ' && is_space(line[j])) || (line[j] == ' ' && line[j - 1] == ' ');
  };
  size_t marker = 0, bad = 0;  // first marker / bad separator at or after the last look
  bool marker_known = false, bad_known = false;
  for (size_t field = 0; field < line.size();) {
    size_t field_end = line.find(' ', field);
    if (field_end == std::string_view::npos) return std::nullopt;
    std::optional<Prefix> p = host_pid_tid(line.substr(field, field_end - field));
    field = field_end + 1;
    if (!p) continue;
    Scan s{line, field};
    if (!s.take("[") || s.take_run(is_digit).empty() || !s.take("] ")) continue;
    if (!marker_known || marker < s.at) {
      marker = line.find("NCCL ", std::max(s.at, marker_known ? marker + 1 : 0));
      while (marker != std::string_view::npos && !is_marker(marker))
        marker = line.find("NCCL ", marker + 1);
      marker_known = true;
    }
    if (marker == std::string_view::npos) return std::nullopt;
    if (!bad_known || bad < s.at) {
      bad = std::max(s.at, bad_known ? bad + 1 : 0);
      while (bad < line.size() && !is_bad(bad)) ++bad;
      bad_known = true;
    }
    if (bad < marker) continue;  // not words between "[dev] " and the marker
    return LineMatch{std::move(*p), line.substr(marker + 5, 4) == "WARN", line.substr(marker + 10)};
  }
  return std::nullopt;
}

// " [0]mlx5_0:1/RoCE [1]mlx5_1:1:0/RoCE": index, name, port, optional
// ":GID-ish suffix", link layer.
void ib_devices(std::string_view list, std::vector<NcclDevice>& out) {
  for (size_t i = list.find('['); i != std::string_view::npos; i = list.find('[', i + 1)) {
    Scan s{list, i + 1};
    std::optional<int> index = s.take_int();
    if (!index || !s.take("]")) continue;
    std::string_view name = s.take_run([](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
    });
    if (name.empty() || !s.take(":")) continue;
    std::optional<int> port = s.take_int();
    if (!port) continue;
    if (s.take(":")) s.take_run([](char c) { return c != '/' && !is_space(c); });
    bool slash = s.take("/");
    std::string_view layer = slash ? s.take_run(is_word) : std::string_view();
    // Every '[' before here that gets this far stops at the same character.
    i = s.at - 1;
    if (layer.empty()) continue;
    NcclDevice d{*index, std::string(name), *port, std::string(layer)};
    // A log repeats its "Using" line (per communicator): one entry each.
    bool seen = std::any_of(out.begin(), out.end(), [&](const NcclDevice& e) {
      return e.index == d.index && e.name == d.name && e.port == d.port &&
             e.link_layer == d.link_layer;
    });
    if (!seen && out.size() < kMaxNcclListEntries) out.push_back(std::move(d));
  }
}

// " [0]eth0:10.0.0.1<0>": the interface names.
void socket_devices(std::string_view list, std::vector<std::string>& out) {
  for (size_t i = list.find('['); i != std::string_view::npos; i = list.find('[', i + 1)) {
    Scan s{list, i + 1};
    if (s.take_run(is_digit).empty() || !s.take("]")) continue;
    std::string_view name = s.take_run([](char c) { return c != ':' && !is_space(c); });
    if (name.empty() || !s.take(":")) {
      i = s.at - 1;
      continue;
    }
    if (std::find(out.begin(), out.end(), name) == out.end() && out.size() < kMaxNcclListEntries)
      out.emplace_back(name);
    i = s.at - 1;
  }
}

// "... IbDev 0 Port 1 qp_num 1234 mtu 5 GID 3 (0/...)": the last IbDev
// before the last "GID n (", as the greedy pattern read them.
std::optional<std::pair<int, int>> qp_gid(std::string_view msg) {
  if (msg.substr(0, 8) == "NET/IB: ") {
    std::optional<int> gid;
    size_t gid_at = std::string_view::npos;
    for (size_t g = msg.rfind("GID "); g != std::string_view::npos && g >= 8;
         g = msg.rfind("GID ", g - 1)) {
      Scan t{msg, g + 4};
      if ((gid = t.take_int(true)) && t.take(" (")) {
        gid_at = g;
        break;
      }
    }
    std::optional<int> dev;
    for (size_t k = msg.find("IbDev ", 8); gid && k != std::string_view::npos;
         k = msg.find("IbDev ", k + 1)) {
      Scan s{msg, k + 6};
      std::optional<int> d = s.take_int();
      if (d && s.take(" Port ") && !s.take_run(is_digit).empty() && s.take(" ") && s.at <= gid_at)
        dev = d;
    }
    if (dev) return std::pair{*dev, *gid};
  }
  // 2.18: "NET/IB: Dev %d Port %d qpn %d mtu %d GID %ld (".
  Scan s{msg};
  if (!s.take("NET/IB: Dev ")) return std::nullopt;
  std::optional<int> dev = s.take_int();
  if (!dev || !s.take(" Port ") || s.take_run(is_digit).empty() || !s.take(" qpn ") ||
      s.take_run(is_digit).empty() || !s.take(" mtu ") || s.take_run(is_digit).empty() ||
      !s.take(" GID "))
    return std::nullopt;
  std::optional<int> gid = s.take_int(true);
  if (!gid || !s.take(" (")) return std::nullopt;
  return std::pair{*dev, *gid};
}

// "Channel 00/02 : 0[0] -> 1[1] [send] via NET/IB/0/GDRDMA": the network and
// device index of the last "via NET/X/n" (net.cc prints NET/%s/%d, or
// NET/%s/%d(%d) with a PXN proxy rank; the index is the device's in the
// node's NET/IB : Using list).
std::optional<std::pair<std::string, std::optional<int>>> channel_net(std::string_view msg) {
  Scan s{msg};
  if (!s.take("Channel ") || s.take_run(is_digit).empty() || !s.take("/") ||
      s.take_run(is_digit).empty() || !s.take(" : "))
    return std::nullopt;
  for (size_t k = msg.rfind(" via NET/"); k != std::string_view::npos && k >= s.at;
       k = k == 0 ? std::string_view::npos : msg.rfind(" via NET/", k - 1)) {
    Scan t{msg, k + 9};
    std::string_view net = t.take_run([](char c) { return c != '/' && !is_space(c); });
    if (!net.empty() && t.take("/")) return std::pair{std::string(net), t.take_int()};
  }
  return std::nullopt;
}

// "... comm 0x7f rank 0 nranks 2 cudaDev 0 ... - Init COMPLETE".
std::optional<std::pair<int, int>> rank_of(std::string_view msg) {
  size_t complete = msg.rfind("Init COMPLETE");
  if (complete == std::string_view::npos) return std::nullopt;
  for (size_t k = msg.find("comm 0x"); k != std::string_view::npos && k < complete;
       k = msg.find("comm 0x", k + 1)) {
    Scan s{msg, k + 7};
    if (s.take_run([](char c) {
           return std::isxdigit(static_cast<unsigned char>(c)) != 0;
         }).empty() ||
        !s.take(" rank "))
      continue;
    std::optional<int> rank = s.take_int();
    if (!rank || !s.take(" nranks ")) continue;
    std::optional<int> nranks = s.take_int();
    if (!nranks || !s.take(" ") || s.at > complete) continue;
    return std::pair{*rank, *nranks};
  }
  return std::nullopt;
}

// "NET/IB : Using [0]mlx5_0:1/RoCE ; OOB eth0:10.0.0.1<0>": the device list
// (up to the last "; OOB ").
std::optional<std::string_view> ib_using_list(std::string_view msg) {
  Scan s{msg};
  if (!s.take("NET/IB") || !(s.take(" : Using") || s.take(": Using"))) return std::nullopt;
  size_t oob = msg.rfind("; OOB ");
  if (oob == std::string_view::npos || oob < s.at) return std::nullopt;
  return msg.substr(s.at, oob - s.at);
}

// "NCCL_IB_TC set by environment to 106.": name and value (one trailing '.'
// dropped).
std::optional<std::pair<std::string_view, std::string_view>> set_by_environment(
    std::string_view msg) {
  Scan s{msg};
  if (!s.take("NCCL_")) return std::nullopt;
  s.take_run([](char c) {
    return std::isupper(static_cast<unsigned char>(c)) || is_digit(c) || c == '_';
  });
  std::string_view name = msg.substr(0, s.at);
  if (name.size() == 5 || !s.take(" set by environment to ")) return std::nullopt;
  std::string_view value = msg.substr(s.at);
  if (!value.empty() && value.back() == '.') value.remove_suffix(1);
  return std::pair{name, value};
}

// One INFO message of process `p`: the first format it matches.
void read_info(std::string_view msg, NcclProcess& p) {
  auto starts = [&](std::string_view prefix) { return msg.substr(0, prefix.size()) == prefix; };
  if (starts("Using network ") && msg.size() > 14) {
    p.network = std::string(msg.substr(14));
  } else if (auto list = ib_using_list(msg)) {
    ib_devices(*list, p.ib_devices);
  } else if (starts("NET/IB : No device found")) {
    p.ib_no_device = true;
  } else if (Scan s{msg}; s.take("NET/Socket") && (s.take(" : Using") || s.take(": Using"))) {
    socket_devices(msg.substr(s.at), p.socket_devices);
  } else if (auto env = set_by_environment(msg)) {
    if (p.env.size() < kMaxNcclListEntries || p.env.contains(std::string(env->first)))
      p.env[std::string(env->first)] = std::string(env->second);
    p.env_logged = true;
  } else if (starts("NCCL_IB_HCA set to ") && msg.size() > 19 && !is_space(msg[19])) {
    Scan v{msg, 19};
    p.env["NCCL_IB_HCA"] = std::string(v.take_run([](char c) { return !is_space(c); }));
    p.env_logged = true;
  } else if (auto qp = qp_gid(msg)) {
    if (p.gid_by_ibdev.size() < kMaxNcclListEntries || p.gid_by_ibdev.contains(qp->first))
      p.gid_by_ibdev[qp->first] = qp->second;
  } else if (auto net = channel_net(msg)) {
    if (std::find(p.channel_nets.begin(), p.channel_nets.end(), net->first) ==
            p.channel_nets.end() &&
        p.channel_nets.size() < kMaxNcclListEntries)
      p.channel_nets.push_back(net->first);
    std::vector<int>& used = p.ib_devices_used;
    if (net->first == "IB" && net->second &&
        std::find(used.begin(), used.end(), *net->second) == used.end() &&
        used.size() < kMaxNcclListEntries)
      used.push_back(*net->second);
  } else if (auto rank = rank_of(msg)) {
    if (!p.nranks || rank->second > *p.nranks) {
      p.rank = rank->first;
      p.nranks = rank->second;
    }
    if (std::find(p.comm_ranks.begin(), p.comm_ranks.end(), *rank) == p.comm_ranks.end() &&
        p.comm_ranks.size() < kMaxNcclListEntries)
      p.comm_ranks.push_back(*rank);
  }
}

}  // namespace

NcclLog parse_nccl_log(const std::string& text) {
  NcclLog log;
  std::map<std::string, size_t> by_key;
  std::string_view rest = text;
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxNcclLineBytes) {
      ++log.long_lines;
      continue;
    }
    std::optional<LineMatch> m = match_prefix(line);
    if (!m) continue;
    ++log.nccl_lines;
    std::string key = m->prefix.host + ":" + std::to_string(m->prefix.pid);
    auto found = by_key.find(key);
    if (found == by_key.end() && log.processes.size() >= kMaxNcclProcesses) {
      ++log.lines_of_unread_processes;
      continue;
    }
    auto [it, fresh] = by_key.try_emplace(key, log.processes.size());
    if (fresh) {
      NcclProcess p;
      p.host = m->prefix.host;
      p.pid = m->prefix.pid;
      log.processes.push_back(p);
    }
    NcclProcess& p = log.processes[it->second];
    if (!m->warn) {
      read_info(m->message, p);
    } else if (p.warnings.size() < kMaxNcclWarningsPerProcess) {
      p.warnings.emplace_back(m->message);
    }
  }
  return log;
}

}  // namespace rocecfg::workload
