#!/usr/bin/env python3
"""Start/stop a real OpenSSH sshd on 127.0.0.1 whose ForceCommand is the
switch emulator. Used by the C++ tests (tests/switch/sshd_fixture.h) and the
benchmark; `ctest` needs nothing else running.

  sshd_fixture.py start DIR VENDOR[:COUNT] ...   prints one line per switch:
                                                 "<name> <vendor> <port>"
  sshd_fixture.py stop DIR

DIR gets: host key, client key (id_ed25519), known_hosts (the host key for
every port), sshd_config.N (sshd listens on at most 16 ports per process, so
one sshd per 16 switches), state/<port>/ per switch, sshd.N.pid.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PORTS_PER_SSHD = 16


def free_ports(n):
    socks, ports = [], []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
        ports.append(s.getsockname()[1])
    for s in socks:
        s.close()
    return ports


def personality(vendor):
    sys.path.insert(0, HERE)
    import switch_emu
    return switch_emu.personality(vendor)


def start(d, specs):
    d = os.path.abspath(d)
    os.makedirs(os.path.join(d, "state"), exist_ok=True)
    if os.geteuid() == 0:
        os.makedirs("/run/sshd", exist_ok=True)  # sshd's privilege-separation dir
    hostkey = os.path.join(d, "host_ed25519")
    userkey = os.path.join(d, "id_ed25519")
    for key in (hostkey, userkey):
        if not os.path.exists(key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
    with open(userkey + ".pub") as f, open(os.path.join(d, "authorized_keys"), "w") as out:
        out.write(f.read())
    os.chmod(os.path.join(d, "authorized_keys"), 0o600)
    switches = []
    for spec in specs:
        vendor, _, count = spec.partition(":")
        for i in range(int(count or 1)):
            switches.append((f"{vendor}{i + 1}", vendor))
    ports = free_ports(len(switches))
    with open(hostkey + ".pub") as f:
        hostpub = " ".join(f.read().split()[:2])
    with open(os.path.join(d, "known_hosts"), "w") as kh:
        for p in ports:
            kh.write(f"[127.0.0.1]:{p} {hostpub}\n")
    lines = []
    for (name, vendor), port in zip(switches, ports):
        sd = os.path.join(d, "state", str(port))
        os.makedirs(sd, exist_ok=True)
        with open(os.path.join(sd, "vendor"), "w") as f:
            f.write(vendor)
        with open(os.path.join(sd, "name"), "w") as f:
            f.write(name)
        with open(os.path.join(sd, "state.json"), "w") as f:
            json.dump(personality(vendor).factory_state(name), f, indent=1, sort_keys=True)
        lines.append(f"{name} {vendor} {port}")
    user = os.environ.get("USER") or subprocess.run(
        ["id", "-un"], capture_output=True, text=True).stdout.strip()
    python = sys.executable if os.path.isabs(sys.executable) else "/usr/bin/python3"
    for n in range(0, len(ports), PORTS_PER_SSHD):
        cfg = os.path.join(d, f"sshd_config.{n // PORTS_PER_SSHD}")
        with open(cfg, "w") as f:
            for p in ports[n:n + PORTS_PER_SSHD]:
                f.write(f"ListenAddress 127.0.0.1:{p}\n")
            f.write(f"""HostKey {hostkey}
PidFile {d}/sshd.{n // PORTS_PER_SSHD}.pid
AuthorizedKeysFile {d}/authorized_keys
AllowUsers {user}
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
PrintLastLog no
MaxStartups 1024
MaxSessions 64
LogLevel ERROR
SetEnv SHLVL=1
ForceCommand {python} -S {HERE}/switch_emu.py {d}/state
""")
        subprocess.run(["/usr/sbin/sshd", "-f", cfg, "-E", os.path.join(d, "sshd.log")], check=True)
    # Wait until every port accepts connections.
    deadline = time.time() + 10
    for p in ports:
        while True:
            try:
                socket.create_connection(("127.0.0.1", p), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    sys.exit(f"sshd did not listen on {p}; see {d}/sshd.log")
                time.sleep(0.05)
    print("\n".join(lines))


def stop(d):
    for name in os.listdir(d):
        if name.startswith("sshd.") and name.endswith(".pid"):
            try:
                with open(os.path.join(d, name)) as f:
                    os.kill(int(f.read().strip()), signal.SIGTERM)
            except (OSError, ValueError):
                pass


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "start":
        start(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 3 and sys.argv[1] == "stop":
        stop(sys.argv[2])
    else:
        sys.exit(__doc__)
