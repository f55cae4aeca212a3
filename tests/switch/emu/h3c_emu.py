"""H3C Comware 7, as far as rocecfg touches it (see vendors/switch/h3c/h3c.h).

Every line applies at once. `save FILE` (after "[Y/N]:" Y) keeps a copy of
the running config; `configuration replace file FILE` (after "save current
configuration? [Y/N]:") makes it running again; `configuration commit delay
N` remembers the running config until `configuration commit` (the timer
itself does not run out here: tests restore through the saved file, as
rocecfg does).
"""
import re

import field_configs
from cli_tree import CliEmulator
from emu_core import CommandError

IFNAME = (r"(?:(?:Ten-GigabitEthernet|Twenty-FiveGigE|FortyGigE|FiftyGigE|HundredGigE|"
          r"TwoHundredGigE|FourHundredGigE)\d+/\d+/\d+(?::\d+)?|Bridge-Aggregation\d+)")
GRAMMAR = {
    "config": [
        (rf"interface (?P<names>{IFNAME}(?: to {IFNAME})?)", ("enter", "if")),
        (r"qos map-table (dscp-dot1p|dot1p-lp)", ("enter", "map")),
        (r"qos wred queue table [\w.-]+", ("enter", "wred")),
        (r"(?P<key>priority-flow-control deadlock cos [0-7] interval) ([1-9]|1[0-5])", ("set", None)),
        (r"(?P<key>priority-flow-control deadlock auto-recover cos [0-7] delay) ([1-9]|1[0-5])",
         ("set", None)),
        # high|normal|low, default normal (H3C S6850 configuration guide,
        # "PFC deadlock detection", step 2)
        (r"(?P<key>priority-flow-control deadlock precision) (high|normal|low)", ("set", None)),
        (r"(?P<key>priority-flow-control deadlock auto-recover action) (discard|forwarding)",
         ("set", None)),
        (r"(?P<key>sysname) [\w.-]+", ("set", None)),
    ],
    "map": [(r"(?P<key>import [\d ]+?) export [0-7]", ("set", None))],
    "wred": [
        (r"(?P<key>queue [0-7] drop-level [0-2]) low-limit \d+ high-limit \d+ "
         r"discard-probability (\d|[1-9]\d|100)", ("set", None)),
        (r"(?P<key>queue [0-7] weighting-constant) \d+", ("set", None)),
        (r"queue [0-7] ecn", ("set", None)),
    ],
    "if": [
        (r"(?P<key>jumboframe enable) \d+", ("set", None)),
        (r"undo jumboframe enable", ("unset", "jumboframe enable")),
        (r"(?P<key>description) .*", ("set", None)),
        (r"port link-mode (route|bridge)", ("set", "port link-mode")),
        (r"qos trust (dscp|dot1p)", ("set", "qos trust")),
        (r"undo qos trust", ("unset", "qos trust")),
        (r"priority-flow-control (enable|auto)", ("set", "priority-flow-control mode")),
        (r"undo priority-flow-control enable", ("unset", "priority-flow-control mode")),
        (r"(?P<key>priority-flow-control no-drop dot1p) [0-7]([,-][0-7])*", ("set", None)),
        (r"priority-flow-control deadlock enable", ("set", None)),
        (r"qos wrr (byte-count|weight)", ("set", "qos wrr mode")),
        (r"(?P<key>qos wrr [0-7] group) (sp|[12] (byte-count|weight) \d+)", ("set", None)),
        (r"(?P<key>qos wred apply) [\w.-]+", ("set", None)),
        (r"undo qos wred apply", ("unset", "qos wred apply")),
    ],
}


class Emulator(CliEmulator):
    name = "h3c"
    INDENT = " "
    ERROR = "% Unrecognized command found at '^' position."
    NEGATION = "undo"
    PORTS = [f"HundredGigE1/0/{i}" for i in range(1, 9)]
    PORT_PATTERN = IFNAME
    GRAMMAR = GRAMMAR

    def factory_state(self, switch_name):
        running = [[f"sysname {switch_name}", [], "sysname"]]
        for p in self.PORTS:
            running.append([f"interface {p}", [["port link-mode route", [], "port link-mode"]], None])
        running.append(["interface M-GigabitEthernet0/0/0",
                        [["ip address 192.0.2.9 255.255.255.0", [], None]], None])
        # A whole config: the ports among hundreds of statements that are not QoS.
        head, tail = field_configs.h3c()
        running[1:1] = head
        running += tail
        return {"running": running, "name": switch_name, "files": {}}

    def check(self, mode, line):
        m = re.fullmatch(r"jumboframe enable (\d+)", line)
        if m and not 1536 <= int(m.group(1)) <= 12288:
            raise CommandError("% Wrong parameter found at '^' position.")
        m = re.fullmatch(r"priority-flow-control no-drop dot1p (.*)", line)
        if m and "0" in re.split(r"[,-]", m.group(1)):
            raise CommandError("% PFC cannot be enabled for 802.1p priority 0 in standalone mode.")

    def configure(self, state, session, line):
        # "The specified CoS value must be within the 802.1p priority list
        # specified by using the priority-flow-control no-drop dot1p command"
        # (H3C S6850 configuration guide, "PFC deadlock detection",
        # restrictions and guidelines): a timer for a CoS no interface holds
        # as no-drop is refused.
        m = re.fullmatch(r"priority-flow-control deadlock (?:auto-recover )?cos ([0-7]) .*",
                         " ".join(line.split()))
        if m and self.frame(session)["mode"] == "config":
            cos = int(m.group(1))
            if not any(cos in self._no_drop(node) for node in self.tree(state, session)):
                raise CommandError(f"% CoS {cos} is not in the no-drop 802.1p priority list.")
        return super().configure(state, session, line)

    @staticmethod
    def _no_drop(stanza):
        out = set()
        for child in stanza[1]:
            m = re.fullmatch(r"priority-flow-control no-drop dot1p (.*)", child[0])
            if m:
                for part in m.group(1).split(","):
                    a, _, b = part.partition("-")
                    out.update(range(int(a), int(b or a) + 1))
        return out

    def expand_names(self, names):
        m = re.fullmatch(r"(.*?)(\d+) to (.*?)(\d+)", names)
        if m and m.group(1) == m.group(3):
            return [f"{m.group(1)}{i}" for i in range(int(m.group(2)), int(m.group(4)) + 1)]
        return super().expand_names(names)

    def prompt(self, session):
        host = session.get("host", "H3C")
        if session.get("question"):
            return session["question"]["text"]
        if session["mode"] == "exec":
            return f"<{host}>"
        fr = session["stack"][-1]
        sub = ""
        if fr["targets"] and fr["targets"][0]:
            sub = "-" + fr["targets"][0][-1].split()[-1]
        return f"[{host}{sub}]"

    def display(self, state):
        out = ["#", " version 7.1.070, Release 6710 (emulated)", "#"]
        for node in state["running"]:
            out += self.render_tree([node])
            out.append("#")
        out.append("return")
        return "\n".join(out)

    def shell(self, state, session, line):
        session["host"] = state["name"]
        line = " ".join(line.split())
        files = state.setdefault("files", {})
        # The next-startup file, apart from the running config.
        files.setdefault("flash:/startup.cfg", self.snapshot(state["running"]))
        q = session.pop("question", None)
        if q:
            answer = line.lower()
            if answer not in ("y", "n"):
                raise CommandError("% Please answer Y or N.")
            if q["kind"] == "save" and answer == "y":
                files[q["file"]] = self.snapshot(state["running"])
                return "Configuration is saved to device successfully."
            if q["kind"] == "replace":
                if answer == "y":
                    files["flash:/startup.cfg"] = self.snapshot(state["running"])
                state["running"] = self.snapshot(files[q["file"]])
                return f"Succeeded in replacing current configuration with the file {q['file']}."
            return ""
        if line == "display current-configuration":  # any view
            return self.display(state)
        if line == "display saved-configuration":  # any view
            return self.display({**state, "running": files["flash:/startup.cfg"]})
        if line == "save force":  # any view, no question
            files["flash:/startup.cfg"] = self.snapshot(state["running"])
            return "Configuration is saved to device successfully."
        if session["mode"] == "exec":
            if line == "screen-length disable":
                session["page_lines"] = 0
                return ""
            if line == "display current-configuration":
                return self.display(state)
            m = re.fullmatch(r"save (flash:/[\w.-]+\.cfg)", line)
            if m:
                session["question"] = {
                    "kind": "save", "file": m.group(1),
                    "text": f"The current configuration will be saved to {m.group(1)}. Continue? [Y/N]:"}
                return ""
            if line == "system-view":
                self.enter_config(session, "running")
                return "System View: return to User View with Ctrl+Z."
            if line == "quit":
                return None
            raise CommandError(self.ERROR)
        if line == "return":
            self.leave_config(session)
            return ""
        if line == "quit":
            self.pop(session)
            return ""
        if len(session["stack"]) == 1:
            m = re.fullmatch(r"configuration replace file (flash:/[\w.-]+\.cfg)", line)
            if m:
                if m.group(1) not in files:
                    raise CommandError(f"% The file {m.group(1)} does not exist.")
                session["question"] = {
                    "kind": "replace", "file": m.group(1),
                    "text": "Current configuration will be lost, save current configuration? [Y/N]:"}
                return ""
            m = re.fullmatch(r"configuration commit delay (\d+)", line)
            if m:
                state["commit_delay"] = self.snapshot(state["running"])
                return ""
            if line == "configuration commit":
                state.pop("commit_delay", None)
                return ""
        return self.configure(state, session, line)
