#!/bin/sh
# No green without evidence (issue 31): an offline audit of a config that is
# otherwise in sync says unverified (exit 4) when it holds a QoS statement the
# reader could not read, naming its lines; a render (with its `exit` lines)
# audits in sync. Statements are the vendors' documented forms: EOS `dcbx
# application` (EOS User Manual, DCB chapter), NX-OS `hardware qos
# ns-buffer-profile` (in ../shared/wild-configs/nxos/pyntc-n9k1-7.0-runcfg.txt).
set -u
bin=$1 src=$2
P=$src/profiles/roce-lossless.toml
tmp=$(mktemp -d /tmp/rocecfg-audit-unread-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
. "$(dirname "$0")/check.sh"
"$bin" render "$P" --vendor eos --ports Ethernet1 >"$tmp/eos.cfg" 2>/dev/null
out=$("$bin" audit "$P" --vendor eos --from-file "$tmp/eos.cfg" 2>&1)
check "eos: the render audits in sync, exit 0" "$? $(echo "$out" | tail -1)" \
  "0 eos.cfg  eos     in-sync  no drift"
"$bin" render "$P" --vendor nxos --ports Ethernet1/1 >"$tmp/nxos.cfg" 2>/dev/null
out=$("$bin" audit "$P" --vendor nxos --from-file "$tmp/nxos.cfg" 2>&1)
check "nxos: the render (its exit lines included) audits in sync, exit 0" \
  "$? $(echo "$out" | tail -1)" "0 nxos.cfg  nxos    in-sync  no drift"
{ cat "$tmp/eos.cfg"; echo "dcbx application tcp-sctp 4791 priority 3"; } >"$tmp/eos2.cfg"
n=$(wc -l <"$tmp/eos2.cfg")
out=$("$bin" audit "$P" --vendor eos --from-file "$tmp/eos2.cfg" 2>&1)
check "eos: one QoS statement not understood: unverified, exit 4" "$? $out" \
"4 warning: $tmp/eos2.cfg: line $n: QoS statement not understood: dcbx application tcp-sctp 4791 priority 3
file: $tmp/eos2.cfg (read as EOS running-config)
SWITCH    VENDOR  OUTCOME     REASON
eos2.cfg  eos     unverified  no drift seen, 1 QoS statement(s) not understood (line(s) $n)"
{ echo "hardware qos ns-buffer-profile mesh"; cat "$tmp/nxos.cfg"; } >"$tmp/nxos2.cfg"
out=$("$bin" audit "$P" --vendor nxos --from-file "$tmp/nxos2.cfg" 2>&1)
check "nxos: one QoS statement not understood: unverified, exit 4" "$? $out" \
"4 warning: $tmp/nxos2.cfg: line 1: QoS statement not understood: hardware qos ns-buffer-profile mesh
file: $tmp/nxos2.cfg (read as NX-OS running-config)
SWITCH     VENDOR  OUTCOME     REASON
nxos2.cfg  nxos    unverified  no drift seen, 1 QoS statement(s) not understood (line(s) 1)"
[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all ok"
