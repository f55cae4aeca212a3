// [[host]] entries: a host and its NICs. Three ways to declare the NICs
// (README "Hosts and rails"), one way to state a host:
//   single   rdma_device / probe_address / switch_ports: one NIC on rail 0
//            (the form before rails; still valid)
//   nic      [[host.nic]] entries: device, netdev, probe_address, rail
//            (default: its position), switch_port
//   template rails = R and [host.nic_template]: one NIC per rail 0..R-1
//   rule     nic_rule = "ethernet" and rails = R: every RDMA device with an
//            Ethernet port, rail by PCI order, found on the host; R is how
//            many it must have ([host.nic_template] may give probe_address
//            and switch_port)
// A name may be a host expression ("gpu[001-064]"): the entry is then one
// host per name, and its strings take placeholders: {name}, {n} (the number
// the name ends with), {n_hi} / {n_lo} (n / 256, n % 256: IPv4 octets),
// {rail}. An error that every host of an expression shares is reported once,
// naming the first host and how many more.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "model/hostlist.h"
#include "profile/inventory_read.h"

namespace rocecfg::profile::inventory_read {
namespace {

inline constexpr int64_t kMaxRails = 64;

struct Vars {
  std::string name;
  std::optional<uint64_t> n;
  std::optional<uint32_t> rail;
};

// "{name}-r{rail}" with `v`; the error names the placeholder.
std::expected<std::string, std::string> substitute(const std::string& text, const Vars& v) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{') {
      if (text[i] == '}') return std::unexpected("'}' without '{'");
      out += text[i];
      continue;
    }
    size_t close = text.find('}', i);
    if (close == std::string::npos) return std::unexpected("'{' without '}'");
    std::string p = text.substr(i + 1, close - i - 1);
    i = close;
    if (p == "name") {
      out += v.name;
    } else if (p == "n" || p == "n_hi" || p == "n_lo") {
      if (!v.n)
        return std::unexpected(
            fmt::format("{{{}}}: host name \"{}\" does not end in a number", p, v.name));
      out += std::to_string(p == "n" ? *v.n : p == "n_hi" ? *v.n / 256 : *v.n % 256);
    } else if (p == "rail") {
      if (!v.rail) return std::unexpected("{rail} outside a NIC");
      out += std::to_string(*v.rail);
    } else {
      return std::unexpected(
          fmt::format("unknown placeholder {{{}}} (known: {{name}}, {{n}}, {{n_hi}}, {{n_lo}}, "
                      "{{rail}})",
                      p));
    }
  }
  return out;
}

// A string key of an entry, rendered per host.
struct Field {
  const toml::node* node = nullptr;  // null: not given
  std::string key;
  std::string raw;
  explicit operator bool() const { return node != nullptr; }
};

Field field(TomlReader& r, const toml::table& t, std::string_view key, const std::string& prefix) {
  Field f;
  f.key = join_key(prefix, key);
  if (std::optional<std::string> v = r.string(t, key, prefix)) {
    f.node = t.get(key);
    f.raw = *v;
  }
  return f;
}

// Errors of one [[host]] entry's hosts, one per key: the first host's message
// and how many hosts share the key's error.
class EntryErrors {
 public:
  void add(const toml::node& at, const std::string& key, std::string message, std::string allowed,
           const std::string& host) {
    for (Item& i : items_)
      if (i.key == key) {
        if (i.last_host != host) ++i.count;
        i.last_host = host;
        return;
      }
    items_.push_back(Item{&at, key, std::move(message), std::move(allowed), host, host, 1});
  }
  void flush(TomlReader& r, bool expression) {
    for (const Item& i : items_) {
      std::string where;
      if (expression)
        where = i.count > 1 ? fmt::format(" (host {} and {} more)", i.host, i.count - 1)
                            : fmt::format(" (host {})", i.host);
      r.error(*i.at, i.key, i.message + where, i.allowed);
    }
    items_.clear();
  }

 private:
  struct Item {
    const toml::node* at;
    std::string key, message, allowed, host, last_host;
    size_t count;  // distinct hosts
  };
  std::vector<Item> items_;
};

// `f` for host `v`, checked against `grammar`; nullopt (and an error) when
// it does not render or match.
std::optional<std::string> render(const Field& f, const Vars& v, const std::regex& grammar,
                                  std::string_view grammar_text, EntryErrors& errors) {
  auto text = substitute(f.raw, v);
  if (!text) {
    errors.add(*f.node, f.key, text.error(), "", v.name);
    return std::nullopt;
  }
  if (!std::regex_match(*text, grammar)) {
    std::string shown = *text == f.raw ? fmt::format("\"{}\"", f.raw)
                                       : fmt::format("\"{}\" gives \"{}\", which", f.raw, *text);
    errors.add(*f.node, f.key, fmt::format("{} is not valid", shown), std::string(grammar_text),
               v.name);
    return std::nullopt;
  }
  return *text;
}

// One NIC as declared, before it is rendered for a host.
struct NicSpec {
  std::string prefix;              // "host[0].nic[1]", "host[0].nic_template"
  const toml::node* at = nullptr;  // where its errors point
  Field device, netdev, probe_address, switch_port;
  uint32_t rail = 0;
};

NicSpec nic_spec(TomlReader& r, const toml::table& t, const std::string& prefix, uint32_t rail) {
  NicSpec s;
  s.prefix = prefix;
  s.at = &t;
  s.device = field(r, t, "device", prefix);
  s.netdev = field(r, t, "netdev", prefix);
  s.probe_address = field(r, t, "probe_address", prefix);
  s.switch_port = field(r, t, "switch_port", prefix);
  s.rail = rail;
  return s;
}

// The entry's NICs as declared (see the top of the file). `source` is set to
// the form used.
std::vector<NicSpec> nic_specs(TomlReader& r, const toml::table& t, const std::string& p,
                               NicSource& source) {
  std::vector<NicSpec> out;
  const toml::node* listed = t.get("nic");
  const toml::node* tmpl = t.get("nic_template");
  const toml::node* rule = t.get("nic_rule");
  const toml::node* rails_node = t.get("rails");
  if (listed || tmpl || rule)
    for (std::string_view k : {"rdma_device", "probe_address", "switch_ports"})
      if (const toml::node* n = t.get(k))
        r.error(*n, join_key(p, k),
                "not with nic, nic_template or nic_rule: each NIC states its own "
                "(device, probe_address, switch_port)");
  if (listed && (tmpl || rule || rails_node)) {
    const toml::node* other = tmpl ? tmpl : rule ? rule : rails_node;
    r.error(*other,
            join_key(p, tmpl   ? "nic_template"
                        : rule ? "nic_rule"
                               : "rails"),
            "not with [[host.nic]] entries: list the NICs, or give rails with a template or rule");
  }
  std::optional<int64_t> rails = r.integer(t, "rails", p, 1, kMaxRails);
  if (listed) {
    source = NicSource::listed;
    if (!listed->is_array_of_tables()) {
      r.error(*listed, p + ".nic", "must be an array of tables ([[host.nic]])");
      return out;
    }
    size_t j = 0;
    for (const toml::node& n : *listed->as_array()) {
      const toml::table& nt = *n.as_table();
      std::string np = fmt::format("{}.nic[{}]", p, j);
      r.check_keys(nt, np, {"device", "netdev", "probe_address", "rail", "switch_port"});
      uint32_t rail = static_cast<uint32_t>(j++);
      if (auto v = r.integer(nt, "rail", np, 0, kMaxRails - 1)) rail = static_cast<uint32_t>(*v);
      NicSpec s = nic_spec(r, nt, np, rail);
      if (!nt.get("device")) r.error(nt, np + ".device", "missing");
      out.push_back(std::move(s));
    }
    return out;
  }
  if (!tmpl && !rule) {
    if (rails_node) r.error(*rails_node, p + ".rails", "needs nic_template or nic_rule");
    source = NicSource::single;
    NicSpec s;
    s.prefix = p;
    s.at = &t;
    s.device = field(r, t, "rdma_device", p);
    s.probe_address = field(r, t, "probe_address", p);
    out.push_back(std::move(s));
    return out;
  }
  if (rule && !r.choice(t, "nic_rule", p, {"ethernet"})) return out;
  source = rule ? NicSource::rule : NicSource::template_;
  if (!rails_node) {
    r.error(rule ? *rule : *tmpl, join_key(p, rule ? "nic_rule" : "nic_template"),
            "needs rails = N: how many NICs the host has, one per rail 0..N-1");
    return out;
  }
  if (!rails) return out;
  const toml::table* tt = tmpl ? r.table(t, "nic_template", p) : nullptr;
  std::string tp = p + ".nic_template";
  if (tt && rule)
    r.check_keys(*tt, tp, {"probe_address", "switch_port"});
  else if (tt)
    r.check_keys(*tt, tp, {"device", "netdev", "probe_address", "switch_port"});
  if (tt && !rule && !tt->get("device")) r.error(*tt, tp + ".device", "missing");
  for (uint32_t rail = 0; rail < *rails; ++rail) {
    NicSpec s = tt ? nic_spec(r, *tt, tp, rail) : NicSpec{tp, rule, {}, {}, {}, {}, rail};
    out.push_back(std::move(s));
  }
  return out;
}

// The entry's NICs for one host; errors go to `errors`.
std::vector<NicEntry> render_nics(const std::vector<NicSpec>& specs, NicSource source,
                                  const Vars& host, const std::string& address,
                                  const Inventory& inv, EntryErrors& errors) {
  std::vector<NicEntry> out;
  std::map<uint32_t, size_t> rails;
  std::map<std::string, size_t> devices;
  for (size_t i = 0; i < specs.size(); ++i) {
    const NicSpec& s = specs[i];
    Vars v = host;
    if (source != NicSource::single) v.rail = s.rail;
    NicEntry nic;
    nic.rail = s.rail;
    if (s.device)
      nic.rdma_device =
          render(s.device, v, name_grammar(), "an RDMA device name", errors).value_or("");
    if (s.netdev)
      nic.netdev = render(s.netdev, v, interface_grammar(), "a netdev name", errors).value_or("");
    if (s.probe_address)
      nic.probe_address =
          render(s.probe_address, v, address_grammar(), "a host name or IP address", errors)
              .value_or("");
    else if (source == NicSource::single || (source == NicSource::listed && specs.size() == 1))
      nic.probe_address = address;
    else if (source != NicSource::rule)
      errors.add(*s.at, s.prefix + ".probe_address",
                 "missing: a host with several NICs needs one per NIC", "", host.name);
    if (s.switch_port) {
      if (auto text = substitute(s.switch_port.raw, v); !text) {
        errors.add(*s.switch_port.node, s.switch_port.key, text.error(), "", host.name);
      } else if (auto sp = switch_port(*text, inv); !sp) {
        std::string shown = *text == s.switch_port.raw ? "" : fmt::format("\"{}\": ", *text);
        errors.add(*s.switch_port.node, s.switch_port.key, shown + sp.error(), "", host.name);
      } else {
        nic.switch_port = std::move(*sp);
      }
    }
    if (source == NicSource::listed) {
      const toml::node& at = *s.at;
      if (auto [it, fresh] = rails.emplace(s.rail, i); !fresh)
        errors.add(at, s.prefix + ".rail",
                   fmt::format("rail {} is also nic[{}]'s", s.rail, it->second), "", host.name);
      if (!nic.rdma_device.empty())
        if (auto [it, fresh] = devices.emplace(nic.rdma_device, i); !fresh)
          errors.add(s.device ? *s.device.node : at, s.device.key,
                     fmt::format("\"{}\" is also nic[{}]'s", nic.rdma_device, it->second), "",
                     host.name);
    }
    out.push_back(std::move(nic));
  }
  return out;
}

}  // namespace

void read_hosts(const toml::node& hosts, const SwitchEntry& defaults, Inventory& inv,
                TomlReader& r) {
  if (!hosts.is_array_of_tables()) {
    r.error(hosts, "host", "must be an array of tables ([[host]])");
    return;
  }
  size_t i = 0;
  struct Peer {
    const toml::node* node;
    size_t host;
    std::string key;
  };
  std::vector<Peer> peers;
  std::map<std::string, std::string> host_entry;  // name -> "host[i]" that declared it
  // probe_address:port -> "gpu001:mlx5_0", for the NIC forms
  std::map<std::string, std::string> endpoints;
  for (const toml::node& n : *hosts.as_array()) {
    const toml::table& t = *n.as_table();
    std::string p = fmt::format("host[{}]", i++);
    r.check_keys(
        t, p,
        {"name", "address", "interfaces", "probe_peer", "ssh_port", "user", "identity_file",
         "known_hosts", "connect_timeout_ms", "command_timeout_ms", "rdma_device", "probe_address",
         "probe_port", "slurm_node", "switch_ports", "nic", "nic_template", "nic_rule", "rails"});
    HostEntry h;
    h.user = defaults.user;
    h.identity_file = defaults.identity_file;
    h.known_hosts = defaults.known_hosts;
    h.connect_timeout_ms = defaults.connect_timeout_ms;
    h.command_timeout_ms = defaults.command_timeout_ms;
    // The name, or the names of a host expression.
    std::vector<std::string> names;
    bool expression = false;
    if (std::optional<std::string> raw = r.string(t, "name", p)) {
      expression = raw->find('[') != std::string::npos;
      if (expression) {
        if (auto list = model::expand_hostlist(*raw))
          names = std::move(*list);
        else
          r.error(*t.get("name"), p + ".name", list.error().to_string(),
                  "a host name or expression, e.g. gpu[001-064]");
      } else {
        names.push_back(*raw);
      }
      for (const std::string& name : names)
        if (!std::regex_match(name, name_grammar())) {
          r.error(*t.get("name"), p + ".name", fmt::format("\"{}\" is not valid", name),
                  "letters, digits, '.', '_', '-'");
          names.clear();
          break;
        }
    } else if (!t.get("name")) {
      r.error(t, p + ".name", "missing");
    }
    h.interfaces = strings(r, t, "interfaces", p, interface_grammar(), "a netdev name");
    h.probe_peer = checked(r, t, "probe_peer", p, name_grammar(), "a [[host]] name", false);
    if (auto v = r.integer(t, "ssh_port", p, 1, 65535)) h.ssh_port = *v;
    if (auto v = user_name(r, t, p)) h.user = *v;
    if (auto v = r.string(t, "identity_file", p)) h.identity_file = *v;
    if (auto v = r.string(t, "known_hosts", p)) h.known_hosts = *v;
    if (auto v = r.integer(t, "connect_timeout_ms", p, 100, 600000)) h.connect_timeout_ms = *v;
    if (auto v = r.integer(t, "command_timeout_ms", p, 100, 3600000)) h.command_timeout_ms = *v;
    if (auto v = r.integer(t, "probe_port", p, 1, 65535)) h.probe_port = *v;
    Field address = field(r, t, "address", p);
    Field slurm_node = field(r, t, "slurm_node", p);
    std::vector<SwitchPort> single_ports = switch_ports(r, t, p, inv);
    std::vector<NicSpec> specs = nic_specs(r, t, p, h.nic_source);
    EntryErrors errors;
    for (const std::string& name : names) {
      Vars v{name, model::trailing_number(name), std::nullopt};
      HostEntry e = h;
      e.name = name;
      if (address)
        e.address =
            render(address, v, address_grammar(), "a host name or IP address", errors).value_or("");
      if (slurm_node)
        e.slurm_node =
            render(slurm_node, v, name_grammar(), "a Slurm node name", errors).value_or("");
      e.nics = render_nics(specs, e.nic_source, v, e.address, inv, errors);
      e.switch_ports = single_ports;
      for (const NicEntry& nic : e.nics)
        if (nic.switch_port) e.switch_ports.push_back(*nic.switch_port);
      if (e.nic_source == NicSource::single && single_ports.size() == 1)
        e.nics[0].switch_port = single_ports[0];
      if (auto [it, fresh] = host_entry.emplace(name, p); !fresh)
        errors.add(*t.get("name"), p + ".name",
                   fmt::format("\"{}\" is listed twice (also in {})", name, it->second), "", name);
      if (e.nic_source != NicSource::single)
        for (size_t k = 0; k < e.nics.size(); ++k) {
          const NicEntry& nic = e.nics[k];
          if (nic.probe_address.empty()) continue;
          std::string label = fmt::format("{}:{}", name, nic.rdma_device);
          auto [it, fresh] =
              endpoints.emplace(fmt::format("{}:{}", nic.probe_address, e.probe_port), label);
          if (!fresh)
            errors.add(*specs[k].probe_address.node, specs[k].probe_address.key,
                       fmt::format("\"{}\" (port {}) is also {}'s probe address", nic.probe_address,
                                   e.probe_port, it->second),
                       "", name);
        }
      if (!e.probe_peer.empty())
        peers.push_back(Peer{t.get("probe_peer"), inv.hosts.size(), p + ".probe_peer"});
      inv.hosts.push_back(std::move(e));
    }
    errors.flush(r, expression);
  }
  // Peers may be listed after the host that names them: checked at the end,
  // once per [[host]] entry.
  std::set<const toml::node*> said;
  for (const Peer& pe : peers) {
    const HostEntry& h = inv.hosts[pe.host];
    const HostEntry* peer = inv.find_host(h.probe_peer);
    std::string message;
    if (!peer)
      message = fmt::format("\"{}\" is not a [[host]] of this inventory", h.probe_peer);
    else if (peer == &h)
      message = "a host cannot probe itself over the wire (use gate --loopback)";
    else if (peer->address.empty())
      message = fmt::format("host \"{}\" has no address to probe", h.probe_peer);
    if (!message.empty() && said.insert(pe.node).second) r.error(*pe.node, pe.key, message);
  }
}

}  // namespace rocecfg::profile::inventory_read
