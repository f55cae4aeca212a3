#!/bin/sh
# `rocecfg counters --from-file` on saved outputs (issue 33 item 11, issue 31
# "counters as saved"): what a verdict needs and was not read makes it
# INCOMPLETE (exit 4), a queue the watchdog reports stormed fails, a delta
# between two saves uses the times they state (else --window-ms is required,
# never an assumed second), and a 100,000-character interface name in a
# command line is refused, not a crash. Exact output and exit code each.
set -u
bin=$1 src=$2
P=$src/profiles/roce-lossless.toml
D=$src/tests/switch/captured/counters/issue33
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
# expect NAME EXIT WANT-OUTPUT -- ARGS...: stdout and stderr together, exactly.
expect() {
  name=$1 want_rc=$2 want=$3
  shift 4
  got=$("$bin" "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || [ "$got" != "$want" ]; then
    printf 'FAIL: %s (exit %s, want %s)\n--- got\n%s\n--- want\n%s\n' "$name" "$rc" "$want_rc" \
      "$got" "$want"
    fails=$((fails + 1))
  else
    echo "ok: $name"
  fi
}
two() { echo --from-file "$D/$1-before.txt" --from-file "$D/$1-after.txt"; }

expect "PFC on the lossless priority N/A on every port, both reads: INCOMPLETE" 4 \
"file: $D/sonic-na-before.txt -> $D/sonic-na-after.txt
sonic-na-after.txt (sonic): INCOMPLETE, 46 counters over 60000 ms (not read: pause priority 3 on Ethernet0, Ethernet4)
  2 counter group(s) not read on sonic (-v lists them)
verdict: INCOMPLETE (0 failed, 0 warnings, 0 switch(es) not read)" -- \
  counters "$P" --vendor sonic --window-ms 60000 $(two sonic-na)

expect "a port present only in the first read: INCOMPLETE" 4 \
"file: $D/sonic-port-gone-before.txt -> $D/sonic-port-gone-after.txt
sonic-port-gone-after.txt (sonic): INCOMPLETE, 30 counters over 60000 ms (not read: pause priority 3 on Ethernet4, queue drops queue 3 on Ethernet4)
  2 counter group(s) not read on sonic (-v lists them)
verdict: INCOMPLETE (0 failed, 0 warnings, 0 switch(es) not read)" -- \
  counters "$P" --vendor sonic --window-ms 60000 $(two sonic-port-gone)

expect "a Huawei second read cut short before the lossless queue: INCOMPLETE" 4 \
"file: $D/huawei-ce-cut-before.txt -> $D/huawei-ce-cut-after.txt
huawei-ce-cut-after.txt (huawei-ce): INCOMPLETE, 20 counters over 180000 ms (not read: queue drops queue 3 on 100GE1/0/1)
  1 counter group(s) not read on huawei-ce (-v lists them)
verdict: INCOMPLETE (0 failed, 0 warnings, 0 switch(es) not read)" -- \
  counters "$P" --vendor huawei-ce --window-ms 180000 $(two huawei-ce-cut)

expect "a lossless queue the watchdog reports stormed in both reads: FAIL, shown without -v" 1 \
"file: $D/sonic-stormed-before.txt -> $D/sonic-stormed-after.txt
sonic-stormed-after.txt (sonic): FAIL, 50 counters over 60000 ms
  FAIL sonic Ethernet0 queue 3: PFC watchdog reports the queue stormed now (stuck: its traffic is being dropped)
  2 counter group(s) not read on sonic (-v lists them)
verdict: FAIL (1 failed, 0 warnings, 0 switch(es) not read)" -- \
  counters "$P" --vendor sonic --window-ms 60000 $(two sonic-stormed)

expect "two saves ten minutes apart, as their date lines say: 833 pause frames/s, no storm" 0 \
"file: $D/sonic-dated-before.txt -> $D/sonic-dated-after.txt
sonic-dated-after.txt (sonic): PASS, 50 counters over 600000 ms
  2 counter group(s) not read on sonic (-v lists them)
verdict: PASS (0 failed, 0 warnings, 0 switch(es) not read)" -- \
  counters "$P" --vendor sonic $(two sonic-dated)

expect "two saves that state no time and no --window-ms: a usage error, never an assumed second" 2 \
"rocecfg counters: two --from-file need the time between them: neither save states its time (a \`date\` or \`show clock\` output before the counters), so give --window-ms" -- \
  counters "$P" --vendor sonic $(two sonic-undated)

expect "--window-ms that contradicts the saves' own times" 2 \
"rocecfg counters: --window-ms 1000 disagrees with the 600000 ms between the times the two saves state" -- \
  counters "$P" --vendor sonic --window-ms 1000 $(two sonic-dated)

expect "saves two hours apart, no profile: lossy-priority pauses are not judged, as it says" 0 \
"file: $D/sonic-undated-before.txt -> $D/sonic-undated-after.txt
(no profile: lossless priorities unknown, so drops and lossy-priority pauses are not judged; storms and watchdog are, with the [validation] defaults)
sonic-undated-after.txt (sonic): PASS, 50 counters over 7200000 ms
  2 counter group(s) not read on sonic (-v lists them)
verdict: PASS (0 failed, 0 warnings, 0 switch(es) not read)" -- \
  counters --vendor sonic --window-ms 7200000 $(two sonic-undated)

# Issue 33 item 2: a 100,000-character interface name in an NVUE command line.
long=$(head -c 100000 /dev/zero | tr '\0' 'x')
{
  printf 'cumulus@sw:~$ nv show interface %s counters qos pfc-stats\n' "$long"
  sed -n '2,11p' "$src/tests/switch/captured/counters/cumulus-before.txt"
} > "$tmp/long.txt"
# The command line is quoted to its first 80 characters.
expect "a 100,000-character interface name: refused, no crash" 2 \
"rocecfg counters: $tmp/long.txt: line 2 (nv show interface $(echo "$long" | head -c 62)...): an NVUE counter output names no interface: keep the prompt and the 'nv show interface <if> ...' command line before it" -- \
  counters --vendor cumulus --from-file "$tmp/long.txt"
# Issue 31: the text forms no vendor document prints (EOS without `| json`,
# NX-OS `show queuing interface` without `| json`) are refused by their
# command line, saying why and what to save instead, never read by a guess.
printf 'leaf1#show priority-flow-control counters\nPort       RxPfc     TxPfc\nEt1        0         0\nleaf1#\n' \
  > "$tmp/eos-text.txt"
anta="aristanetworks/anta @68667e0ed117e688f505b8b870e2ccd8e1e9297b tests/units/anta_tests/test_interfaces.py"
expect "EOS text output: refused with the reason and the JSON form to save" 2 \
"rocecfg counters: $tmp/eos-text.txt: line 2 (show priority-flow-control counters): the text form of 'show priority-flow-control counters' is not read: no Arista document prints its layout, so reading it would be a guess; save 'show priority-flow-control counters | json' instead; the forms it reads:
  show priority-flow-control counters | json  ($anta)
  show priority-flow-control counters watchdog | json  (Meta TAAC PfcWdHealthCheck field names)
  show qos interfaces ecn counters queue | json  ($anta)
  show interfaces counters queue drops | json  ($anta)
  show interfaces counters errors | json  ($anta)" -- \
  counters --vendor eos --window-ms 1000 --from-file "$tmp/eos-text.txt"
printf 'leaf1# show queuing interface ethernet1/1\n\nslot  1\n=======\n\n|                   Tx Pkts |         1000000|               0|\nleaf1#\n' \
  > "$tmp/nxos-text.txt"
expect "NX-OS queuing text output: refused with the reason" 2 \
"rocecfg counters: $tmp/nxos-text.txt: line 2 (show queuing interface ethernet1/1): the text form of 'show queuing interface ethernet1/1' is not read: no Cisco document prints it whole, so reading it would be a guess; save it with '| json'; the forms it reads:
  show interface priority-flow-control  (Nexus 9000 QoS configuration guide 10.5(x), Configuring Priority Flow Control; layout in shared/reference/switch-vendors.md section 4)
  show queuing pfc-queue interface <interface> detail | json  (Nexus 9000 Show Command Reference 9.3(x), Q Show Commands, show queuing pfc-queue (wp2075340328))
  show queuing interface <interface> | json  (allenrobel/nxapi-netbox lib/nxapi/nxapi_interface_egress_queuing.py @56c1a8dd0e2f02ef2d3f494f291e71ded07ccf9a)" -- \
  counters --vendor nxos --window-ms 1000 --from-file "$tmp/nxos-text.txt"

[ $fails -eq 0 ]
