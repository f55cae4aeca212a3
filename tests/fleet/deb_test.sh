#!/bin/bash
# The .deb built by cpack: expected paths, dependencies, a stripped binary,
# maintainer scripts, lintian clean (overrides explained in
# packaging/debian/lintian-overrides), units that systemd accepts and rates
# at most 4.0 in `systemd-analyze security`, a man page groff renders without
# warnings; then installed with apt into a clean Debian 12 root (debootstrap,
# cached as a pristine tarball) where --version, validate and show host run.
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
         ./usr/share/rocecfg/playbooks/rollout.yml \
         ./usr/lib/systemd/system/rocecfg-apply.service ./usr/lib/systemd/system/rocecfg-gate.service \
         ./usr/lib/systemd/system/rocecfg-gate.timer ./usr/lib/udev/rules.d/90-rocecfg.rules \
         ./usr/lib/systemd/system/rocecfg-audit.service ./usr/lib/systemd/system/rocecfg-audit.timer \
         ./usr/share/rocecfg/playbooks/roles/rocecfg/defaults/main.yml \
         ./usr/share/rocecfg/playbooks/roles/rocecfg/meta/argument_specs.yml \
         ./usr/share/rocecfg/playbooks/roles/rocecfg/filter_plugins/rocecfg.py \
         ./usr/share/rocecfg/slurm/rocecfg-prolog.sh ./usr/share/rocecfg/slurm/slurm.conf.example \
         ./usr/share/doc/rocecfg/copyright ./usr/share/doc/rocecfg/changelog.Debian.gz \
         ./usr/share/man/man8/rocecfg.8.gz; do
  check "package contains $f" grep -qx "$f" "$work/contents"
done
check "Recommends ibverbs-providers" grep -q ibverbs-providers <<<"$(dpkg-deb -f "$deb" Recommends)"
dpkg-deb -e "$deb" "$work/control"
for script in postinst prerm postrm; do
  check "maintainer script $script is executable" [ -x "$work/control/$script" ]
done
check "postinst reloads systemd and udev" grep -q 'daemon-reload' "$work/control/postinst"
size=$(stat -c %s "$deb")
check "package is small (stripped: $size bytes < 20 MB)" [ "$size" -lt 20000000 ]
if command -v lintian >/dev/null; then
  lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v 'running with root privileges' > "$work/lintian.log"
  check "lintian is clean" [ ! -s "$work/lintian.log" ] || cat "$work/lintian.log"
else
  check "lintian installed (.ci/packages)" false
fi
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libibverbs1 libnl-3-200 libnl-route-3-200 libssh-4; do
  check "Depends names $lib" grep -q "$lib" <<<"$depends"
done

mkdir "$work/root"
dpkg -x "$deb" "$work/root"
bin=$work/root/usr/bin/rocecfg
check "installed binary is stripped" sh -c "! readelf -S '$work/root/usr/bin/rocecfg' | grep -q debug_info"
check "installed binary reports its version" [ "$("$bin" --version)" = "rocecfg 0.1.0" ]
out=$("$bin" validate "$work/root/usr/share/rocecfg/profiles/lab.toml"); rc=$?
check "installed binary validates an installed profile (rc $rc)" \
  [ "$rc" = 0 -a "$out" = "$work/root/usr/share/rocecfg/profiles/lab.toml: ok (fabric \"lab\")" ]
check "prolog wrapper is executable" [ -x "$work/root/usr/share/rocecfg/slurm/rocecfg-prolog.sh" ]

# systemd's own parser on the installed units (ExecStart paths point into the root).
units=$work/units
mkdir "$units"
for u in rocecfg-apply.service rocecfg-gate.service rocecfg-gate.timer rocecfg-audit.service rocecfg-audit.timer; do
  sed "s#/usr/bin/rocecfg#$bin#g" "$work/root/usr/lib/systemd/system/$u" > "$units/$u"
done
if command -v systemd-analyze >/dev/null; then
  SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no "$units"/rocecfg-apply.service \
    "$units"/rocecfg-gate.service "$units"/rocecfg-gate.timer > "$work/verify.log" 2>&1
  # Outside a booted systemd, verify complains about the missing manager; only
  # messages about our files count.
  no_unit_errors() { ! grep -E "rocecfg-(apply|gate)\.(service|timer):" "$work/verify.log"; }
  check "systemd-analyze accepts the units" no_unit_errors || cat "$work/verify.log"
  for u in rocecfg-apply.service rocecfg-gate.service rocecfg-audit.service; do
    score=$(systemd-analyze security --offline=yes "$units/$u" 2>/dev/null | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
    check "$u exposure $score <= 4.0" awk -v s="${score:-99}" 'BEGIN { exit !(s <= 4.0) }'
  done
fi
if command -v groff >/dev/null; then
  warnings=$(zcat "$work/root/usr/share/man/man8/rocecfg.8.gz" | groff -man -Tutf8 -ww -z 2>&1)
  check "man page renders without warnings" [ -z "$warnings" ]
fi

# Install with apt into a clean Debian 12 root: dependencies resolve from the
# archive, the maintainer scripts run, the binary works there. The pristine
# root is made once per machine (debootstrap, ~3 min) and copied per run.
cache=/var/cache/rocecfg/debroot-bookworm.tar
if [ ! -s "$cache" ]; then
  mkdir -p "$(dirname "$cache")" "$work/boot"
  if debootstrap --variant=minbase bookworm "$work/boot" > "$work/debootstrap.log" 2>&1; then
    printf '%s\n' 'deb http://deb.debian.org/debian bookworm main' \
      'deb http://deb.debian.org/debian bookworm-updates main' \
      'deb http://deb.debian.org/debian-security bookworm-security main' > "$work/boot/etc/apt/sources.list"
    tar -C "$work/boot" -cf "$cache.tmp" . && mv "$cache.tmp" "$cache"
  else
    tail -5 "$work/debootstrap.log"
  fi
  rm -rf "$work/boot"
fi
check "a clean Debian 12 root is available (debootstrap)" [ -s "$cache" ]
if [ -s "$cache" ]; then
  clean=$work/clean
  mkdir "$clean" && tar -C "$clean" -xf "$cache"
  cp "$deb" "$clean/tmp/rocecfg.deb"
  cp /etc/resolv.conf "$clean/etc/resolv.conf" 2>/dev/null
  # A private mount namespace: the chroot's /proc and /sys go away with it.
  unshare -m sh -c "mount -t proc proc '$clean/proc' && mount --rbind /sys '$clean/sys' && exec chroot '$clean' sh -c '
    apt-get update -q > /tmp/apt.log 2>&1 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/rocecfg.deb >> /tmp/apt.log 2>&1
    echo \$? > /tmp/install.rc
    rocecfg --version > /tmp/version.out 2>&1
    rocecfg validate /usr/share/rocecfg/profiles/lab.toml > /tmp/validate.out 2>&1; echo \$? > /tmp/validate.rc
    rocecfg show host > /tmp/show.out 2>&1; echo \$? > /tmp/show.rc'"
  check "apt installs the .deb into the clean root" [ "$(cat "$clean/tmp/install.rc" 2>/dev/null)" = 0 ] ||
    tail -5 "$clean/tmp/apt.log"
  check "rocecfg --version there" [ "$(cat "$clean/tmp/version.out" 2>/dev/null)" = "rocecfg 0.1.0" ]
  check "validate there" [ "$(cat "$clean/tmp/validate.rc" 2>/dev/null):$(cat "$clean/tmp/validate.out" 2>/dev/null)" \
    = '0:/usr/share/rocecfg/profiles/lab.toml: ok (fabric "lab")' ]
  check "show host there (rc $(cat "$clean/tmp/show.rc" 2>/dev/null))" [ "$(cat "$clean/tmp/show.rc" 2>/dev/null)" = 0 ]
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
