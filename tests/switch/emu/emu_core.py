"""Core of the switch CLI emulators: a fake *device* behind a real sshd.

sshd runs `switch_emu.py` as its ForceCommand for every connection. The
emulator finds its switch by the port the client connected to
(SSH_CONNECTION), keeps that switch's state in <root>/<port>/, and serves
either one exec command (SSH_ORIGINAL_COMMAND, `a && b` chains allowed) or an
interactive shell (no original command).

Per-switch files:
  vendor      personality name ("cumulus", "sonic", ...)
  state.json  the device's state (running config, pending/candidate, ...)
  fault.json  optional fault injection: {"at": N, "kind": "fail"|"hang"|"drop"|"ignore"|"flood"|"garble"|"long_line",
              "hang_s": 30, "match": "substring"}; N counts commands executed
              on this switch since the counter was reset (1-based). With
              "match", only commands containing it count.
  counter     commands executed so far (the N above; counter.K for the
              K-th fault when fault.json holds a list of faults)
  log         every command executed, one per line (tests assert on it)
  counters.json  optional counter script (counters_emu.py): what the counter
              show commands print, per read
  delay.json  optional device latency: {"substring": ms, ...}; a command
              containing a substring takes that long before it runs (real
              `nv config apply` takes seconds, an EOS commit about one). Only
              the fleet benchmark sets it, and it says so in its output.
A fault fires *instead of* running the command: "fail" prints an error and
exits 1, "hang" sleeps hang_s seconds (the client must time out), "drop"
kills this connection's sshd process so the TCP session dies, "ignore"
answers success and changes nothing (a setting that does not stick, which
only the read-back can catch), "flood" prints without end (the client must
cap what it buffers), "garble" fails with an error holding a newline, an
ANSI escape and invalid UTF-8 (exec sessions).
"""
import fcntl
import json
import os
import shlex
import signal
import sys
import time

import counters_emu


class CommandError(Exception):
    """A command the device rejects: the message goes to the client (stderr
    on exec), with exit status `code` and, before it, what the command had
    printed to stdout (a CLI that logs progress and then fails)."""

    def __init__(self, message, code=1, stdout=""):
        super().__init__(message)
        self.code = code
        self.stdout = stdout


counters_emu._error = CommandError


class SwitchDir:
    def __init__(self, path):
        self.path = path

    def file(self, name):
        return os.path.join(self.path, name)

    def read(self, name, default=None):
        try:
            with open(self.file(name)) as f:
                return f.read()
        except FileNotFoundError:
            return default

    def write(self, name, text):
        tmp = self.file(name + ".tmp")
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, self.file(name))

    def lock(self):
        f = open(self.file("lock"), "a")
        fcntl.flock(f, fcntl.LOCK_EX)
        return f

    def load_state(self):
        return json.loads(self.read("state.json", "{}"))

    def save_state(self, state):
        self.write("state.json", json.dumps(state, indent=1, sort_keys=True))


def _sshd_session_pid():
    pid = os.getppid()
    while pid > 1:
        try:
            with open(f"/proc/{pid}/comm") as f:
                if f.read().strip().startswith("sshd"):
                    return pid
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            return None
    return None


def check_fault(sw, command):
    """Count the command; fire the configured fault when its turn comes.
    fault.json may also hold a list of faults, each with its own counter
    ("counter", "counter.1", ...): a failure and then a second one in the
    recovery from it."""
    with sw.lock():
        faults = json.loads(sw.read("fault.json", "null") or "null")
        if not isinstance(faults, list):
            faults = [faults]
        due = None
        for k, fault in enumerate(faults):
            counter = "counter" if k == 0 else f"counter.{k}"
            counts = fault is None or not fault.get("match") or fault["match"] in command
            n = int(sw.read(counter, "0") or 0)
            if counts:
                n += 1
                sw.write(counter, str(n))
            if fault and counts and fault.get("at") == n and due is None:
                due = (fault, n)
    if due is None:
        return None
    fault, n = due
    kind = fault.get("kind", "fail")
    if kind == "ignore":
        return kind
    if kind == "fail":
        raise CommandError(f"Error: injected failure at command {n}")
    if kind == "hang":
        time.sleep(float(fault.get("hang_s", 30)))
        raise CommandError("Error: hung command woke up")
    if kind == "flood":
        # A CLI stuck printing: output without end, until the client hangs up.
        chunk = b"x" * 65535 + b"\n"
        try:
            while True:
                sys.stdout.buffer.write(chunk)
        except (BrokenPipeError, OSError):
            os._exit(141)
    if kind == "long_line":
        # One 60,000-character line before the command's own output (issue
        # 33 item 1: a switch's output is untrusted; the client must neither
        # crash on it nor read it as configuration). The command then runs.
        sys.stdout.write(" " * 60000 + "x\n")
        sys.stdout.flush()
        return None
    if kind == "garble":
        # An error message with a newline, an ANSI escape and invalid UTF-8,
        # as a CLI with a broken locale or a hostile device might print it.
        sys.stderr.buffer.write(b"Error: \xff\xfe bad\n[applied] leaf9 \x1b[31mok\n")
        sys.stderr.flush()
        raise CommandError("")
    if kind == "drop":
        pid = _sshd_session_pid()
        sys.stdout.flush()
        if pid:
            os.kill(pid, signal.SIGKILL)
        os._exit(255)


def device_delay(sw, command):
    delays = json.loads(sw.read("delay.json", "null") or "null") or {}
    ms = max((v for k, v in delays.items() if k in command), default=0)
    if ms:
        time.sleep(ms / 1000.0)


def log_command(sw, command):
    with open(sw.file("log"), "a") as f:
        f.write(command + "\n")


def split_chain(line):
    """`a && b` -> [["a"], ["b"]] as argv lists (quotes removed)."""
    words = shlex.split(line)
    chain, cur = [], []
    for w in words:
        if w == "&&":
            chain.append(cur)
            cur = []
        else:
            cur.append(w)
    chain.append(cur)
    return [c for c in chain if c]


def run_exec(sw, personality, line):
    for argv in split_chain(line):
        command = " ".join(shlex.quote(a) if (" " in a or "|" in a) else a for a in argv)
        try:
            ignored = check_fault(sw, command) == "ignore"
            device_delay(sw, command)
            with sw.lock():
                log_command(sw, command)
                if ignored:
                    continue
                # Counter show commands come from the counter script (counters_emu).
                out = counters_emu.answer(sw, personality.name, command)
                if out is None:
                    state = sw.load_state()
                    out = personality.exec(state, argv)
                    sw.save_state(state)
        except CommandError as e:
            if e.stdout:
                sys.stdout.write(e.stdout + "\n")
            sys.stdout.flush()
            if str(e):
                sys.stderr.write(str(e) + "\n")
            return e.code
        if out:
            sys.stdout.write(out if out.endswith("\n") else out + "\n")
    sys.stdout.flush()
    return 0


class _Terminal:
    """Raw-mode line reader with our own echo, as a switch CLI does: a pager
    prompt must see a single key press, which canonical mode never delivers."""

    def __init__(self):
        self.tty = os.isatty(0)
        if self.tty:
            import termios
            import tty
            self._saved = termios.tcgetattr(0)
            tty.setraw(0)

    def key(self):
        b = os.read(0, 1)
        return b.decode("latin-1") if b else ""

    def line(self):
        buf = []
        while True:
            c = self.key()
            if not c:
                return None
            if c in "\r\n":
                if self.tty:
                    self.write("\r\n")
                return "".join(buf)
            if c in "\x7f\b":
                if buf:
                    buf.pop()
                    if self.tty:
                        self.write("\b \b")
                continue
            buf.append(c)
            if self.tty:
                self.write(c)

    def write(self, text):
        os.write(1, text.encode())


def run_shell(sw, personality):
    """Line-oriented CLI: prompt, read a line, answer, page long output."""
    session = personality.new_shell_session()
    term = _Terminal()
    term.write(personality.banner())
    while True:
        term.write(personality.prompt(session))
        line = term.line()
        if line is None:
            return 0
        if not line.strip():
            continue
        try:
            ignored = check_fault(sw, line) == "ignore"
            device_delay(sw, line)
            with sw.lock():
                log_command(sw, line)
                if ignored:
                    continue
                text = counters_emu.answer(sw, personality.name, line.strip())
                if text is None:
                    state = sw.load_state()
                    text = personality.shell(state, session, line)
                    sw.save_state(state)
        except CommandError as e:
            text = str(e)
        if text is None:  # exit / quit
            return 0
        page = session.get("page_lines", 0)
        for i, l in enumerate(text.splitlines()):
            if page and i and i % page == 0:
                term.write(" --More-- ")
                if not term.key():
                    return 0
                term.write("\r          \r")
            term.write(l + "\r\n")


class Personality:
    """What a vendor emulator implements. `state` is a dict persisted between
    commands; `session` (shell only) lives as long as the connection."""

    name = "base"

    def factory_state(self, switch_name):
        return {}

    def exec(self, state, argv):
        raise CommandError(f"-bash: {argv[0]}: command not found")

    def new_shell_session(self):
        return {"mode": "exec", "page_lines": 24}

    def banner(self):
        return ""

    def prompt(self, session):
        return "switch# "

    def shell(self, state, session, line):
        raise CommandError("% Invalid input detected at '^' marker.")
