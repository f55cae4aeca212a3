#include "switch/counter_collect.h"

#include <chrono>
#include <memory>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "switch/ssh.h"

namespace rocecfg::sw {

namespace {

double steady_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

void keep_ports(CounterSnapshot& s, const std::vector<std::string>& ports) {
  if (ports.empty()) return;
  std::set<std::string, std::less<>> wanted(ports.begin(), ports.end());
  for (auto it = s.counters.begin(); it != s.counters.end();)
    it = wanted.count(it->first.port) ? std::next(it) : s.counters.erase(it);
  // N/A cells of other ports are not this read's business either.
  std::erase_if(s.not_available, [&](const CounterKey& k) { return !wanted.count(k.port); });
}

struct Job {
  std::unique_ptr<Adapter> adapter;
  std::unique_ptr<CounterReader> reader;
  std::unique_ptr<Session> session;
  std::vector<std::string> ports;
};

}  // namespace

Result<CounterSnapshot> take_snapshot(const CounterReader& reader, Session& session,
                                      const std::vector<std::string>& ports,
                                      const std::string& switch_name) {
  CounterSnapshot snap;
  snap.switch_name = switch_name;
  snap.vendor = std::string(reader.vendor());
  size_t failed = 0;
  std::vector<CounterCommand> commands = reader.commands(ports);
  for (const CounterCommand& c : commands) {
    auto out = session.run(c.command);
    if (!out) {
      if (out.error().kind == ErrorKind::timeout) return wrap(out.error(), c.command);
      snap.unread.push_back(fmt::format("{}: {}", c.command, out.error().message));
      ++failed;
      continue;
    }
    if (auto st = reader.parse(c, *out, snap); !st) return wrap(st.error(), c.command);
  }
  if (!commands.empty() && failed == commands.size())
    return fail(switch_name, fmt::format("every counter command failed ({})", snap.unread.front()));
  keep_ports(snap, ports);
  for (const std::string& k : reader.not_exposed()) snap.unread.push_back(k);
  return snap;
}

std::vector<CounterRead> collect_counters(const std::vector<FleetSwitch>& switches,
                                          const CounterCollectOptions& options) {
  auto clock = [&](int round) { return options.clock_ms ? options.clock_ms(round) : steady_ms(); };
  std::vector<CounterRead> reads(switches.size());
  std::vector<Job> jobs(switches.size());
  auto on_exception = [&](size_t i, const std::string& what) {
    reads[i].ok = false;
    reads[i].error = "internal error: " + what;
    jobs[i].session.reset();
  };
  auto snapshot = [&](size_t i, CounterSnapshot& into, int round) {
    Job& job = jobs[i];
    if (!job.session) return false;
    auto snap = take_snapshot(*job.reader, *job.session, job.ports, switches[i].ssh.name);
    if (!snap) {
      reads[i].error = snap.error().message;
      job.session.reset();
      return false;
    }
    snap->taken_at_ms = clock(round);
    into = std::move(*snap);
    return true;
  };
  // Round one: connect and read.
  run_fleet(
      switches.size(), options.parallel,
      [&](size_t i) {
        const FleetSwitch& sw = switches[i];
        CounterRead& r = reads[i];
        r.name = sw.ssh.name;
        r.vendor = sw.vendor;
        Job& job = jobs[i];
        job.adapter = make_adapter(sw.vendor);
        job.reader = make_counter_reader(sw.vendor);
        if (!job.adapter || !job.reader) {
          r.error = fmt::format("no counter reader for vendor {:?}", sw.vendor);
          return;
        }
        auto ports = job.adapter->expand_interfaces(sw.interfaces);
        if (!ports) {
          r.error = "interfaces: " + ports.error().to_string();
          return;
        }
        for (const std::string& p : *ports)
          if (!job.adapter->valid_interface(p)) {
            r.error = fmt::format("interface {:?} is not a {} interface name", p, sw.vendor);
            return;
          }
        job.ports = std::move(*ports);
        auto session = open_session(sw.ssh, *job.adapter);
        if (!session) {
          r.unreachable = true;
          r.error = session.error().message;
          return;
        }
        job.session = std::move(*session);
        snapshot(i, r.before, 1);
      },
      on_exception);
  if (!options.single) {
    double started = clock(1);
    for (const CounterRead& r : reads)
      if (r.before.taken_at_ms > 0 && r.before.taken_at_ms < started)
        started = r.before.taken_at_ms;
    if (options.between) {
      options.between();
    } else if (!options.clock_ms) {
      double wait = started + options.window_ms - clock(1);
      if (wait > 0) std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(wait));
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(options.window_ms));
    }
    run_fleet(
        switches.size(), options.parallel, [&](size_t i) { snapshot(i, reads[i].after, 2); },
        on_exception);
  }
  for (size_t i = 0; i < reads.size(); ++i) {
    CounterRead& r = reads[i];
    if (!jobs[i].session) continue;
    r.ok = true;
    r.window = options.single ? counter_absolute(r.before) : counter_window(r.before, r.after);
    jobs[i].session.reset();
  }
  return reads;
}

}  // namespace rocecfg::sw
