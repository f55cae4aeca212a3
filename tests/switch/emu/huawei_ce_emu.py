"""Huawei CloudEngine (VRP V300, two-stage commit), as far as rocecfg touches
it (see vendors/switch/huawei_ce/huawei_ce.h).

`system-view` opens a candidate that belongs to this connection (a dropped
connection discards it); the prompt shows `[*name]` while it differs from
the running config and `[~name]` when it does not. `commit` makes it
running; `commit trial N` makes it running but remembers the previous
config until `commit` confirms or `abort trial` reverts (the timer itself
does not run out here). `abort` discards the candidate and returns to the
user view; `return`/`quit` with uncommitted changes ask
"[Y(yes)/N(no)/C(cancel)]:" as the real CLI does.
"""
import re

from cli_tree import CliEmulator
from emu_core import CommandError

IFNAME = r"(?:(?:10|25|40|50|100|200|400)GE\d+/\d+/\d+(?::\d+)?|Eth-Trunk\d+)"
GRAMMAR = {
    "config": [
        (rf"interface (?P<names>{IFNAME}(?: to {IFNAME})?)", ("enter", "if")),
        (r"(?P<key>dcb pfc deadlock-detect interval) \d+", ("set", None)),
        (r"dcb pfc", ("enter", "dcb-pfc")),
        (r"diffserv domain [\w.-]+", ("enter", "ds")),
        (r"drop-profile [\w.-]+", ("enter", "dp")),
        (r"(?P<key>sysname) [\w.-]+", ("set", None)),
    ],
    "dcb-pfc": [
        (r"priority [0-7]", ("set", None)),
        (r"(?P<key>priority [0-7] deadlock-detect) time ([1-9]|1[0-5]) deadlock-recovery time "
         r"([1-9]|1[0-5])", ("set", None)),
    ],
    "ds": [(r"(?P<key>ip-dscp-inbound \d+) phb (be|af[1-4]|ef|cs[67])( green| yellow| red)?",
            ("set", None))],
    "dp": [(r"(?P<key>ecn)( buffer-size)? low-limit \d+ high-limit \d+ discard-percentage \d+",
            ("set", None))],
    "if": [
        (r"(?P<key>mtu) \d+", ("set", None)),
        (r"undo mtu", ("unset", "mtu")),
        (r"(?P<key>jumboframe enable) \d+", ("set", None)),
        (r"(?P<key>description) .*", ("set", None)),
        (r"trust (dscp|8021p)", ("set", "trust")),
        (r"undo trust", ("unset", "trust")),
        (r"(?P<key>trust upstream) [\w.-]+", ("set", None)),
        (r"(?P<key>dcb pfc enable)( [\w.-]+)? mode (manual|auto)", ("set", None)),
        (r"undo (?P<key>dcb pfc enable)", ("unset", None)),
        (r"qos (pq|drr) [0-7]( to [0-7])?", ("set", None)),
        (r"(?P<key>qos queue [0-7] drr weight) ([1-9]\d?|100)", ("set", None)),
        (r"(?P<key>qos queue [0-7] wred) [\w.-]+", ("set", None)),
        (r"undo (?P<key>qos queue [0-7] wred)", ("unset", None)),
        (r"qos queue [0-7] ecn", ("set", None)),
    ],
}


class Emulator(CliEmulator):
    name = "huawei-ce"
    INDENT = " "
    ERROR = "Error: Unrecognized command found at '^' position."
    NEGATION = "undo"
    PORTS = [f"100GE1/0/{i}" for i in range(1, 9)]
    PORT_PATTERN = IFNAME
    GRAMMAR = GRAMMAR

    def factory_state(self, switch_name):
        running = [[f"sysname {switch_name}", [], "sysname"]]
        for p in self.PORTS:
            running.append([f"interface {p}", [], None])
        running.append(["interface MEth0/0/0", [["ip address 192.0.2.2 255.255.255.0", [], None]], None])
        return {"running": running, "name": switch_name}

    def tree(self, state, session):
        return session["candidate"]

    def expand_names(self, names):
        m = re.fullmatch(r"(.*?)(\d+) to (.*?)(\d+)", names)
        if m and m.group(1) == m.group(3):
            return [f"{m.group(1)}{i}" for i in range(int(m.group(2)), int(m.group(4)) + 1)]
        return super().expand_names(names)

    def prompt(self, session):
        host = session.get("host", "HUAWEI")
        if session.get("question"):
            return "Uncommitted configurations found. Are you sure to commit them before exiting? " \
                   "[Y(yes)/N(no)/C(cancel)]:"
        if session["mode"] == "exec":
            return f"<{host}>"
        mark = "*" if session["candidate"] != session["running_seen"] else "~"
        sub = ""
        fr = session["stack"][-1]
        if fr["targets"] and fr["targets"][0]:
            sub = "-" + fr["targets"][0][-1].split()[-1]
        return f"[{mark}{host}{sub}]"

    def display(self, state):
        out = ["!Software Version V300R023C00SPC100 (emulated)", "#"]
        for node in state["running"]:
            out += self.render_tree([node])
            out.append("#")
        out.append("return")
        return "\n".join(out)

    def uncommitted(self, session):
        return session.get("candidate") is not None and session["candidate"] != session["running_seen"]

    def shell(self, state, session, line):
        session["host"] = state["name"]
        line = " ".join(line.split())
        if session.get("question"):
            session["question"] = False
            answer = line.lower()
            if answer in ("y", "yes"):
                state["running"] = session["candidate"]
            elif answer in ("c", "cancel"):
                return ""
            elif answer not in ("n", "no"):
                raise CommandError("Error: Please choose Y, N or C.")
            self.leave_config(session)
            return ""
        if line == "abort trial":
            trial = state.pop("trial", None)
            if trial is None:
                raise CommandError("Error: No trial configuration is running.")
            state["running"] = trial
            if session["mode"] != "exec":
                session["candidate"] = self.snapshot(trial)
                session["running_seen"] = self.snapshot(trial)
            return "Info: The trial configuration was rolled back."
        if line == "display current-configuration":  # any view
            return self.display(state)
        if session["mode"] == "exec":
            if line == "screen-length 0 temporary":
                session["page_lines"] = 0
                return "Info: The configuration takes effect on the current user terminal interface only."
            if line == "display current-configuration":
                return self.display(state)
            if line == "system-view":
                self.enter_config(session, "candidate")
                session["candidate"] = self.snapshot(state["running"])
                session["running_seen"] = self.snapshot(state["running"])
                return "Enter system view, return user view with return command."
            if line == "quit":
                return None
            raise CommandError(self.ERROR)
        if line in ("return", "quit") and (line == "return" or len(session["stack"]) == 1):
            if self.uncommitted(session):
                session["question"] = True
                return ""
            self.leave_config(session)
            return ""
        if line == "quit":
            self.pop(session)
            return ""
        if line == "abort":
            self.leave_config(session)
            session["candidate"] = None
            return ""
        m = re.fullmatch(r"commit(?: trial (\d+))?", line)
        if m:
            if m.group(1):
                state["trial"] = self.snapshot(state["running"])
            else:
                state.pop("trial", None)  # confirms a running trial
            state["running"] = self.snapshot(session["candidate"])
            session["running_seen"] = self.snapshot(session["candidate"])
            return ""
        return self.configure(state, session, line)
