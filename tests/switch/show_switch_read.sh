#!/bin/sh
# `show switch` says what the text was read as and how much of it was passed
# over, in text and JSON, and lists each QoS statement it could not read by
# line (issue 31). Counts written by hand from the files:
#  - EOS: hostname, interface Management1, router bgp, its router-id, end are
#    passed over (5); class-map type qos, policy-map type quality-of-service,
#    dcbx application, service-policy type qos input and dcbx mode ieee are
#    QoS not understood (lines 5, 8, 12, 18, 21);
#  - SONiC corpus show-runningconfiguration-all.json: BGP_NEIGHBOR,
#    LOOPBACK_INTERFACE, VLAN, VLAN_MEMBER (4 tables; DEVICE_METADATA is read);
#  - Cumulus corpus cl511-capture-prompt.txt: `type swp` and `system hostname`
#    (2 nv set lines), the prompt + command line and the bare prompt (2 lines).
set -u
bin=$1 src=$2
tmp=$(mktemp -d /tmp/rocecfg-show-read-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
. "$(dirname "$0")/check.sh"
cat > "$tmp/eos.cfg" <<'CFG'
! device: leaf1 (DCS-7050CX3-32S, EOS-4.28.3M)
!
hostname leaf1
!
class-map type qos match-any ROCE
   match ip access-group ROCE-ACL
!
policy-map type quality-of-service ROCE-POLICY
   class ROCE
      set traffic-class 3
!
dcbx application tcp-sctp 4791 priority 3
!
priority-flow-control pause watchdog default timeout 0.2
!
interface Ethernet1
   mtu 9214
   service-policy type qos input ROCE-POLICY
   priority-flow-control on
   priority-flow-control priority 3 no-drop
   dcbx mode ieee
!
interface Management1
   ip address 10.0.0.1/24
!
router bgp 65001
   router-id 10.0.0.1
!
end
CFG
out=$("$bin" show switch --vendor eos --from-file "$tmp/eos.cfg" 2>&1)
check "eos: the first line says the form and what was passed over; exit 0" "$? $(echo "$out" | sed -n 1p)" \
  "0 $tmp/eos.cfg (eos, read as EOS running-config; passed over 5 statements that are not QoS)"
check "eos: each QoS statement not understood is a note with its line" "$(echo "$out" | grep '^note:')" \
"note: line 5: QoS statement not understood: class-map type qos match-any ROCE
note: line 8: QoS statement not understood: policy-map type quality-of-service ROCE-POLICY
note: line 12: QoS statement not understood: dcbx application tcp-sctp 4791 priority 3
note: line 18: QoS statement not understood: service-policy type qos input ROCE-POLICY
note: line 21: QoS statement not understood: dcbx mode ieee"
fields() {
  python3 -c 'import json, sys
s = json.load(sys.stdin)["payload"]["switch"]
print(s["passed_over"], "|", s["recognised_as"], "|", ",".join(str(u["line"]) for u in s["not_understood"]))'
}
check "eos: JSON passed_over, recognised_as, not_understood lines" \
  "$("$bin" show switch --vendor eos --from-file "$tmp/eos.cfg" --json | fields)" \
  "5 | EOS running-config; passed over 5 statements that are not QoS | 5,8,12,18,21"
sonic=$src/tests/switch/corpus/sonic/show-runningconfiguration-all.json
check "sonic: JSON passed_over and recognised_as" \
  "$("$bin" show switch --vendor sonic --from-file "$sonic" --json | fields)" \
  "4 | CONFIG_DB JSON; passed over 4 CONFIG_DB tables that are not port or QoS | "
cumulus=$src/tests/switch/corpus/cumulus/cl511-capture-prompt.txt
check "cumulus: the first line" "$("$bin" show switch --vendor cumulus --from-file "$cumulus" | sed -n 1p)" \
  "$cumulus (cumulus, read as nv config show -o commands; passed over 2 nv set lines that are not QoS or port MTU; passed over 2 lines that are not statements)"
check "cumulus: JSON passed_over is the sum" \
  "$("$bin" show switch --vendor cumulus --from-file "$cumulus" --json | fields)" \
  "4 | nv config show -o commands; passed over 2 nv set lines that are not QoS or port MTU; passed over 2 lines that are not statements | "
check "import --json says the same" \
  "$("$bin" import --vendor eos --from-file "$tmp/eos.cfg" --json | python3 -c 'import json, sys
p = json.load(sys.stdin)["payload"]
print(p["passed_over"], "|", p["recognised_as"])')" \
  "5 | EOS running-config; passed over 5 statements that are not QoS"
[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all ok"
