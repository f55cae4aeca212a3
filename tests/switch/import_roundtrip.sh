#!/bin/sh
# rocecfg import -> validate -> audit (issue 20): for every shipped captured
# config and every corpus file, the profile `import` writes names the file it
# came from, loads (validate exit 0), and audits the port it was read from as
# in sync (audit --port exit 0); for corpus files once per port group that
# `show switch --json` reports (import --port), for captured configs the port
# import picks. Usage: import_roundtrip.sh
# ROCECFG SOURCE_DIR
set -u
bin=$1
src=$2
out=$(mktemp -d)
unread=0
trap 'rm -rf "$out"' EXIT
fails=0
n=0
pairs="cumulus:tests/switch/vendors/captured/cumulus-startup.yaml
cumulus:tests/switch/vendors/captured/cumulus-nv-commands.txt
cumulus:tests/switch/vendors/captured/cumulus-traffic.conf
sonic:tests/switch/vendors/captured/sonic-bare-config_db.json
sonic:tests/switch/vendors/captured/sonic-legacy-config_db.json
eos:tests/switch/vendors/captured/eos-leaf7.txt
nxos:tests/switch/vendors/captured/nxos-leaf3.txt
huawei-ce:tests/switch/vendors/captured/huawei-ce-leaf2.txt
h3c:tests/switch/vendors/captured/h3c-s6850.txt"
for dir in "$src"/tests/switch/corpus/*/; do
  vendor=$(basename "$dir")
  [ "$vendor" = foreign ] && continue
  for f in "$dir"*; do
    case $f in *.expected.json | *.md) continue ;; esac
    pairs="$pairs
$vendor:${f#"$src"/}"
  done
done
# One port of every port group of a corpus file (the captured configs: the
# port import picks itself).
groups() {
  "$bin" show switch --vendor "$1" --from-file "$2" --json | python3 -c '
import json, sys
for g in json.load(sys.stdin)["payload"]["switch"]["port_groups"]:
    print(g["ports"][0])'
}
runs=""
for pair in $pairs; do
  case $pair in
    *tests/switch/corpus/*)
      for p in $(groups "${pair%%:*}" "$src/${pair#*:}"); do runs="$runs
$pair:$p"; done ;;
    *) runs="$runs
$pair:" ;;
  esac
done
for run in $runs; do
  port_arg=${run##*:}
  pair=${run%:*}
  vendor=${pair%%:*}
  file=$src/${pair#*:}
  n=$((n + 1))
  toml=$out/$n.toml
  set -- import --vendor "$vendor" --from-file "$file" -o "$toml" --json
  [ -n "$port_arg" ] && set -- "$@" --port "$port_arg"
  if ! "$bin" "$@" >"$out/$n.json"; then
    echo "FAIL: import --vendor $vendor $file $port_arg"; fails=$((fails + 1)); continue
  fi
  head -1 "$toml" | grep -q "^# Imported by \`rocecfg import --vendor $vendor\` from $file\$" ||
    { echo "FAIL: $toml: first line $(head -1 "$toml")"; fails=$((fails + 1)); }
  if ! msg=$("$bin" validate "$toml" 2>&1); then
    echo "FAIL: the profile imported from $file does not load: $msg"; fails=$((fails + 1))
    continue
  fi
  port=$(sed -n 's/.*"port": *"\([^"]*\)".*/\1/p' "$out/$n.json" | head -1)
  msg=$("$bin" audit "$toml" --vendor "$vendor" --from-file "$file" --port "$port" 2>&1)
  rc=$?
  # NVUE's bw-percent is 1..100 (issue 19): a Cumulus profile with a 0 %
  # DWRR class (NVUE's roce defaults, legacy traffic.conf) is applied with
  # 0 % classes at 1 %, taken from the largest, so its one difference is the
  # global ETS: same map and TSAs, each 0 % class intended at 1 % and those
  # units taken from the others (read from `audit --json`, not its text).
  if [ "$rc" -eq 1 ] && [ "$vendor" = cumulus ] &&
    "$bin" audit "$toml" --vendor "$vendor" --from-file "$file" --port "$port" --json 2>/dev/null |
    python3 -c '
import json, sys
sw = json.load(sys.stdin)["payload"]["switches"]
drift = sw[0]["drift"] if len(sw) == 1 else []
if len(drift) != 1 or sw[0]["not_in_config"]:
    sys.exit(1)
d = drift[0]
if (d["knob"], d["interface"], d["kind"]) != ("ets", "global", "change"):
    sys.exit(1)
o, i = d["observed"], d["intended"]
classes = [t for t in range(8) if o["tsa"][t] != "strict"]
ob, ib = o["bandwidth_percent"], i["bandwidth_percent"]
zeros = [t for t in classes if ob[t] == 0]
rest = [t for t in classes if ob[t] > 0]
sys.exit(0 if o["prio_tc"] == i["prio_tc"] and o["tsa"] == i["tsa"] and zeros
         and all(ib[t] == 1 for t in zeros) and all(ib[t] <= ob[t] for t in rest)
         and sum(ob[t] - ib[t] for t in rest) == len(zeros) else 1)'; then
    rc=0
  fi
  # A file with QoS statements the reader does not hold is never in sync
  # (no green without evidence): no drift, unverified for those lines alone.
  if [ "$rc" -eq 4 ] && echo "$msg" | grep -Eq \
    ' unverified +no drift seen, [0-9]+ QoS statement\(s\) not understood( \(line\(s\) [0-9, ]+\))?$'; then
    rc=0
    unread=$((unread + 1))
  fi
  if [ "$rc" -ne 0 ]; then
    echo "FAIL: audit of $file port $port against its own import is not in sync: $msg"
    fails=$((fails + 1))
  fi
done
[ "$fails" -eq 0 ] &&
  echo "ok: $n imported profiles load and audit their port in sync ($unread unverified only for QoS statements not understood)"
[ "$fails" -eq 0 ]
