"""Arista EOS, as far as rocecfg touches it (see vendors/switch/eos/eos.h).

Modes: exec `leaf1#`; `configure` edits the running config directly;
`configure session NAME` edits a copy that survives disconnects until
`commit` (live), `commit timer hh:mm:ss` (live, reverted by
`configure session NAME abort` unless `configure session NAME commit`
confirms it) or `abort`. Interface MTU above 9214 is refused, as EOS does.
The timer itself does not run out here: a test that needs the revert sends
the abort, as rocecfg does after a dropped connection.

Queues: the factory platform has unified queues (`tx-queue 0-7`); state
"queues": "uc-tx-queue" makes it one that splits unicast and multicast
queues (`uc-tx-queue 0-7`, `mc-tx-queue 0-3`). Each refuses the other's
keyword with "% Invalid input", and `show running-config all interfaces
PORT` lists the port's queues with their defaults, shaped like the stanzas
Arista's goeapi parses (module/interfaces_test.go @aab525dc: `uc-tx-queue 7`
/ `priority strict` / `no bandwidth percent` / `no shape rate`).
"""
import re

import field_configs
from cli_tree import CliEmulator
from emu_core import CommandError

Q = r"(?:bytes|kbytes|mbytes|segments|milliseconds)"
IF_BODY = [
    (r"(?P<key>mtu) \d+", ("set", None)),
    (r"no mtu", ("unset", "mtu")),
    (r"(?P<key>description) .*", ("set", None)),
    (r"(?P<key>qos trust) (dscp|cos)", ("set", None)),
    (r"no qos trust", ("unset", "qos trust")),
    (r"priority-flow-control on", ("set", "priority-flow-control on")),
    (r"(?P<key>priority-flow-control priority [0-7]) (no-drop|drop)", ("set", None)),
    (r"priority-flow-control pause watchdog", ("set", "priority-flow-control pause watchdog")),
    (r"(?P<key>priority-flow-control pause watchdog port action) (drop|no-drop)", ("set", None)),
    (r"(?P<key>service-profile) [\w.-]+", ("set", None)),
    (r"(?:uc-)?tx-queue (?P<names>[0-7](?:-[0-7])?)", ("enter", "txq")),
]
TXQ = [
    (r"priority strict|no priority", ("set", "priority")),
    (r"(?P<key>bandwidth percent) (\d|[1-9]\d|100)", ("set", None)),
    (r"no bandwidth percent", ("unset", "bandwidth percent")),
    (rf"(?P<key>random-detect ecn) minimum-threshold \d+ {Q} maximum-threshold \d+ {Q}"
     r"( max-mark-probability ([1-9]\d?|100))?( weight (\d|1[0-5]))?", ("set", None)),
    (r"no random-detect ecn", ("unset", "random-detect ecn")),
    (r"random-detect ecn count", ("set", "random-detect ecn count")),
]
IFNAMES = r"(?P<names>(?:Ethernet|Port-Channel)\d+(?:/\d+)*(?:-\d+)?(?:, ?(?:Ethernet|Port-Channel)\d+(?:/\d+)*(?:-\d+)?)*)"


class Emulator(CliEmulator):
    name = "eos"
    INDENT = "   "
    ERROR = "% Invalid input"
    PORTS = [f"Ethernet1/{i}" for i in range(1, 9)]
    PORT_PATTERN = r"(Ethernet|Port-Channel)\d+(/\d+)*"
    GRAMMAR = {
        "config": [
            (rf"interface {IFNAMES}", ("enter", "if")),
            (r"qos profile [\w.-]+", ("enter", "qos-profile")),
            (r"(?P<key>qos map dscp [\d ]+?) to traffic-class [0-7]", ("set", None)),
            (r"(?P<key>qos map traffic-class [\d ]+?) to (tx-queue|dscp|cos) \d+", ("set", None)),
            (r"(?P<key>priority-flow-control pause watchdog default "
             r"(timeout|recovery-time|polling-interval)) \d+(\.\d+)?", ("set", None)),
            (r"(?P<key>priority-flow-control pause watchdog action) (drop|no-drop)", ("set", None)),
            (r"(?P<key>hostname) [\w.-]+", ("set", None)),
        ],
        "if": IF_BODY,
        "qos-profile": IF_BODY,
        "txq": TXQ,
    }

    def tree(self, state, session):
        store = session.get("store", "running")
        if store == "running":
            return state["running"]
        return state["sessions"][store]

    def configure(self, state, session, line):
        m = re.fullmatch(r"(uc-|mc-)?tx-queue \d.*", line)
        if m and self.frame(session)["mode"] in ("if", "qos-profile"):
            split = state.get("queues", "tx-queue") == "uc-tx-queue"
            if split != (m.group(1) is not None):
                raise CommandError(self.ERROR)
        return super().configure(state, session, line)

    def factory_state(self, switch_name):
        # A whole config: the ports among hundreds of statements that are not QoS.
        state = super().factory_state(switch_name)
        head, tail = field_configs.eos()
        state["running"][1:1] = head
        state["running"] += tail
        return state

    def show_running_all(self, state, port):
        """The port's stanza with its queues' defaults spelled out."""
        node = next((n for n in state["running"] if n[0] == f"interface {port}"), None)
        if node is None:
            raise CommandError(self.ERROR)
        out = [node[0]] + self.render_tree(node[1], 1)
        split = state.get("queues", "tx-queue") == "uc-tx-queue"
        queues = [f"uc-tx-queue {q}" for q in range(8)] + [f"mc-tx-queue {q}" for q in range(4)] \
            if split else [f"tx-queue {q}" for q in range(8)]
        configured = {n[0] for n in node[1]}
        for q in queues:
            if q not in configured:
                out += [self.INDENT + q, self.INDENT * 2 + "priority strict",
                        self.INDENT * 2 + "no bandwidth percent", self.INDENT * 2 + "no shape rate"]
        return "\n".join(out)

    def check(self, mode, line):
        m = re.fullmatch(r"mtu (\d+)", line)
        if m and not 68 <= int(m.group(1)) <= 9214:
            raise CommandError("% Invalid input (mtu must be 68-9214)")

    def prompt(self, session):
        host = session.get("host", "switch")
        mode = session["mode"]
        if mode == "exec":
            return f"{host}#"
        store = session.get("store", "running")
        inner = "config" if store == "running" else f"config-s-{store[:6]}"
        modes = [f["mode"] for f in session["stack"][1:]]
        return f"{host}({'-'.join([inner] + modes)})#"

    def show_running(self, state):
        out = ["! Command: show running-config",
               f"! device: {state['name']} (cEOSLab, EOS-4.30.2F-emulated)", "!"]
        for node in state["running"]:
            out += self.render_tree([node])
            if node[1]:
                out.append("!")
        out.append("end")
        return "\n".join(out)

    def shell(self, state, session, line):
        session["host"] = state["name"]
        line = " ".join(line.split())
        saved = self.startup_command(state, line)
        if saved is not None:
            return saved
        sessions = state.setdefault("sessions", {})
        if session["mode"] == "exec":
            if line == "terminal length 0":
                session["page_lines"] = 0
                return ""
            if line.startswith("terminal ") or line == "enable":
                return ""
            if line == "show running-config":
                return self.show_running(state)
            m = re.fullmatch(r"show running-config all interfaces (\S+)", line)
            if m:
                return self.show_running_all(state, m.group(1))
            if line in ("configure", "configure terminal"):
                self.enter_config(session, "running")
                return ""
            m = re.fullmatch(r"configure session ([\w.-]+)(?: (commit|abort))?", line)
            if m:
                return self.session_command(state, session, m.group(1), m.group(2))
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
        if store != "running":
            if line == "abort":
                sessions.pop(store, None)
                self.leave_config(session)
                return ""
            m = re.fullmatch(r"commit(?: timer (\d\d):(\d\d):(\d\d))?", line)
            if m:
                if m.group(1):
                    state["timer"] = {"session": store, "previous": self.snapshot(state["running"])}
                state["running"] = sessions.pop(store)
                self.leave_config(session)
                return ""
        return self.configure(state, session, line)

    def session_command(self, state, session, name, verb):
        sessions = state["sessions"]
        timer = state.get("timer")
        if verb is None:
            if name not in sessions:
                sessions[name] = self.snapshot(state["running"])
            self.enter_config(session, name)
            return ""
        if timer and timer["session"] == name:
            if verb == "abort":
                state["running"] = timer["previous"]
            del state["timer"]
            return ""
        if name not in sessions:
            raise CommandError(f"% Session {name} does not exist")
        if verb == "commit":
            state["running"] = sessions.pop(name)
        else:
            sessions.pop(name)
        return ""
