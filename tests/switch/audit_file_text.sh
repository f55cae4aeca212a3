#!/bin/sh
# An offline audit's text names the config file once: its path on a "file:"
# line above the table, its name in the table and in every drift row
# (issue 16: short target names, the file named once).
set -u
bin=$1 src=$2
file=$src/tests/switch/vendors/captured/eos-leaf7.txt
out=$("$bin" audit "$src/profiles/roce-lossless.toml" --vendor eos --from-file "$file" 2>/dev/null)
fails=0
check() { if [ "$2" -ne 0 ]; then printf 'FAIL: %s\n%s\n' "$1" "$out"; fails=$((fails + 1)); else echo "ok: $1"; fi; }
[ "$(echo "$out" | sed -n 1p)" = "file: $file (read as EOS running-config; passed over 4 statements that are not QoS)" ]
check "the first line is the file's path, what it was read as and how much was passed over" $?
[ "$(echo "$out" | grep -c "$file")" -eq 1 ]
check "the path appears once" $?
echo "$out" | sed -n 3p | grep -Eq '^eos-leaf7\.txt +eos +drift +[0-9]+ difference\(s\)'
check "the table names the switch by the file's name" $?
rows=$(echo "$out" | sed -n '4,$p')
[ -n "$rows" ] && [ "$(echo "$rows" | grep -cv '^  eos-leaf7\.txt  ')" -eq 0 ]
check "every drift row starts with the file's name" $?
[ $fails -eq 0 ]
