"""A minimal Cisco-like CLI to test the interactive transport: `name#`,
`name(config)#`, `terminal length 0`, a paged `show running-config`, and
`% Invalid input` for anything it does not know."""
from emu_core import CommandError, Personality


class Emulator(Personality):
    name = "testcli"

    def factory_state(self, switch_name):
        return {"hostname": switch_name}

    def exec(self, state, argv):
        raise CommandError("% exec not supported; use the CLI")

    def new_shell_session(self):
        return {"mode": "exec", "page_lines": 24, "host": None}

    def prompt(self, session):
        host = session.get("host") or "switch"
        return f"{host}(config)# " if session["mode"] == "config" else f"{host}# "

    def shell(self, state, session, line):
        session["host"] = state["hostname"]
        words = line.split()
        if words == ["terminal", "length", "0"]:
            session["page_lines"] = 0
            return ""
        if words == ["show", "running-config"]:
            out = [f"hostname {state['hostname']}"]
            out += [f"interface Ethernet{i}" for i in range(1, 61)]
            out += [f" description port {i}" for i in range(1, 61)]
            return "\n".join(out)
        if words == ["show", "version"]:
            return "testcli 1.0"
        if words == ["configure", "terminal"]:
            session["mode"] = "config"
            return ""
        if words == ["end"] and session["mode"] == "config":
            session["mode"] = "exec"
            return ""
        if words[:1] == ["hostname"] and len(words) == 2 and session["mode"] == "config":
            state["hostname"] = words[1]
            session["host"] = words[1]
            return ""
        if words in (["exit"], ["quit"]) and session["mode"] == "exec":
            return None
        raise CommandError("% Invalid input detected at '^' marker.")
