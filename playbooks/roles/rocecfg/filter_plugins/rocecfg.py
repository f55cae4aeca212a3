"""Filters the rocecfg role reads rocecfg's --json documents with
(cmd/schemas/): which RDMA ports to wait for after an apply, why an audited
host drifted, and the switch batches of a rollout. The facts stay in
rocecfg; these only select from its output."""

import json


def _payload(text):
    """The payload of a rocecfg --json document (or the document itself)."""
    doc = json.loads(text) if isinstance(text, str) else (text or {})
    return doc.get("payload") or doc


def rocecfg_rdma_ports(show_host, netdevs, state=None):
    """The RDMA ports of `rocecfg show host --json` whose netdev is one of
    `netdevs` (and, with `state`, in that state), as "mlx5_0/1 (ens1f0np0)"."""
    out = []
    for dev in _payload(show_host).get("host", {}).get("rdma_devices", []):
        for port in dev.get("ports", []):
            if port.get("netdev") not in netdevs:
                continue
            if state is not None and port.get("state") != state:
                continue
            out.append("%s/%s (%s)" % (dev.get("name"), port.get("port"), port.get("netdev")))
    return out


def _value(v):
    return "unset" if v is None else json.dumps(v) if not isinstance(v, str) else v


def rocecfg_drift(steps):
    """Each audit step (payload.plan.steps) with `why`: what the host has and
    what the profile wants, in place of the plan's step-order `reason`."""
    out = []
    for s in steps or []:
        what = "%s %s" % (s.get("target"), s.get("knob"))
        if s.get("kind") == "unsupported":
            why = "%s: the profile wants %s, which this host cannot set (unsupported)" % (
                what, _value(s.get("after")))
        else:
            why = "%s is %s, the profile wants %s" % (
                what, _value(s.get("before")), _value(s.get("after")))
        row = {k: s.get(k) for k in ("target", "knob", "kind", "before", "after")}
        row["why"] = why
        out.append(row)
    return out


def rocecfg_switch_batches(validate, size, per_rail=False):
    """The inventory's switches (`rocecfg validate --inventory --json`,
    payload.switches) in batches of `size`; with `per_rail`, no batch spans
    two rails (rail order, switches on no rail last)."""
    size = max(1, int(size))
    switches = _payload(validate).get("switches", [])
    groups = []
    if per_rail:
        by_rail = {}
        for s in switches:
            rails = s.get("rails") or []
            by_rail.setdefault(min(rails) if rails else None, []).append(s["name"])
        keys = sorted(k for k in by_rail if k is not None) + ([None] if None in by_rail else [])
        groups = [by_rail[k] for k in keys]
    else:
        groups = [[s["name"] for s in switches]]
    return [g[i:i + size] for g in groups for i in range(0, len(g), size)]


class FilterModule:
    def filters(self):
        return {
            "rocecfg_rdma_ports": rocecfg_rdma_ports,
            "rocecfg_drift": rocecfg_drift,
            "rocecfg_switch_batches": rocecfg_switch_batches,
        }
