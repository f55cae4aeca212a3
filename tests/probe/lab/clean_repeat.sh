#!/bin/bash
# On a clean link, repeated probes (two sizes; the first also under load) all pass:
# no false alarms.
set -euo pipefail
. "$(dirname "$0")/common.sh"
for i in 1 2 3; do
  # the first run with background load, the others idle (keeps the suite short)
  load=()
  [ "$i" = 1 ] && load=(--load)
  probe_json "/tmp/clean$i.json" --device rxe1 --peer-device rxe0 "${FAST[@]}" "${load[@]}"
  assert_sane "/tmp/clean$i.json"
  [ "$RC" = 0 ] && [ "$(verdict "/tmp/clean$i.json")" != FAIL ] ||
    { show_failures "/tmp/clean$i.json"; die "clean run $i: verdict $(verdict "/tmp/clean$i.json") rc=$RC"; }
  ok "clean run $i: $(verdict "/tmp/clean$i.json") in $(jq -r '.seconds * 10 | floor / 10' "/tmp/clean$i.json") s"
done
