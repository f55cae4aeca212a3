"""Juniper Junos / Junos OS Evolved, as far as rocecfg touches it (see
vendors/switch/junos/junos.h), built from Juniper's CLI User Guide.

The configuration is kept as its `display set` statements ("running"; the
committed configuration, which a commit also saves as "startup"). Modes:
operational `lab@leaf1> ` and configuration `[edit]` / `lab@leaf1# `.
`configure exclusive` gives the session the candidate (a copy of the
committed configuration, discarded on `exit`; the lock against other
sessions is not modelled); `configure private` does too, but refuses
`commit confirmed` as Junos does ("You cannot issue the commit confirmed
command when you are in configure private mode", JUNOS 8.5 CLI guide); `set` adds or replaces a
statement, `delete` removes every statement under a path ("warning:
statement not found" when there is none). Every `set`/`delete` line must be
a form of tests/switch/conformance/junos.json with its values in range,
else "syntax error." as the CLI prints it.

`show | compare` prints the candidate's differences from the committed
configuration (`[edit]` headers, `+`/`-` lines); `commit check` validates
(check(): the ingress shared-buffer partitions must total 100);
`commit confirmed N` activates and keeps the previous configuration to roll
back to when no confirming `commit` comes within N minutes (state
"minute_s": seconds per minute, 60 by default, 1 in tests): the revert is
real, checked whenever the switch is next talked to, as `show system commit`
would show it; `commit` confirms (and saves: a Junos commit is persistent);
`rollback N` loads the configuration N commits back into the candidate.
Rollback history: "history", newest first (rollback 1 = history[0]).
"""
import re
import time

import conformance
from emu_core import CommandError, Personality

# Leaves whose value a `set` replaces (the word before the value).
LEAVES = {"mtu", "queue-num", "pfc-priority", "congestion-notification-profile", "scheduler-map",
          "priority", "percent", "poll-interval", "detection", "recovery", "watchdog-action",
          "host-name", "description", "dscp", "ieee-802.1"}


def factory_config(name):
    """A whole QFX5240 leaf configuration as `show configuration | display
    set` prints it, in the shape of Juniper's JVD leaf (system, chassis,
    interfaces, protocols, routing), with no class of service of rocecfg's."""
    out = ["set version 23.4X100-D31.9-EVO",
           f"set system host-name {name}",
           "set system root-authentication encrypted-password \"$6$REDACTED\"",
           "set system login user lab class super-user",
           "set system services ssh root-login deny",
           "set system services netconf ssh",
           "set system syslog file messages any notice",
           "set system syslog file interactive-commands interactive-commands any",
           "set system ntp server 10.0.0.1",
           "set chassis maximum-ecmp 128",
           "set chassis fpc 0 traffic-manager buffer-monitor-enable",
           "set forwarding-options hash-key family inet layer-3",
           "set forwarding-options hash-key family inet layer-4",
           "set routing-options router-id 10.0.1.1",
           "set routing-options maximum-ecmp 128",
           "set policy-options policy-statement lb-perpacket then load-balance per-packet",
           "set routing-options forwarding-table export lb-perpacket"]
    for i in range(8):
        out += [f"set interfaces et-0/0/{i} description \"GPU NIC rail {i}\"",
                f"set interfaces et-0/0/{i} unit 0 family inet address 10.0.2.{2 * i}/31",
                f"set protocols lldp interface et-0/0/{i}"]
    out += ["set interfaces lo0 unit 0 family inet address 10.0.1.1/32",
            "set interfaces re0:mgmt-0 unit 0 family inet address 192.0.2.10/24",
            "set protocols bgp group spines type external",
            "set protocols bgp group spines peer-as 65000"]
    return out


def leaf_key(words):
    """The statement a `set` replaces: the words up to the value of its last
    leaf, when the statement ends in `LEAF value`."""
    if len(words) >= 2 and words[-2] in LEAVES:
        return words[:-1]
    return None


def compare(old, new):
    removed = [s for s in old if s not in new]
    added = [s for s in new if s not in old]
    if not removed and not added:
        return ""
    out = ["[edit]"]
    out += ["- " + s[4:] for s in removed]
    out += ["+ " + s[4:] for s in added]
    return "\n".join(out)


def check(candidate):
    """What commit (and commit check) refuses, as documented: the three
    ingress shared-buffer partitions, once any is configured, must total
    exactly 100 percent (Juniper, buffer-partition (Ingress); conformance
    source "buf"). The error's wording is the emulator's own: no public sample
    of it was found."""
    ingress = {}
    for line in candidate:
        w = line.split()
        if len(w) == 8 and w[1:5] == ["class-of-service", "shared-buffer", "ingress",
                                      "buffer-partition"] and w[6] == "percent":
            ingress[w[5]] = int(w[7])
    if ingress and sum(ingress.values()) != 100:
        parts = ", ".join(f"{k} {v}" for k, v in sorted(ingress.items()))
        raise CommandError("[edit class-of-service shared-buffer ingress]\n"
                           f"  'buffer-partition': the partitions total {sum(ingress.values())} "
                           f"percent ({parts}), not 100\nerror: configuration check-out failed")


class Emulator(Personality):
    name = "junos"

    def factory_state(self, switch_name):
        config = factory_config(switch_name)
        # "startup": what a reboot loads; a commit writes it (juniper.conf).
        return {"name": switch_name, "running": config, "startup": config, "history": [],
                "confirm": None, "minute_s": 60}

    def new_shell_session(self):
        return {"mode": "operational", "page_lines": 24}

    def banner(self):
        return "--- Junos 23.4X100-D31.9-EVO Kernel 64-bit (emulated)\r\n"

    def prompt(self, session):
        host = session.get("host", "switch")
        if session["mode"] == "configure":
            return f"\r\n[edit]\r\nlab@{host}# "
        return f"lab@{host}> "

    def expire(self, state):
        """A confirmed commit whose time ran out is rolled back, as Junos does."""
        c = state.get("confirm")
        if c and time.time() >= c["deadline"]:
            state["history"].insert(0, state["running"])
            state["running"] = c["previous"]
            state["startup"] = state["running"]
            state["confirm"] = None

    def commit(self, state, session, minutes=None):
        new = session["candidate"]
        check(new)
        # Every commit is a rollback entry, a confirming one with no change
        # included (`show system commit` lists each).
        state["history"].insert(0, state["running"])
        del state["history"][49:]
        previous = state["running"]
        state["running"] = list(new)
        state["startup"] = state["running"]
        if minutes is not None:
            c = state.get("confirm")
            state["confirm"] = {"deadline": time.time() + minutes * state.get("minute_s", 60),
                                "previous": c["previous"] if c else previous}
            return (f"commit confirmed will be automatically rolled back in {minutes} minutes "
                    "unless confirmed\ncommit complete")
        state["confirm"] = None
        return "commit complete"

    def edit(self, session, line):
        words = line.split()
        if not conformance.table("junos").allows(line):
            raise CommandError(f"{line}\n        ^\nsyntax error.")
        cand = session["candidate"]
        if words[0] == "set":
            key = leaf_key(words)
            if key is not None:
                cand[:] = [s for s in cand if s.split()[:-1] != key]
            if line not in cand:
                cand.append(line)
            return ""
        path = words[1:]
        kept = [s for s in cand if s.split()[1:1 + len(path)] != path]
        if len(kept) == len(cand):
            return "warning: statement not found"
        cand[:] = kept
        return ""

    def shell(self, state, session, line):
        self.expire(state)
        session["host"] = state["name"]
        line = " ".join(line.split())
        if session["mode"] == "operational":
            if line in ("set cli screen-length 0", "set cli screen-width 0"):
                if line.endswith("length 0"):
                    session["page_lines"] = 0
                return "Screen " + ("length" if "length" in line else "width") + " set to 0"
            if line == "show configuration | display set":
                return "\n".join(state["running"])
            if line == "show version":
                # The first lines of an EVO switch's `show version` (Hostname,
                # Model, Junos: the release, -EVO on Junos OS Evolved).
                return (f"Hostname: {state['name']}\nModel: qfx5240-64od\n"
                        "Junos: 23.4X100-D31.9-EVO\nYocto: 3.0.2\n"
                        "Linux Kernel: 5.2.60-yocto-standard")
            if line in ("configure private", "configure exclusive"):
                session["mode"] = "configure"
                session["private"] = line.endswith("private")
                session["candidate"] = list(state["running"])
                return ("warning: uncommitted changes will be discarded on exit\n"
                        "Entering configuration mode")
            if line in ("exit", "quit"):
                return None
            raise CommandError(f"{line}\n^\nunknown command.")
        if line in ("exit", "quit", "exit configuration-mode"):
            session["mode"] = "operational"
            session.pop("candidate", None)
            return "Exiting configuration mode"
        if line.startswith("set ") or line.startswith("delete "):
            return self.edit(session, line)
        if line == "show | compare":
            return compare(state["running"], session["candidate"])
        if line == "commit check":
            check(session["candidate"])
            return "configuration check succeeds"
        m = re.fullmatch(r"commit confirmed (\d+)", line)
        if m and session.get("private"):
            raise CommandError("error: commit confirmed is not supported in configure private mode")
        if m:
            if not 1 <= int(m.group(1)) <= 65535:
                raise CommandError("error: value outside range 1..65535")
            return self.commit(state, session, int(m.group(1)))
        if line == "commit":
            return self.commit(state, session)
        m = re.fullmatch(r"rollback (\d+)", line)
        if m:
            n = int(m.group(1))
            configs = [state["running"]] + state["history"]
            if n >= len(configs):
                raise CommandError(f"error: Cannot find rollback file {n}")
            session["candidate"] = list(configs[n])
            return "load complete"
        raise CommandError(f"{line}\n^\nsyntax error.")
