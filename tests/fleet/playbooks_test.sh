#!/bin/bash
# The playbooks under the real ansible-playbook against localhost-connection
# hosts: rolling batches stop at the gate, the wait after a change covers the
# managed ports that were up, check mode is a dry run, the audit summary says
# why a host drifted, the switch push goes batch by batch; and the real
# rocecfg binary's gate fails a host without RDMA devices.
# Usage: playbooks_test.sh SOURCE_DIR ROCECFG_BINARY
set -u
src=$1 real_bin=$2
fake=$src/tests/fleet/fake-rocecfg
work=$(mktemp -d /tmp/rocecfg-fleet.XXXXXX)
trap 'rm -rf "$work"' EXIT
export ANSIBLE_NOCOLOR=1 ANSIBLE_HOST_KEY_CHECKING=False ANSIBLE_RETRY_FILES_ENABLED=False
export PYTHONDONTWRITEBYTECODE=1  # the role's filter plugin: no __pycache__ in the source tree
export ANSIBLE_LOCAL_TEMP=$work/tmp ANSIBLE_REMOTE_TEMP=$work/tmp ANSIBLE_STDOUT_CALLBACK=default
# Ansible refuses to start when stdin is non-blocking ("Ansible requires
# blocking IO on stdin/stdout/stderr"). Under `ctest -j` the stdin this script
# inherits is one open file shared with the tests running beside it, and a
# program that sets O_NONBLOCK on it does so for every process holding it: a
# play then failed at random (rc 1, CI; reproduced by running this script
# with a non-blocking stdin: every play failed). Stdin of
# its own, /dev/null, makes the plays independent of their neighbours;
# stdout and stderr already go to files.
exec </dev/null
command -v ansible-playbook >/dev/null || { echo "FAIL: ansible-playbook not installed (.ci/packages: ansible)"; exit 1; }

passed=0 failed=0
check() {  # check NAME CONDITION-COMMAND...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"; return; fi
  failed=$((failed + 1)); echo "FAIL: $name"
  # The play's own words, once per play: a CI log must say why without a rerun.
  if [ -s "$work/out" ] && [ "$work/out" -nt "$work/shown" ]; then
    sed 's/^/  | /' "$work/out" | tail -n 40; touch "$work/shown"
  fi
}

# inventory HOSTS FAKE-ARGS: hosts as localhost connections, each its own fake identity.
inventory() {
  local hosts=$1 args=$2
  {
    echo "[roce]"
    for h in $hosts; do
      echo "$h ansible_connection=local ansible_become=false ansible_python_interpreter=/usr/bin/python3 rocecfg_bin='$fake --log $work/calls --host $h $args'"
    done
  } > "$work/hosts.ini"
  : > "$work/calls"
  rm -f "$work"/calls.applied.*
}
play() {  # play PLAYBOOK EXTRA-ARGS... ; sets rc, output in $work/out
  ansible-playbook -i "$work/hosts.ini" "$src/playbooks/$1" -e rocecfg_gate_state="$work/gate.state" \
    "${@:2}" > "$work/out" 2>&1
  rc=$?
}

# 1. serial 1: host3 fails its gate, host4 is never touched.
inventory "h1 h2 h3 h4" "--fail-gate h3"
play rollout.yml -e rocecfg_batch=1 -e rocecfg_profile=/etc/site.toml
expected=$(for h in h1 h2 h3; do
  printf '%s\n' "$h validate /etc/site.toml" "$h show host --json" "$h apply /etc/site.toml --json" \
    "$h show host --json" "$h gate /etc/site.toml --budget 3s"
done)
check "rollout stops after the batch whose gate failed (rc $rc)" [ "$rc" = 2 ]
check "rollout never touches the next batch" [ "$(sed 's/ *$//' "$work/calls")" = "$expected" ]
check "the failed host's gate line is in the output" grep -q 'h3 | unhealthy: devices: rxe0 port 1 is DOWN' "$work/out"

# 2. batches of 2: the whole first batch runs, then the stop.
inventory "h1 h2 h3 h4" "--fail-gate h1"
play rollout.yml -e rocecfg_batch=2
check "batch of 2 stops after batch 1 (rc $rc)" [ "$rc" = 2 ]
check "h2 finished its gate, h3/h4 untouched" \
  [ "$(cut -d' ' -f1,2 "$work/calls" | sort | tr '\n' ' ')" = "h1 apply h1 gate h1 show h1 show h1 validate h2 apply h2 gate h2 show h2 show h2 validate " ]

# 3. max_fail_percentage tolerates one bad host of two per batch.
inventory "h1 h2 h3 h4" "--fail-gate h1"
play rollout.yml -e rocecfg_batch=2 -e rocecfg_max_fail_percentage=50
check "50% tolerated: all batches run (rc $rc)" [ "$(grep -c ' gate ' "$work/calls")" = 4 ]
check "but the play still reports the failed host (rc $rc)" [ "$rc" = 2 ]

# 4. "could not evaluate" (exit 4) does not stop the rollout.
inventory "h1 h2" "--not-evaluated h1"
play rollout.yml -e rocecfg_batch=1
check "gate exit 4 is tolerated (rc $rc)" [ "$rc" = 0 ]
check "and reported" grep -q 'h1 | not evaluated: audit' "$work/out"

# 5. check mode: apply runs with --dry-run and reports the host that would
#    change as changed, with the plan under --diff; a real run changes it, a
#    second real run is changed=0.
inventory "h1" ""
play rollout.yml --check --diff
check "check mode passes (rc $rc)" [ "$rc" = 0 ]
check "check mode applies with --dry-run" grep -qx 'h1 apply /etc/rocecfg/profile.toml --json --dry-run' "$work/calls"
check "check mode reports the host that would change" grep -q 'h1 *: ok=[0-9]* *changed=1' "$work/out"
check "check mode with --diff shows the plan" grep -q 'eth0 pfc: \[\] -> \[3\]' "$work/out"
play rollout.yml
check "a real run reports the apply as a change" grep -q 'h1 *: ok=[0-9]* *changed=1' "$work/out"
check "the wait for the ports polls rocecfg show host (rc $rc)" \
  [ "$(grep -c '^h1 show host --json' "$work/calls")" -ge 2 ]
check "an uncabled managed port and an unmanaged BlueField port, both DOWN, are not waited for (rc $rc)" \
  [ "$rc" = 0 ]
play rollout.yml
check "a second real run is changed=0" grep -q 'h1 *: ok=[0-9]* *changed=0' "$work/out"

# 5a. a managed port that was ACTIVE before the apply and stays DOWN fails
#     the host, named, after rocecfg_link_wait_s.
inventory "h1" "--link-down h1"
play rollout.yml -e rocecfg_link_wait_s=2
check "a managed port that does not come back fails the host (rc $rc)" [ "$rc" = 2 ]
check "and is named" grep -q 'still not ACTIVE after 2 s: mlx5_0/1 (eth0)' "$work/out"
check "the gate does not run on that host" [ "$(grep -c ' gate ' "$work/calls")" = 0 ]

# 5b. the site's own inventory group_vars win over the role defaults.
inventory "h1" ""
mkdir -p "$work/site/group_vars"
cp "$work/hosts.ini" "$work/site/hosts.ini"
printf 'rocecfg_gate_args: "--budget 5s"\nrocecfg_interfaces: [ens1f0, ens1f1]\n' > "$work/site/group_vars/all.yml"
ansible-playbook -i "$work/site/hosts.ini" "$src/playbooks/rollout.yml" -e rocecfg_gate_state="$work/gate.state" \
  > "$work/out" 2>&1
rc=$?
check "site group_vars: rollout passes (rc $rc)" [ "$rc" = 0 ]
check "site group_vars set the gate arguments and interfaces" \
  grep -qx 'h1 gate /etc/rocecfg/profile.toml --interface ens1f0 --interface ens1f1 --budget 5s' "$work/calls"

# 6. fleet audit: one summary with the drifted host, which the recap shows as
#    changed; a host whose audit failed is listed with its error.message.
inventory "h1 h2 h3" "--drift h2 --fail-audit h3"
play audit.yml -e rocecfg_audit_dir="$work/audit"
check "audit play fails only for the host that could not be audited (rc $rc)" [ "$rc" = 2 ]
check "the drifted host is changed in the recap" grep -q 'h2 *: ok=[0-9]* *changed=1' "$work/out"
check "summary counts 3 hosts, 1 drifted, 1 clean, 1 failed" python3 - "$work/audit/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
ok = (s["hosts"], s["drifted"], s["clean"], s["failed"]) == (3, 1, 1, 1)
by = {r["host"]: r for r in s["results"]}
ok = ok and by["h2"]["drift_steps"] == 2 and by["h2"]["drift"][0]["knob"] == "pfc"
# why it drifted, not the plan's step order
ok = ok and by["h2"]["reason"] == "eth0 pfc is [3, 4], the profile wants [3]; eth0 mtu is 1500, the profile wants 9000"
ok = ok and by["h2"]["drift"][1]["why"] == "eth0 mtu is 1500, the profile wants 9000"
ok = ok and "reason" not in by["h2"]["drift"][0] and "MTU first" not in json.dumps(s)
ok = ok and by["h3"]["exit_code"] == 3 and "Operation not permitted" in by["h3"]["error"]
sys.exit(0 if ok else 1)
PY
check "raw report per host" [ -s "$work/audit/h2.json" ]
play audit.yml -e rocecfg_audit_dir="$work/audit-limit" --limit h1,h2,localhost
check "audit with --limit passes (rc $rc)" [ "$rc" = 0 ]
check "summary with --limit lists only the limited hosts" python3 - "$work/audit-limit/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
sys.exit(0 if sorted(r["host"] for r in s["results"]) == ["h1", "h2"] and s["failed"] == 0 else 1)
PY
play audit.yml -e rocecfg_audit_dir="$work/audit-strict" -e rocecfg_audit_fail_on_drift=true --limit h2,localhost
check "rocecfg_audit_fail_on_drift fails the drifted host (rc $rc)" [ "$rc" = 2 ]

# 7. switch push from the controller, batch by batch: each batch pushed and
#    audited before the next; batches of 2 by default, per rail on request;
#    the first failed batch stops the rollout.
switches() {  # switches EXTRA-FAKE-ARGS ANSIBLE-ARGS...
  : > "$work/calls"
  ansible-playbook -i localhost, -c local "$src/playbooks/switches.yml" \
    -e "rocecfg_bin='$fake --log $work/calls --host controller --switches leaf1:0,leaf2:0,leaf3:1,leaf4:1,spine1: $1'" \
    -e rocecfg_profile=p.toml -e rocecfg_inventory=fabric.toml "${@:2}" > "$work/out" 2>&1
  rc=$?
}
switches ""
check "switch push runs (rc $rc)" [ "$rc" = 0 ]
check "switch push: validate, then 2 switches at a time, each batch audited" [ "$(sed 's/ *$//' "$work/calls")" = "controller validate p.toml --inventory fabric.toml --json
controller apply p.toml --inventory fabric.toml --switch leaf1,leaf2 --json
controller audit p.toml --inventory fabric.toml --switch leaf1,leaf2
controller apply p.toml --inventory fabric.toml --switch leaf3,leaf4 --json
controller audit p.toml --inventory fabric.toml --switch leaf3,leaf4
controller apply p.toml --inventory fabric.toml --switch spine1 --json
controller audit p.toml --inventory fabric.toml --switch spine1" ]
switches "" -e rocecfg_switch_batch=3
check "batches of 3 (rc $rc)" [ "$(grep -o -- '--switch [^ ]*' "$work/calls" | uniq | tr '\n' ' ')" = "--switch leaf1,leaf2,leaf3 --switch leaf4,spine1 " ]
switches "" -e rocecfg_switch_batch=3 -e rocecfg_switch_per_rail=true
check "per rail: no batch spans two rails, switches on no rail last (rc $rc)" \
  [ "$(grep -o -- '--switch [^ ]*' "$work/calls" | uniq | tr '\n' ' ')" = "--switch leaf1,leaf2 --switch leaf3,leaf4 --switch spine1 " ]
switches "--fail-switch leaf3"
check "a failed batch fails the rollout (rc $rc)" [ "$rc" = 2 ]
check "and stops it: spine1 is never touched, leaf1/leaf2 were audited" \
  [ "$(grep -o -- '[a-z]* p.toml --inventory fabric.toml --switch [^ ]*' "$work/calls" | tr '\n' ' ')" = "apply p.toml --inventory fabric.toml --switch leaf1,leaf2 audit p.toml --inventory fabric.toml --switch leaf1,leaf2 apply p.toml --inventory fabric.toml --switch leaf3,leaf4 " ]

# 8. the real binary: install validates the shipped lab profile; on a host
#    without RDMA devices the gate cannot evaluate (exit 4: a missing driver is
#    no fabric verdict), which the rollout reports and tolerates.
cat > "$work/hosts.ini" <<INI
[roce]
local1 ansible_connection=local ansible_become=false ansible_python_interpreter=/usr/bin/python3 rocecfg_bin=$real_bin
INI
play install.yml -e rocecfg_profile="$src/profiles/lab.toml"
check "install validates the profile with the real binary (rc $rc)" [ "$rc" = 0 ]
if [ -d /sys/class/infiniband ] && [ -n "$(ls /sys/class/infiniband 2>/dev/null)" ]; then
  echo "skip: this machine has RDMA devices; the no-RDMA gate case needs a host without them"
else
  play rollout.yml -e rocecfg_profile="$src/profiles/lab.toml" --tags rocecfg_gate \
    -e "rocecfg_gate_args='--no-state --host local1'"
  check "real gate on a host without RDMA devices: not evaluated, tolerated (rc $rc)" [ "$rc" = 0 ]
  check "with the gate's own reason" grep -q 'local1 | not evaluated: devices: no RDMA device with an Ethernet port' "$work/out"
fi

# 8b. the switch list the rollout batches come from, from the real binary:
#     each switch with the rails of the host NICs cabled to it.
cat > "$work/rails.toml" <<'INV'
[[switch]]
name = "rail0-leaf"
address = "192.0.2.10"
vendor = "cumulus"
interfaces = ["swp1-64"]
[[switch]]
name = "rail1-leaf"
address = "192.0.2.11"
vendor = "cumulus"
interfaces = ["swp1-64"]
[[switch]]
name = "spine1"
address = "192.0.2.20"
vendor = "sonic"
interfaces = ["Ethernet0-124/4"]
[[host]]
name = "gpu[001-004]"
address = "{name}.example.net"
rails = 2
[host.nic_template]
device = "mlx5_{rail}"
probe_address = "10.{rail}.{n_hi}.{n_lo}"
switch_port = "rail{rail}-leaf:swp{n}"
INV
"$real_bin" validate "$src/profiles/roce-lossless.toml" --inventory "$work/rails.toml" --json > "$work/validate.json"
check "real validate --json lists the switches with their rails, batched per rail" \
  python3 - "$work/validate.json" "$src/playbooks/roles/rocecfg/filter_plugins" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[2])
from rocecfg import rocecfg_switch_batches
text = open(sys.argv[1]).read()
s = json.loads(text)["payload"]["switches"]
ok = [(x["name"], x["rails"]) for x in s] == [("rail0-leaf", [0]), ("rail1-leaf", [1]), ("spine1", [])]
ok = ok and rocecfg_switch_batches(text, 4, True) == [["rail0-leaf"], ["rail1-leaf"], ["spine1"]]
sys.exit(0 if ok else 1)
PY

# 9. the fleet audit summary from the real binary's JSON (not the fake's): a
#    veth in a namespace of our own, audited against an MTU profile (root).
if [ "$(id -u)" = 0 ]; then
  ns=rocecfg-fleet-$$
  ip netns add "$ns" && ip -n "$ns" link add rcfg0 type veth peer name rcfg1
  printf '#!/bin/sh\nexec ip netns exec %s %s "$@" --interface rcfg0\n' "$ns" "$real_bin" > "$work/real-in-ns"
  chmod +x "$work/real-in-ns"
  cat > "$work/hosts.ini" <<INI
[roce]
ns1 ansible_connection=local ansible_become=false ansible_python_interpreter=/usr/bin/python3 rocecfg_bin=$work/real-in-ns
INI
  play audit.yml -e rocecfg_profile="$src/tests/host/profiles/mtu-9000.toml" -e rocecfg_audit_dir="$work/real-audit"
  check "audit play with the real binary succeeds (rc $rc)" [ "$rc" = 0 ]
  check "summary from real JSON: 1 drifted host, 1 step, knob mtu 1500 -> 9000" python3 - "$work/real-audit/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
r = s["results"][0]
ok = (s["hosts"], s["drifted"]) == (1, 1) and r["exit_code"] == 1 and r["drift_steps"] == 1
d = r["drift"][0]
ok = ok and (d["target"], d["knob"], d["before"], d["after"]) == ("rcfg0", "mtu", 1500, 9000)
ok = ok and r["reason"] == "rcfg0 mtu is 1500, the profile wants 9000"
sys.exit(0 if ok else 1)
PY
  ip netns del "$ns"
else
  echo "skip: the real-JSON audit case needs root (network namespace)"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
