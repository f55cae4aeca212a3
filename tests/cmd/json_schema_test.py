#!/usr/bin/env python3
"""Every verb with --json prints exactly one JSON document on stdout, on
success, drift, bad input and runtime failure, and it validates against the
verb's schema in cmd/schemas/ (envelope + payload). Host verbs run on a veth
pair in a network namespace of our own (root); nothing leaves the machine.

Usage: json_schema_test.py ROCECFG_BIN SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

import warnings

import jsonschema

# RefResolver is deprecated in jsonschema 4.18+, still the API Debian 12 ships with.
warnings.filterwarnings("ignore", category=DeprecationWarning)

BIN, SRC = sys.argv[1], sys.argv[2]
SCHEMAS = os.path.join(SRC, "cmd", "schemas")
BASE = "https://rocecfg.invalid/schemas/"
NS = f"rocecfg-json-{os.getpid()}"
LOSSLESS = os.path.join(SRC, "profiles", "roce-lossless.toml")
MTU = os.path.join(SRC, "tests", "host", "profiles", "mtu-9000.toml")

store = {}
for name in os.listdir(SCHEMAS):
    with open(os.path.join(SCHEMAS, name)) as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    store[schema["$id"]] = schema

failures = []
seen = {}  # verb -> set of exit codes exercised


def run(name, argv, want_rc, verb, check=None, netns=False):
    cmd = ([ "ip", "netns", "exec", NS] if netns else []) + [BIN] + argv
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    problems = []
    if p.returncode != want_rc:
        problems.append(f"exit {p.returncode}, want {want_rc}")
    try:
        doc = json.loads(p.stdout)  # exactly one document: trailing text fails here
    except json.JSONDecodeError as e:
        doc = None
        problems.append(f"stdout is not one JSON document ({e}): {p.stdout[:300]!r}")
    if doc is not None:
        schema = store[BASE + verb + ".schema.json"]
        resolver = jsonschema.RefResolver(BASE, schema, store=store)
        for err in jsonschema.Draft7Validator(schema, resolver=resolver).iter_errors(doc):
            problems.append(f"schema: {'/'.join(map(str, err.path))}: {err.message}")
        if doc.get("exit_code") != p.returncode:
            problems.append(f"exit_code {doc.get('exit_code')} in JSON, process exited {p.returncode}")
        # Issue 36 item 1, for every verb: a 2 or 3 carries its real cause in
        # error.message, and a human running with --json sees one on stderr.
        if p.returncode in (2, 3):
            msg = (doc.get("error") or {}).get("message", "")
            if not msg or msg == "see stderr":
                problems.append(f"error.message {msg!r} names no cause")
            if not p.stderr.strip():
                problems.append("exit 2/3 with nothing on stderr")
        if check and not problems:
            why = check(doc)
            if why:
                problems.append(why)
    seen.setdefault(verb, set()).add(p.returncode)
    if problems:
        failures.append(name)
        print(f"FAIL: {name}: {' '.join(argv)}")
        for m in problems:
            print(f"  {m}")
        print(f"  stderr: {p.stderr.strip()[:500]}")
    else:
        print(f"ok: {name}")
    return doc


def has(path_value):
    """check that follows keys ("payload.plan.changes") and compares."""
    path, want = path_value

    def f(doc):
        cur = doc
        for k in path.split("."):
            if isinstance(cur, list):
                cur = cur[int(k)]
            elif not isinstance(cur, dict) or k not in cur:
                return f"{path} missing"
            else:
                cur = cur[k]
        return None if cur == want else f"{path} = {cur!r}, want {want!r}"

    return f


def all_of(*checks):
    def f(doc):
        for c in checks:
            why = c(doc)
            if why:
                return why
        return None

    return f


def error_says(text):
    return lambda d: None if text in d.get("error", {}).get("message", "") else \
        f"error.message {d.get('error')!r} lacks {text!r}"


work = tempfile.mkdtemp(prefix="rocecfg-json.")
bad_profile = os.path.join(work, "bad.toml")
with open(bad_profile, "w") as f:
    f.write('[fabric]\nname = "x"\n[mtu]\nhost_bytes = "lots"\n')

# validate / plan / render / import / show switch: offline
run("validate ok", ["validate", LOSSLESS, "--json"], 0, "validate",
    has(("payload.fabric", "roce-lossless")))
run("validate bad profile: diagnostics in the error", ["validate", bad_profile, "--json"], 2,
    "validate", lambda d: None if d["error"].get("diagnostics") else "no diagnostics")
run("validate missing file", ["validate", os.path.join(work, "none.toml"), "--json"], 2, "validate")
starved = os.path.join(work, "starved.toml")
with open(starved, "w") as f:
    f.write('[fabric]\nname = "moved"\n[lossless]\npriorities = [4]\ndscp = [26]\ntrust = "dscp"\n'
            '[ets]\nbandwidth_percent = { 0 = 50, 3 = 50 }\n')
run("validate: a starved lossless class is a warning in the document", ["validate", starved,
                                                                        "--json"], 0, "validate",
    lambda d: None if [w["message"] for w in d["warnings"]] == [
        "lossless.priorities: lossless priority 4 goes to traffic class 4, which has 0 % in "
        "ets.bandwidth_percent and is not in ets.strict: it is starved whenever other classes "
        "send; give class 4 a share or make it strict"] else f"warnings {d['warnings']}")
# validate --inventory: each switch against its vendor (Adapter::check_intent,
# the check render makes too), every problem in error.diagnostics.
sonic_inv = os.path.join(work, "sonic-inventory.toml")
with open(sonic_inv, "w") as f:
    f.write('[defaults]\nuser = "ops"\n'
            '[[switch]]\nname = "leaf2"\naddress = "127.0.0.1"\nvendor = "sonic"\n'
            'interfaces = ["Ethernet0-124"]\n'
            '[[switch]]\nname = "leaf3"\naddress = "127.0.0.1"\nvendor = "sonic"\n'
            'interfaces = ["Ethernet0-124/4"]\n')
fast_wd = os.path.join(work, "fast-watchdog.toml")
with open(LOSSLESS) as src, open(fast_wd, "w") as f:
    f.write(src.read().replace("detection_ms = 200", "detection_ms = 50"))
sonic_range = (f"{sonic_inv}: switch leaf2 (sonic): Ethernet0-124: a SONiC port range needs its "
               "step: ports are numbered by their first lane (Ethernet0, Ethernet4, ...); write "
               "e.g. Ethernet0-124/4, or /1 where every number is a port")
sonic_wd = ("switch {} (sonic): pfc_watchdog: sonic pfcwd takes detection 100..5000 ms and "
            "restoration 100..60000 ms (sonic-pfcwd.yang); the profile asks 50 ms / 200 ms")
run("validate --inventory: a SONiC range without its step and a watchdog SONiC refuses",
    ["validate", fast_wd, "--inventory", sonic_inv, "--json"], 2, "validate",
    lambda d: None if d["error"]["diagnostics"] == [
        sonic_range, f"{sonic_inv}: " + sonic_wd.format("leaf2"),
        f"{sonic_inv}: " + sonic_wd.format("leaf3")] else f"error {d['error']}")
sonic_ok = os.path.join(work, "sonic-ok.toml")
with open(sonic_inv) as src, open(sonic_ok, "w") as f:
    f.write(src.read().replace('"Ethernet0-124"]', '"Ethernet0-124/4"]'))
run("validate --inventory: stepped ranges and a watchdog SONiC takes are valid",
    ["validate", LOSSLESS, "--inventory", sonic_ok, "--json"], 0, "validate",
    lambda d: None if [x["name"] for x in d["payload"]["switches"]] and
    all(x["rails"] == [] for x in d["payload"]["switches"]) else "payload.switches: " +
    repr(d["payload"].get("switches")))
nan = os.path.join(work, "nan.toml")
with open(nan, "w") as f:
    f.write('[fabric]\nname = "nan"\n[validation]\nmin_bandwidth_fraction = nan\n')
run("validate: NaN is refused", ["validate", nan, "--json"], 2, "validate",
    lambda d: None if any("nan is not a usable value" in x["message"]
                          for x in d["error"]["diagnostics"]) else f"error {d['error']}")
run("parse error (unknown option) still one document", ["validate", LOSSLESS, "--json", "--bogus"],
    2, "validate")
run("plan ok", ["plan", LOSSLESS, "--json"], 0, "plan",
    lambda d: None if d["payload"]["plan"]["changes"] > 0 else "empty plan")
run("plan bad profile", ["plan", bad_profile, "--json"], 2, "plan")
render = run("render ok", ["render", LOSSLESS, "--vendor", "eos", "--ports", "Ethernet1", "--json"],
             0, "render")


def session_ends(doc):
    """--session: the Huawei lock first, the unlock last, and on the rollback path too."""
    p = doc.get("payload", {})
    cmds, back = p.get("commands") or [""], p.get("rollback") or [""]
    if cmds[0] != "configuration exclusive" or cmds[-1] != "undo configuration exclusive" \
            or back[-1] != "undo configuration exclusive":
        return f"session {cmds[:1]}..{cmds[-1:]}, rollback ..{back[-1:]}"
    return None


run("render --session", ["render", LOSSLESS, "--vendor", "huawei-ce", "--model", "CE8855",
                         "--ports", "100GE1/0/1", "--session", "--json"], 0, "render",
    check=session_ends)
run("render --queues uc-tx-queue", ["render", LOSSLESS, "--vendor", "eos", "--queues", "uc-tx-queue",
                                   "--ports", "Ethernet1", "--session", "--json"], 0, "render",
    check=lambda d: None if "   uc-tx-queue 3" in d["payload"]["commands"]
    and not any(c.strip().startswith("tx-queue") for c in d["payload"]["commands"])
    and d["payload"]["reads"] == ["show running-config, the config to compare"]
    else f"commands {d['payload']['commands']}, reads {d['payload'].get('reads')}")
run("render --queues bogus", ["render", LOSSLESS, "--vendor", "eos", "--queues", "mc-tx-queue",
                              "--json"], 2, "render")
run("render unknown vendor", ["render", LOSSLESS, "--vendor", "nosuch", "--json"], 2, "render",
    error_says("unknown vendor"))
eos = os.path.join(SRC, "tests", "switch", "vendors", "captured", "eos-leaf7.txt")
run("import ok", ["import", "--vendor", "eos", "--from-file", eos, "--json"], 0, "import",
    lambda d: None if "[fabric]" in d["payload"]["profile_toml"] else "no profile text")
run("import --port: that port's settings, with the report",
    ["import", "--vendor", "eos", "--from-file", eos, "--port", "Ethernet1/2", "--json"], 0, "import",
    has(("payload.port", "Ethernet1/2")))
run("import reports what was a vendor default",
    ["import", "--vendor", "eos", "--from-file",
     os.path.join(SRC, "tests", "switch", "corpus", "eos", "rocm-7388-dcqcn.cfg"), "--json"], 0,
    "import",
    lambda d: None if any(r["source"] == "default" and not r["imported"]
                          for r in d["payload"]["report"]) else "no default in the report")
run("import leaves out what the profile cannot hold, and says why (import always validates)",
    ["import", "--vendor", "eos", "--from-file",
     os.path.join(SRC, "tests", "switch", "corpus", "eos", "avd-qos-profiles.cfg"), "--port",
     "Ethernet1", "--json"], 0, "import",
    lambda d: None if [r["outcome"] for r in d["payload"]["report"] if r["knob"] == "ets"] ==
    ["not imported: ets.bandwidth_percent: shares sum to 50%; ETS classes must share exactly 100%"]
    else f"ets outcome {[r for r in d['payload']['report'] if r['knob'] == 'ets']}")
factory_first = os.path.join(work, "eos-factory-first.cfg")
with open(factory_first, "w") as f:
    f.write("hostname leaf9\ninterface Ethernet1\n   description factory\n"
            "interface Ethernet2\n   description factory\ninterface Ethernet3\n   mtu 9214\n"
            "   qos trust dscp\n   priority-flow-control on\n"
            "   priority-flow-control priority 3 no-drop\n")
run("import takes the RoCE-configured port, not the factory majority",
    ["import", "--vendor", "eos", "--from-file", factory_first, "--json"], 0, "import",
    has(("payload.port", "Ethernet3")))
run("import --port that is not in the file",
    ["import", "--vendor", "eos", "--from-file", eos, "--port", "Ethernet99", "--json"], 2, "import",
    error_says("no port \"Ethernet99\""))
run("import unknown vendor", ["import", "--vendor", "nosuch", "--from-file", eos, "--json"], 2,
    "import")
run("import unwritable output", ["import", "--vendor", "eos", "--from-file", eos, "-o",
                                 "/proc/rocecfg-nope.toml", "--json"], 3, "import")
run("show switch ok", ["show", "switch", "--vendor", "eos", "--from-file", eos, "--json"], 0, "show",
    has(("payload.switch.vendor", "eos")))
run("show switch without --vendor", ["show", "switch", "--from-file", eos, "--json"], 2, "show")
# show switch --json: per port group every knob with value/source/vendor_text;
# ports that differ in one knob (ECN on one port only) are not merged.
corpus = os.path.join(SRC, "tests", "switch", "corpus")
per_port = os.path.join(corpus, "eos", "roce-leaf-per-port.cfg")


def port_groups_are(ranges):
    return lambda d: None if [g["range"] for g in d["payload"]["switch"]["port_groups"]] == ranges \
        else f"port groups {[g['range'] for g in d['payload']['switch']['port_groups']]}"


run("show switch per-port groups", ["show", "switch", "--vendor", "eos", "--from-file", per_port,
                                    "--json"], 0, "show",
    port_groups_are(["Ethernet1/1", "Ethernet1/2", "Ethernet1/3"]))
run("show switch ECN configured in bytes, vendor's words beside",
    ["show", "switch", "--vendor", "eos", "--from-file", per_port, "--json"], 0, "show",
    has(("payload.switch.port_groups.0.knobs.ecn.vendor_text",
         "min 150 kbytes = 153600 B max 1500 kbytes = 1536000 B")))
run("show switch: what the file does not state is not-in-file, never a value",
    ["show", "switch", "--vendor", "eos", "--from-file", per_port, "--json"], 0, "show",
    has(("payload.switch.port_groups.1.knobs.ecn", {"value": None, "source": "not-in-file",
                                                    "vendor_text": ""})))
run("show switch: a vendor default says so",
    ["show", "switch", "--vendor", "eos", "--from-file", per_port, "--json"], 0, "show",
    has(("payload.switch.port_groups.2.knobs.pfc_watchdog.source", "default")))
run("show switch: a QoS-only CONFIG_DB dump has no MTU",
    ["show", "switch", "--vendor", "sonic", "--from-file",
     os.path.join(corpus, "sonic", "qos-only-dump.json"), "--json"], 0, "show",
    has(("payload.switch.port_groups.0.knobs.mtu.source", "not-in-file")))
run("show switch refuses /etc/passwd as EOS",
    ["show", "switch", "--vendor", "eos", "--from-file",
     os.path.join(corpus, "foreign", "passwd.txt"), "--json"], 3, "show",
    error_says("not a eos running-config"))
run("show host", ["show", "host", "--json"], 0, "show")
run("show host --qos bad name", ["show", "host", "--qos", "-i", "a;b", "--json"], 2, "show")

# audit offline: in sync (our own rendering read back), drift, nothing found, bad vendor
commands = (render or {}).get("payload", {}).get("commands") or ["(render failed)"]
rendered = os.path.join(work, "eos.txt")
with open(rendered, "w") as f:
    f.write("\n".join(commands) + "\n")
run("audit file in sync", ["audit", LOSSLESS, "--vendor", "eos", "--from-file", rendered, "--json"],
    0, "audit", has(("targets.0.outcome", "in-sync")))
# the same config without its DSCP map: nothing differs, but one intended knob
# is not in the config: not evaluated (4), never "in sync"
bare = os.path.join(work, "eos-no-dscp-map.txt")
with open(bare, "w") as f:
    f.write("".join(c + "\n" for c in commands if not c.startswith("qos map dscp")))
run("audit of a config without the DSCP map: not evaluated", ["audit", LOSSLESS, "--vendor", "eos",
                                                              "--from-file", bare, "--json"], 4,
    "audit", all_of(has(("targets.0.outcome", "unverified")),
                    lambda d: None if [w["message"] for w in d["warnings"]
                                       if w["kind"] == "unverifiable"] ==
                    ["global: dscp_map: not in the config"] else f"warnings {d['warnings']}"))
run("audit file drift", ["audit", LOSSLESS, "--vendor", "eos", "--from-file", eos, "--json"], 1,
    "audit", has(("payload.switches.0.outcome", "drift")))
empty = os.path.join(work, "empty.txt")
open(empty, "w").close()
for vendor in ("eos", "huawei-ce", "h3c", "nxos", "cumulus"):
    run(f"audit of an empty {vendor} file is no green", ["audit", LOSSLESS, "--vendor", vendor,
                                                          "--from-file", empty, "--json"], 3, "audit",
        all_of(has(("targets.0.outcome", "failed")), error_says("not a")))
unrelated = os.path.join(work, "passwd.txt")
with open(unrelated, "w") as f:
    f.write("root:x:0:0:root:/root:/bin/bash\n")
run("audit of an unrelated file is no green", ["audit", LOSSLESS, "--vendor", "eos", "--from-file",
                                               unrelated, "--json"], 3, "audit",
    error_says("not a eos running-config"))
run("audit of a saved config says what it was read as and what it passed over",
    ["audit", LOSSLESS, "--vendor", "eos", "--from-file", eos, "--json"], 1, "audit",
    has(("payload.switches.0.recognised_as",
         "EOS running-config; passed over 4 statements that are not QoS")))
run("audit file unknown vendor", ["audit", LOSSLESS, "--vendor", "nosuch", "--from-file", eos,
                                  "--json"], 2, "audit")

# Issue 36 item 8: conventions. Every list flag takes a comma list; every
# --vendor says what a platform name means; an inventory given as a profile
# says so; import writes both thresholds in one unit; show host and show host
# --qos agree on a host without RDMA.
KNOWN = "known: cumulus, sonic, eos, nxos, huawei-ce, h3c, junos"
run("render --ports a,b is a list", ["render", LOSSLESS, "--vendor", "eos", "--ports",
                                     "Ethernet1,Ethernet2", "--json"], 0, "render",
    lambda d: None if [c for c in d["payload"]["commands"] if c.startswith("interface ")] ==
    ["interface Ethernet1-2"] else f"commands {d['payload']['commands']}")
run("audit --port a,b is a list", ["audit", LOSSLESS, "--vendor", "eos", "--from-file", per_port,
                                   "--port", "Ethernet1/1,Ethernet1/3", "--json"], 1, "audit",
    lambda d: None if sorted({x["interface"] for x in d["payload"]["switches"][0]["drift"]} - {"global"})
    == ["Ethernet1/1", "Ethernet1/3"] else f"drift {d['payload']['switches'][0]['drift']}")
for name, means in (("arista", "eos"), ("EOS", "eos"), ("nvue", "cumulus"), ("cisco", "nxos")):
    run(f"render --vendor {name}: did you mean {means}", ["render", LOSSLESS, "--vendor", name,
                                                           "--json"], 2, "render",
        has(("error.message", f'unknown vendor "{name}" (did you mean "{means}"?; {KNOWN})')))
run("audit --vendor arista", ["audit", LOSSLESS, "--vendor", "arista", "--from-file", eos,
                              "--json"], 2, "audit",
    has(("error.message", f'unknown vendor "arista" (did you mean "eos"?; {KNOWN})')))
run("show switch --vendor nvue", ["show", "switch", "--vendor", "nvue", "--from-file", eos,
                                  "--json"], 2, "show",
    has(("error.message", f'unknown vendor "nvue" (did you mean "cumulus"?; {KNOWN})')))
run("import --vendor Arista", ["import", "--vendor", "Arista", "--from-file", eos, "--json"], 2,
    "import", has(("error.message", f'unknown vendor "Arista" (did you mean "eos"?; {KNOWN})')))
arista_inv = os.path.join(work, "arista-inventory.toml")
with open(arista_inv, "w") as f:
    f.write('[[switch]]\nname = "leaf1"\naddress = "127.0.0.1"\nvendor = "arista"\n'
            'interfaces = ["Ethernet1"]\nuser = "ops"\n')
run("an inventory's vendor = \"arista\"", ["validate", LOSSLESS, "--inventory", arista_inv, "--json"],
    2, "validate",
    lambda d: None if [x["message"] for x in d["error"]["diagnostics"]] ==
    [f'unknown vendor "arista" (did you mean "eos"?; {KNOWN})'] else f"error {d['error']}")
inv_example = os.path.join(SRC, "profiles", "inventory.example.toml")
run("validate of an inventory as a profile says what it is", ["validate", inv_example, "--json"], 2,
    "validate",
    lambda d: None if [x["message"] for x in d["error"]["diagnostics"]] ==
    ["this is an inventory ([[switch]], [[host]], [defaults]), not a profile: use --inventory "
     "FILE, with a profile as PROFILE"] else f"error {d['error']}")
run("import writes both ECN thresholds in one unit",
    ["import", "--vendor", "eos", "--from-file", per_port, "--port", "Ethernet1/1", "--json"], 0,
    "import",
    lambda d: None if 'min_threshold = "150KiB"\nmax_threshold = "1500KiB"\n' in
    d["payload"]["profile_toml"] else f"profile {d['payload']['profile_toml']}")
run("show host --qos on a host without RDMA exits 0 as show host does",
    ["show", "host", "--qos", "--json"], 0, "show", has(("payload.interfaces", [])))

# Issue 36 item 6: host plans carry the [workload] files and a command view;
# a switch plan for a vendor proposes only what it can hold.
run("plan --side host includes /etc/nccl.conf as apply --dry-run does",
    ["plan", os.path.join(SRC, "profiles", "roce-lossless-nccl.toml"), "--side", "host", "--json"], 0, "plan",
    lambda d: None if "nccl_conf" in [s["knob"] for s in d["payload"]["plan"]["steps"]]
    else f"knobs {[s['knob'] for s in d['payload']['plan']['steps']]}")
run("plan --commands: each host step as dcb/mlnx_qos/sysfs",
    ["plan", LOSSLESS, "--side", "host", "--commands", "--target", "eth0", "--json"], 0, "plan",
    lambda d: None if {c["knob"]: c["commands"] for c in d["payload"]["commands"]}.get("pfc") ==
    ["dcb pfc set dev eth0 prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off",
     "(mlnx_qos -i eth0 --pfc 0,0,0,1,0,0,0,0)"] and
    {c["knob"]: c["commands"] for c in d["payload"]["commands"]}.get("mtu") ==
    ["ip link set dev eth0 mtu 9000"] and
    {c["knob"]: c["commands"] for c in d["payload"]["commands"]}.get("dscp_map") ==
    ["dcb app replace dev eth0 dscp-prio 26:3 48:6"]
    else f"commands {d['payload']['commands']}")
run("plan --commands: the /etc/nccl.conf lines on the host target, rdma_cm in configfs",
    ["plan", os.path.join(SRC, "profiles", "roce-lossless-nccl.toml"), "--side", "host",
     "--commands", "--target", "eth0", "--json"], 0, "plan",
    lambda d: None if [(c["target"], c["commands"]) for c in d["payload"]["commands"]
                       if c["knob"] in ("roce_tos", "nccl_conf", "ecn_priorities")] ==
    [("eth0", ["for p in 3; do echo 1 > /sys/class/net/eth0/ecn/roce_np/enable/$p; done",
               "for p in 0 1 2 4 5 6 7; do echo 0 > /sys/class/net/eth0/ecn/roce_np/enable/$p; done"]),
     ("eth0", ["mkdir -p /sys/kernel/config/rdma_cm/DEV",
               "echo 106 > /sys/kernel/config/rdma_cm/DEV/ports/1/default_roce_tos"]),
     ("host", ["/etc/nccl.conf: NCCL_IB_ADDR_FAMILY=AF_INET",
               "/etc/nccl.conf: NCCL_IB_ROCE_VERSION_NUM=2", "/etc/nccl.conf: NCCL_IB_TC=106"])]
    else f"commands {d['payload']['commands']}")
eos_state = os.path.join(work, "eos-state.toml")
with open(LOSSLESS) as src, open(eos_state, "w") as f:
    f.write(src.read().replace("switch_bytes = 9216", "switch_bytes = 9214"))
run("plan --side switch: without a vendor, the profile's MTU",
    ["plan", LOSSLESS, "--side", "switch", "--observed", eos_state, "--json"], 0, "plan",
    lambda d: None if [s["knob"] for s in d["payload"]["plan"]["steps"]] == ["mtu"]
    else f"steps {d['payload']['plan']['steps']}")
run("plan --side switch --vendor eos: no 9214 -> 9216, as audit",
    ["plan", LOSSLESS, "--side", "switch", "--observed", eos_state, "--vendor", "eos", "--json"],
    0, "plan",
    lambda d: None if "mtu" not in [s["knob"] for s in d["payload"]["plan"]["steps"]] and
    [w["message"] for w in d["warnings"]][0] ==
    "mtu: EOS interfaces take at most 9214 bytes: MTU 9216 is applied as 9214"
    else f"steps {d['payload']['plan']['steps']}, warnings {d['warnings']}")

# buffers: figures met, one short, bad input, nothing to compare
run("buffers ok", ["buffers", LOSSLESS, "--speed", "100G", "--cable", "5m", "--asic", "spectrum-3",
                   "--json"], 0, "buffers")
run("buffers short", ["buffers", LOSSLESS, "--speed", "400G", "--cable", "100m", "--json"], 1,
    "buffers", has(("payload.comparisons.1.outcome", "short")))
run("buffers bad speed", ["buffers", LOSSLESS, "--speed", "fast", "--cable", "5m", "--json"], 2,
    "buffers")
run("buffers with a saved SONiC config", ["buffers", LOSSLESS, "--speed", "400G", "--cable", "5m",
                                          "--asic", "spectrum-3", "--vendor", "sonic", "--from-file",
                                          os.path.join(SRC, "tests", "switch", "corpus", "sonic",
                                                       "sn4700-qos-template.json"), "--json"], 1,
    "buffers", has(("payload.switch.groups.0.comparisons.2.outcome", "short")))
run("buffers: not the vendor's file", ["buffers", LOSSLESS, "--speed", "400G", "--cable", "5m",
                                       "--vendor", "sonic", "--from-file", LOSSLESS, "--json"], 3,
    "buffers")
run("buffers nothing to compare", ["buffers", MTU, "--speed", "100G", "--cable", "5m", "--json"], 4,
    "buffers")

# budget: fits, does not fit, bad input
run("budget fits", ["budget", "--params", "7B", "--gpus", "8", "--step-ms", "1000", "--link-gbps",
                    "400", "--json"], 0, "budget")
run("budget does not fit", ["budget", "--params", "70B", "--gpus", "1024", "--step-ms", "50",
                            "--link-gbps", "10", "--json"], 1, "budget")
run("budget bad count", ["budget", "--params", "lots", "--gpus", "8", "--step-ms", "100", "--json"],
    2, "budget")

# env / nccl-log: the workload verbs
NCCL = os.path.join(SRC, "profiles", "roce-lossless-nccl.toml")
LOGS = os.path.join(SRC, "tests", "workload", "nccl-logs")
empty_root = tempfile.mkdtemp(prefix="rocecfg-sysfs.", dir=work)
os.environ["ROCECFG_SYSFS_ROOT"] = empty_root
run("env", ["env", NCCL, "--json"], 0, "env", has(("payload.env.NCCL_IB_TC", "106")))
del os.environ["ROCECFG_SYSFS_ROOT"]
run("env bad profile", ["env", bad_profile, "--json"], 2, "env")
run("nccl-log ok", ["nccl-log", NCCL, os.path.join(LOGS, "roce-ok.log"), "--json"], 0, "nccl-log",
    has(("payload.ok", True)))
run("nccl-log wrong traffic class", ["nccl-log", NCCL, os.path.join(LOGS, "roce-wrong-tc.log"),
                                     "--json"], 1, "nccl-log", has(("payload.ok", False)))
run("nccl-log missing log", ["nccl-log", NCCL, os.path.join(work, "none.log"), "--json"], 2,
    "nccl-log", error_says("cannot read"))
run("nccl-log: 2 of 16 ranks is incomplete (4), the missing ranks listed",
    ["nccl-log", NCCL, os.path.join(LOGS, "roce-2-of-16.log"), "--json"], 4, "nccl-log",
    all_of(has(("payload.verdict", "incomplete")), has(("payload.missing_ranks", list(range(2, 16)))),
           has(("payload.ranks.1.hca", "mlx5_1:1/RoCE"))))
# env on a login node for an inventory host: its NICs, declared, not seen
env_inv = os.path.join(SRC, "tests", "workload", "gpu-nodes.inventory.toml")
os.environ["ROCECFG_SYSFS_ROOT"] = empty_root
run("env --inventory --host on a host without devices", ["env", NCCL, "--inventory", env_inv, "--host",
                                                          "gpu007", "--json"], 0, "env",
    all_of(has(("payload.env.NCCL_IB_HCA", "=mlx5_0:1,mlx5_1:1")), has(("payload.hcas.1.seen", False))))
run("env --host that is not in the inventory", ["env", NCCL, "--inventory", env_inv, "--host",
                                                 "login1", "--json"], 2, "env",
    error_says("is not a [[host]]"))
del os.environ["ROCECFG_SYSFS_ROOT"]

# counters offline: a delta between two saved reads, one absolute read, bad input
CAP = os.path.join(SRC, "tests", "switch", "captured", "counters")
before, after = os.path.join(CAP, "sonic-before.txt"), os.path.join(CAP, "sonic-after.txt")
# sonic-before.txt has queues the watchdog reports stormed (a FAIL in any window):
# the clean pair is a read with every pfcwd queue operational.
clean = os.path.join(CAP, "issue33", "sonic-undated-before.txt")
run("counters: no change between two reads passes", ["counters", LOSSLESS, "--vendor", "sonic",
                                                     "--from-file", clean, "--from-file", clean,
                                                     "--window-ms", "1000", "--json"], 0, "counters",
    has(("payload.verdict", "PASS")))
run("counters: a watchdog storm in the window fails", ["counters", LOSSLESS, "--vendor", "sonic",
                                                       "--from-file", before, "--from-file", after,
                                                       "--window-ms", "1000", "--json"], 1,
    "counters",
    all_of(has(("payload.verdict", "FAIL")), has(("targets.0.outcome", "FAIL"))))
h3c_before = os.path.join(CAP, "h3c-before.txt")
run("counters: a clean window on a vendor without documented queue-drop counters is INCOMPLETE",
    ["counters", LOSSLESS, "--vendor", "h3c", "--from-file", h3c_before, "--from-file", h3c_before,
     "--window-ms", "1000", "--json"], 4, "counters",
    all_of(has(("payload.verdict", "INCOMPLETE")),
           has(("payload.switches.0.not_judged.0", "queue drops"))))
run("counters unknown vendor", ["counters", "--vendor", "nosuch", "--from-file",
                                os.path.join(CAP, "sonic-before.txt"), "--json"], 2, "counters",
    error_says('unknown vendor "nosuch"'))
# Issue 36 item 8: an offline counter read names its switch by the file, as audit does
run("counters names the switch by its file", ["counters", LOSSLESS, "--vendor", "sonic",
                                              "--from-file", before, "--from-file", after,
                                              "--window-ms", "1000", "--json"], 1, "counters",
    all_of(has(("targets.0.name", "sonic-after.txt")),
           has(("payload.switches.0.switch", "sonic-after.txt"))))
run("counters without a source", ["counters", LOSSLESS, "--json"], 2, "counters")

# check: a fabric from saved files (tests/check/from_dir.sh's corpus configs)
saved = os.path.join(work, "check-saved")
os.makedirs(saved)
CORPUS = os.path.join(SRC, "tests", "switch", "corpus")
for src_file, name in [("cumulus/cl514-roce-lossless.txt", "leaf1.txt"),
                       ("eos/roce-leaf-per-port.cfg", "leaf2.cfg")]:
    with open(os.path.join(CORPUS, src_file)) as f, open(os.path.join(saved, name), "w") as out:
        out.write(f.read())
with open(os.path.join(SRC, "tests", "check", "saved", "h1.json")) as f, \
        open(os.path.join(saved, "h1.json"), "w") as out:
    out.write(f.read())
check_inv = os.path.join(work, "check-inventory.toml")
with open(check_inv, "w") as f:
    f.write('[[switch]]\nname = "leaf1"\naddress = "192.0.2.1"\nvendor = "cumulus"\n'
            'interfaces = ["swp1-2"]\n\n[[switch]]\nname = "leaf2"\naddress = "192.0.2.2"\n'
            'vendor = "eos"\ninterfaces = ["Ethernet1/1-2"]\n\n[[host]]\nname = "h1"\n')
hosts_only = os.path.join(work, "check-hosts-only.toml")
with open(hosts_only, "w") as f:
    f.write('[[host]]\nname = "h1"\n')
missing = os.path.join(work, "check-missing.toml")
with open(missing, "w") as f:
    f.write('[[host]]\nname = "h1"\n\n[[host]]\nname = "h9"\n')
run("check: saved switches disagree", ["check", LOSSLESS, "--inventory", check_inv, "--from-dir",
                                       saved, "--json"], 1, "check",
    all_of(has(("payload.findings.0.rule", "lossless_priority")),
           has(("payload.findings.0.verdict", "disagree")),
           has(("payload.findings.0.where", "leaf2 Ethernet1/1-2"))))
run("check: hosts only, the switch rules unknown", ["check", LOSSLESS, "--inventory", hosts_only,
                                                    "--from-dir", saved, "--json"], 4, "check",
    has(("payload.summary.unknown", 4)))
run("check: a device without a saved file", ["check", LOSSLESS, "--inventory", missing,
                                             "--from-dir", saved, "--json"], 3, "check",
    has(("payload.devices.1.read", False)))
run("check without an inventory", ["check", LOSSLESS, "--json"], 2, "check",
    error_says("check needs --inventory FILE"))

# fabric: schedule, bad pattern, a run whose endpoints cannot start
run("fabric dry run", ["fabric", LOSSLESS, "--hosts", "gpu[01-04]", "--dry-run", "--json"], 0,
    "fabric", has(("payload.pattern", "ring")))
run("fabric bad pattern", ["fabric", LOSSLESS, "--hosts", "a,b", "--pattern", "star", "--json"], 2,
    "fabric", error_says("--pattern star"))
run("fabric local endpoints that do not exist", ["fabric", LOSSLESS, "--hosts", "a,b",
                                                 "--transport", "local", "--json"], 3, "fabric")

# gate / probe / doctor on a host without RDMA (this machine)
run("gate bad --peer port", ["gate", LOSSLESS, "--peer", "127.0.0.1:99999", "--no-state", "--json"],
    2, "gate", error_says("port must be 1..65535"))
run("gate bad --interface", ["gate", LOSSLESS, "--interface", "a;b", "--no-state", "--json"], 2,
    "gate")
run("gate --job-nodes without this host", ["gate", LOSSLESS, "--job-nodes", "x[1-2]", "--host",
                                          "y1", "--no-state", "--json"], 2, "gate",
    error_says("--job-nodes"))
run("gate missing interface is usage, not unhealthy", ["gate", LOSSLESS, "--interface", "nosuch0",
                                                        "--no-state", "--json"], 2, "gate",
    error_says("no such interface"))
run("gate --switch-counters without an inventory", ["gate", LOSSLESS, "--switch-counters",
                                                     "--no-state", "--json"], 2, "gate",
    error_says("--switch-counters needs --inventory"))
run("probe --inventory without a profile", ["probe", "--peer", "127.0.0.1", "--inventory",
                                            os.path.join(SRC, "profiles", "inventory.example.toml"),
                                            "--json"], 2, "probe",
    error_says("--inventory needs a PROFILE"))
run("probe --rails without an inventory", ["probe", "--peer", "h2", "--rails", "--json"], 2, "probe",
    error_says("--rails pairs the NICs by rail from the inventory"))
run("probe --rails from a host the inventory lacks",
    ["probe", "--peer", "gpu002", "--rails", "--host", "nosuch", "--inventory",
     os.path.join(SRC, "profiles", "inventory.example.toml"), "--json"], 2, "probe",
    error_says("this host (nosuch) is not a [[host]]"))
run("probe --host without --rails", ["probe", "--peer", "127.0.0.1", "--host", "h1", "--json"], 2,
    "probe", error_says("--host names this host for --rails"))
run("probe bad size", ["probe", "--peer", "127.0.0.1", "--size", "x", "--json"], 2, "probe")
run("probe without an RDMA device", ["probe", "--peer", "127.0.0.1", "--port", "1", "--json"], 3, "probe")
run("probe --baseline that is not a file is refused before any RDMA",
    ["probe", LOSSLESS, "--peer", "127.0.0.1", "--baseline", "/dev/null", "--json"], 2, "probe",
    error_says("not a regular file"))
run("probe --baseline-pair without --baseline", ["probe", "--peer", "127.0.0.1",
                                                 "--baseline-pair", "a,b", "--json"], 2, "probe",
    error_says("--baseline-pair names the pair"))
run("probe --baseline-pair malformed", ["probe", LOSSLESS, "--peer", "127.0.0.1", "--baseline",
                                        "/dev/null", "--baseline-pair", "a,", "--json"], 2,
    "probe", error_says("expected CLIENT,SERVER"))
run("probe --rdma-cm with --tos", ["probe", "--peer", "127.0.0.1", "--rdma-cm", "--tos", "106",
                                   "--json"], 2, "probe", error_says("--rdma-cm sends with the ToS"))
run("gate --baseline without a probe", ["gate", LOSSLESS, "--baseline", "/dev/null", "--no-state",
                                        "--json"], 2, "gate",
    error_says("--baseline compares the gate's probe"))
run("gate --baseline that is not a file", ["gate", LOSSLESS, "--peer", "node8", "--baseline",
                                           "/dev/null", "--no-state", "--json"], 2, "gate",
    error_says("not a regular file"))
run("doctor bad profile", ["doctor", bad_profile, "--json"], 2, "doctor")

# host apply/audit on veth in our own namespace
subprocess.run(["ip", "netns", "add", NS], check=True)
try:
    subprocess.run(["ip", "-n", NS, "link", "add", "rcfg0", "type", "veth", "peer", "name", "rcfg1"],
                   check=True)
    # Issue 36 item 1: the cause, not "see stderr", when the kernel refuses a
    # change (a macvlan cannot exceed its lower device's MTU): named once.
    subprocess.run(["ip", "-n", NS, "link", "add", "link", "rcfg1", "name", "rcfgm", "type",
                    "macvlan"], check=True)
    run("apply refused by the kernel: the cause is the error", ["apply", LOSSLESS, "-i", "rcfgm",
                                                                "--json"], 3, "apply",
        has(("error.message", "rcfgm: mtu: setting MTU 9000: Invalid input data or parameter")),
        netns=True)
    # A netdev without DCB is no refusal (issue 34): its PFC/ETS are
    # unsupported knobs beside the MTU drift, which is 1.
    run("audit: no DCB beside drift: unsupported knobs, exit 1", ["audit", LOSSLESS, "-i",
                                                                  "rcfg0,rcfg1", "--json"], 1,
        "audit", all_of(has(("payload.refused", False)),
                        lambda d: None if d["payload"]["plan"]["changes"] == 2 and
                        d["payload"]["unsupported"] > 0 else
                        f"changes {d['payload']['plan']['changes']}, unsupported "
                        f"{d['payload']['unsupported']}"), netns=True)
    # Issue 36 item 3: doctor takes -i lists; a name that is not there is usage
    run("doctor -i a list, one missing: usage, every missing name",
        ["doctor", LOSSLESS, "-i", "rcfg0,nosuch0,nosuch1", "--json"], 2, "doctor",
        lambda d: None if d["error"] == {"message": "--interface nosuch0: no such interface",
                                         "diagnostics": ["--interface nosuch0: no such interface",
                                                         "--interface nosuch1: no such interface"]}
        else f"error {d['error']}", netns=True)
    run("doctor --interface a,b: both checked; the ToS fix is apply, not the profile",
        ["doctor", LOSSLESS, "--interface", "rcfg0,rcfg1", "--json"], 1, "doctor",
        lambda d: None if [f["seen"] for f in d["payload"]["findings"]
                           if "has no RDMA device" in f["seen"]] ==
        ["rcfg0 has no RDMA device", "rcfg1 has no RDMA device"] and
        not any("set [rdma_cm] tos" in f.get("fix", "") for f in d["payload"]["findings"])
        else f"findings {[(f['seen'], f.get('fix')) for f in d['payload']['findings']]}",
        netns=True)
    run("gate without RDMA devices: not evaluated", ["gate", LOSSLESS, "--no-state", "--json"], 4,
        "gate", has(("payload.health", "not_evaluated")), netns=True)
    run("doctor", ["doctor", "--json"], 1, "doctor", netns=True)
    run("show host --qos on veth", ["show", "host", "--qos", "-i", "rcfg0", "--json"], 0, "show",
        all_of(has(("payload.interfaces.0.found", True)), has(("targets.0.outcome", "observed"))),
        netns=True)
    run("show host --qos missing interface", ["show", "host", "--qos", "-i", "nosuch0", "--json"], 3,
        "show", has(("payload.interfaces.0.found", False)), netns=True)
    run("audit drift", ["audit", MTU, "-i", "rcfg0", "--json"], 1, "audit",
        all_of(has(("payload.plan.changes", 1)), has(("targets.0.outcome", "drift"))), netns=True)
    run("apply dry run", ["apply", MTU, "-i", "rcfg0", "-n", "--json"], 0, "apply",
        all_of(has(("payload.dry_run", True)), has(("targets.0.outcome", "planned"))), netns=True)
    run("apply", ["apply", MTU, "-i", "rcfg0,rcfg1", "--json"], 0, "apply",
        has(("payload.apply.failed", False)), netns=True)
    run("audit in sync", ["audit", MTU, "-i", "rcfg0", "-i", "rcfg1", "--json"], 0, "audit",
        has(("payload.compared", 2)), netns=True)
    run("audit bad interface name", ["audit", MTU, "-i", "a;b", "--json"], 2, "audit",
        lambda d: None if len(d["error"]["diagnostics"]) == 1 else "want one diagnostic", netns=True)
    run("audit missing interface", ["audit", MTU, "-i", "nosuch0", "--json"], 3, "audit",
        has(("targets.0.outcome", "not_found")), netns=True)
    inv = os.path.join(work, "inventory.toml")
    with open(inv, "w") as f:
        f.write('[[switch]]\nname = "sw1"\naddress = "127.0.0.1"\nport = 1\nvendor = "eos"\n'
                'interfaces = ["Ethernet1"]\nuser = "ops"\nidentity_file = "/nonexistent/key"\n'
                'connect_timeout_ms = 1000\n')
    run("host and unreachable switch: one document", ["audit", MTU, "-i", "rcfg0", "--inventory",
                                                      inv, "--local", "--json"], 3, "audit",
        all_of(has(("targets.0.kind", "interface")), has(("targets.1.outcome", "unreachable")),
               has(("payload.switches.0.outcome", "unreachable")), error_says("sw1: ")),
        netns=True)
    run("apply on loopback refused", ["apply", MTU, "-i", "lo", "--json"], 2, "apply", netns=True)
    # No DCB on a veth: PFC/ETS unsupported, the rest applied, exit 0 (README).
    run("apply DCB on veth: unsupported, not refused", ["apply", LOSSLESS, "-i", "rcfg0", "--json"],
        0, "apply", all_of(has(("payload.refused", False)), has(("payload.unsupported", 9))),
        netns=True)
    run("apply missing interface", ["apply", MTU, "-i", "nosuch0", "--json"], 3, "apply",
        has(("targets.0.outcome", "not_found")), netns=True)
finally:
    subprocess.run(["ip", "netns", "del", NS])

want = {"validate": {0, 2}, "plan": {0, 2}, "render": {0, 2}, "import": {0, 2, 3},
        "show": {0, 2, 3}, "audit": {0, 1, 2, 3, 4}, "apply": {0, 2, 3}, "budget": {0, 1, 2}, "buffers": {0, 1, 2, 3, 4},
        "gate": {2, 4}, "doctor": {1, 2}, "probe": {2, 3}, "env": {0, 2}, "nccl-log": {0, 1, 2},
        "counters": {0, 1, 2, 4}, "fabric": {0, 2, 3}, "check": {1, 2, 3, 4}}
for verb, codes in want.items():
    if not codes <= seen.get(verb, set()):
        failures.append(f"coverage {verb}")
        print(f"FAIL: {verb}: exercised {sorted(seen.get(verb, set()))}, want {sorted(codes)}")
schemaless = set(os.path.splitext(os.path.splitext(n)[0])[0] for n in os.listdir(SCHEMAS)) - \
    set(want) - {"envelope", "common"}
if schemaless:
    failures.append("untested schemas")
    print(f"FAIL: schemas without a case: {sorted(schemaless)}")

# Every code a verb returned here is one its --help lists (issue 16: each
# verb's help names only the codes it can return).
for verb, codes in seen.items():
    h = subprocess.run([BIN, verb, "--help"], capture_output=True, text=True)
    listed = set()
    if "Exit codes:" in h.stdout:
        for line in h.stdout.split("Exit codes:")[1].splitlines()[1:]:
            parts = line.split()
            if parts and parts[0].isdigit():
                listed.add(int(parts[0]))
            elif line.strip() and not line.startswith(" "):
                break
    if not codes <= listed:
        failures.append(f"help codes {verb}")
        print(f"FAIL: {verb} --help lists exit codes {sorted(listed)}, returned {sorted(codes)}")
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
