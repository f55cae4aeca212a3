#!/usr/bin/env python3
"""Every CONFIG_DB state the SONiC push goes through, validated against SONiC's
own YANG models with yanglint (issue 19): the emulator's factory CONFIG_DB,
then each state after each command `rocecfg render --session` sends for the
shipped profiles (and a buffers/cable variant), from that factory state. And
the writes the models refuse (scheduler weight 0, pfcwd detection 50 ms) are
refused by the emulator too, while rocecfg refuses the same profile before
anything is sent.

Usage: sonic_yang_test.py ROCECFG_BIN SOURCE_DIR. Exit 77 (skip) when the
models (../shared/vendor-schemas/sonic-yang-models) are not beside the
checkout; yanglint itself is a CI package (libyang2-tools).
"""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

rocecfg, src = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(src, "tests", "switch", "emu"))
import sonic_emu  # noqa: E402
import sonic_yang  # noqa: E402
from emu_core import CommandError  # noqa: E402

models = sonic_yang.models_dir(src)
if models is None:
    print("SKIP: ../shared/vendor-schemas/sonic-yang-models is not beside this checkout")
    sys.exit(77)
if shutil.which("yanglint") is None:
    print("FAIL: no yanglint (apt-get install libyang2-tools)")
    sys.exit(1)

failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(name)


schema = sonic_yang.Schema(models)
emu = sonic_emu.Sonic()
emu.schema = schema
factory = emu.factory_state("leaf1")
ok, why = schema.validate(factory["db"])
check("the emulator's factory CONFIG_DB is valid YANG", ok, why)

work = tempfile.mkdtemp(prefix="rocecfg-yang.")
buffers = os.path.join(work, "buffers.toml")
with open(os.path.join(src, "profiles", "roce-lossless.toml")) as f:
    text = f.read()
with open(buffers, "w") as f:
    f.write(text + "\n[buffers]\ncable_length_m = 40\nheadroom = \"64KiB\"\n")
profiles = [os.path.join(src, "profiles", p) for p in sorted(os.listdir(os.path.join(
    src, "profiles"))) if p.endswith(".toml") and not p.startswith("inventory")] + [buffers]

for profile in profiles:
    name = os.path.basename(profile)
    r = subprocess.run([rocecfg, "render", profile, "--vendor", "sonic", "--ports",
                        "Ethernet0,Ethernet4", "--session", "--json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        check(f"{name}: rendered for sonic", False, r.stderr.strip())
        continue
    commands = json.loads(r.stdout)["payload"]["commands"]
    state = json.loads(json.dumps(factory))
    refused = None
    for n, command in enumerate(commands, 1):
        try:
            emu.exec(state, shlex.split(command))
        except CommandError as e:
            refused = f"command {n} {command!r}: {e}"
            break
    check(f"{name}: all {len(commands)} states of the push are valid YANG", refused is None,
          refused)

# The models' refusals: the CONFIG_DB the write would make is invalid YANG,
# the emulator refuses the write and keeps CONFIG_DB as it was, and rocecfg
# refuses the profile before anything is sent.
for what, table, key, fields, command in [
        ("scheduler weight 0", "SCHEDULER", "w0", {"type": "DWRR", "weight": "0"},
         "sonic-db-cli CONFIG_DB HSET 'SCHEDULER|w0' type DWRR weight 0"),
        ("pfcwd detection 50 ms", "PFC_WD", "Ethernet0",
         {"action": "drop", "detection_time": "50", "restoration_time": "200"},
         "sudo config pfcwd start --action drop --restoration-time 200 Ethernet0 50")]:
    db = json.loads(json.dumps(factory["db"]))
    db.setdefault(table, {})[key] = fields
    ok, why = schema.validate(db)
    check(f"{what}: invalid YANG", not ok and "out of the allowed range" in why, why)
    state = json.loads(json.dumps(factory))
    try:
        emu.exec(state, shlex.split(command))
        check(f"{what}: refused by the emulator", False, "accepted")
    except CommandError as e:
        check(f"{what}: refused by the emulator, CONFIG_DB unchanged",
              state["db"] == factory["db"], str(e))
fast = os.path.join(work, "fast-watchdog.toml")
with open(fast, "w") as f:
    f.write(text.replace("detection_ms = 200", "detection_ms = 50"))
r = subprocess.run([rocecfg, "render", fast, "--vendor", "sonic", "--ports", "Ethernet0"],
                   capture_output=True, text=True)
check("pfcwd detection 50 ms: rocecfg refuses the profile before anything is sent",
      r.returncode == 2 and "sonic pfcwd takes detection 100..5000 ms" in r.stderr,
      f"exit {r.returncode}: {r.stderr.strip()}")

shutil.rmtree(work)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
