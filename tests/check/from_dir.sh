#!/bin/bash
# rocecfg check --from-dir: a fabric read from saved files only, the
# switches as whole real configs from the parser corpus (tests/switch/corpus,
# sources in its README) and a host's saved `show host --qos --json`:
#   leaf1  Cumulus 5.14 `nv config show -o commands` (cl514-roce-lossless.txt):
#          PFC 3, no PFC watchdog line (off, the CL default)
#   leaf2  EOS (roce-leaf-per-port.cfg): PFC 3,4 on Ethernet1/1-2, watchdog 200 ms
#   leaf3  SONiC CONFIG_DB (show-runningconfiguration-all.json): no SCHEDULER
#          table, queue 6 read as a weighted (not strict) queue; no PFC_WD
#          table, so the watchdog is unknown
#   h1     mlx5 host: MTU 9000, PFC 3, DSCP 26 -> 3, 48 -> 6
# What those files say is hand-checked against the files (the corpus
# .expected.json of each); the table and exit 1 are pinned. A device with
# no saved file is not read (exit 3, named).
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
tmp=$(mktemp -d /tmp/rocecfg-check-dir-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # check NAME RESULT(0=ok) DETAIL
  if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$3"; fails=$((fails + 1)); else echo "ok: $1"; fi
}
same() { # same GOT WANT: 0 when equal, else 1 with the diff (want -> got) on stderr
  if [ "$1" = "$2" ]; then echo 0; else diff <(echo "$2") <(echo "$1") >&2; echo 1; fi
}
corpus=$src/tests/switch/corpus
mkdir "$tmp/saved"
cp "$corpus/cumulus/cl514-roce-lossless.txt" "$tmp/saved/leaf1.txt"
cp "$corpus/eos/roce-leaf-per-port.cfg" "$tmp/saved/leaf2.cfg"
cp "$corpus/sonic/show-runningconfiguration-all.json" "$tmp/saved/leaf3.json"
cp "$src/tests/check/saved/h1.json" "$tmp/saved/h1.json"
cat >"$tmp/inventory.toml" <<'EOF2'
[[switch]]
name = "leaf1"
address = "192.0.2.1"
vendor = "cumulus"
interfaces = ["swp1-2", "swp32s0"]

[[switch]]
name = "leaf2"
address = "192.0.2.2"
vendor = "eos"
interfaces = ["Ethernet1/1-2"]

[[switch]]
name = "leaf3"
address = "192.0.2.3"
vendor = "sonic"
interfaces = ["Ethernet0"]

[[host]]
name = "h1"
EOF2

out=$("$bin" check "$src/profiles/roce-lossless.toml" --inventory "$tmp/inventory.toml" --from-dir "$tmp/saved" 2>"$tmp/err")
rc=$?
check "saved fabric: exit 1 (disagreements)" "$([ $rc -eq 1 ]; echo $?)" "rc=$rc $(cat "$tmp/err")"
want='check: 3 switches, 1 host; 4 read
RULE                VERDICT   WHERE                 FINDING
lossless_priority   DISAGREE  leaf2 Ethernet1/1-2   PFC on priority 3,4; leaf1, leaf3, h1: priority 3
  why: a hop without PFC on the lossless priority drops under congestion instead of pausing: the class is lossy there
trust               agree     fabric                trust dscp on all 4 devices observed
dscp_map            agree     fabric                DSCP 26 -> priority 3 on all 4 devices observed
dscp_map            agree     fabric                DSCP 48 -> priority 6 on all 4 devices observed
roce_mtu            agree     fabric                h1 ens1f0np0 sends RoCE packets up to 4192 bytes (MTU 9000: path MTU 4096 + 96 header bytes); the smallest switch port, leaf1 swp32s0, carries 4200
cnp_class           DISAGREE  leaf3 Ethernet0       CNP DSCP 48 -> priority 6, queue 6: ets 0 %, not strict
  why: CNPs queued behind the congestion they report reach the sender too late: DCQCN reacts slowly and PFC does the work
watchdog_hops       DISAGREE  leaf2 Ethernet1/1-2   PFC watchdog detection 200 ms; leaf1: off
watchdog_hops       unknown   leaf3 Ethernet0       PFC watchdog detection not observed
  why: hops that detect a PFC storm at different times break a storm at different points: the slowest one decides how long the fabric stays paused
watchdog_tolerance  DISAGREE  leaf1 swp1-2,swp32s0  PFC watchdog off: a storm is never broken, the job'"'"'s tolerance is 34359 ms (NCCL defaults: 4.096 us x 2^20 x 8 tries)
watchdog_tolerance  unknown   leaf3 Ethernet0       PFC watchdog detection not observed
  why: a storm that outlasts the transport'"'"'s retries kills the job before the watchdog breaks it
verdict: 4 disagreements, 2 unknown, 0 waived, 0 devices not read'
check "saved fabric: the table" "$(same "$out" "$want")" "$out"

rm "$tmp/saved/leaf3.json"
out=$("$bin" check "$src/profiles/roce-lossless.toml" --inventory "$tmp/inventory.toml" --from-dir "$tmp/saved" 2>"$tmp/err")
rc=$?
check "a missing saved file: exit 3" "$([ $rc -eq 3 ]; echo $?)" "rc=$rc $(cat "$tmp/err")"
got=$(printf '%s\n' "$out" | sed -n '/^not read:/,$p' | sed "s|$tmp|TMP|g")
want='not read:
  leaf3 (switch): no saved file TMP/saved/leaf3[.*]
verdict: 3 disagreements, 0 unknown, 0 waived, 1 device not read'
check "a missing saved file: named" "$(same "$got" "$want")" "$out"

# A [check] table with a rule that does not exist: validate and check refuse it, located.
(cat "$src/profiles/roce-lossless.toml"; printf '\n[check]\nwaive = ["cnp-class"]\n') >"$tmp/bad.toml"
line=$(grep -n '^waive' "$tmp/bad.toml" | cut -d: -f1)
want="TMP/bad.toml:$line:10: error: check.waive: unknown rule \"cnp-class\" (did you mean \"cnp_class\"?) (allowed: lossless_priority, trust, dscp_map, roce_mtu, cnp_class, watchdog_hops, watchdog_tolerance)
    waive = [\"cnp-class\"]
             ^
rocecfg validate: TMP/bad.toml: [check] is not valid"
"$bin" validate "$tmp/bad.toml" >"$tmp/validate.out" 2>&1
rc=$?
got=$(sed "s|$tmp|TMP|g" "$tmp/validate.out")
check "validate: an unknown rule in [check] is located (exit 2)" "$([ "$rc" -eq 2 ] && [ "$got" = "$want" ]; echo $?)" "rc=$rc $got"
got=$("$bin" check "$tmp/bad.toml" --inventory "$tmp/inventory.toml" --from-dir "$tmp/saved" 2>&1 | sed "s|$tmp|TMP|g")
check "check: the same refusal" "$([ "$got" = "${want/validate/check}" ]; echo $?)" "$got"

[ "$fails" -eq 0 ] && echo "all check --from-dir tests passed"
[ "$fails" -eq 0 ]
