#!/bin/sh
# Hostile input to the SONiC and Cumulus readers (issue 33 items 2, 3, 12 and
# the Cumulus/SONiC part of 15), each pinned by exit code and message:
# - a 50,000-character word after line 1 of a Cumulus config crashed show,
#   audit and import (a recursive std::regex): now refused, located, exit 3;
# - a SONiC config nested 100,000 deep segfaulted in the JSON library: now
#   refused before parsing with the line of the 65th level, exit 3;
# - `nv unset qos` appended to a Cumulus render was read as in sync: it puts
#   QoS back to the factory defaults (drift, exit 1); an unset the reader
#   cannot evaluate leaves its knobs unknown (unverified, exit 4);
# - `--ports swp1..`, `swp1:`, `swp1..swp3` (Cumulus) and
#   `Ethernet18446744073709551616` (SONiC) are refused, exit 2.
set -u
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P=$src/profiles/roce-lossless.toml
fails=0
# expect <what> <exit code> <exact stderr> -- <command...>
expect() {
  what=$1 code=$2 want=$3
  shift 4
  "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  got=$(cat "$tmp/err")
  if [ "$rc" -ne "$code" ] || [ "$got" != "$want" ]; then
    printf 'FAIL: %s\n  exit %s (want %s)\n  stderr: %s\n  want:   %s\n' "$what" "$rc" "$code" "$got" "$want"
    fails=$((fails + 1))
  else
    echo "ok: $what"
  fi
}

long=$tmp/long.txt
{ sed -n 1p "$src/tests/switch/corpus/cumulus/cl514-roce-lossless.txt"
  python3 -c "print('A' * 50000)"
  sed -n '2,$p' "$src/tests/switch/corpus/cumulus/cl514-roce-lossless.txt"; } >"$long"
word="line 2: $(python3 -c "print('A' * 120)")... (not an \`nv\` command and no command's output; expected \`nv config show -o commands\` or nv set commands, NVUE YAML (\`nv config show\`, /etc/nvue.d/startup.yaml) or /etc/cumulus/datapath/traffic.conf)"
expect "show: a 50,000-character word" 3 "rocecfg show: $long: not a cumulus config: $word" -- \
  "$bin" show switch --vendor cumulus --from-file "$long"
expect "audit: a 50,000-character word" 3 "" -- \
  "$bin" audit "$P" --vendor cumulus --from-file "$long"
[ "$(sed -n 3p "$tmp/out")" = "long.txt  cumulus  failed   not a cumulus config: $word" ] ||
  { echo "FAIL: audit's row"; cat "$tmp/out"; fails=$((fails + 1)); }
expect "import: a 50,000-character word" 3 "rocecfg import: $long: not a cumulus config: $word" -- \
  "$bin" import --vendor cumulus --from-file "$long" -o "$tmp/imported.toml"
python3 -c "print('x' * 70000)" >"$tmp/wide.txt"
expect "a line over 64 KiB" 3 "rocecfg show: $tmp/wide.txt: not a cumulus config: line 1: longer than 65536 characters" -- \
  "$bin" show switch --vendor cumulus --from-file "$tmp/wide.txt"

deep=$tmp/deep.json
python3 -c "
n = 100000
print('{\"PORT\": {\"Ethernet0\": {\"x\": ' + '[\n' * n + ']\n' * n + '}}}')" >"$deep"
expect "a SONiC config nested 100,000 deep" 3 "rocecfg show: $deep: not a sonic config: expected a CONFIG_DB JSON dump (/etc/sonic/config_db.json, \`show runningconfiguration all\`, or the flat \"TABLE|key\" form of sonic-db-dump / redis-dump / show techsupport); nested deeper than 64 levels at line 62 column 1" -- \
  "$bin" show switch --vendor sonic --from-file "$deep"

"$bin" render "$P" --vendor cumulus --ports swp1 >"$tmp/render.txt" 2>/dev/null
expect "a Cumulus render audits in sync" 0 "" -- \
  "$bin" audit "$P" --vendor cumulus --from-file "$tmp/render.txt"
{ cat "$tmp/render.txt"; echo "nv unset qos"; } >"$tmp/unset.txt"
n=$(wc -l <"$tmp/unset.txt")
expect "nv unset qos appended: drift" 1 "warning: $tmp/unset.txt: line $n: nv unset qos: QoS back to the factory defaults" -- \
  "$bin" audit "$P" --vendor cumulus --from-file "$tmp/unset.txt"
grep -q "cumulus  drift    6 difference(s)" "$tmp/out" || { echo "FAIL: six differences"; cat "$tmp/out"; fails=$((fails + 1)); }
{ cat "$tmp/render.txt"; echo "nv unset qos congestion-control"; } >"$tmp/unset2.txt"
expect "nv unset qos congestion-control: unknown" 4 "warning: $tmp/unset2.txt: line $n: nv unset of a QoS setting: its value is not known: nv unset qos congestion-control" -- \
  "$bin" audit "$P" --vendor cumulus --from-file "$tmp/unset2.txt"

for p in 'swp1..' 'swp1:' 'swp1..swp3'; do
  expect "--ports $p" 2 "rocecfg render: --ports: $p: not a Cumulus port name (swpN, swpNsM for a breakout, or bond<name>)" -- \
    "$bin" render "$P" --vendor cumulus --ports "$p"
done
expect "--ports Ethernet18446744073709551616" 2 "rocecfg render: --ports: Ethernet18446744073709551616: not a SONiC port name (EthernetN, N the port's first lane, 0-99999)" -- \
  "$bin" render "$P" --vendor sonic --ports Ethernet18446744073709551616
[ $fails -eq 0 ]
