"""Community SONiC as far as rocecfg touches it: CONFIG_DB as a dict, the
`config` / `ecnconfig` / `sonic-db-cli` commands writing it immediately,
`show runningconfiguration all` dumping it as JSON, and the generic config
updater's checkpoint / rollback. Writes need sudo, like the real CLIs.

Factory QoS follows the community qos_config.j2 / buffers template: queues
0-2 and 5-6 on scheduler.0 (DWRR 14), 3-4 on scheduler.1 (DWRR 15), lossless
PGs 3 and 4 on a static pg_lossless profile, cable length 5m. `sonic-db-cli`
writes to the tables rocecfg manages are checked the way SONiC's YANG models
check them (plain redis would take anything and orchagent would only log the
error, which no test could see): scheduler types and weights, references to
SCHEDULER / BUFFER_PROFILE / BUFFER_POOL entries that must exist, cable
lengths "<N>m" for known ports.

`config rollback` goes through the generic config updater's field operation
validators (sonic_gcu.py): on a platform they do not list (DEVICE_METADATA
hwsku and sonic_version's asic_type / build_version) a rollback touching
PFC_WD is refused, with GCU's exact output and exit status 2, CONFIG_DB
untouched. The factory platform is one they list (Arista-7050CX3-32S-C32,
Trident3, release 20230531), so a rollback there is accepted."""
import copy
import json
import re

import sonic_gcu
from emu_core import CommandError, Personality

PORTS = [f"Ethernet{4 * i}" for i in range(32)]
PLATFORM = "x86_64-arista_7050cx3_32s"
HWSKU = "Arista-7050CX3-32S-C32"
# The hwsku's buffermgrd lookup table: no buffer_model in DEVICE_METADATA is
# the traditional model, which sizes lossless PGs from this file (swss mounts
# /usr/share/sonic/device/<platform>/<hwsku> as /usr/share/sonic/hwsku,
# docker_image_ctl.j2; buffermgrd.sh passes -l .../pg_profile_lookup.ini).
# The rows of the same platform's Arista-7050CX3-32S-C28S4/BALANCED file
# (sonic-buildimage @3147b02a): 10/50/100G at 5m, 40m and 300m.

PG_LOOKUP = "# PG lossless profiles.\n# speed cable size    xon  xoff threshold xon_offset\n" + "".join(
    f"{speed:>7}  {cable:<4} 4608    4608 160000   0        4608\n"
    for cable in ("5m", "40m", "300m") for speed in (10000, 50000, 100000))


def pg_lookup_path(platform, hwsku):
    """Every hwsku directory of the platform has its lookup file; the
    emulator serves state["pg_lookup"] as the one DEVICE_METADATA names."""
    return f"/usr/share/sonic/device/{platform}/{hwsku}/pg_profile_lookup.ini"


def azure_dscp_map():
    m = {str(d): "1" for d in range(64)}
    m.update({"0": "1", "3": "3", "4": "4", "8": "0", "46": "5", "48": "6"})
    return m


# What a real switch's CONFIG_DB holds besides ports and QoS, so that reads
# over SSH see a whole `show runningconfiguration all` (issue 31): the
# non-QoS tables of sonic-mgmt's 7-node testbed PE1 (sonic-net/sonic-mgmt
# ansible/vars/configdb_jsons/7nodes_cisco/PE1.json @b4ba9de3, the wild
# config sonic-mgmt-7nodes-cisco-PE1.json): BGP globals and neighbors, a
# route map, loopbacks, routed ports, management interface and port, a VRF,
# flex counters; plus the FEATURE, SYSLOG_SERVER and NTP_SERVER tables every
# image carries. Addresses are documentation addresses (RFC 5737/3849).
# ../shared holds no YANG model for these tables, so the YANG check of
# sonic_yang.py passes them over (UNMODELLED there); rocecfg never writes them.
def base_tables(switch_name):
    return {
        "BGP_GLOBALS": {"default": {"local_asn": "64601", "router_id": "198.51.100.29",
                                    "log_nbr_state_changes": "true",
                                    "load_balance_mp_relax": "true",
                                    "keepalive": "10", "holdtime": "30"}},
        "BGP_GLOBALS_AF": {"default|ipv4_unicast": {"max_ebgp_paths": "64",
                                                    "redistribute_connected": "true"},
                           "default|ipv6_unicast": {"max_ebgp_paths": "64",
                                                    "redistribute_connected": "true"}},
        "BGP_NEIGHBOR": {"default|192.0.2.57": {"admin_status": "true", "asn": "64600",
                                                "local_addr": "192.0.2.56", "name": "ARISTA01T1"},
                         "default|192.0.2.59": {"admin_status": "true", "asn": "64600",
                                                "local_addr": "192.0.2.58", "name": "ARISTA02T1"}},
        "BGP_NEIGHBOR_AF": {"default|192.0.2.57|ipv4_unicast": {"admin_status": "true"},
                            "default|192.0.2.59|ipv4_unicast": {"admin_status": "true"}},
        "ROUTE_MAP": {"pass_all|1": {"route_operation": "permit"}},
        "LOOPBACK_INTERFACE": {"Loopback0": {}, "Loopback0|198.51.100.29/32": {},
                               "Loopback0|2001:db8::29/128": {}},
        "INTERFACE": {"Ethernet0": {}, "Ethernet0|192.0.2.56/31": {},
                      "Ethernet4": {}, "Ethernet4|192.0.2.58/31": {}},
        "MGMT_INTERFACE": {"eth0|192.0.2.10/24": {"gwaddr": "192.0.2.1"}},
        "MGMT_PORT": {"eth0": {"admin_status": "up", "alias": "eth0"}},
        "VRF": {"Vrf1": {}},
        "FLEX_COUNTER_TABLE": {t: {"FLEX_COUNTER_STATUS": "enable"}
                               for t in ("PORT", "QUEUE", "PFCWD", "PG_WATERMARK",
                                         "QUEUE_WATERMARK", "BUFFER_POOL_WATERMARK")},
        "FEATURE": {f: {"state": "enabled", "auto_restart": "enabled",
                        "has_per_asic_scope": "False", "has_global_scope": "True"}
                    for f in ("bgp", "lldp", "pmon", "snmp", "swss", "syncd", "teamd")},
        "SYSLOG_SERVER": {"192.0.2.50": {}},
        "NTP_SERVER": {"192.0.2.123": {}},
    }


class Sonic(Personality):
    name = "sonic"
    # A sonic_yang.Schema: every write is then checked against SONiC's YANG
    # models and refused, CONFIG_DB unchanged, when they refuse it. Off over
    # ssh (one yanglint run per write); tests/switch/sonic_yang_test.py sets it.
    schema = None

    def factory_state(self, switch_name):
        db = {
            "DEVICE_METADATA": {"localhost": {"hostname": switch_name,
                                              "platform": PLATFORM, "hwsku": HWSKU,
                                              "type": "ToRRouter",
                                              "mac": "52:54:00:df:0c:4e",
                                              "docker_routing_config_mode": "split",
                                              "synchronous_mode": "enable",
                                              "default_bgp_status": "up",
                                              "default_pfcwd_status": "disable"}},
            "PORT": {p: {"admin_status": "up", "mtu": "9100", "speed": "100000",
                         "lanes": str(i)} for i, p in enumerate(PORTS)},
            "DSCP_TO_TC_MAP": {"AZURE": azure_dscp_map()},
            "PORT_QOS_MAP": {"global": {"dscp_to_tc_map": "AZURE"}},
            "WRED_PROFILE": {"AZURE_LOSSLESS": {
                "ecn": "ecn_all", "wred_green_enable": "true",
                "green_min_threshold": "1048576", "green_max_threshold": "2097152",
                "green_drop_probability": "5"}},
            "QUEUE": {},
            "TC_TO_QUEUE_MAP": {"AZURE": {str(i): str(i) for i in range(8)}},
            "SCHEDULER": {"scheduler.0": {"type": "DWRR", "weight": "14"},
                          "scheduler.1": {"type": "DWRR", "weight": "15"}},
            "BUFFER_POOL": {"ingress_lossless_pool": {"mode": "dynamic", "size": "12766208",
                                                      "type": "ingress"}},
            "BUFFER_PROFILE": {"pg_lossless_100000_5m_profile": {
                "pool": "ingress_lossless_pool", "xon": "18432", "xoff": "34816",
                "size": "53248", "dynamic_th": "0"}},
            "BUFFER_PG": {},
            "CABLE_LENGTH": {"AZURE": {p: "5m" for p in PORTS}},
        }
        for p in PORTS:
            # pfcwd_sw_enable = the lossless TCs, like pfc_enable
            # (sonic-buildimage files/build_templates/qos_config.j2 @0791705b)
            db["PORT_QOS_MAP"][p] = {"dscp_to_tc_map": "AZURE", "pfc_enable": "3,4",
                                     "pfcwd_sw_enable": "3,4", "tc_to_queue_map": "AZURE"}
            for q in (0, 1, 2, 5, 6):
                db["QUEUE"][f"{p}|{q}"] = {"scheduler": "scheduler.0"}
            for q in (3, 4):
                db["QUEUE"][f"{p}|{q}"] = {"scheduler": "scheduler.1",
                                           "wred_profile": "AZURE_LOSSLESS"}
                db["BUFFER_PG"][f"{p}|{q}"] = {"profile": "pg_lossless_100000_5m_profile"}
        db.update(base_tables(switch_name))
        # /etc/sonic/sonic_version.yml, as GCU's get_asic_name reads it.
        version = {"asic_type": "broadcom", "build_version": "20230531.12"}
        return {"db": db, "checkpoints": {}, "sonic_version": version, "pg_lookup": PG_LOOKUP}

    def exec(self, state, argv):
        if self.schema is None or argv[-2:] == ["runningconfiguration", "all"]:
            return self._exec(state, argv)
        before = copy.deepcopy(state["db"])
        out = self._exec(state, argv)
        ok, why = self.schema.validate(state["db"])
        if not ok:
            state["db"] = before
            raise CommandError(f"(error) refused by the SONiC YANG models: {why}")
        return out

    def _exec(self, state, argv):
        db = state["db"]
        sudo = argv[:1] == ["sudo"]
        if sudo:
            argv = argv[1:]
        if argv[:2] == ["show", "runningconfiguration"] and argv[2:] == ["all"]:
            # CONFIG_DB is flat redis keys: a table whose last key went is gone.
            return json.dumps({t: v for t, v in db.items() if v}, indent=4, sort_keys=True)
        if argv[:1] == ["sonic-db-cli"]:
            return self._db_cli(db, argv[1:])
        if argv[:1] == ["cat"] and len(argv) == 2:
            return self._cat(state, argv[1])
        if argv[:1] in (["config"], ["ecnconfig"]) and not sudo:
            raise CommandError("Root privileges required for this operation")
        if argv[:1] == ["ecnconfig"]:
            return self._ecnconfig(db, argv[1:])
        if argv[:1] == ["config"]:
            return self._config(state, db, argv[1:])
        raise CommandError(f"-bash: {argv[0]}: command not found")

    def _port(self, db, name):
        if name not in db["PORT"]:
            raise CommandError(f"Error: Interface name {name} is invalid")
        return name

    def _db_cli(self, db, argv):
        if len(argv) < 3 or argv[0] != "CONFIG_DB":
            raise CommandError("Usage: sonic-db-cli CONFIG_DB HSET|HDEL|DEL KEY ...")
        op, key, rest = argv[1].upper(), argv[2], argv[3:]
        table, _, entry = key.partition("|")
        if not table or not entry:
            raise CommandError(f"(error) bad key {key}")
        if op == "HSET":
            if not rest or len(rest) % 2:
                raise CommandError("(error) ERR wrong number of arguments for 'hset' command")
            new = dict(zip(rest[::2], rest[1::2]))
            self._check_fields(db, table, entry, new)
            fields = db.setdefault(table, {}).setdefault(entry, {})
            fields.update(new)
            return str(len(rest) // 2)
        if op == "HDEL":
            fields = db.get(table, {}).get(entry, {})
            n = sum(1 for f in rest if fields.pop(f, None) is not None)
            if entry in db.get(table, {}) and not fields:
                del db[table][entry]
            return str(n)
        if op == "DEL":
            if rest:
                raise CommandError("(error) ERR rocecfg's emulator deletes one key at a time")
            return "1" if db.get(table, {}).pop(entry, None) is not None else "0"
        raise CommandError(f"(error) unsupported op {op}")

    def _check_fields(self, db, table, entry, fields):
        def must_exist(ref_table, name):
            if name not in db.get(ref_table, {}):
                raise CommandError(f"(error) {table}|{entry}: {ref_table}|{name} does not exist")

        if table == "SCHEDULER":
            if fields.get("type", "DWRR") not in ("DWRR", "WRR", "STRICT"):
                raise CommandError(f"(error) SCHEDULER|{entry}: bad type {fields['type']}")
            w = fields.get("weight")
            if w is not None and not (w.isdigit() and 1 <= int(w) <= 100):
                raise CommandError(f"(error) SCHEDULER|{entry}: weight {w} not in 1..100")
        if table in ("QUEUE", "BUFFER_PG"):
            port, _, idx = entry.rpartition("|")
            self._port(db, port)
            if not re.fullmatch(r"[0-7](-[0-7])?", idx):
                raise CommandError(f"(error) {table}|{entry}: bad index {idx}")
        if table == "QUEUE" and "scheduler" in fields:
            must_exist("SCHEDULER", fields["scheduler"])
        if table == "BUFFER_PG" and fields.get("profile", "NULL") != "NULL":
            must_exist("BUFFER_PROFILE", fields["profile"])
        if table == "BUFFER_PROFILE":
            must_exist("BUFFER_POOL", fields.get("pool", ""))
            for f in ("xon", "xoff", "size"):
                if f in fields and not fields[f].isdigit():
                    raise CommandError(f"(error) BUFFER_PROFILE|{entry}: {f} is not a number")
        if table == "PORT_QOS_MAP" and "pfcwd_sw_enable" in fields:
            # sonic-port-qos-map.yang: pattern "([0-7](,[0-7])*)?"
            if not re.fullmatch(r"([0-7](,[0-7])*)?", fields["pfcwd_sw_enable"]):
                raise CommandError(f"(error) PORT_QOS_MAP|{entry}: bad pfcwd_sw_enable "
                                   f"{fields['pfcwd_sw_enable']}")
        if table == "CABLE_LENGTH":
            for port, length in fields.items():
                self._port(db, port)
                if not re.fullmatch(r"\d+m", length):
                    raise CommandError(f"(error) CABLE_LENGTH: bad length {length} for {port}")

    def _ecnconfig(self, db, argv):
        opts = dict(zip(argv[::2], argv[1::2]))
        name = opts.get("-p")
        if not name or name not in db.get("WRED_PROFILE", {}):
            raise CommandError(f"Error: profile {name} does not exist")
        prof = dict(db["WRED_PROFILE"][name])
        keys = {"-gmin": "green_min_threshold", "-gmax": "green_max_threshold",
                "-gdrop": "green_drop_probability"}
        for opt, value in opts.items():
            if opt == "-p":
                continue
            if opt not in keys or not value.isdigit():
                raise CommandError(f"Error: bad option {opt} {value}")
            prof[keys[opt]] = value
        if int(prof["green_min_threshold"]) > int(prof["green_max_threshold"]):
            raise CommandError("Error: min threshold is greater than max threshold")
        if int(prof["green_drop_probability"]) > 100:
            raise CommandError("Error: drop probability must be 0-100")
        db["WRED_PROFILE"][name] = prof
        return ""

    def _config(self, state, db, argv):
        if argv[:2] == ["interface", "mtu"] and len(argv) == 4:
            port = self._port(db, argv[2])
            if not argv[3].isdigit() or not 68 <= int(argv[3]) <= 9216:
                raise CommandError("Error: Invalid value for MTU (68-9216)")
            db["PORT"][port]["mtu"] = argv[3]
            return ""
        if argv[:3] == ["interface", "pfc", "priority"] and len(argv) == 6:
            # sonic-utilities config/main.py runs `pfc config priority`;
            # pfc/main.py Pfc.configPfcPrio (f38fe52) looks the port up in
            # PORT_QOS_MAP only, and answers what it cannot do on stdout with
            # exit status 0.
            port = argv[3]
            prio, onoff = argv[4], argv[5]
            if prio not in [str(i) for i in range(8)] or onoff not in ("on", "off"):
                raise CommandError("Error: usage: config interface pfc priority PORT 0-7 on|off")
            if port not in db.get("PORT_QOS_MAP", {}):
                return f"Cannot find interface {port}"
            entry = db["PORT_QOS_MAP"][port]
            cur = [p for p in entry.get("pfc_enable", "").split(",") if p.strip()]
            if onoff == "on" and prio in cur:
                return f"Priority {prio} has already been enabled on {port}"
            if onoff == "off" and prio not in cur:
                return f"Priority {prio} is not enabled on {port}"
            if onoff == "on":
                cur.append(prio)
            else:
                cur.remove(prio)
            entry["pfc_enable"] = ",".join(sorted(cur))
            return ""
        if argv[:2] == ["pfcwd", "start"]:
            args, opts, i = [], {}, 2
            while i < len(argv):
                if argv[i].startswith("--"):
                    opts[argv[i]] = argv[i + 1]
                    i += 2
                else:
                    args.append(argv[i])
                    i += 1
            if len(args) < 2 or not args[-1].isdigit():
                raise CommandError("Error: usage: config pfcwd start [--action A] PORTS DETECTION_TIME")
            action = opts.get("--action", "drop")
            if action not in ("drop", "forward", "alert"):
                raise CommandError(f"Error: invalid action {action}")
            for port in args[:-1]:
                self._port(db, port)
                db.setdefault("PFC_WD", {})[port] = {
                    "action": action, "detection_time": args[-1],
                    "restoration_time": opts.get("--restoration-time", args[-1])}
            return ""
        if argv[:1] == ["checkpoint"] and len(argv) == 2:
            state["checkpoints"][argv[1]] = copy.deepcopy(db)
            return "\n".join(f"Config Rollbacker: {m}" for m in (
                "Config checkpoint starting.", f"Checkpoint name: {argv[1]}.",
                "Getting current config db.", "Getting checkpoint full-path.",
                "Ensuring checkpoint directory exist.",
                f"Saving config db content to {CHECKPOINT_DIR}/{argv[1]}.cp.json.",
                "Config checkpoint completed.")) + "\nCheckpoint created successfully."
        if argv[:1] == ["rollback"] and len(argv) == 2:
            return self._rollback(state, argv[1])
        if argv[:1] == ["delete-checkpoint"] and len(argv) == 2:
            state["checkpoints"].pop(argv[1], None)
            return ""
        if argv[:2] == ["reload", "-y"] and len(argv) == 3:
            # doc/Command-Reference.md "config reload [-y|--yes] ... [<filename>]":
            # CONFIG_DB cleared and loaded from the file (services restart: not
            # emulated); config/main.py reload echoes a missing file and goes on.
            src = self._config_file(state, argv[2])
            if src is None:
                return f"The config file {argv[2]} doesn't exist"
            state["db"] = copy.deepcopy(src)
            return ""
        if argv == ["save", "-y"]:
            state["saved"] = copy.deepcopy(db)
            return ""
        raise CommandError(f"Error: No such command \"{' '.join(argv)}\".")

    def _cat(self, state, path):
        meta = state["db"].get("DEVICE_METADATA", {}).get("localhost", {})
        if path == pg_lookup_path(meta.get("platform", ""), meta.get("hwsku", "")) and \
                "pg_lookup" in state:
            return state["pg_lookup"]
        # GCU keeps checkpoints as one-line JSON files (Util.save_json_file).
        name = path[len(CHECKPOINT_DIR) + 1:-len(".cp.json")]
        if not (path.startswith(CHECKPOINT_DIR + "/") and path.endswith(".cp.json")) or \
                name not in state["checkpoints"]:
            raise CommandError(f"cat: {path}: No such file or directory")
        return json.dumps(_no_empty_tables(state["checkpoints"][name]))

    def _config_file(self, state, path):
        if path == "/etc/sonic/config_db.json":
            return state.get("saved")
        for name, db in state["checkpoints"].items():
            if path == f"{CHECKPOINT_DIR}/{name}.cp.json":
                return _no_empty_tables(db)
        return None

    def _rollback(self, state, name):
        """config/main.py rollback -> GenericUpdater().rollback: the notices
        GCU prints on the way, then either success or click's usage error."""
        log = [f"Config Rollbacker: {m}" for m in (
            "Config rollbacking starting.", f"Checkpoint name: {name}.",
            f"Verifying '{name}' exists.")]

        def refuse(why):
            raise CommandError("Failed to rollback config\n"
                               "Usage: config rollback [OPTIONS] CHECKPOINT_NAME\n"
                               "Try 'config rollback -h' for help.\n\n"
                               f"Error: {why}", code=2, stdout="\n".join(log))

        if name not in state["checkpoints"]:
            refuse(f"Checkpoint '{name}' does not exist")
        target = _no_empty_tables(state["checkpoints"][name])
        current = _no_empty_tables(state["db"])
        patch = sonic_gcu.make_patch(current, target)
        log += ["Config Rollbacker: Loading checkpoint into memory.",
                "Config Rollbacker: Replacing config using 'Config Replacer'.",
                "Config Replacer: Config replacement starting.",
                f"Config Replacer: Target config length: {len(json.dumps(target))}.",
                "Config Replacer: Getting current config db.",
                "Config Replacer: Generating patch between target config and current config db.",
                "Config Replacer: Applying patch using 'Patch Applier'.",
                "Patch Applier: localhost: Patch application starting.",
                f"Patch Applier: localhost: Patch: {json.dumps(patch)}",
                "Patch Applier: localhost getting current config db.",
                "Patch Applier: localhost: simulating the target full config after applying "
                "the patch.",
                "Patch Applier: localhost: validating all JsonPatch operations are permitted on "
                "the specified fields"]
        version = state.get("sonic_version", {})
        hwsku = state["db"].get("DEVICE_METADATA", {}).get("localhost", {}).get("hwsku", "")
        try:
            sonic_gcu.check_patch(patch, version.get("asic_type", ""), hwsku,
                                  version.get("build_version", ""))
        except sonic_gcu.Refused as e:
            refuse(str(e))
        state["db"] = copy.deepcopy(state["checkpoints"][name])
        return "Config rolled back successfully."


CHECKPOINT_DIR = "/etc/sonic/checkpoints"  # generic_updater.py CHECKPOINTS_DIR


def _no_empty_tables(db):
    """CONFIG_DB as sonic-cfggen -d --print-data reads it: no empty tables."""
    return {t: v for t, v in db.items() if v}
