# Sourced by tests/switch scripts (needs $fails): check NAME GOT WANT compares
# exactly and prints both on a mismatch.
check() {
  if [ "$2" != "$3" ]; then
    printf 'FAIL: %s\n  want:\n%s\n  got:\n%s\n' "$1" "$3" "$2"
    fails=$((fails + 1))
  else
    echo "ok: $1"
  fi
}
