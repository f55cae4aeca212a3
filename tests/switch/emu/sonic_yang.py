"""CONFIG_DB (as the SONiC emulator holds it) checked against SONiC's own YANG
models with yanglint (Debian libyang2-tools), the way sonic-yang-mgmt checks
a config before the generic config updater writes it.

The models are read at test time from ../shared/vendor-schemas/sonic-yang-models
(sonic-buildimage @086b03bd; provenance and the CONFIG_DB -> YANG JSON mapping
in its README, taken from sonic_yang_ext.py _xlateConfigDBtoYang). The mapping:
table T of module M goes to "M:M" / "M:T" / "T_LIST" (keys split on "|" in
the list's key order); the Type-1 maps (DSCP_TO_TC_MAP, TC_TO_QUEUE_MAP,
CABLE_LENGTH) hold one inner list element per field. Each leaf is encoded by
its YANG base type as libyang 2.1 demands (RFC 7951: 8..32-bit integers as
numbers, booleans as true/false, everything else as strings); the types come
from the models themselves (`yanglint -f tree` and sonic-types typedefs), not
from a table of ours.
"""
import glob
import json
import os
import re
import subprocess
import tempfile

NUMBER_TYPES = {"int8", "int16", "int32", "uint8", "uint16", "uint32"}

# The tables the emulator holds, and the module that models each.
TABLE_MODULE = {
    "DEVICE_METADATA": "sonic-device_metadata",
    "PORT": "sonic-port",
    "PORT_QOS_MAP": "sonic-port-qos-map",
    "DSCP_TO_TC_MAP": "sonic-dscp-tc-map",
    "TC_TO_QUEUE_MAP": "sonic-tc-queue-map",
    "QUEUE": "sonic-queue",
    "SCHEDULER": "sonic-scheduler",
    "WRED_PROFILE": "sonic-wred-profile",
    "BUFFER_POOL": "sonic-buffer-pool",
    "BUFFER_PROFILE": "sonic-buffer-profile",
    "BUFFER_PG": "sonic-buffer-pg",
    "CABLE_LENGTH": "sonic-cable-length",
    "PFC_WD": "sonic-pfcwd",
}


# Tables the emulator holds for realism (sonic_emu.base_tables) whose
# models are not in ../shared: passed over by the check, never written by
# rocecfg; any other table without a model is still an error.
UNMODELLED = {"BGP_GLOBALS", "BGP_GLOBALS_AF", "BGP_NEIGHBOR", "BGP_NEIGHBOR_AF", "ROUTE_MAP",
              "LOOPBACK_INTERFACE", "INTERFACE", "MGMT_INTERFACE", "MGMT_PORT", "VRF",
              "FLEX_COUNTER_TABLE", "FEATURE", "SYSLOG_SERVER", "NTP_SERVER"}


def models_dir(source_dir):
    """The shared models, or None when this checkout has no ../shared."""
    d = os.path.join(source_dir, "..", "shared", "vendor-schemas", "sonic-yang-models")
    return d if os.path.isfile(os.path.join(d, "sonic-port.yang")) else None


def _module_args(models):
    # sonic-device_metadata first (README: otherwise 10 compile warnings).
    files = sorted(glob.glob(os.path.join(models, "*.yang")))
    first = os.path.join(models, "sonic-device_metadata.yang")
    return ["-p", models, first] + [f for f in files if f != first]


def _typedefs(models):
    out = {}
    for path in glob.glob(os.path.join(models, "*.yang")):
        with open(path) as f:
            text = f.read()
        # The first `type` inside the typedef (a description may come first).
        for name, base in re.findall(r"typedef\s+([\w-]+)\s*\{[^{}]*?\btype\s+([\w:-]+)", text):
            out[name] = base
    return out


class Schema:
    """Per table: its lists (name, keys, leaf -> base type, inner list)."""

    def __init__(self, models):
        self.models = models
        typedefs = _typedefs(models)

        def base(t):
            for _ in range(8):
                t2 = typedefs.get(t.split(":")[-1])
                if t2 is None:
                    break
                t = t2
            return t.split(":")[-1]

        tree = subprocess.run(["yanglint", "-f", "tree"] + _module_args(models),
                              capture_output=True, text=True, check=True).stdout
        self.tables = {}
        stack = []  # (depth, node)
        line_re = re.compile(r"^(\s*)\+--r[wo] ([\w-]+)([?*!]?)\s*(\[[^\]]*\])?\s*(.*)$")
        for line in tree.splitlines():
            if line.startswith("module:"):
                stack = []
                continue
            m = line_re.match(line)
            if not m:
                continue
            depth = len(m.group(1))
            name, mark, keys, typ = m.group(2), m.group(3), m.group(4), m.group(5).strip()
            node = {"name": name, "children": {}, "keys": keys[1:-1].split() if keys else None,
                    "type": base(typ) if typ and not typ.startswith("->") else
                    ("leafref" if typ else None), "list": mark == "*"}
            while stack and stack[-1][0] >= depth:
                stack.pop()
            if stack:
                stack[-1][1]["children"][name] = node
            elif name.startswith("sonic-"):
                for t, child in node["children"].items():
                    self.tables[t] = child
            stack.append((depth, node))
            if len(stack) == 2 and stack[0][1]["name"].startswith("sonic-"):
                self.tables.setdefault(name, node)

    @staticmethod
    def _value(leaf, text):
        t = leaf["type"] if leaf else None
        if t in NUMBER_TYPES:
            return int(text)
        if t == "boolean":
            return text == "true"
        return text

    def _entry(self, lst, key, fields):
        parts = key.split("|")
        keys = lst["keys"] or []
        if len(parts) != len(keys):
            raise ValueError(f"{lst['name']}: key {key!r} has {len(parts)} parts, the list "
                             f"{len(keys)} ({' '.join(keys)})")
        leaves = lst["children"]
        out = {k: self._value(leaves.get(k), p.strip()) for k, p in zip(keys, parts)}
        inner = [c for c in leaves.values() if c["list"] and c["keys"]]
        if inner:  # Type-1 map: every field is one element of the inner list
            il = inner[0]
            k, v = il["keys"][0], [n for n in il["children"] if n != il["keys"][0]][0]
            out[il["name"]] = [{k: self._value(il["children"][k], f),
                                v: self._value(il["children"][v], val)}
                               for f, val in fields.items()]
            return out
        for f, val in fields.items():
            out[f] = self._value(leaves.get(f), val)
        return out

    def to_yang(self, db):
        """CONFIG_DB dict -> YANG JSON dict (tables without a model raise)."""
        doc = {}
        for table, entries in db.items():
            if not entries or table in UNMODELLED:
                continue
            module = TABLE_MODULE.get(table)
            if module is None or table not in self.tables:
                raise ValueError(f"no SONiC model here for table {table}")
            node = self.tables[table]
            top = doc.setdefault(f"{module}:{module}", {})
            if table == "DEVICE_METADATA":  # a container of containers, no list
                top[f"{module}:{table}"] = {
                    k: {f: self._value(node["children"].get(k, {}).get("children", {}).get(f), v)
                        for f, v in fields.items()} for k, fields in entries.items()}
                continue
            lists = [c for c in node["children"].values() if c["list"] and c["keys"]]
            body = {}
            for key, fields in entries.items():
                n = len(key.split("|"))
                lst = next((x for x in lists if len(x["keys"]) == n), lists[0])
                body.setdefault(lst["name"], []).append(self._entry(lst, key, fields))
            top[f"{module}:{table}"] = body
        return doc

    def validate(self, db):
        """(ok, yanglint's complaint) for a CONFIG_DB dict."""
        try:
            doc = self.to_yang(db)
        except ValueError as e:
            return False, str(e)
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(doc, f)
            path = f.name
        try:
            r = subprocess.run(["yanglint", "-Q", "-t", "config"] + _module_args(self.models) +
                               [path], capture_output=True, text=True)
        finally:
            os.unlink(path)
        errors = [l for l in r.stderr.splitlines() if "err" in l or "[E]" in l]
        return r.returncode == 0, "\n".join(errors)
