#!/bin/sh
# A switch audit's text reads like `show switch` and `nv config diff`: equal
# changes on many ports are one row over a port range, ports in natural order
# (swp2 before swp10), and the header's counts are the rows below it
# (issue 36 item 4). Offline: config files from the corpus, no root.
set -u
bin=$1 src=$2
profile=$src/profiles/roce-lossless.toml
corpus=$src/tests/switch/corpus
fails=0
check() { if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n' "$1"; fails=$((fails + 1)); else echo "ok: $1"; fi; }

# 16 ports with the same MTU and watchdog drift, 4 without a watchdog: 5 rows.
got=$("$bin" audit "$profile" --vendor cumulus --from-file "$corpus/cumulus/cl59-qos-custom.yaml" 2>/dev/null | sed -n '2,$p')
want='SWITCH                VENDOR   OUTCOME  REASON
cl59-qos-custom.yaml  cumulus  drift    5 difference(s)
  cl59-qos-custom.yaml  global    ets           prio_tc=0,1,2,3,4,5,6,7 tsa=ets,ets,ets,ets,ets,ets,strict,ets bw=40,4,4,40,4,4,0,4 -> prio_tc=0,1,2,3,4,5,6,7 tsa=ets,ets,ets,ets,ets,ets,strict,ets bw=47,1,1,48,1,1,0,1
  cl59-qos-custom.yaml  global    ecn           min=150KiB max=1500KiB p=20% -> min=150KB max=1500KB p=10%
  cl59-qos-custom.yaml  swp1-16   mtu           9000 -> 9216
  cl59-qos-custom.yaml  swp1-16   pfc_watchdog  detect=300ms restore=300ms action=drop -> detect=200ms restore=200ms action=drop
  cl59-qos-custom.yaml  swp17-20  pfc_watchdog  - -> detect=200ms restore=200ms action=drop'
[ "$got" = "$want" ]
check "equal changes on a port range are one row, ports in natural order" $?
[ "$got" = "$want" ] || printf '%s\n--- want\n%s\n' "$got" "$want"

# Every config of the corpus: the header's counts add up to the rows.
for dir in "$corpus"/*/; do
  vendor=$(basename "$dir")
  [ "$vendor" = foreign ] && continue
  for f in "$dir"*; do
    case $f in *.expected.json | *.md) continue ;; esac
    out=$("$bin" audit "$profile" --vendor "$vendor" --from-file "$f" 2>/dev/null)
    header=$(echo "$out" | sed -n 3p)
    counted=$(echo "$header" | grep -oE '[0-9]+ (difference|not|knob)' | awk '{s += $1} END {print s + 0}')
    rows=$(echo "$out" | sed -n '4,$p' | grep -c '^  ')
    [ "$counted" -eq "$rows" ]
    check "$vendor $(basename "$f"): header counts $counted, $rows row(s)" $?
  done
done
[ $fails -eq 0 ]
