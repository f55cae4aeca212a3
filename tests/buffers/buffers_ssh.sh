#!/bin/bash
# rocecfg buffers --inventory end to end: a Cumulus and a SONiC emulator
# behind real sshds (tests/switch/emu), each applied with
# profiles/roce-lossless.toml first, then read live as audit reads them: each
# switch's ECN Kmin (150000 B, the profile's 150KB, as apply wrote it) against
# one bandwidth-delay product at 100G and 10 us (100e9 x 10e-6 / 8 = 125000 B,
# so ok) and, at 400G (500000 B), short by 350000 B on every port; a third
# switch nobody listens for is not read, named, exit 3, the others still
# judged.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
emu=$src/tests/switch/emu
P=$src/profiles/roce-lossless.toml
tmp=$(mktemp -d /tmp/rocecfg-buffers-XXXXXX)
fails=0
switches=$(python3 "$emu/sshd_fixture.py" start "$tmp/fx" cumulus:1 sonic:1) || exit 1
trap 'python3 "$emu/sshd_fixture.py" stop "$tmp/fx"; rm -rf "$tmp"' EXIT
check() { # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}
. "$src/tests/switch/fixture_inventory.sh"
fixture_inventory "$tmp/fx" >"$tmp/inv.toml"
while read -r name vendor p; do
  case $vendor in
    cumulus) ifs=swp1-4 ;;
    *) ifs=Ethernet0-12/4 ;;
  esac
  printf '\n[[switch]]\nname = "%s"\naddress = "127.0.0.1"\nport = %s\nvendor = "%s"\ninterfaces = ["%s"]\n' \
    "$name" "$p" "$vendor" "$ifs" >>"$tmp/inv.toml"
done <<<"$switches"
out=$("$bin" apply "$P" --inventory "$tmp/inv.toml" 2>&1); rc=$?
check "apply the profile to both emulators" "$rc" "$out"

# At 100G: Kmin 150000 B >= 125000 B on every port of both.
"$bin" buffers "$P" --speed 100G --cable 5m --inventory "$tmp/inv.toml" --json >"$tmp/100g.json"
rc=$?
python3 - "$tmp/100g.json" "$rc" "$src/cmd/schemas" <<'PY'
import json, os, sys
import warnings
import jsonschema
warnings.filterwarnings("ignore", category=DeprecationWarning)  # RefResolver, as Debian 12 ships it
d = json.load(open(sys.argv[1])); p = d["payload"]
problems = []
# The document against cmd/schemas/buffers.schema.json (with the envelope's).
store = {}
for name in os.listdir(sys.argv[3]):
    schema = json.load(open(os.path.join(sys.argv[3], name)))
    store[schema["$id"]] = schema
base = "https://rocecfg.invalid/schemas/"
schema = store[base + "buffers.schema.json"]
resolver = jsonschema.RefResolver(base, schema, store=store)
for err in jsonschema.Draft7Validator(schema, resolver=resolver).iter_errors(d):
    problems.append(f"schema: {'/'.join(map(str, err.path))}: {err.message}")
names = [s["name"] for s in p["switches"]]
if names != ["cumulus1", "sonic1"]: problems.append(f"switches {names}")
for s in p["switches"]:
    if not s["file"].startswith("ssh 127.0.0.1:"): problems.append(f"{s['name']} source {s['file']}")
    ports = [x for g in s["groups"] for x in g["ports"]]
    want = ["swp1", "swp2", "swp3", "swp4"] if s["vendor"] == "cumulus" else \
        ["Ethernet0", "Ethernet4", "Ethernet8", "Ethernet12"]
    if ports != want: problems.append(f"{s['name']} ports {ports}")
    for g in s["groups"]:
        kmin = [c for c in g["comparisons"] if c["key"] == "ecn.min_threshold"]
        if [(c["profile_bytes"], c["limit_bytes"], c["outcome"]) for c in kmin] != [(150000, 125000, "ok")]:
            problems.append(f"{s['name']} {g['range']} kmin {kmin}")
if p["unread"] != []: problems.append(f"unread {p['unread']}")
if sys.argv[2] != "0" or d["exit_code"] != 0:  # every figure compared is ok
    problems.append(f"exit {sys.argv[2]}")
print("\n".join(problems)); sys.exit(1 if problems else 0)
PY
check "100G: each switch's Kmin read live, 150000 B >= 125000 B" $? ""

# At 400G with a switch nobody listens for: Kmin short by 350000 B on both
# read switches, the third named as not read, exit 3.
dead=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf '\n[[switch]]\nname = "gone"\naddress = "127.0.0.1"\nport = %s\nvendor = "eos"\ninterfaces = ["Ethernet1"]\n' \
  "$dead" >>"$tmp/inv.toml"
out=$("$bin" buffers "$P" --speed 400G --cable 5m --inventory "$tmp/inv.toml" 2>"$tmp/err"); rc=$?
check "400G with a dead switch: exit 3" "$([ "$rc" = 3 ]; echo $?)" "exit $rc"
kmin=$(echo "$out" | grep -c '^ecn.min_threshold  150000 B       >= 500000 B      kmin-bdp        short by 350000 B$')
check "400G: Kmin short by 350000 B, once for the profile and once per group of each switch" \
  "$([ "$kmin" -ge 3 ]; echo $?)" "$out"
check "the read switches head their tables" \
  "$(echo "$out" | grep -qE '^cumulus1 \(cumulus, ssh 127\.0\.0\.1:[0-9]+, read as ' &&
     echo "$out" | grep -qE '^sonic1 \(sonic, ssh 127\.0\.0\.1:[0-9]+, read as '; echo $?)" "$out"
check "the dead switch is named as not read, on stdout and stderr" \
  "$(echo "$out" | grep -q '^not read: gone: unreachable: ' &&
     grep -q '^rocecfg buffers: not read: gone: unreachable: ' "$tmp/err"; echo $?)" "$out
$(cat "$tmp/err")"

[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
