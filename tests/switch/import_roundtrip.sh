#!/bin/sh
# rocecfg import writes through lib/profile/write: the profile it writes for
# each captured vendor config must load (validate exit 0) and name the file it
# came from. Usage: import_roundtrip.sh ROCECFG SOURCE_DIR
set -u
bin=$1
src=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fails=0
for pair in cumulus:tests/switch/captured/cumulus-startup.yaml \
            sonic:tests/switch/captured/sonic-bare-config_db.json \
            sonic:tests/switch/captured/sonic-legacy-config_db.json \
            eos:tests/switch/vendors/captured/eos-leaf7.txt \
            nxos:tests/switch/vendors/captured/nxos-leaf3.txt \
            huawei-ce:tests/switch/vendors/captured/huawei-ce-leaf2.txt \
            h3c:tests/switch/vendors/captured/h3c-s6850.txt; do
  vendor=${pair%%:*}
  file=$src/${pair#*:}
  toml=$out/$vendor-$(basename "$file").toml
  if ! "$bin" import --vendor "$vendor" --from-file "$file" -o "$toml"; then
    echo "FAIL: import --vendor $vendor $file"; fails=$((fails + 1)); continue
  fi
  head -1 "$toml" | grep -q "^# Imported by \`rocecfg import --vendor $vendor\` from $file\$" ||
    { echo "FAIL: $toml: first line $(head -1 "$toml")"; fails=$((fails + 1)); }
  if ! msg=$("$bin" validate "$toml" 2>&1); then
    echo "FAIL: the profile imported from $file does not load: $msg"; fails=$((fails + 1))
  fi
done
[ "$fails" -eq 0 ] && echo "ok: 7 imported profiles load"
[ "$fails" -eq 0 ]
