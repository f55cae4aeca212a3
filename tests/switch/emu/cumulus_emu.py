"""Cumulus Linux 5.x NVUE, as far as rocecfg touches it.

`nv set`/`nv unset` stage operations in a pending revision; `nv config apply
-y` applies the whole revision atomically (validation first: nothing changes
when any staged line is bad); `nv config detach` discards it; `nv config show
-o commands` prints the applied revision as `nv set` lines. The startup
configuration (/etc/nvue.d/startup.yaml) is kept apart: this is CL 5.8 or
earlier, where auto-save is off by default and only `nv config save` writes
it (CumulusNetworks/docs content/nvue-reference/Config-Commands.md, "nv config
apply" and "nv config save"), so a missing save is visible. Only the NVUE
paths in SCHEMA are accepted; anything else fails like NVUE does
("Error: ... is not a valid ..."), so a renderer typo cannot pass the tests.
"""
import re

from emu_core import CommandError, Personality

IDX = r"\d+(?:[,-]\d+)*"
IFL = r"[a-z]+\d+(?:-\d+)?(?:,[a-z]+\d+(?:-\d+)?)*"
# (regex over the words after "nv set", positions holding lists to expand,
#  True when the last word is the value)
SCHEMA = [
    (r"system hostname [\w.-]+", [], True),
    (r"qos roce", [], False),
    (r"qos roce mode (lossless|lossy)", [], True),
    (r"qos mapping default-global trust (l2|l3|both|port)", [], True),
    (rf"qos mapping default-global dscp {IDX} switch-priority [0-7]", [4], True),
    (rf"qos egress-queue-mapping default-global switch-priority {IDX} traffic-class [0-7]", [4], True),
    (r"qos pfc default-global switch-priority [0-7](,[0-7])*", [], True),
    # 1-100000 m (NVUE reference QoS.md, nv set qos pfc <profile-id> cable-length)
    (r"qos pfc default-global cable-length ([1-9]\d{0,4}|100000)", [], True),
    (r"qos traffic-pool (default-lossless|default-lossy) memory-percent (\d|[1-9]\d|100)", [], True),
    (rf"qos congestion-control default-global traffic-class {IDX} (ecn|red) (enable|disable)", [4], True),
    (rf"qos congestion-control default-global traffic-class {IDX} (min-threshold|max-threshold) \d+", [4], True),
    (rf"qos congestion-control default-global traffic-class {IDX} probability ([1-9]\d?|100)", [4], True),
    (rf"qos egress-scheduler default-global traffic-class {IDX} mode (strict|dwrr)", [4], True),
    (rf"qos egress-scheduler default-global traffic-class {IDX} bw-percent (\d|[1-9]\d|100)", [4], True),
    (r"qos pfc-watchdog polling-interval \d+", [], True),
    (r"qos pfc-watchdog robustness \d+", [], True),
    (rf"interface {IFL} type swp", [1], True),
    (rf"interface {IFL} link mtu \d+", [1], True),
    (rf"interface {IFL} qos pfc-watchdog", [1], False),
    (rf"interface {IFL} qos pfc-watchdog state (enable|disable)", [1], True),
]


# What a real spine's applied revision holds besides the ports and QoS, so
# that reads over SSH see a whole config (issue 31): the `nv config show`
# of a Cumulus Linux 5.9.2 SN2010 spine (ytti/oxidized spec/model/data/
# cumulus#MSN2010_5.9.2_nvue#custom_simulation.yaml @687ed426, the wild
# config oxidized-spine1-nyc2-msn2010-5.9.2-nv-config-show.yaml) as `-o
# commands` lines: management VRF, BGP unnumbered fabric with BFD, SNMP,
# syslog, AAA classes and roles, control-plane ACLs, WJH, ssh-server. Its
# anonymised addresses are documentation addresses here (RFC 5737), its SNMP
# user (a secret) is left out, its ports are this emulator's 32. A trailing
# "{}" marks a presence line (no value).
BASE_CONFIG = [
    "interface eth0 ip address 192.0.2.10/23 {}",
    "interface eth0 ip gateway 192.0.2.1 {}",
    "interface eth0 ip vrf mgmt",
    "interface eth0 type eth",
    "interface eth0,swp29-32 link state up {}",
    "interface lo ip address 198.51.100.1/32 {}",
    "interface lo type loopback",
    "interface swp1-28 description 'UNUSED 25G PORTS'",
    "interface swp29 description '100G Link to edge1'",
    "interface swp30 description '100G Link to edge2'",
    "interface swp31 description '100G Link to leaf1'",
    "interface swp32 description '100G Link to leaf2'",
    "interface swp29-32 ip neighbor-discovery router-advertisement interval 10000",
    "router bgp autonomous-system 65432",
    "router bgp enable on",
    "router bgp router-id 198.51.100.1",
    "service snmp-server enable on",
    "service snmp-server listening-address localhost {}",
    "service snmp-server viewname systemview included 1.3.6.1.2.1",
    "service syslog mgmt server 192.0.2.50 {}",
    "system aaa class nvapply action allow",
    "system aaa class nvapply command-path / permission all",
    "system aaa class nvshow action allow",
    "system aaa class nvshow command-path / permission ro",
    "system aaa class sudo action allow",
    "system aaa class sudo command-path / permission all",
    "system aaa role nvue-admin class nvapply {}",
    "system aaa role nvue-monitor class nvshow {}",
    "system aaa role system-admin class nvapply {}",
    "system aaa role system-admin class sudo {}",
    "system aaa user cumulus full-name cumulus,,,",
    "system aaa user cumulus role system-admin",
    "system api state enabled",
    "system cli inactive-timeout 1800",
    "system control-plane acl acl-default-dos inbound {}",
    "system control-plane acl acl-default-whitelist inbound {}",
    "system reboot mode cold",
    "system ssh-server authentication-retries 10",
    "system ssh-server inactive-timeout 1800",
    "system ssh-server login-timeout 200",
    "system ssh-server state enabled",
    "system timezone Etc/UTC",
    "system wjh channel forwarding trigger l2 {}",
    "system wjh channel forwarding trigger l3 {}",
    "system wjh enable on",
    "vrf default router bgp address-family ipv4-unicast enable on",
    "vrf default router bgp address-family ipv4-unicast redistribute connected enable on",
    "vrf default router bgp address-family ipv6-unicast enable on",
    "vrf default router bgp address-family l2vpn-evpn enable on",
    "vrf default router bgp enable on",
    "vrf default router bgp neighbor swp29 peer-group fabric",
    "vrf default router bgp neighbor swp29 type unnumbered",
    "vrf default router bgp neighbor swp30 peer-group fabric",
    "vrf default router bgp neighbor swp30 type unnumbered",
    "vrf default router bgp neighbor swp31 peer-group fabric",
    "vrf default router bgp neighbor swp31 type unnumbered",
    "vrf default router bgp neighbor swp32 peer-group fabric",
    "vrf default router bgp neighbor swp32 type unnumbered",
    "vrf default router bgp path-selection multipath aspath-ignore on",
    "vrf default router bgp peer-group fabric address-family ipv4-unicast enable on",
    "vrf default router bgp peer-group fabric address-family ipv4-unicast nexthop-setting self",
    "vrf default router bgp peer-group fabric address-family l2vpn-evpn enable on",
    "vrf default router bgp peer-group fabric bfd detect-multiplier 3",
    "vrf default router bgp peer-group fabric bfd enable on",
    "vrf default router bgp peer-group fabric bfd min-rx-interval 400",
    "vrf default router bgp peer-group fabric bfd min-tx-interval 400",
    "vrf default router bgp peer-group fabric capabilities extended-nexthop on",
    "vrf default router bgp peer-group fabric description 'spine leaf bgp peer-group'",
    "vrf default router bgp peer-group fabric remote-as external",
]


def expand(word):
    out = []
    for item in word.split(","):
        m = re.fullmatch(r"([a-z]*)(\d+)(?:-(\d+))?", item)
        if not m:
            raise CommandError(f"Error: '{word}' is not a valid list")
        prefix, a, b = m.group(1), int(m.group(2)), int(m.group(3) or m.group(2))
        if b < a:
            raise CommandError(f"Error: '{word}' is not a valid range")
        out += [f"{prefix}{i}" for i in range(a, b + 1)]
    return out


def natural(key):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", key)]


class Cumulus(Personality):
    name = "cumulus"

    def factory_state(self, switch_name):
        applied = {f"system hostname": switch_name}
        for i in range(1, 33):
            applied[f"interface swp{i} type"] = "swp"
        for line in BASE_CONFIG:
            words = line.split(" ")
            if line.endswith("'"):  # a quoted value of several words
                key, value = line[: line.index(" '")], line[line.index(" '") + 1:]
            elif words[-1] == "{}":
                key, value = " ".join(words[:-1]), None
            else:
                key, value = " ".join(words[:-1]), words[-1]
            applied[key] = value
        return {"applied": applied, "pending": None, "revision": 1, "startup": dict(applied)}

    def _resolve(self, words):
        """Validate one `nv set` path; return [(key, value)] after expansion."""
        line = " ".join(words)
        for pattern, lists, has_value in SCHEMA:
            if re.fullmatch(pattern, line):
                combos = [[]]
                for i, w in enumerate(words):
                    choices = expand(w) if i in lists else [w]
                    combos = [c + [x] for c in combos for x in choices]
                out = []
                for c in combos:
                    if has_value:
                        out.append((" ".join(c[:-1]), c[-1]))
                    else:
                        out.append((" ".join(c), None))
                return out
        raise CommandError(f"Error: '{line}' is not a valid NVUE command path")

    def exec(self, state, argv):
        if argv[:1] == ["sudo"]:
            argv = argv[1:]
        if argv[:1] != ["nv"] or len(argv) < 2:
            return super().exec(state, argv)
        verb, rest = argv[1], argv[2:]
        if verb == "set":
            kv = self._resolve(rest)
            state["pending"] = (state.get("pending") or []) + [["set", k, v] for k, v in kv]
            return ""
        if verb == "unset":
            state["pending"] = (state.get("pending") or []) + [["unset", " ".join(rest), None]]
            return ""
        if verb == "config":
            return self._config(state, rest)
        raise CommandError(f"Error: unknown nv command '{verb}'")

    def _config(self, state, rest):
        if rest == ["detach"]:
            state["pending"] = None
            return ""
        if rest[:1] == ["apply"]:
            if "-y" not in rest and "--assume-yes" not in rest:
                raise CommandError("Error: apply needs confirmation; use -y (no terminal)")
            ops = state.get("pending")
            if not ops:
                return "Warning: no pending changes to apply"
            applied = dict(state["applied"])
            for op, key, value in ops:
                if op == "set":
                    applied[key] = value
                else:
                    for k in [k for k in applied if k == key or k.startswith(key + " ")]:
                        del applied[k]
            self._check(applied)
            state["applied"] = applied
            state["pending"] = None
            state["revision"] = state.get("revision", 1) + 1
            return f"applied [rev_id: {state['revision']}]"
        if rest == ["save"]:
            state["startup"] = dict(state["applied"])
            return ""
        if rest[:3] == ["show", "-o", "commands"]:
            lines = []
            for key in sorted(state["applied"], key=natural):
                value = state["applied"][key]
                lines.append(f"nv set {key}" + ("" if value is None else f" {value}"))
            return "\n".join(lines)
        if rest == ["diff"]:
            return "\n".join(f"nv {op} {k}" + ("" if v is None else f" {v}")
                             for op, k, v in state.get("pending") or [])
        raise CommandError(f"Error: unknown nv config command '{' '.join(rest)}'")

    def _check(self, applied):
        # Buffer pools (CL 5.14 QoS guide, "Flow Control Buffers"): by default
        # 100 % of the buffer is default-lossy; the pools together may not
        # exceed 100 %; PFC needs a lossless pool first. What a real switch
        # does with PFC and no lossless pool is not documented (the guide
        # only orders the steps); the emulator refuses it so that a push
        # that skips the pool is visible in the tests.
        pool = {p: int(applied.get(f"qos traffic-pool {p} memory-percent", d))
                for p, d in (("default-lossy", 100), ("default-lossless", 0))}
        if sum(pool.values()) > 100:
            raise CommandError(f"Error: traffic pools total {sum(pool.values())}% (more than 100%)")
        if ("qos pfc default-global switch-priority" in applied and not any(k.startswith("qos roce") for k in applied)
                and pool["default-lossless"] == 0):
            raise CommandError("Error: PFC needs a lossless traffic pool: "
                               "set qos traffic-pool default-lossless memory-percent")
        # NVUE validates the whole revision on apply: ECN min above max fails.
        for k, v in applied.items():
            if k.endswith(" min-threshold"):
                # factory max-threshold: 1500000 B (CL 5 QoS guide, default ECN configuration)
                mx = applied.get(k[: -len("min-threshold")] + "max-threshold", "1500000")
                if int(v) > int(mx):
                    raise CommandError(f"Error: {k} {v} is above max-threshold {mx}")
