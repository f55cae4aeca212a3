// The contract every switch vendor adapter (vendors/switch/<vendor>/) fulfils.
// An adapter is pure translation plus its vendor's commit protocol: it renders
// intent into that vendor's commands, parses that vendor's config back into
// the shared model, and drives a Session (the SSH transport) through the
// vendor's transactional model. It never opens sockets itself.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/result.h"
#include "model/qos.h"
#include "model/settings.h"
#include "plan/plan.h"

namespace rocecfg::sw {

// What a switch's configuration means in profile terms. Fabric-wide knobs
// (DSCP map, ECN profile, watchdog timers) sit in `global`; per-port knobs
// (PFC enable, MTU, trust) in `ports`, keyed by the vendor's interface name.
// When a config holds several QoS policies, `policies` says which applies to
// which interfaces (for `show switch`).
//
// A parser never guesses. It accepts a text only when it recognises it
// (`recognised_as` says as what); a knob the text does not state is left
// unset (std::nullopt = "not in the file") unless the vendor documents the
// value the switch then runs with, in which case `origins` says so. Every
// statement of a QoS-relevant section that the parser could not read is in
// `not_understood`, one entry per line.
enum class Source { configured, vendor_default, not_in_file };
const char* to_string(Source source);  // "configured", "default", "not-in-file"

struct Origin {
  Source source = Source::configured;
  std::string vendor_text;  // the vendor's own words for the value ("150 kbytes", "d/8 default")
};

struct Unread {
  int line = 0;  // 1-based line in the input, 0 when the format has no lines (JSON)
  std::string text;
  std::string why;  // "not understood", "ECN thresholds in segments not comparable"
};

inline constexpr std::string_view kGlobalTarget = "global";

struct SwitchState {
  model::Settings global;
  std::map<std::string, model::Settings> ports;
  std::map<std::string, std::vector<std::string>> policies;  // policy name -> interfaces
  std::vector<std::string> notes;                            // parse remarks worth showing
  std::string recognised_as;           // "EOS running-config", "CONFIG_DB JSON", ...
  std::vector<Unread> not_understood;  // per line, never deduplicated
  // Top-level statements of a recognised text that hold no QoS (aaa,
  // logging, router bgp ...): read past, counted, never a reason to refuse.
  size_t passed_over = 0;
  // target ("global" or a port) -> knob -> where its value comes from; a knob
  // present without an entry was configured.
  std::map<std::string, std::map<model::Knob, Origin>> origins;

  void mark(std::string_view target, model::Knob knob, Source source, std::string vendor_text = {});
  // Where `target`'s `knob` comes from: its mark, else configured when the
  // value is present and not_in_file when it is absent.
  Origin origin(std::string_view target, model::Knob knob) const;
  void unread(int line, std::string text, std::string why);
};

// A live command channel to one switch. The SSH transport implements it; so
// does an offline recorder used by `render`.
class Session {
 public:
  virtual ~Session() = default;
  // Run one command (exec channel on Linux NOSes, one line at the prompt on
  // CLI NOSes); returns its output or an error (non-zero exit, CLI error
  // marker, timeout, dropped connection).
  virtual Result<std::string> run(const std::string& command) = 0;
  // Run several commands, stopping at the first failure; the output is the
  // concatenation. ExecSession sends them as one `a && b && c` exec (each
  // command validated on its own first), saving a round trip per command;
  // the default runs them one by one.
  virtual Result<std::string> run_all(const std::vector<std::string>& commands) {
    std::string out;
    for (const std::string& c : commands) {
      auto r = run(c);
      if (!r) return r;
      out += *r;
    }
    return out;
  }
  // Open a fresh connection after a drop or a timeout, so a push can still
  // roll back what it already changed. Sessions that cannot reconnect (the
  // offline recorder) say so.
  virtual Status reconnect() {
    return fail(ErrorKind::unsupported, "", "this session cannot reconnect");
  }
};

// In a push's error when its own undo failed too, so the switch may still
// hold part of the change: the engine then never reports it as restored.
inline constexpr std::string_view kRollbackFailed = "ROLLBACK FAILED";

// How an adapter wants to talk to its switch.
enum class SessionKind {
  exec,   // Linux NOSes (Cumulus, SONiC): one SSH exec channel per command
  shell,  // CLI NOSes: one interactive shell, prompt matching, paging disabled
};

// What an interactive CLI looks like, for SessionKind::shell (see
// lib/switch/README.md). Regexes are ECMAScript (std::regex).
struct ShellDialect {
  // Matched against the last line of output; output ends when it matches.
  // E.g. R"((^|\n)[\w.-]+(\([^)]*\))?[#>] ?$)" for `switch#`, `switch(config)#`,
  // or R"([<\[][~*]?[\w.-]+[>\]] ?$)" for `<HUAWEI>`, `[~HUAWEI]`, `[H3C]`.
  std::string prompt_regex;
  // Any line matching one of these makes run() fail with that line as the
  // message: "% Invalid input", "Error:", "% Ambiguous command".
  std::vector<std::string> error_regexes;
  // A pager prompt (answered with a space and stripped from the output) in
  // case paging could not be disabled.
  std::string pager_regex = R"((-+ ?\(?[Mm]ore\b[^\n]*-*|---- More ----) *$)";
  // Sent once after login, before anything else: "terminal length 0",
  // "screen-length 0 temporary", "screen-length disable".
  std::vector<std::string> setup_commands;
};

// The switch model and software release, where an adapter's command forms
// differ by them (Huawei CE families: deadlock timers, DSCP-based PFC). Empty
// fields: not known. The inventory's `model`/`release` fill it; when absent the
// engine asks the switch (Adapter::version_command) before rendering.
struct Platform {
  std::string model;
  std::string release;
  // The keyword a port's egress queues take where no public document maps
  // models to it (EOS: "uc-tx-queue" on platforms with split unicast and
  // multicast queues, "tx-queue" elsewhere), as the switch's own config of
  // one of the ports shows it (Adapter::queue_form_command); "" not known.
  std::string queue_keyword;
};

class Adapter {
 public:
  virtual ~Adapter() = default;
  virtual std::string_view vendor() const = 0;  // "eos", "nxos", ...

  // Transport: exec channel (default) or interactive shell with this dialect.
  virtual SessionKind session_kind() const { return SessionKind::exec; }
  virtual ShellDialect shell_dialect() const { return {}; }

  // Knobs configured per interface (diffed against SwitchState::ports); all
  // others are switch-wide (diffed against SwitchState::global, plan target
  // "global"). Default: MTU, PFC, trust and the PFC watchdog.
  virtual bool port_knob(model::Knob knob) const { return model::kDefaultPortKnobs.has(knob); }
  // Knobs this vendor cannot express: planned as `unsupported` steps, so the
  // operator sees them; never silently skipped.
  virtual std::set<model::Knob> unsupported_knobs() const { return {}; }
  // ECN thresholds as fill levels of the queue's buffer (Junos drop
  // profiles) instead of bytes: the intent's [ecn] fill_level_percent is
  // what is rendered and compared (engine.h vendor_intent).
  virtual bool ecn_as_fill_levels() const { return false; }

  // Interface names/ranges this vendor accepts, e.g. "Ethernet1/1-4"; used to
  // validate inventories before anything is sent.
  virtual bool valid_interface(std::string_view name) const = 0;
  // Expand "swp1-4" -> swp1..swp4 (vendor syntax); error on malformed ranges.
  virtual Result<std::vector<std::string>> expand_interfaces(
      const std::vector<std::string>& ranges) const = 0;

  // What this vendor refuses in a profile whatever the switch's state: a
  // value outside the range the vendor documents (SONiC pfcwd detection
  // 100..5000 ms). render() refuses the same through the same function, and
  // `rocecfg validate --inventory` asks it before anything is sent.
  virtual Status check_intent(const model::Settings& intent) const {
    (void)intent;
    return {};
  }

  // The intent as this vendor can hold it: values clamped to a vendor limit
  // (EOS MTU 9214) or rounded to hardware units (H3C WRED cells), each change
  // reported in `warnings`. Plans are diffed against this, so a clamped value
  // is neither silent nor drift forever. Default: the intent unchanged.
  virtual model::Settings representable(const model::Settings& intent,
                                        Diagnostics& warnings) const {
    (void)warnings;
    return intent;
  }

  // The commands that make `ports` (and the global state) match `intent`,
  // given the plan of differences. Step targets are an interface name for
  // port knobs and "global" for switch-wide knobs; each step's `after` holds
  // the intended value, `before` what was observed (for make-before-break
  // and for turning off what the intent no longer wants). Warnings (e.g. MTU clamped to a vendor
  // limit) go to `warnings`, never silently applied.
  virtual Result<std::vector<std::string>> render(const model::Settings& intent,
                                                  const std::vector<std::string>& ports,
                                                  const plan::Plan& changes,
                                                  Diagnostics& warnings) const = 0;

  // The text whose parse yields the observed state: running config, config_db
  // JSON, `nv config show -o commands` ... as the vendor's backups hold it.
  virtual Result<std::string> fetch_config(Session& session) const = 0;
  virtual Result<SwitchState> parse(std::string_view config_text) const = 0;

  // What the switch's own files decide beyond its config, checked before a
  // push (and a dry run) sends anything: SONiC's traditional buffer model
  // needs a pg_profile_lookup.ini row for every lossless port's speed and
  // cable length. `config_text` is what fetch_config read; `plan` what the
  // push will change. Default: nothing to check.
  virtual Status preflight(Session& session, std::string_view config_text,
                           const plan::Plan& plan) const {
    (void)session;
    (void)config_text;
    (void)plan;
    return {};
  }
  // What preflight() reads and when, for `render --session`; "" none.
  virtual std::string preflight_read() const { return ""; }

  // The vendor's transaction: enter/stage, push, commit (or confirm), and
  // restore the pre-change state on failure. `commands` come from render().
  virtual Status push(Session& session, const std::vector<std::string>& commands) const = 0;

  // After a verified apply: make the running config the startup config and
  // check that it is (EOS, NX-OS, Huawei and H3C keep them apart; auto-save is
  // off by default on Huawei). Default: nothing to do (Cumulus and SONiC
  // persist as part of their apply).
  virtual Status persist(Session& session) const {
    (void)session;
    return {};
  }

  // Forms that differ by model follow platform(). version_command() is what
  // reads the model from the switch ("display version"), "" when this vendor
  // needs none; parse_version() reads its output.
  void set_platform(Platform platform) { platform_ = std::move(platform); }
  const Platform& platform() const { return platform_; }
  virtual std::string version_command() const { return ""; }
  virtual Platform parse_version(std::string_view output) const {
    (void)output;
    return {};
  }

  // The command whose output shows `port`'s queue keyword (EOS: its
  // `show running-config all` stanza), "" when the vendor has one form;
  // parse_queue_form() reads the keyword from it, "" when it shows none.
  virtual std::string queue_form_command(std::string_view port) const {
    (void)port;
    return "";
  }
  virtual std::string parse_queue_form(std::string_view output) const {
    (void)output;
    return "";
  }

  // After a committed push fails verification: commands that bring the
  // config text `now` back to exactly `before` (both as fetch_config read
  // them), pushed with push(). std::nullopt: the engine instead pushes back
  // the observed pre-change values, which restores behaviour but may leave
  // explicit default lines where the config had none.
  virtual std::optional<std::vector<std::string>> restore_commands(std::string_view before,
                                                                   std::string_view now) const {
    (void)before;
    (void)now;
    return std::nullopt;
  }

 private:
  Platform platform_;
};

// How many knobs the config itself states (Source::configured): zero means
// no port or QoS statement was understood, and nothing can be in sync.
size_t configured_knobs(const SwitchState& state);

// Registry, after rdma-core's providers: adapters register by vendor id.
using AdapterFactory = std::unique_ptr<Adapter> (*)();
bool register_adapter(std::string_view vendor, AdapterFactory factory);
std::unique_ptr<Adapter> make_adapter(std::string_view vendor);
std::vector<std::string> adapter_vendors();

}  // namespace rocecfg::sw
