#!/bin/bash
# rocecfg(8) as the build generates it from the CLI definitions: every verb and
# every option that `rocecfg VERB --help` lists is in it, the exit codes come
# from the one table, it renders with groff without warnings, and the
# template's markers are all filled.
# Usage: manpage_test.sh ROCECFG_BINARY GENERATED_PAGE
set -u
bin=$1 page=$2
passed=0 failed=0
check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
[ -s "$page" ] || { echo "FAIL: $page not generated (build target rocecfg_package_docs)"; echo "0 passed, 1 failed"; exit 1; }
# roff writes '-' as '\-'; compare in plain text.
plain=$(sed 's/\\-/-/g; s/\\f[BIRP]//g' "$page")
verbs=$("$bin" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
check "help lists verbs" [ -n "$verbs" ]
for verb in $verbs; do
  check "verb $verb has a section" grep -qx ".SS $verb" <<<"$plain"
  # Option names as --help prints them: "-i,--interface TEXT ..." -> --interface
  # (the global flags in the footer are the page's GLOBAL OPTIONS, not the verb's)
  for opt in $("$bin" "$verb" --help | sed '/^Global flags/,$d' | grep -oE '^  +(-[a-zA-Z],)?--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z][a-z0-9-]*' | grep -v -- '--help'); do
    check "$verb $opt is in the page" grep -q -- "$opt" <<<"$(sed -n "/^\.SS $verb\$/,/^\.SS /p" <<<"$plain")"
  done
done
for code in 0 1 2 3 4; do
  check "EXIT STATUS has code $code" grep -qx ".B $code" "$page"
done
check "no template marker left" sh -c "! grep -q '^@[A-Z_]*@$' '$page'"
if command -v groff >/dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
  check "groff renders without warnings" [ -z "$warnings" ] || echo "$warnings"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
