"""Cisco NX-OS (Nexus 9000), as far as rocecfg touches it (see
vendors/switch/nxos/nxos.h).

Modes: exec `leaf1#`; `configure terminal` applies each line at once;
`configure session NAME` stages lines in a session that survives
disconnects, `verify` checks it and `commit` applies it atomically (a
service-policy naming an undefined policy fails the whole commit), `abort`
discards it. A session takes only ACL and QoS commands: "Session Manager
supports only access control list (ACL) and quality of service (QoS)
features" (Nexus 9000 System Management Configuration Guide 10.5(x),
Guidelines and Limitations for Session Manager; the Nexus 3000/3548/5000
guides say ACL only), so interface `priority-flow-control`, `mtu` and the
switch-wide watchdog lines are refused in one (SESSION_OK below; the exact
refusal text is not documented, the generic error is used).
`checkpoint NAME` / `no checkpoint NAME` / `rollback running-config
checkpoint NAME` keep and restore named copies of the running config.
MTU above 9216 is refused.
"""
import re

import field_configs
from cli_tree import CliEmulator, find
from emu_core import CommandError

Q = r"(?:bytes|kbytes|mbytes)"
IFNAME = r"(?:Ethernet\d+/\d+(?:/\d+)?|port-channel\d+)(?:-\d+)?"
GRAMMAR = {
    "config": [
        (rf"interface (?P<names>{IFNAME}(?:, ?{IFNAME})*)", ("enter", "if")),
        (r"class-map type qos (match-any|match-all) [\w.-]+", ("enter", "cmap")),
        (r"policy-map type qos [\w.-]+", ("enter", "pmap-qos")),
        (r"policy-map type network-qos [\w.-]+", ("enter", "pmap-nq")),
        (r"policy-map type queuing [\w.-]+", ("enter", "pmap-que")),
        (r"system qos", ("enter", "sys-qos")),
        (r"(?P<key>priority-flow-control watch-dog-interval) (on|off)", ("set", None)),
        (r"(?P<key>priority-flow-control watch-dog interval) \d+", ("set", None)),
        (r"(?P<key>priority-flow-control watch-dog shutdown-multiplier) ([1-9]|10)", ("set", None)),
        (r"(?P<key>priority-flow-control auto-restore multiplier) \d+", ("set", None)),
        (r"(?P<key>hostname) [\w.-]+", ("set", None)),
    ],
    "cmap": [(r"match dscp [\d,\- ]+", ("set", None))],
    "pmap-qos": [(r"class [\w.-]+", ("enter", "pmap-qos-c"))],
    "pmap-qos-c": [(r"(?P<key>set qos-group) [0-7]", ("set", None))],
    "pmap-nq": [(r"class type network-qos c-8q-nq(-default|[1-7])", ("enter", "pmap-nq-c"))],
    "pmap-nq-c": [
        (r"(?P<key>mtu) \d+", ("set", None)),
        (r"(?P<key>pause pfc-cos) [0-7](,[0-7])*", ("set", None)),
        (r"no pause pfc-cos", ("unset", "pause pfc-cos")),
    ],
    "pmap-que": [(r"class type queuing c-out-8q-q(-default|[1-7])", ("enter", "pmap-que-c"))],
    "pmap-que-c": [
        (r"(?P<key>priority) level [12]", ("set", None)),
        (r"(?P<key>bandwidth remaining percent) (\d|[1-9]\d|100)", ("set", None)),
        (rf"(?P<key>random-detect) minimum-threshold \d+ {Q} maximum-threshold \d+ {Q} "
         r"drop-probability (\d|[1-9]\d|100) weight (\d|1[0-5])( ecn)?", ("set", None)),
        (r"no random-detect", ("unset", "random-detect")),
    ],
    "sys-qos": [
        (r"(?P<key>service-policy type network-qos) [\w.-]+", ("set", None)),
        (r"(?P<key>service-policy type queuing output) [\w.-]+", ("set", None)),
    ],
    "if": [
        (r"(?P<key>mtu) \d+", ("set", None)),
        (r"no mtu", ("unset", "mtu")),
        (r"(?P<key>description) .*", ("set", None)),
        (r"(?P<key>priority-flow-control mode) (on|off|auto)( send-tlv)?", ("set", None)),
        (r"(?P<key>priority-flow-control watch-dog-interval) (on|off)", ("set", None)),
        (r"(?P<key>service-policy type qos input) [\w.-]+", ("set", None)),
        (r"no shutdown|shutdown", ("set", "shutdown")),
    ],
}

# What a configuration session accepts, per mode: the QoS policy stanzas
# (class-map, policy-map, system qos and everything inside them), ACLs, and
# on an interface only the QoS/ACL attachments.
SESSION_OK = {
    "config": r"(no )?(class-map|policy-map|system qos|ip access-list|interface) .*|system qos",
    "if": r"(no )?(service-policy|ip access-group) .*",
}


class Emulator(CliEmulator):
    name = "nxos"
    INDENT = "  "
    ERROR = "% Invalid command at '^' marker."
    PORTS = [f"Ethernet1/{i}" for i in range(1, 9)]
    PORT_PATTERN = r"Ethernet\d+/\d+(/\d+)?|port-channel\d+"
    GRAMMAR = GRAMMAR

    def factory_state(self, switch_name):
        state = super().factory_state(switch_name)
        # A whole config: the ports among hundreds of statements that are not QoS.
        head, tail = field_configs.nxos()
        state["running"][1:1] = head
        state["running"] += tail
        state["running"].append(["interface mgmt0", [["vrf member management", [], None]], None])
        state["checkpoints"] = {}
        state["sessions"] = {}
        return state

    def tree(self, state, session):
        store = session.get("store", "running")
        return state["running"] if store == "running" else state["sessions"][store]

    def check(self, mode, line):
        m = re.fullmatch(r"mtu (\d+)", line)
        if m and not 576 <= int(m.group(1)) <= 9216:
            raise CommandError("% Invalid value: MTU must be 576-9216")

    def prompt(self, session):
        host = session.get("host", "switch")
        if session["mode"] == "exec":
            return f"{host}#"
        inner = "config" if session.get("store", "running") == "running" else "config-s"
        sub = [f["mode"] for f in session["stack"][1:]]
        return f"{host}({'-'.join([inner] + sub[-1:])})#"

    def show_running(self, state):
        out = ["!Command: show running-config", "!Time: emulated", "",
               "version 10.3(4a) Bios:version 05.47"]
        for node in state["running"]:
            if node[1]:
                out.append("")
            out += self.render_tree([node])
        return "\n".join(out)

    def undefined_policies(self, tree):
        """service-policy lines naming a policy-map that is not defined."""
        defined = {n[0].split()[-1] for n in tree if n[0].startswith("policy-map ")}
        used = []
        for n in tree:
            for c in n[1]:
                if c[0].startswith("service-policy "):
                    used.append(c[0].split()[-1])
        return [u for u in used if u not in defined]

    def shell(self, state, session, line):
        session["host"] = state["name"]
        line = " ".join(line.split())
        saved = self.startup_command(state, line)
        if saved is not None:
            return saved
        sessions = state.setdefault("sessions", {})
        checkpoints = state.setdefault("checkpoints", {})
        if session["mode"] == "exec":
            if line == "terminal length 0":
                session["page_lines"] = 0
                return ""
            if line.startswith("terminal "):
                return ""
            if line == "show running-config":
                return self.show_running(state)
            if line in ("configure", "configure terminal"):
                self.enter_config(session, "running")
                return ""
            m = re.fullmatch(r"configure session ([\w.-]+)", line)
            if m:
                sessions.setdefault(m.group(1), self.snapshot(state["running"]))
                self.enter_config(session, m.group(1))
                return ""
            m = re.fullmatch(r"(no )?checkpoint ([\w.-]+)", line)
            if m:
                name = m.group(2)
                if m.group(1):
                    if name not in checkpoints:
                        raise CommandError(f"ERROR: No checkpoint with name {name}")
                    del checkpoints[name]
                    return ""
                if name in checkpoints:
                    raise CommandError("ERROR: Checkpoint name already exists")
                checkpoints[name] = self.snapshot(state["running"])
                return "...........Done"
            m = re.fullmatch(r"rollback running-config checkpoint ([\w.-]+)", line)
            if m:
                if m.group(1) not in checkpoints:
                    raise CommandError(f"ERROR: No checkpoint with name {m.group(1)}")
                state["running"] = self.snapshot(checkpoints[m.group(1)])
                return "Rollback completed successfully."
            if line in ("exit", "logout"):
                return None
            raise CommandError(self.ERROR)
        if line == "end":
            self.leave_config(session)
            return ""
        if line == "exit":
            self.pop(session)
            return ""
        store = session.get("store", "running")
        mode = self.frame(session)["mode"]
        if (store != "running" and line not in ("abort", "verify", "commit")
                and mode in SESSION_OK and not re.fullmatch(SESSION_OK[mode], line)):
            raise CommandError(self.ERROR)
        if store != "running" and line in ("abort", "verify", "commit"):
            if line == "abort":
                sessions.pop(store, None)
                self.leave_config(session)
                return ""
            bad = self.undefined_policies(sessions[store])
            if bad:
                raise CommandError(f"ERROR: Verification Failed: policy {bad[0]} is not defined")
            if line == "verify":
                return "Verification Successful"
            state["running"] = sessions.pop(store)
            self.leave_config(session)
            return "Commit Successful"
        return self.configure(state, session, line)
