"""Shared machinery for the indented-CLI switch emulators (EOS, NX-OS, Huawei
CE, H3C): a running config held as a tree of lines, config modes, and a
per-mode grammar so that a command the real CLI would reject is rejected here
too (a renderer typo must fail the tests, not pass silently).

A config tree is a list of nodes [text, children, key]; `key` says which
earlier line a new one replaces ("mtu 9214" replaces "mtu 1500").

Grammar: GRAMMAR[mode] = [(regex, action), ...] matched against the whole
(positive) command. Actions:
  ("enter", mode)   open a stanza (found or created) and enter its mode;
                    a regex group named `names` may hold a range of stanza
                    names expanded by expand_names()
  ("set", key)      a leaf; `key` is a fixed string, or None to use the
                    regex group named `key`, or the whole line
  ("unset", key)    an explicit negative form ("no mtu") removing `key`
                    (None: the regex group named `key`)
A negated command ("no ..." / "undo ...") removes what its positive form
would set (or the stanza it would enter).
"""
import copy
import re

from emu_core import CommandError, Personality


def find(nodes, text):
    for n in nodes:
        if n[0] == text:
            return n
    return None


def walk(tree, path):
    nodes = tree
    for text in path:
        node = find(nodes, text)
        if node is None:
            return None
        nodes = node[1]
    return nodes


def expand_range(name):
    """Ethernet1/1-4 -> [Ethernet1/1..4]; "A to B" as well; a single name as is."""
    m = re.fullmatch(r"(.*?)(\d+)\s+to\s+(.*?)(\d+)", name)
    if m and m.group(1) == m.group(3):
        a, b = int(m.group(2)), int(m.group(4))
        return [f"{m.group(1)}{i}" for i in range(a, b + 1)]
    m = re.fullmatch(r"(.*?)(\d+)-(\d+)", name)
    if m:
        a, b = int(m.group(2)), int(m.group(3))
        if b < a:
            raise CommandError("% Invalid range")
        return [f"{m.group(1)}{i}" for i in range(a, b + 1)]
    return [name]


class CliEmulator(Personality):
    """Subclasses set GRAMMAR, INDENT, ERROR, and the transaction commands."""

    GRAMMAR = {}
    INDENT = "  "
    ERROR = "% Invalid input"
    NEGATION = "no"
    PORTS = []            # physical interfaces of the factory config
    PORT_PREFIX = "interface "

    # ---- state -----------------------------------------------------------
    def factory_state(self, switch_name):
        running = [[f"hostname {switch_name}", [], "hostname"]]
        for p in self.PORTS:
            running.append([self.PORT_PREFIX + p, [], None])
        return {"running": running, "name": switch_name}

    def new_shell_session(self):
        return {"mode": "exec", "stack": [], "page_lines": 24}

    def tree(self, state, session):
        """The tree config commands edit (running, a session, a candidate)."""
        return state["running"]

    # ---- modes -------------------------------------------------------------
    def enter_config(self, session, store):
        session["store"] = store
        session["stack"] = [{"mode": "config", "targets": [[]]}]
        session["mode"] = "config"

    def leave_config(self, session):
        session["stack"] = []
        session["mode"] = "exec"
        session.pop("store", None)

    def frame(self, session):
        return session["stack"][-1]

    def pop(self, session):
        session["stack"].pop()
        if not session["stack"]:
            self.leave_config(session)

    # ---- grammar -----------------------------------------------------------
    def match(self, mode, line):
        for pattern, action in self.GRAMMAR.get(mode, []):
            m = re.fullmatch(pattern, line)
            if m:
                return m, action
        return None, None

    def key_of(self, mode, text):
        m, action = self.match(mode, text)
        if not m or action[0] != "set":
            return text
        if action[1] is not None:
            return action[1]
        return m.groupdict().get("key") or text

    def valid_stanza(self, mode, text):
        """Subclasses refuse interfaces the switch does not have."""
        if text.startswith(self.PORT_PREFIX) and mode == "config":
            name = text[len(self.PORT_PREFIX):]
            if re.fullmatch(self.PORT_PATTERN, name) and name not in self.PORTS:
                raise CommandError(self.ERROR)

    def configure(self, state, session, line):
        """Apply one config-mode command to every target of the current frame.

        The whole line is matched first ("no priority" is a setting on EOS,
        "no mtu" an explicit ("unset", key) rule); failing that, a negated
        line removes what its positive form would set or enter."""
        fr = self.frame(session)
        mode = fr["mode"]
        line = " ".join(line.split())
        negate = False
        m, action = self.match(mode, line)
        if not m and line.startswith(self.NEGATION + " "):
            m, action = self.match(mode, line[len(self.NEGATION) + 1:])
            if m:
                negate, line = True, line[len(self.NEGATION) + 1:]
        if not m:
            raise CommandError(self.ERROR)
        self.check(mode, line)
        tree = self.tree(state, session)
        if action[0] == "enter":
            names = m.groupdict().get("names")
            texts = [line]
            if names:
                prefix = line[: m.start("names")]
                texts = [prefix + n for n in self.expand_names(names)]
            new_targets = []
            for path in fr["targets"]:
                nodes = walk(tree, path)
                for text in texts:
                    self.valid_stanza(mode, text)
                    node = find(nodes, text)
                    if negate:
                        if node is not None:
                            nodes.remove(node)
                        continue
                    if node is None:
                        node = [text, [], None]
                        nodes.append(node)
                    new_targets.append(path + [text])
            if not negate:
                session["stack"].append({"mode": action[1], "targets": new_targets})
            return ""
        if action[0] == "unset":
            key, negate = action[1] or m.group("key"), True
        else:
            key = self.key_of(mode, line)
        for path in fr["targets"]:
            nodes = walk(tree, path)
            nodes[:] = [n for n in nodes if n[2] != key]
            if not negate:
                nodes.append([line, [], key])
        return ""

    def check(self, mode, line):
        """Range checks a regex cannot say well (EOS: mtu <= 9214)."""

    def expand_names(self, names):
        out = []
        for part in names.split(","):
            out += expand_range(part.strip())
        return out

    # ---- output --------------------------------------------------------------
    def render_tree(self, nodes, depth=0):
        out = []
        for text, children, _key in nodes:
            out.append(self.INDENT * depth + text)
            out += self.render_tree(children, depth + 1)
        return out

    def startup_command(self, state, line):
        """EOS and NX-OS keep the startup config apart from the running one
        (`copy running-config startup-config`, `show startup-config`), so a
        missing save is visible. The answer, or None for any other line."""
        state.setdefault("startup", self.snapshot(state["running"]))
        if line == "copy running-config startup-config":
            state["startup"] = self.snapshot(state["running"])
            return "Copy completed successfully."
        if line == "show startup-config":
            return self.show_running({**state, "running": state["startup"]}).replace(
                "show running-config", "show startup-config", 1)
        return None

    def snapshot(self, tree):
        return copy.deepcopy(tree)
