#!/bin/sh
# The NIC firmware layer of `rocecfg audit` / `apply` end to end, through the
# real command-line path: the rocecfg binary runs the mstconfig stand-in
# (tests/nic/standin/mstconfig, built from mstflint's printer; first on PATH)
# against a ConnectX-6 Dx's NV config kept in a state file. Exact output and
# exit codes for: drift, apply without --firmware (firmware left alone), the
# write (next boot only, reset required), pending reset, the reset
# (tests/nic/standin/nic-reset), a value that did not survive a reboot, a
# failing tool, no tool at all, JSON. The stand-in's own query is the
# independent reader of what the "device" holds.
set -u
bin=${ROCECFG_BIN:?} src=${ROCECFG_SOURCE_DIR:?}
fails=0
. "$src/tests/cmd/expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
standin=$src/tests/nic/standin
export MSTCONFIG_STANDIN_DIR=$tmp/dev MSTCONFIG_STANDIN_DELAY_S=0 ROCECFG_STATE_DIR=$tmp/state
mkdir -p "$MSTCONFIG_STANDIN_DIR" "$tmp/empty"
dev=0000:08:00.0
cp "$standin/connectx6dx.json" "$MSTCONFIG_STANDIN_DIR/$dev.json"
P="env PATH=$standin:$PATH"
# What the stand-in device holds for one parameter: "current next".
held() {
  python3 -c 'import json,sys; p={x["name"]: x for x in json.load(open(sys.argv[1]))["params"]}[sys.argv[2]]; print(p["current"], p["next"])' \
    "$MSTCONFIG_STANDIN_DIR/$dev.json" "$1"
}
check_held() {  # check_held NAME "current next"
  got=$(held "$1")
  if [ "$got" = "$2" ]; then echo "ok: device holds $1 = $2"; else
    echo "FAIL: device holds $1 = $got, want $2"; fails=$((fails + 1)); fi
}

cat > "$tmp/p.toml" <<'TOML'
[fabric]
name = "fw"

[firmware.connectx.params]
CNP_DSCP_P1 = 48
LLDP_NB_DCBX_P1 = true
DCBX_WILLING_P1 = false
TOML

expect "audit: drift on two parameters" 1 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  drift                    want False, next boot True(1), current True(1)
    LLDP_NB_DCBX_P1  drift                    want True, next boot False(0), current False(0)
firmware: 1 in sync, 2 drift
OUT
)" $P "$bin" audit "$tmp/p.toml" --pci $dev

expect "apply without --firmware leaves the firmware alone and says so" 1 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  drift                    want False, next boot True(1), current True(1)
    LLDP_NB_DCBX_P1  drift                    want True, next boot False(0), current False(0)
firmware: 1 in sync, 2 drift; firmware left alone (apply --firmware writes next-boot values)
OUT
)" $P "$bin" apply "$tmp/p.toml" --pci $dev
check_held LLDP_NB_DCBX_P1 "0 0"

expect "apply --firmware --dry-run writes nothing" 1 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  drift                    want False, next boot True(1), current True(1)
    LLDP_NB_DCBX_P1  drift                    want True, next boot False(0), current False(0)
firmware: 1 in sync, 2 drift; firmware left alone (apply --firmware writes next-boot values)
firmware: dry run, nothing written
OUT
)" $P "$bin" apply "$tmp/p.toml" --pci $dev --firmware --dry-run
check_held LLDP_NB_DCBX_P1 "0 0"

expect "apply --firmware writes next-boot values and says a reset is required" 1 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  written, pending reset   want False, next boot False(0), current True(1)
    LLDP_NB_DCBX_P1  written, pending reset   want True, next boot True(1), current False(0)
  reset required on 0000:08:00.0: next-boot values take effect at a NIC firmware reset (cold boot, or mlxfwreset; a warm reboot may keep the firmware running); rocecfg never resets a NIC or reboots a host
firmware: 1 in sync, 2 pending reset; 2 written for the next boot
OUT
)" $P "$bin" apply "$tmp/p.toml" --pci $dev --firmware
check_held LLDP_NB_DCBX_P1 "0 1"
check_held DCBX_WILLING_P1 "1 0"
check_held CNP_DSCP_P1 "48 48"

expect "audit: pending reset" 1 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  pending reset            want False, next boot False(0), current True(1)
    LLDP_NB_DCBX_P1  pending reset            want True, next boot True(1), current False(0)
  reset required on 0000:08:00.0: next-boot values take effect at a NIC firmware reset (cold boot, or mlxfwreset; a warm reboot may keep the firmware running); rocecfg never resets a NIC or reboots a host
firmware: 1 in sync, 2 pending reset
OUT
)" $P "$bin" audit "$tmp/p.toml" --pci $dev

expect "apply --firmware again writes nothing more" 1 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  pending reset            want False, next boot False(0), current True(1)
    LLDP_NB_DCBX_P1  pending reset            want True, next boot True(1), current False(0)
  reset required on 0000:08:00.0: next-boot values take effect at a NIC firmware reset (cold boot, or mlxfwreset; a warm reboot may keep the firmware running); rocecfg never resets a NIC or reboots a host
firmware: 1 in sync, 2 pending reset
OUT
)" $P "$bin" apply "$tmp/p.toml" --pci $dev --firmware

# The firmware reset, as if the host had been cold-booted: but the DCBX
# willing bit did not take (e.g. a warm reboot kept the firmware running).
# rocecfg's record says it wrote the value on 2001-09-09, before this boot.
"$standin/nic-reset" $dev --lost DCBX_WILLING_P1
sed -i 's/"written_unix_s": *[0-9]*/"written_unix_s": 1000000000/' "$ROCECFG_STATE_DIR/firmware-writes.json"
check_held LLDP_NB_DCBX_P1 "1 1"
check_held DCBX_WILLING_P1 "1 0"
expect "audit after the reset: one value did not survive it" 1 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  not applied after reset  want False, next boot False(0), current True(1); rocecfg wrote it 2001-09-09 01:46:40 UTC, before the host last booted
    LLDP_NB_DCBX_P1  in sync                  want True, next boot True(1), current True(1)
  reset required on 0000:08:00.0: next-boot values take effect at a NIC firmware reset (cold boot, or mlxfwreset; a warm reboot may keep the firmware running); rocecfg never resets a NIC or reboots a host
firmware: 2 in sync, 1 not applied after reset
OUT
)" $P "$bin" audit "$tmp/p.toml" --pci $dev

got=$($P "$bin" --json audit "$tmp/p.toml" --pci $dev | python3 -c '
import json, sys
d = json.load(sys.stdin)
f = d["payload"]["firmware"]["devices"][0]
print(d["exit_code"], f["family"], f["reset_required"],
      " ".join("%s=%s/%s/%s" % (p["name"], p["state"].replace(" ", "_"), p["current"], p["next_boot"]) for p in f["params"]))')
want="1 connectx True CNP_DSCP_P1=in_sync/48/48 DCBX_WILLING_P1=not_applied_after_reset/True(1)/False(0) LLDP_NB_DCBX_P1=in_sync/True(1)/True(1)"
if [ "$got" = "$want" ]; then echo "ok: audit --json"; else echo "FAIL: audit --json: $got"; fails=$((fails + 1)); fi
# The documents of audit and apply --firmware against cmd/schemas/ (firmware_report).
for verb in audit apply; do
  $P "$bin" --json $verb "$tmp/p.toml" --pci $dev $([ $verb = apply ] && echo --firmware) > "$tmp/$verb.json"
  if python3 - "$src/cmd/schemas" $verb "$tmp/$verb.json" <<'PY'
import json, os, sys, warnings
import jsonschema
warnings.filterwarnings("ignore", category=DeprecationWarning)
store = {}
for name in os.listdir(sys.argv[1]):
    schema = json.load(open(os.path.join(sys.argv[1], name)))
    store[schema["$id"]] = schema
base = "https://rocecfg.invalid/schemas/"
schema = store[base + sys.argv[2] + ".schema.json"]
doc = json.load(open(sys.argv[3]))
errors = list(jsonschema.Draft7Validator(schema, resolver=jsonschema.RefResolver(base, schema, store=store)).iter_errors(doc))
for e in errors:
    print("schema:", "/".join(map(str, e.path)), e.message)
sys.exit(1 if errors or "firmware" not in doc["payload"] else 0)
PY
  then echo "ok: $verb --json matches its schema"; else echo "FAIL: $verb --json schema"; fails=$((fails + 1)); fi
done

"$standin/nic-reset" $dev
expect "audit after a full reset: in sync" 0 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx ConnectX6DX
    CNP_DSCP_P1      in sync                  want 48, next boot 48, current 48
    DCBX_WILLING_P1  in sync                  want False, next boot False(0), current False(0)
    LLDP_NB_DCBX_P1  in sync                  want True, next boot True(1), current True(1)
firmware: 3 in sync
OUT
)" $P "$bin" audit "$tmp/p.toml" --pci $dev

expect "a device the tool cannot open: exit 3 with the tool's words" 3 "$(cat <<'OUT'
firmware (NV config via mstconfig; next-boot values take effect at a firmware reset):
  0000:09:00.0 connectx
    CNP_DSCP_P1      unknown                  want 48; not read
    DCBX_WILLING_P1  unknown                  want False; not read
    LLDP_NB_DCBX_P1  unknown                  want True; not read
    error: 0000:09:00.0: mstconfig query exited 1: -E- Failed to open device: 0000:09:00.0. No such file or directory
firmware: 3 unknown
OUT
)" $P "$bin" audit "$tmp/p.toml" --pci 0000:09:00.0

expect "no mstconfig or mlxconfig on PATH: not evaluated (4)" 4 "$(cat <<'OUT'
firmware (no mstconfig/mlxconfig; next-boot values take effect at a firmware reset):
  0000:08:00.0 connectx
    CNP_DSCP_P1      unknown                  want 48; not read
    DCBX_WILLING_P1  unknown                  want False; not read
    LLDP_NB_DCBX_P1  unknown                  want True; not read
    unknown: NV config not read: neither mstconfig (Debian: apt install mstflint) nor mlxconfig is on PATH
firmware: 3 unknown
OUT
)" env PATH="$tmp/empty" "$bin" audit "$tmp/p.toml" --pci $dev

expect "--pci takes PCI addresses only" 2 "--pci: not a PCI address (dddd:bb:dd.f): 08:00.0;reboot
Run with --help for more information." "$bin" audit "$tmp/p.toml" --pci '08:00.0;reboot'

printf '[fabric]\nname = "none"\n' > "$tmp/plain.toml"
expect "--firmware without [firmware]" 2 "rocecfg apply: --pci and --firmware need a [firmware] table in the profile" \
  "$bin" apply "$tmp/plain.toml" --pci $dev --firmware

[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
