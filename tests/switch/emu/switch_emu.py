#!/usr/bin/env python3
"""sshd ForceCommand entry point: switch_emu.py <state-root>. See emu_core."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import emu_core  # noqa: E402


def personality(name):
    if name == "cumulus":
        import cumulus_emu
        return cumulus_emu.Cumulus()
    if name == "sonic":
        import sonic_emu
        return sonic_emu.Sonic()
    # Other vendors: <name>_emu.py with a class Emulator(Personality).
    mod = __import__(name.replace("-", "_") + "_emu")
    return mod.Emulator()


def main():
    root = sys.argv[1]
    conn = os.environ.get("SSH_CONNECTION", "").split()
    port = conn[3] if len(conn) == 4 else os.environ.get("EMU_PORT", "")
    sw = emu_core.SwitchDir(os.path.join(root, port))
    vendor = (sw.read("vendor") or "").strip()
    if not vendor:
        sys.stderr.write(f"emulator: no switch configured for port {port}\n")
        return 1
    p = personality(vendor)
    line = os.environ.get("SSH_ORIGINAL_COMMAND")
    if line is not None:
        return emu_core.run_exec(sw, p, line)
    return emu_core.run_shell(sw, p)


if __name__ == "__main__":
    sys.exit(main())
