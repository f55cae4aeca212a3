#!/bin/sh
# The README's profile snippet is a profile: every ```toml block in the
# README must pass `rocecfg validate` (a user copies them; the old one-line
# "[fabric] name = ..." form was not TOML at all). A block with [[host]] or
# [[switch]] tables is an inventory: validated as --inventory of a shipped
# profile.
# usage: readme_profile_test.sh SOURCE_DIR ROCECFG
set -u
src=$1 bin=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
  /^```toml$/ { n++; file = dir "/block" n ".toml"; inside = 1; next }
  /^```$/ && inside { inside = 0; close(file); next }
  inside { print > file }
' "$src/README.md"
count=$(ls "$tmp" | wc -l)
[ "$count" -ge 1 ] || { echo "FAIL: no toml block in README.md"; exit 1; }
fails=0
for f in "$tmp"/*.toml; do
  if grep -Eq '^\[\[(host|switch)\]\]' "$f"; then
    set -- "$src/profiles/roce-lossless.toml" --inventory "$f"
  else
    set -- "$f"
  fi
  if out=$("$bin" validate "$@" 2>&1); then
    echo "ok: README $(basename "$f"): $out"
  else
    echo "FAIL: README $(basename "$f") does not validate:"; echo "$out"; cat "$f"
    fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
