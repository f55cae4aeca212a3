#!/bin/bash
# The .deb built by cpack installs into a clean root and runs from there:
# expected paths, dependencies, the installed binary's --version and
# `validate` on an installed profile, units that systemd accepts, a man page
# groff renders without warnings.
# Usage: deb_test.sh BUILD_DIR
set -u
build=$1
work=$(mktemp -d /tmp/rocecfg-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"; else failed=$((failed + 1)); echo "FAIL: $name"; fi
}

(cd "$build" && cpack -G DEB -B "$work/pkg") > "$work/cpack.log" 2>&1
check "cpack builds a .deb" [ $? = 0 ]
deb=$(ls "$work"/pkg/rocecfg_*.deb 2>/dev/null | head -n 1)
if [ -z "$deb" ]; then cat "$work/cpack.log"; echo "$passed passed, 1 failed"; exit 1; fi
echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"

dpkg-deb -c "$deb" | awk '{print $6}' > "$work/contents"
for f in ./usr/bin/rocecfg \
         ./usr/share/rocecfg/profiles/roce-lossless.toml ./usr/share/rocecfg/profiles/lab.toml \
         ./usr/share/rocecfg/playbooks/rollout.yml ./usr/share/rocecfg/playbooks/group_vars/all.yml \
         ./usr/lib/systemd/system/rocecfg-apply.service ./usr/lib/systemd/system/rocecfg-gate.service \
         ./usr/lib/systemd/system/rocecfg-gate.timer ./usr/lib/udev/rules.d/90-rocecfg.rules \
         ./usr/share/rocecfg/slurm/rocecfg-prolog.sh ./usr/share/rocecfg/slurm/slurm.conf.example \
         ./usr/share/man/man8/rocecfg.8; do
  check "package contains $f" grep -qx "$f" "$work/contents"
done
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libibverbs1 libnl-3-200 libnl-route-3-200 libssh-4; do
  check "Depends names $lib" grep -q "$lib" <<<"$depends"
done

mkdir "$work/root"
dpkg -x "$deb" "$work/root"
bin=$work/root/usr/bin/rocecfg
check "installed binary reports its version" [ "$("$bin" --version)" = "rocecfg 0.1.0" ]
out=$("$bin" validate "$work/root/usr/share/rocecfg/profiles/lab.toml"); rc=$?
check "installed binary validates an installed profile (rc $rc)" \
  [ "$rc" = 0 -a "$out" = "$work/root/usr/share/rocecfg/profiles/lab.toml: ok (fabric \"lab\")" ]
check "prolog wrapper is executable" [ -x "$work/root/usr/share/rocecfg/slurm/rocecfg-prolog.sh" ]

# systemd's own parser on the installed units (ExecStart paths point into the root).
units=$work/units
mkdir "$units"
for u in rocecfg-apply.service rocecfg-gate.service rocecfg-gate.timer; do
  sed "s#/usr/bin/rocecfg#$bin#g" "$work/root/usr/lib/systemd/system/$u" > "$units/$u"
done
if command -v systemd-analyze >/dev/null; then
  SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no "$units"/rocecfg-apply.service \
    "$units"/rocecfg-gate.service "$units"/rocecfg-gate.timer > "$work/verify.log" 2>&1
  # Outside a booted systemd, verify complains about the missing manager; only
  # messages about our files count.
  no_unit_errors() { ! grep -E "rocecfg-(apply|gate)\.(service|timer):" "$work/verify.log"; }
  check "systemd-analyze accepts the units" no_unit_errors || cat "$work/verify.log"
fi
if command -v groff >/dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$work/root/usr/share/man/man8/rocecfg.8" 2>&1)
  check "man page renders without warnings" [ -z "$warnings" ]
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
