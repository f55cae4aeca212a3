#!/usr/bin/env python3
"""Seeds for shell_fuzz: what the CLI emulators (tests/switch/emu) print into
an interactive shell on a pty, byte for byte as the SSH client receives it
(their own echo, CR LF, pager prompts and their erasure), in the framing
shell_fuzz.cpp reads: byte 0 the vendor (its index among the vendors with a
shell dialect, in adapter_vendors() order), byte 1 the read size, then the
stream. Per vendor: the session rocecfg types (setup commands, config read,
a rejected command), the config read without `terminal length 0` (paged),
and the read after the emulator's long_line fault (60,000 spaces).

usage: shell_seeds.py OUT_DIR
"""
import json
import os
import pty
import select
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EMU = os.path.join(HERE, "..", "emu")
sys.path.insert(0, EMU)

# (vendor, setup commands, config read), as the adapters' dialects
# (vendors/switch/*/adapter.cpp) type them; the order is shell_fuzz's.
VENDORS = [
    ("eos", ["terminal length 0", "terminal width 512"], "show running-config"),
    ("h3c", ["screen-length disable"], "display current-configuration"),
    ("huawei-ce", ["screen-length 0 temporary"], "display current-configuration"),
    ("nxos", ["terminal length 0", "terminal width 511"], "show running-config"),
]


def read_quiet(fd, quiet_s=0.3, page=True):
    """Everything the emulator prints until it is quiet; a pager prompt is
    answered with a space, as the client does."""
    out = b""
    while True:
        r, _, _ = select.select([fd], [], [], quiet_s)
        if not r:
            return out
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return out
        if not chunk:
            return out
        out += chunk
        if page and out.rstrip().endswith(b"--More--"):
            os.write(fd, b" ")


def session(vendor, commands, fault=None):
    import switch_emu

    root = tempfile.mkdtemp(prefix="rocecfg-shell-seeds-")
    try:
        sw = os.path.join(root, "1")
        os.makedirs(sw)
        with open(os.path.join(sw, "vendor"), "w") as f:
            f.write(vendor)
        with open(os.path.join(sw, "state.json"), "w") as f:
            json.dump(switch_emu.personality(vendor).factory_state("leaf1"), f)
        if fault:
            with open(os.path.join(sw, "fault.json"), "w") as f:
                json.dump(fault, f)
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["EMU_PORT"] = "1"
            os.execv(sys.executable, [sys.executable, "-S", os.path.join(EMU, "switch_emu.py"), root])
        stream = read_quiet(fd)
        for c in commands:
            os.write(fd, c.encode() + b"\n")
            stream += read_quiet(fd)
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        return stream
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for index, (vendor, setup, read) in enumerate(VENDORS):
        typed = setup + [read, "bogus command"]
        cases = {
            "session": session(vendor, typed),
            "paged": session(vendor, [read]),
            "long-line": session(vendor, typed, {"at": len(setup) + 1, "kind": "long_line"}),
        }
        for name, stream in cases.items():
            for size_byte in (63, 0):  # whole 16 KiB reads, and 16 bytes at a time
                with open(os.path.join(out, f"shell-{vendor}-{name}-{size_byte}"), "wb") as f:
                    f.write(bytes([index, size_byte]) + stream)


if __name__ == "__main__":
    main()
