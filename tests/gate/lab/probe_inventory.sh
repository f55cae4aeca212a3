#!/bin/bash
# The short probe's peer from the inventory: this host ("lab") names
# probe_peer = "srv", whose address runs `rocecfg probe --server` on rxe0; no
# --peer on the command line. Then --peer NAME, which stands for that
# host's address.
. "$(dirname "$0")/common.sh"
lab_reset
cat >/tmp/gate-inv.toml <<'INV'
[[host]]
name = "lab"
address = "10.0.0.2"
probe_peer = "srv"

[[host]]
name = "srv"
address = "10.0.0.1"
INV
"$BIN" probe --server --device rxe0 >/tmp/srv.out 2>&1 &
wait_tcp_listen 18600
probe_check() {  # probe_check WHAT: exit 0, the probe passed against 10.0.0.1
  [ "$rc" = 0 ] || { cat /tmp/gate.out /tmp/srv.out; die "$1: exit $rc"; }
  python3 - /tmp/gate.out "$1" <<'PY' || { cat /tmp/gate.out /tmp/srv.out; die "$1"; }
import json, sys
j = json.load(open(sys.argv[1]))["payload"]
probe = [c for c in j["checks"] if c["name"] == "probe"][0]
assert probe["status"] == "pass" and "10.0.0.1" in probe["message"], probe
print("ok:", sys.argv[2], "->", probe["message"])
PY
}
gate --no-state --inventory /tmp/gate-inv.toml --device rxe1 --budget 10s --json
probe_check "probe_peer of this host in the inventory"
gate --no-state --inventory /tmp/gate-inv.toml --peer srv --device rxe1 --budget 10s --json
probe_check "--peer srv resolved through the inventory"
