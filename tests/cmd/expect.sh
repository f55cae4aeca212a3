# Sourced by the tests/cmd scripts (needs $bin, $src, $fails).
# expect NAME WANT_RC WANT_OUTPUT CMD...: stdout and stderr together, exact.
expect() {
  name=$1 want_rc=$2 want=$3
  shift 3
  got=$(timeout 60 "$@" 2>&1)
  rc=$?
  if [ "$rc" != "$want_rc" ] || [ "$got" != "$want" ]; then
    printf 'FAIL: %s\n  want rc %s:\n%s\n  got rc %s:\n%s\n' "$name" "$want_rc" "$want" "$rc" "$got"
    fails=$((fails + 1))
  else
    echo "ok: $name"
  fi
}

# refused_by_every_reader FILE WHY [PREFIX...]: each verb that reads a file as
# its input (show, audit, import, counters --from-file; nccl-log) refuses
# FILE with exit 2 and "cannot read FILE: WHY"; PREFIX (e.g. env VAR=x) goes
# before the binary.
refused_by_every_reader() {
  f=$1 why=$2
  shift 2
  p=$src/profiles/roce-lossless.toml
  expect "show switch --from-file $f" 2 "rocecfg show: cannot read $f: $why" \
    "$@" "$bin" show switch --vendor eos --from-file "$f"
  expect "audit --from-file $f" 2 "rocecfg audit: cannot read $f: $why" \
    "$@" "$bin" audit "$p" --vendor eos --from-file "$f"
  expect "import --from-file $f" 2 "rocecfg import: cannot read $f: $why" \
    "$@" "$bin" import --vendor eos --from-file "$f"
  expect "counters --from-file $f" 2 "rocecfg counters: cannot read $f: $why" \
    "$@" "$bin" counters --vendor eos --from-file "$f"
  expect "nccl-log $f" 2 "rocecfg nccl-log: cannot read $f: $why" \
    "$@" "$bin" nccl-log "$src/profiles/roce-lossless-nccl.toml" "$f"
}
