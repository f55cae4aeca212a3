"""Counter outputs of the emulated switches, in each vendor's documented format
(the shapes and their sources are cited in vendors/switch/<vendor>/*_counters.cpp;
the readers' unit tests use hand-written transcripts, this renders the same
shapes from a script so SSH tests can produce a storm on demand).

A switch's counters come from <switch dir>/counters.json:
  {"reads": [READ0, READ1, ...]}
READ = {"<port>": {"pfc_rx": [8], "pfc_tx": [8], "pfc_rx_us": [8], "pfc_tx_us": [8],
                   "drops": [8], "ecn": [8], "wd_storms": [8], "wd_restores": [8],
                   "wd_drops": [8], "watermark": [8], "fcs": N}, ...}
(missing fields are zeros). Every command has its own read count
(counters_reads.json): its n-th read shows READ[min(n, len - 1)], so the
first snapshot of `rocecfg counters` sees READ0 and the second READ1 --
like the lab's dcbsim steps. Without counters.json a switch shows zeros on
its first two ports. Nothing here resets on read (no vendor documents that).
"""
import json

import lldp_emu

DEFAULT_PORTS = {
    "cumulus": ["swp1", "swp2"],
    "sonic": ["Ethernet0", "Ethernet4"],
    "eos": ["Ethernet1/1", "Ethernet1/2"],
    "nxos": ["Ethernet1/1", "Ethernet1/2"],
    "huawei-ce": ["100GE1/0/1", "100GE1/0/2"],
    "h3c": ["HundredGigE1/0/1", "HundredGigE1/0/2"],
    "junos": ["et-0/0/1", "et-0/0/2"],
}
# The queue/priority the watchdog and PFC tables show (the profile's lossless one).
LOSSLESS = [3]


def _read_for(sw, command):
    script = json.loads(sw.read("counters.json", "null") or "null")
    reads = json.loads(sw.read("counters_reads.json", "{}") or "{}")
    n = reads.get(command, 0)
    reads[command] = n + 1
    sw.write("counters_reads.json", json.dumps(reads))
    if not script or not script.get("reads"):
        return None
    steps = script["reads"]
    return steps[min(n, len(steps) - 1)]


def _ports(vendor, read):
    return list(read.keys()) if read else DEFAULT_PORTS[vendor]


def _v(read, port, field, i=None):
    entry = (read or {}).get(port, {})
    val = entry.get(field, 0 if i is None else [0] * 16)
    if i is None:
        return int(val)
    return int(val[i]) if i < len(val) else 0


def _tabulate(headers, rows, right=True, indent=""):
    """python-tabulate's "simple" format as sonic-utilities prints it (right=True)
    or NVUE's left-aligned tables (right=False)."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    def line(cells):
        out = [(c.rjust(w) if right else c.ljust(w)) for c, w in zip(cells, widths)]
        return indent + "  ".join(out)
    lines = [line(headers), indent + "  ".join("-" * w for w in widths)]
    lines += [line(r) for r in rows]
    return "\n".join(lines)


def _comma(n):
    return f"{n:,}"


def _size(n):
    """NVUE sizes: "0 Bytes", "1.50 KB", "7.29 MB" (1024-based, two decimals)."""
    if n < 1024:
        return f"{n} Bytes"
    for unit, f in (("KB", 1024), ("MB", 1024 ** 2), ("GB", 1024 ** 3)):
        if n < f * 1024 or unit == "GB":
            return f"{n / f:.2f} {unit}"


# --- SONiC (sonic-utilities show commands) ---------------------------------

def _sonic(command, read):
    ports = _ports("sonic", read)
    if command == "show pfc counters":
        rx = [[p] + [_comma(_v(read, p, "pfc_rx", i)) for i in range(8)] for p in ports]
        tx = [[p] + [_comma(_v(read, p, "pfc_tx", i)) for i in range(8)] for p in ports]
        pfc = [f"PFC{i}" for i in range(8)]
        return _tabulate(["Port Rx"] + pfc, rx) + "\n\n" + _tabulate(["Port Tx"] + pfc, tx)
    if command == "show queue counters":
        blocks = []
        for p in ports:
            rows = [[p, f"UC{q}", "0", "0", str(_v(read, p, "drops", q)), "0"] for q in range(8)]
            blocks.append("For namespace :\n" + _tabulate(
                ["Port", "TxQ", "Counter/pkts", "Counter/bytes", "Drop/pkts", "Drop/bytes"], rows))
        return "\n\n".join(blocks) + "\n"
    if command == "show queue wredcounters":
        blocks = []
        for p in ports:
            rows = [[p, f"UC{q}", "0", "0", str(_v(read, p, "ecn", q)), "0"] for q in range(8)]
            blocks.append(_tabulate(["Port", "TxQ", "WredDrp/pkts", "WredDrp/bytes",
                                     "EcnMarked/pkts", "EcnMarked/bytes"], rows))
        return "\n\n".join(blocks) + "\n"
    if command == "show pfcwd stats":
        rows = []
        for p in ports:
            for q in LOSSLESS:
                det, rest = _v(read, p, "wd_storms", q), _v(read, p, "wd_restores", q)
                drops = _v(read, p, "wd_drops", q)
                rows.append([f"{p}:{q}", "stormed" if det > rest else "operational", f"{det}/{rest}",
                             f"0/{drops}", "0/0", f"0/{drops}", "0/0"])
        return _tabulate(["QUEUE", "STATUS", "STORM DETECTED/RESTORED", "TX OK/DROP", "RX OK/DROP",
                          "TX LAST OK/DROP", "RX LAST OK/DROP"], rows)
    if command == "show priority-group watermark shared":
        rows = [[p] + [str(_v(read, p, "watermark", g)) for g in range(16)] for p in ports]
        return "Ingress shared pool occupancy per PG:\n" + _tabulate(
            ["Port"] + [f"PG{g}" for g in range(16)], rows)
    return None


# --- Cumulus (NVUE) --------------------------------------------------------

def _cumulus(command, read):
    words = command.split()
    if len(words) < 5 or words[:3] != ["nv", "show", "interface"]:
        return None
    port, rest = words[3], " ".join(words[4:])
    if port not in _ports("cumulus", read):
        raise _error("Error: The requested item does not exist.")
    if rest == "counters qos pfc-stats":
        rows = [[str(i), str(_v(read, port, "pfc_rx", i)), str(_v(read, port, "pfc_rx_us", i)),
                 str(_v(read, port, "pfc_tx", i)), str(_v(read, port, "pfc_tx_us", i))] for i in range(8)]
        return _tabulate(["switch-priority", "rx-pause-frames", "rx-pause-duration", "tx-pause-frames",
                          "tx-pause-duration"], rows, right=False)
    if rest == "counters qos egress-queue-stats":
        rows = [[str(q), "0", "0 Bytes", _size(_v(read, port, "drops", q)), "0"] for q in range(8)]
        return _tabulate(["traffic-class", "tx-frames", "tx-bytes", "tx-uc-buffer-discards",
                          "wred-discards"], rows, right=False)
    if rest == "counters qos ingress-buffer-stats":
        rows = [[str(g), "0", "0 Bytes", "0 Bytes"] for g in range(8)]
        return _tabulate(["priority-group", "rx-frames", "rx-buffer-discards",
                          "rx-shared-buffer-discards"], rows, right=False)
    if rest == "counters qos port-stats":
        ecn = sum(_v(read, port, "ecn", q) for q in range(8))
        rows = [["ecn-marked-packets", "n/a", str(ecn)], ["mc-buffer-discards", "n/a", "0"],
                ["pause-frames", "0", "0"]]
        return _tabulate(["Counter", "Receive", "Transmit"], rows, right=False)
    rows = []
    for q in range(8):
        det, rest_ = _v(read, port, "wd_storms", q), _v(read, port, "wd_restores", q)
        rows.append([str(q), "DEADLOCK" if det > rest_ else "OK", str(det)])
    head = _tabulate(["", "operational", "applied"], [["state", "enabled", "enabled"]], right=False)
    table = _tabulate(["traffic-class", "status", "deadlock-count"], rows, right=False, indent="    ")
    lines = table.split("\n")
    return head + "\n\nPFC WD Status\n" + "=" * 27 + "\n" + "\n".join(lines[:2] + [""] + lines[2:])


# --- EOS (JSON) ------------------------------------------------------------

def _eos(command, read):
    ports = _ports("eos", read)
    if command == "show priority-flow-control counters | json":
        return json.dumps({"interfaceCounters": {
            p: {"rxFrames": sum(_v(read, p, "pfc_rx", i) for i in range(8)),
                "txFrames": sum(_v(read, p, "pfc_tx", i) for i in range(8))} for p in ports}}, indent=2)
    if command == "show priority-flow-control counters watchdog | json":
        out = {}
        for p in ports:
            qs = {str(q): {"stuckCount": _v(read, p, "wd_storms", q),
                           "recoveryCount": _v(read, p, "wd_restores", q)}
                  for q in range(8) if _v(read, p, "wd_storms", q)}
            if qs:  # EOS omits an interface until its first watchdog event
                out[p] = {"txQueues": qs}
        return json.dumps({"interfaces": out}, indent=2)
    if command == "show qos interfaces ecn counters queue | json":
        return json.dumps({"intfQueueCounters": {
            p: {"queueCounters": {str(q): (str(_v(read, p, "ecn", q)) if q in LOSSLESS else "-")
                                  for q in range(8)}} for p in ports}}, indent=2)
    if command == "show interfaces counters queue drops | json":
        return json.dumps({"egressQueueCounters": {"interfaces": {
            p: {"ucastQueues": {"trafficClasses": {
                f"TC{q}": {"dropPrecedences": {"DP0": {"droppedPackets": _v(read, p, "drops", q)}}}
                for q in range(8)}}} for p in ports}}}, indent=2)
    if command == "show interfaces counters errors | json":
        return json.dumps({"interfaceErrorCounters": {
            p: {"inErrors": 0, "frameTooLongs": 0, "outErrors": 0, "frameTooShorts": 0,
                "fcsErrors": _v(read, p, "fcs"), "alignmentErrors": 0, "symbolErrors": 0}
            for p in ports}}, indent=2)
    return None


# --- NX-OS, Huawei CE, H3C (text) -------------------------------------------

def _nxos(command, read):
    words = command.split()
    if words[:4] == ["show", "queuing", "pfc-queue", "interface"] and words[5:] == ["detail", "|", "json"]:
        return _nxos_watchdog(words[4], read)
    if len(words) == 6 and words[:3] == ["show", "queuing", "interface"] and words[4:] == ["|", "json"]:
        return _nxos_queuing(words[3], read)
    if command != "show interface priority-flow-control":
        return None
    rule = "=" * 60
    lines = [rule, f"{'Port':<19}{'Mode':<5}{'Oper(VL bmap)':<15}{'RxPPP':<11}TxPPP", rule, ""]
    for p in _ports("nxos", read):
        rx = sum(_v(read, p, "pfc_rx", i) for i in range(8))
        tx = sum(_v(read, p, "pfc_tx", i) for i in range(8))
        lines.append(f"{p:<19}{'On':<5}{'On (8)':<15}{rx:<11}{tx}")
    return "\n".join(lines)


def _nxos_watchdog(port, read):
    """`show queuing pfc-queue interface X detail | json`: the fields of the
    command's __readonly__ grammar (N9K Show Command Reference 9.3(x), command
    ID wp2075340328) in NX-API's TABLE_x/ROW_x nesting, one ROW_qosgrp_stats
    per no-drop QoS group (an object when there is one, as NX-API prints it).
    Two stat rows per group: this storm and the aggregate over storms."""
    if port not in _ports("nxos", read):
        raise _error("% Invalid interface format at '^' marker.")
    groups = []
    for q in LOSSLESS:
        shut, rest = _v(read, port, "wd_storms", q), _v(read, port, "wd_restores", q)
        drops = _v(read, port, "wd_drops", q)
        current = {"q-stat-type": "current", "q-shutdown": 1 if shut > rest else 0,
                   "q-restored": 0, "q-pkt-drained": 0, "q-pkt-dropped": 0,
                   "q-pkt-drained-n-dropped": 0, "q-aggr-pkt-dropped": 0,
                   "q-ing-pkt-dropped": 0, "q-ing-aggr-pkt-dropped": 0}
        aggregate = {"q-stat-type": "aggregate", "q-shutdown": shut, "q-restored": rest,
                     "q-pkt-drained": 0, "q-pkt-dropped": drops, "q-pkt-drained-n-dropped": 0,
                     "q-aggr-pkt-dropped": drops, "q-ing-pkt-dropped": 0,
                     "q-ing-aggr-pkt-dropped": 0}
        groups.append({"eq-qosgrp": q, "eq-qosgrp-state": "Stormed" if shut > rest else "Monitored",
                       "pfc-configured": "Yes", "pfc-cos": str(q),
                       "TABLE_qosgrp_stats_entry": {"ROW_qosgrp_stats_entry": [current, aggregate]}})
    row = {"if_name_str": port, "wd-status": "Enabled",
           "TABLE_qosgrp_stats": {"ROW_qosgrp_stats": groups[0] if len(groups) == 1 else groups}}
    return json.dumps({"glb-wd-status": "Enabled", "glb-wd-force-status": "Disabled",
                       "glb-wd-timer": "100", "glb-wd-timer-thresh": "0",
                       "glb-auto-restore": "10", "glb-fixed-restore": "10",
                       "glb-int-intf-multi": "0",
                       "TABLE_queuing_interface": {"ROW_queuing_interface": row}}, indent=2)


def _nxos_queuing(port, read):
    """`show queuing interface X | json`: NX-API's egress queuing per QoS
    group under TABLE_module (field names from allenrobel/nxapi-netbox
    lib/nxapi/nxapi_interface_egress_queuing.py @56c1a8dd): Tx, WRED/AFD &
    Tail Drop and ECN in Pkts and Byts, Q Depth in Byts, unicast and multicast
    values as strings; then the CONTROL and SPAN groups."""
    if port not in _ports("nxos", read):
        raise _error("% Invalid interface format at '^' marker.")
    def stat(kind, units, uc, mc="0"):
        return {"eq-stat-type": kind, "eq-stat-units": units,
                "eq-uc-stat-value": str(uc), "eq-mc-stat-value": str(mc)}
    groups = []
    for g in list(range(8)) + ["CONTROL QOS GROUP", "SPAN QOS GROUP"]:
        drops = _v(read, port, "drops", g) if isinstance(g, int) else 0
        ecn = _v(read, port, "ecn", g) if isinstance(g, int) else 0
        entries = [stat("Tx", "Pkts", 0), stat("Tx", "Byts", 0),
                   stat("WRED/AFD & Tail Drop", "Pkts", drops),
                   stat("WRED/AFD & Tail Drop", "Byts", drops * 1024),
                   stat("ECN", "Pkts", ecn), stat("ECN", "Byts", ecn * 1024),
                   {"eq-stat-type": "Q Depth", "eq-stat-units": "Byts", "eq-uc-stat-value": "0"}]
        groups.append({"eq-qosgrp": str(g),
                       "TABLE_qosgrp_egress_stats_entry": {"ROW_qosgrp_egress_stats_entry": entries}})
    return json.dumps({"TABLE_module": {"ROW_module": {
        "module_number": "1", "TABLE_queuing_interface": {"ROW_queuing_interface": {
            "TABLE_qosgrp_egress_stats": {"ROW_qosgrp_egress_stats": groups}}}}}}, indent=2)


def _huawei(command, read):
    for prefix, render in (("display qos queue statistics interface ", _huawei_queues),
                           ("display qos ecn statistics interface ", _huawei_ecn)):
        if command.startswith(prefix) and " " not in command[len(prefix):]:
            port = command[len(prefix):]
            if port not in _ports("huawei-ce", read):
                raise _error("Error: Wrong parameter found at '^' position.")
            return render(port, read)
    if command == "display interface counters errors":
        return _huawei_errors(read)
    if command != "display dcb pfc":
        return None
    rule = "-" * 89
    lines = [rule,
             "Interface         Queue         Received(Frames)        ReceivedRate(pps)     DeadlockNum",
             "                             Transmitted(Frames)     TransmittedRate(pps)     RecoveryNum",
             rule]
    for p in _ports("huawei-ce", read):
        for q in LOSSLESS:
            lines.append(f"{p:<18}{q:>6}{_v(read, p, 'pfc_rx', q):>24}{0:>25}{_v(read, p, 'wd_storms', q):>16}")
            lines.append(f"{'':<24}{_v(read, p, 'pfc_tx', q):>24}{0:>25}{_v(read, p, 'wd_restores', q):>16}")
    lines.append(rule)
    return "\n".join(lines)


def _huawei_errors(read):
    """`display interface counters errors` (CE6800 V300R023C00 command
    reference example): a block per interface, two "Name :N" pairs a line;
    the script's fcs is the CRC count."""
    lines = []
    for p in _ports("huawei-ce", read):
        lines += ["", f" interface {p} Errors:",
                  f" {'CRC':<9}:{_v(read, p, 'fcs'):<20} {'Giants':<11}:0",
                  f" {'Symbols':<9}:{0:<20} {'Alignments':<11}:0",
                  f" {'Runts':<9}:{0:<20} {'Jabbers':<11}:0",
                  f" {'Fragments':<9}:{0:<20} {'OutDiscards':<11}:0"]
    return "\n".join(lines) + "\n"


def _huawei_queues(port, read):
    """`display qos queue statistics interface X` as the CE6800 V300R023C00
    command reference's example prints it: two lines per queue (packets, then
    bytes) between rules."""
    rule = " " + "-" * 94
    lines = [" Queue   CIR/PIR              Passed     Pass Rate             Dropped     Drop Rate  Drop Time",
             "        (% or kbps)   (Packets/Bytes)    (pps/bps)      (Packets/Bytes)    (pps/bps)",
             rule]
    for q in range(8):
        drops = _v(read, port, "drops", q)
        # Drop Time: the example shows only "-"; the reader takes the numbers before it.
        lines.append(f"{q:>6}{0:>10}{0:>20}{0:>14}{drops:>20}{0:>14}          -")
        lines.append(f"{100000000:>16}{0:>20}{0:>14}{drops * 1024:>20}{0:>14}")
        lines.append(rule)
    return "\n".join(lines)


def _huawei_ecn(port, read):
    """`display qos ecn statistics interface X` (CE6800 V300R023C00 command
    reference example): ECN-marked packets per interface."""
    ecn = sum(_v(read, port, "ecn", q) for q in range(8))
    rule = "-" * 36
    return "\n".join([f"{'Interface':<19}ECN-marked packets", rule, f"{port:<19}{ecn:>10}", rule])


def _h3c(command, read):
    if command != "display priority-flow-control interface":
        return None
    lines = ["Conf -- Configured mode   Ne -- Negotiated mode   P -- Priority",
             f"{'Interface':<18}{'Conf':<5}{'Ne':<4}{'Dot1pList':<12}{'P':<2}{'Recv':<11}{'Send':<11}"
             f"{'Inpps':<11}Outpps"]
    for p in _ports("h3c", read):
        for q in LOSSLESS:
            lines.append(f"{p:<18}{'Auto':<5}{'On':<4}{','.join(map(str, LOSSLESS)):<12}{q:<2}"
                         f"{_v(read, p, 'pfc_rx', q):<11}{_v(read, p, 'pfc_tx', q):<11}{0:<11}0")
    return "\n".join(lines)


JUNOS_JSON = " | display json"


def _junos_json(command, read):
    """`show interfaces extensive <port> | display json`: the physical
    interface with its ethernet-pfcwd-statistics (Juniper/yang
    junos-rpc-interfaces), one entry per lossless queue, only where the
    script gives the port watchdog fields: which releases print the block,
    and for which queues, is not documented, so a port without them shows
    none (the reader then says the watchdog was not read)."""
    port = command[len(PER_PORT["junos"][0]):-len(JUNOS_JSON)]
    leaf = lambda v: [{"data": str(v)}]
    phy = {"name": leaf(port), "oper-status": leaf("up")}
    entry = (read or {}).get(port, {})
    if any(k in entry for k in ("wd_storms", "wd_restores", "wd_drops")):
        phy["ethernet-pfcwd-statistics"] = [
            {"queue-number": leaf(q), "detected": leaf(_v(read, port, "wd_storms", q)),
             "recovered": leaf(_v(read, port, "wd_restores", q)),
             "last-count": leaf(_v(read, port, "wd_drops", q)),
             "total-count": leaf(_v(read, port, "wd_drops", q))} for q in LOSSLESS]
    return json.dumps({"interface-information": [{"physical-interface": [phy]}]}, indent=2)


def _junos(command, read):
    """`show interfaces extensive <port>`: the Queue counters table and the MAC
    Priority Flow Control Statistics rows; `show interfaces queue <port>`: the
    per-queue sections with their ECN-CE rows; the JSON form: _junos_json
    (vendors/switch/junos/junos_counters.cpp)."""
    if command.endswith(JUNOS_JSON):
        return _junos_json(command, read)
    if command.startswith(PER_PORT["junos"][1]):
        port = command[len(PER_PORT["junos"][1]):]
        lines = [f"Physical interface: {port}, Enabled, Physical link is Up",
                 "Forwarding classes: 16 supported, 8 in use",
                 "Egress queues: 12 supported, 8 in use"]
        for q in range(8):
            drops = _v(read, port, "drops", q)
            lines += [f"Queue: {q}, Forwarding classes: rocecfg-q{q}",
                      "  Queued:",
                      f"    Packets              :{1000 + drops:>22}{0:>22} pps",
                      "  Transmitted:",
                      f"    Packets              :{1000:>22}{0:>22} pps",
                      f"    Tail-dropped packets :{drops:>22}{0:>22} pps",
                      f"    ECN-CE packets       :{_v(read, port, 'ecn', q):>22}{0:>22} pps"]
        return "\n".join(lines)
    port = command[len(PER_PORT["junos"][0]):]
    lines = [f"Physical interface: {port}, Enabled, Physical link is Up",
             "  Link-level type: Ethernet, MTU: 9216, LAN-PHY mode, Speed: 400Gbps",
             "  Queue counters:       Queued packets  Transmitted packets      Dropped packets"]
    for q in range(8):
        drops = _v(read, port, "drops", q)
        lines.append(f"    {q:<21}{1000 + drops:>12}{1000:>21}{drops:>21}")
    lines += ["  MAC statistics:                      Receive         Transmit",
              "  MAC Priority Flow Control Statistics:"]
    for p in range(8):
        lines.append(f"    Priority :  {p}{_v(read, port, 'pfc_rx', p):>30}"
                     f"{_v(read, port, 'pfc_tx', p):>17}")
    return "\n".join(lines)


RENDER = {"sonic": _sonic, "cumulus": _cumulus, "eos": _eos, "nxos": _nxos,
          "huawei-ce": _huawei, "h3c": _h3c, "junos": _junos}
COMMANDS = {
    "sonic": {"show pfc counters", "show queue counters", "show queue wredcounters",
              "show pfcwd stats", "show priority-group watermark shared"},
    "eos": {"show priority-flow-control counters | json",
            "show priority-flow-control counters watchdog | json",
            "show qos interfaces ecn counters queue | json",
            "show interfaces counters queue drops | json",
            "show interfaces counters errors | json"},
    "nxos": {"show interface priority-flow-control"},
    "huawei-ce": {"display dcb pfc", "display interface counters errors"},
    "h3c": {"display priority-flow-control interface"},
}
# Per-port commands: the prefix, then one interface name.
PER_PORT = {"huawei-ce": ("display qos queue statistics interface ",
                          "display qos ecn statistics interface "),
            "junos": ("show interfaces extensive ", "show interfaces queue ")}
CUMULUS_SUFFIXES = ("counters qos pfc-stats", "counters qos egress-queue-stats",
                    "counters qos ingress-buffer-stats", "counters qos port-stats",
                    "qos pfc-watchdog")


class _Rejected(Exception):
    pass


_error = _Rejected  # emu_core replaces it with its CommandError


def is_counter_command(vendor, command):
    if vendor == "cumulus":
        words = command.split()
        return (len(words) >= 5 and words[:3] == ["nv", "show", "interface"]
                and " ".join(words[4:]) in CUMULUS_SUFFIXES)
    if vendor == "nxos":
        words = command.split()
        if (len(words) == 8 and words[:4] == ["show", "queuing", "pfc-queue", "interface"]
                and words[5:] == ["detail", "|", "json"]):
            return True
        if len(words) == 6 and words[:3] == ["show", "queuing", "interface"] and words[4:] == ["|", "json"]:
            return True
    if vendor == "junos" and command.endswith(JUNOS_JSON):
        command = command[:-len(JUNOS_JSON)]
        if not command.startswith(PER_PORT["junos"][0]):
            return False
    if vendor in PER_PORT:
        for prefix in PER_PORT[vendor]:
            if command.startswith(prefix) and command[len(prefix):] and " " not in command[len(prefix):]:
                return True
    return command in COMMANDS.get(vendor, ())


def answer(sw, vendor, command):
    """The counter (or LLDP table) output for `command`, or None when it is neither."""
    lldp = lldp_emu.answer(sw, vendor, command, _error, DEFAULT_PORTS["cumulus"])
    if lldp is not None:
        return lldp
    if not is_counter_command(vendor, command):
        return None
    return RENDER[vendor](command, _read_for(sw, command))
