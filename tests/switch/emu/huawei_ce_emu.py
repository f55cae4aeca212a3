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
import os
import time
import re

import conformance
import field_configs
from cli_tree import CliEmulator
from emu_core import CommandError

MODEL = "CE8855"  # the emulated model: the interval_times deadlock family

IFNAME = r"(?:(?:10|25|40|50|100|200|400)GE\d+/\d+/\d+(?::\d+)?|Eth-Trunk\d+)"
GRAMMAR = {
    "config": [
        (rf"interface (?P<names>{IFNAME}(?: to {IFNAME})?)", ("enter", "if")),
        (r"(?P<key>dcb pfc deadlock-detect interval) \d+", ("set", None)),
        (r"(?P<key>dcb pfc deadlock-detect timer) \d+", ("set", None)),
        (r"(?P<key>dcb pfc deadlock-recovery timer) \d+", ("set", None)),
        (r"(?P<key>dcb pfc deadlock recovery-behavior) (forwarding|discard) slot \d+", ("set", None)),
        (r"(?P<key>dcb pfc dscp-mapping enable) slot \d+", ("set", None)),
        (r"dcb pfc", ("enter", "dcb-pfc")),
        (r"diffserv domain [\w.-]+", ("enter", "ds")),
        (r"drop-profile [\w.-]+", ("enter", "dp")),
        (r"(?P<key>sysname) [\w.-]+", ("set", None)),
    ],
    "dcb-pfc": [
        (r"priority [0-7]", ("set", None)),
        (r"(?P<key>priority [0-7] deadlock-detect) time ([1-9]|1[0-5])", ("set", None)),
        (r"(?P<key>priority [0-7] deadlock-recovery) time ([0-9]|[12][0-9]|3[01])", ("set", None)),
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
        (r"trust (dscp|8021p (inner|outer))", ("set", "trust")),
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


def _alive(pid):
    """A lock holder's session still exists (a zombie does not count)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


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
        # A whole config: the ports among hundreds of statements that are not QoS.
        head, tail = field_configs.huawei_ce()
        running[1:1] = head
        running += tail
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
        if session.get("yn"):
            return session["yn"]["text"]
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
        # The next-startup configuration, apart from the running one (auto-save off).
        state.setdefault("startup", self.snapshot(state["running"]))
        yn = session.pop("yn", None)
        if yn:
            if line.lower() not in ("y", "n"):
                raise CommandError("Error: Please choose Y or N.")
            if line.lower() == "n":
                return ""
            if yn["kind"] == "save":
                state["startup"] = self.snapshot(state["running"])
                return "Info: Save the configuration successfully."
            trial = state.pop("trial")
            state["running"] = trial
            if session["mode"] != "exec":
                session["candidate"] = self.snapshot(trial)
                session["running_seen"] = self.snapshot(trial)
            return "Info: The trial configuration was rolled back."
        # The configuration lock (configuration_exclusive.json): while another
        # session holds it, that user may only query. The reference does
        # not give the refusal's text; ours starts with "Error:" as VRP's do.
        # A holder whose connection dropped keeps it until the switch unlocks
        # it automatically, `configuration exclusive timeout` seconds later
        # (default 30, configuration_exclusive_timeout.json); state
        # "exclusive_timeout_s" is what that command would set, counted
        # from the holder's last command.
        holder = state.get("exclusive")
        mine = os.getpid()
        if holder == mine:
            state["exclusive_seen"] = time.time()
        elif holder and not _alive(holder) and \
                time.time() - state.get("exclusive_seen", 0) >= state.get("exclusive_timeout_s", 30):
            state.pop("exclusive")
            holder = None
        if line == "configuration exclusive":  # all views
            if holder and holder != mine:
                raise CommandError("Error: The configuration is locked by another user.")
            state["exclusive"] = mine
            state["exclusive_seen"] = time.time()
            return ""
        if line == "undo configuration exclusive":  # all views
            if holder and holder != mine:
                raise CommandError("Error: The configuration is locked by another user.")
            state.pop("exclusive", None)
            state.pop("exclusive_seen", None)
            return ""
        if holder and holder != mine and not line.startswith("display") and \
                line not in ("screen-length 0 temporary", "quit", "return"):
            raise CommandError("Error: The configuration is locked by another user.")
        if line == "display version":  # any view
            return (f"Huawei Versatile Routing Platform Software\nVRP (R) software, Version 8.230 "
                    f"(CE8855 V300R023C00SPC100)\nHUAWEI {MODEL} uptime is 1 day, 0 hours")
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
        if line == "abort trial":  # all views except the user view (abort_trial.json)
            if session["mode"] == "exec":
                raise CommandError(self.ERROR)
            if state.get("trial") is None:
                raise CommandError("Error: No trial configuration is running.")
            session["yn"] = {"kind": "abort",
                             "text": "Warning: The trial configuration will be rolled back. "
                                     "Continue? [Y/N]:"}
            return ""
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
            if line == "save":  # user view (save.json)
                session["yn"] = {"kind": "save", "text": "Are you sure to continue?[Y/N]"}
                return ""
            if line == "compare configuration":  # user view: differing lines, none when equal
                if state["startup"] == state["running"]:
                    return ""
                return "\n".join(self.render_tree(state["running"])[:9])
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
        if line == "clear configuration candidate":
            session["candidate"] = self.snapshot(session["running_seen"])
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
        # Only the documented forms (tests/switch/conformance/huawei-ce.json).
        if not conformance.table("huawei-ce").allows(line, MODEL):
            raise CommandError(self.ERROR)
        return self.configure(state, session, line)
