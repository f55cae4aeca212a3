#!/bin/bash
# The optional short probe: cross-device loopback rxe1 -> rxe0 over the veth
# wire, judged by lib/probe's rules; JSON carries the verdict.
. "$(dirname "$0")/common.sh"
lab_reset
gate --no-state --loopback rxe1,rxe0 --budget 10s --json
[ "$rc" = 0 ] || { cat /tmp/gate.out; die "exit $rc with probe"; }
python3 - /tmp/gate.out <<'PY' || die "probe check not passed in JSON"
import json, sys
j = json.load(open(sys.argv[1]))["payload"]
probe = [c for c in j["checks"] if c["name"] == "probe"][0]
assert j["health"] == "healthy" and probe["status"] == "pass", probe
print("ok: probe", probe["message"], "in", round(probe["elapsed_ms"]), "ms")
PY
