"""LLDP neighbour tables of the emulated switches, in each vendor's
documented shape (cited in vendors/switch/<vendor>/<vendor>_lldp.cpp), from
<switch dir>/lldp.json:
  {"neighbors": [{"port": "Ethernet0", "system_name": "gpu01",
                  "port_id": "0c:42:a1:00:00:01", "chassis_id": "0c:42:a1:00:00:01"}]}
Without lldp.json the table is empty. Only vendors rocecfg reads an LLDP
table from answer (SONiC, Cumulus, EOS, NX-OS, Huawei CE, Junos).
"""
import json


def _neighbors(sw):
    doc = json.loads(sw.read("lldp.json", "null") or "null") or {}
    return doc.get("neighbors", [])


def _table(headers, rows):
    """python-tabulate "simple", strings left-aligned (as lldpshow and NVUE print)."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    return "\n".join([line(headers), "  ".join("-" * w for w in widths)] + [line(r) for r in rows])


def _sonic(sw, command):
    if command != "show lldp table":
        return None
    ns = _neighbors(sw)
    rows = [[n["port"], n.get("system_name", ""), n.get("port_id", ""), "", n.get("port_descr", "")]
            for n in ns]
    return ("Capability codes: (R) Router, (B) Bridge, (O) Other\n"
            + _table(["LocalPort", "RemoteDevice", "RemotePortID", "Capability", "RemotePortDescr"], rows)
            + "\n" + "-" * 50 + "\nTotal entries displayed:  %d" % len(ns))


def _cumulus(sw, command, error, ports):
    words = command.split()
    if len(words) != 6 or words[:3] != ["nv", "show", "interface"] or words[4:] != ["lldp", "neighbor"]:
        return None
    if words[3] not in ports + [n["port"] for n in _neighbors(sw)]:
        raise error("Error: The requested item does not exist.")
    rows = [[n.get("system_name", ""), "", "", "", n.get("port_id", "")]
            for n in _neighbors(sw) if n["port"] == words[3]]
    if not rows:
        return ""
    return _table(["Neighbor", "Remote IP", "Model", "SW Version", "Remote Port"], rows)


def _eos(sw, command):
    if command != "show lldp neighbors | json":
        return None
    ns = _neighbors(sw)
    return json.dumps({"tablesDrops": 0, "tablesAgeOuts": 0, "tablesDeletes": 0,
                       "tablesInserts": len(ns),
                       "lldpNeighbors": [{"neighborDevice": n.get("system_name") or n.get("chassis_id", ""),
                                          "neighborPort": n.get("port_id", ""), "port": n["port"],
                                          "ttl": 120} for n in ns]}, indent=2)


def _nxos(sw, command):
    if command != "show lldp neighbors | json":
        return None
    ns = _neighbors(sw)
    if not ns:
        return ""
    rows = [{"chassis_type": "7", "chassis_id": n.get("system_name") or n.get("chassis_id", ""),
             "l_port_id": n["port"].replace("Ethernet", "Eth", 1), "ttl": "120",
             "system_capability": "S", "enabled_capability": "S", "port_type": "3",
             "port_id": n.get("port_id", "")} for n in ns]
    return json.dumps({"neigh_hdr": "neigh_hdr",
                       "TABLE_nbor": {"ROW_nbor": rows[0] if len(rows) == 1 else rows}}, indent=2)


def _huawei(sw, command):
    """`display lldp neighbor brief` as the CE6800 V300R023C00 reference prints
    it: header names one space apart, rows under a rule, not aligned under
    the header (its example's spacing, kept)."""
    if command != "display lldp neighbor brief":
        return None
    lines = ["Local Interface         Exptime(s) Neighbor Interface      Neighbor Device",
             "-" * 74]
    for n in _neighbors(sw):
        lines.append("%-26s %-12s %-18s %s" % (n["port"], n.get("exptime", 96), n.get("port_id", ""),
                                               n.get("system_name", "")))
    return "\n".join(lines) + "\n"


def _junos(sw, command):
    """`show lldp neighbors detail | display json`: Junos's JSON rendering of
    the RPC reply, every leaf a one-element list of {"data": text}; no
    neighbour, no lldp-neighbor-information list."""
    if command != "show lldp neighbors detail | display json":
        return None
    d = lambda v: [{"data": v}]
    rows = [{"lldp-local-port-id": d(n["port"]),
             "lldp-local-parent-interface-name": d("-"),
             "lldp-remote-chassis-id-subtype": d("Mac address"),
             "lldp-remote-chassis-id": d(n.get("chassis_id", "")),
             "lldp-remote-port-id-subtype": d("Mac address"),
             "lldp-remote-port-id": d(n.get("port_id", "")),
             "lldp-remote-port-description": d(n.get("port_descr", "")),
             "lldp-remote-system-name": d(n.get("system_name", ""))} for n in _neighbors(sw)]
    info = {"lldp-neighbor-information": rows} if rows else {}
    return json.dumps({"lldp-neighbors-information": [info]}, indent=4)


def answer(sw, vendor, command, error, ports):
    """The LLDP table for `command`, or None when it is not an LLDP command."""
    if vendor == "sonic":
        return _sonic(sw, command)
    if vendor == "cumulus":
        return _cumulus(sw, command, error, ports)
    if vendor == "eos":
        return _eos(sw, command)
    if vendor == "nxos":
        return _nxos(sw, command)
    if vendor == "huawei-ce":
        return _huawei(sw, command)
    if vendor == "junos":
        return _junos(sw, command)
    return None
