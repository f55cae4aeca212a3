"""SONiC's generic config updater (GCU) as far as `config rollback` goes:
the checkpoint is diffed against CONFIG_DB into a JSON patch, and the patch
is checked by GCU's field operation validators *before anything changes*;
one refused element fails the whole rollback, CONFIG_DB untouched.

Source: sonic-net/sonic-utilities @691b1bbc4fd2b71657d1b0b334c37136deb51526
  config/main.py                 rollback: "Config rolled back successfully." or
                                 "Failed to rollback config" + ctx.fail(ex) (click
                                 UsageError: usage, hint, "Error: <ex>", exit 2)
  generic_config_updater/generic_updater.py
                                 FileSystemConfigRollbacker -> ConfigReplacer ->
                                 PatchApplier.apply: validate_field_operation first,
                                 then empty tables, then the patch sorter (YANG)
  generic_config_updater/gu_common.py
                                 validate_field_operation: illegal removes of
                                 /PFC_WD/GLOBAL[/POLL_INTERVAL], then per patch
                                 element the table's validators from the conf
  generic_config_updater/field_operation_validators.py
                                 get_asic_name (asic_type + hwsku),
                                 rdma_config_update_validator(_common),
                                 buffer_profile_config_update_validator
  generic_config_updater/gcu_field_operation_validators.conf.json
                                 the tables, scenarios, platforms and releases below

Simplifications, each harmless to what rocecfg sends: the patch is built in
sorted key order without jsonpatch's move detection (jsonpatch iterates sets,
so the real order varies between runs; a "move" would be refused by the
PFC_WD validator like any op it does not list); only a few SKUs of each ASIC
family are listed; PORT's fec/speed validator and the YANG stage after the
validators are not modelled (rocecfg changes neither fec nor speed, and the
emulator refuses YANG-invalid writes when they are made).
"""

import re

CONF_FILE = "generic_config_updater.field_operation_validators"

# helper_data.rdma_config_update_validator: hwsku -> ASIC family (a subset).
MELLANOX_SKUS = {
    "spc1": ["ACS-MSN2700", "Mellanox-SN2700", "Mellanox-SN2700-D48C8"],
    "spc2": ["ACS-MSN3800", "ACS-MSN3700", "Mellanox-SN3800-D112C8"],
    "spc3": ["ACS-MSN4700", "ACS-MSN4600C", "Mellanox-SN4600C-C64"],
    "spc4": ["ACS-SN5600", "Mellanox-SN5600-O128"],
}
BROADCOM_SKUS = {
    "th": ["Force10-S6100", "Arista-7060CX-32S-C32", "Celestica-DX010-C32"],
    "th2": ["Arista-7260CX3-C64", "Arista-7260CX3-Q64"],
    "td2": ["Force10-S6000", "Arista-7050-QX32"],
    "td3": ["Arista-7050CX3-32S-C32", "Arista-7050CX3-32C-C32"],
}

# The releases from which a scenario is allowed, per ASIC family ("" or
# absent: never).
_RDMA_RELEASES = {"spc1": "20181100", "spc2": "20191100", "spc3": "20220500",
                  "spc4": "20221100", "td2": "20181100", "th": "20181100",
                  "th2": "20181100", "td3": "20201200", "cisco-8000": "20201200"}
_XOFF_RELEASES = dict(_RDMA_RELEASES, spc1="20191100", td2="", th="20221100",
                      th2="20221100", td3="20221100")
SCENARIOS = {
    "PFC_WD": [{"fields": ["restoration_time", "detection_time", "action",
                           "global/poll_interval", "pfc_stat_history", ""],
                "operations": ["remove", "add", "replace"],
                "platforms": _RDMA_RELEASES}],
    # "Shared/headroom pool size changes": no field, no op, no platform.
    "BUFFER_POOL": [{"fields": [], "operations": [], "platforms": {}}],
    "BUFFER_PROFILE": [
        {"fields": ["dynamic_th"], "operations": ["replace"], "platforms": _RDMA_RELEASES},
        {"fields": ["xoff"], "operations": ["replace"], "platforms": _XOFF_RELEASES},
    ],
}
VALIDATOR = {"PFC_WD": "rdma_config_update_validator",
             "BUFFER_POOL": "rdma_config_update_validator",
             "BUFFER_PROFILE": "buffer_profile_config_update_validator"}
ILLEGAL_REMOVES = ["/PFC_WD/GLOBAL/POLL_INTERVAL", "/PFC_WD/GLOBAL", "/LOOPBACK_INTERFACE/Loopback0"]


class Refused(Exception):
    """GCU refused the patch: the message is str(ex) as ctx.fail prints it."""


def asic_name(asic_type, hwsku):
    if asic_type in ("cisco-8000", "marvell-teralynx"):
        return asic_type
    if asic_type in ("mellanox", "vs"):
        for asic, skus in MELLANOX_SKUS.items():
            if hwsku.lower() in (s.lower() for s in skus):
                return asic
    if asic_type in ("broadcom", "vs"):
        for asic, skus in BROADCOM_SKUS.items():
            if any(s.lower() in hwsku.lower() for s in skus):
                return asic
    return "unknown"


def branch_version(build_version):
    """The last 8-digit dot-separated part ("20230531.12" -> "20230531")."""
    found = None
    for part in build_version.split("."):
        if re.fullmatch(r"\d{8}", part):
            found = part
    return found


def _escape(token):
    return token.replace("~", "~0").replace("/", "~1")


def make_patch(src, dst, path=""):
    """JSON patch turning src into dst (dicts of dicts of strings)."""
    ops = []
    for k in sorted(set(src) - set(dst)):
        ops.append({"op": "remove", "path": f"{path}/{_escape(k)}"})
    for k in sorted(set(dst) - set(src)):
        ops.append({"op": "add", "path": f"{path}/{_escape(k)}", "value": dst[k]})
    for k in sorted(set(src) & set(dst)):
        a, b = src[k], dst[k]
        if isinstance(a, dict) and isinstance(b, dict):
            ops += make_patch(a, b, f"{path}/{_escape(k)}")
        elif a != b:
            ops.append({"op": "replace", "path": f"{path}/{_escape(k)}", "value": b})
    return ops


def _parts(path):
    return [p.replace("~1", "/").replace("~0", "~") for p in path.split("/")[1:]]


def _rdma_common(element, asic, branch, exact, remove_port):
    if asic == "unknown":
        return False
    parts = _parts(element["path"])
    table, elements = parts[0], parts[1:]
    if remove_port:
        elements = [e for e in elements if not any(c.isdigit() for c in e)]
    cleaned = "/".join(elements).lower()
    value = element.get("value")
    if isinstance(value, dict):
        fields = [f"{cleaned}/{k}" if cleaned else k for k in value]
    else:
        fields = [cleaned]
    for field in fields:
        def match(gcu_field):
            return field == gcu_field if exact else field.split("/")[-1] == gcu_field
        scenario = next((s for s in SCENARIOS[table] if any(match(f) for f in s["fields"])), None)
        if scenario is None or not scenario["platforms"].get(asic):
            return False
        if element["op"] not in scenario["operations"]:
            return False
        if branch is not None and branch < scenario["platforms"][asic]:
            return False
    return True


def _valid(table, element, asic, branch):
    if table == "BUFFER_PROFILE":
        if len(_parts(element["path"])) == 2:  # a whole profile: any op
            return element["op"] in ("add", "remove", "replace")
        return _rdma_common(element, asic, branch, exact=False, remove_port=False)
    return _rdma_common(element, asic, branch, exact=True, remove_port=True)


def check_patch(patch, asic_type, hwsku, build_version):
    """Raise Refused where GCU's field operation validators refuse `patch`."""
    for path in ILLEGAL_REMOVES:
        if any(op["op"] == "remove" and op["path"] == path for op in patch):
            raise Refused(f"Given patch operation is invalid. Operation: remove is illegal on "
                          f"field: {path}")
    asic = asic_name(asic_type, hwsku)
    branch = branch_version(build_version)
    for element in patch:
        table = _parts(element["path"])[0]
        if table in VALIDATOR and not _valid(table, element, asic, branch):
            raise Refused(f"Modification of {table} table is illegal- validating function "
                          f"{CONF_FILE}.{VALIDATOR[table]} returned False")
