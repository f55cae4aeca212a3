#!/bin/sh
# /init of the lab initramfs (busybox sh).  Only job: reach the host root over virtio-9p and
# chroot into it; the real work is guest/main.sh, run with the host's bash and tools.
# Its output goes to ttyS0 (the console log file on the host), never to the scenario output.
export PATH=/sbin:/bin

fail() {
    echo "LAB-ERROR: $*"
    [ -d /ctl ] && [ -w /ctl ] && echo "$*" > /ctl/error
    sync
    poweroff -f
}

mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "lab-init: /init at uptime $(cut -d' ' -f1 /proc/uptime) s"

CTL=$(sed -n 's/.*lab\.ctl=\([^ ]*\).*/\1/p' /proc/cmdline)
KVER=$(uname -r)
[ -n "$CTL" ] || fail "no lab.ctl= on the kernel command line"

for m in virtio_pci 9pnet_virtio 9p; do
    modprobe "$m" || fail "module $m failed to load in the initramfs"
done
O="trans=virtio,version=9p2000.L,msize=262144"
mount -t 9p -o "$O" labctl /ctl || fail "cannot mount the 9p share labctl"
: > /ctl/booted
# shellcheck disable=SC1091
. /ctl/boot.conf   # LAB_DIR, LAB_OUT, LAB_KMOD

# the guest also stops on its own a little after the host's deadline, in case the host-side
# watchdog is gone (it kills qemu normally; this covers a SIGKILLed host script)
case "$LAB_TIMEOUT" in ''|*[!0-9]*) ;; *) (sleep $((LAB_TIMEOUT + 15)); echo "LAB-ERROR: guest watchdog fired"; poweroff -f) & ;; esac

R=/mnt/root
# cache=loose: the page cache makes exec'ing host binaries several times faster; the guest
# lives for minutes and only reads the host root, so staleness is not a concern
mount -t 9p -o "$O,ro,cache=loose" hostroot $R || fail "cannot mount the host root over 9p"
mkdir -p /out
mount -t 9p -o "$O" labout /out || fail "cannot mount the 9p share labout"
for d in proc sys dev; do mount --bind /$d $R/$d; done
mount -t tmpfs tmp $R/tmp
mount -t tmpfs run $R/run
mount -t tmpfs shm $R/dev/shm 2>/dev/null
mkdir -p $R/dev/pts && mount -t devpts devpts $R/dev/pts
# the writable shares at their host paths; bind mounts, because a virtio-9p tag can be mounted
# only once, and after the tmpfs mounts, so a LAB_OUT under /tmp ends up on top of the tmpfs
# (mkdir only succeeds there; elsewhere the directory already exists on the read-only host root)
mkdir -p "$R$CTL" "$R$LAB_OUT" 2>/dev/null
mount --bind /ctl "$R$CTL" || fail "cannot mount the run dir at $CTL"
mount --bind /out "$R$LAB_OUT" || fail "cannot mount LAB_OUT at $LAB_OUT"

# the unpacked guest kernel's modules become /lib/modules/<kver>, both for the chroot
# (kmod modprobe) and for the initramfs (kernel autoload runs /sbin/modprobe here)
[ -d "$R$LAB_KMOD" ] || fail "guest kernel modules not found at $LAB_KMOD"
[ -d "$R/lib/modules/$KVER" ] || fail "host has no /lib/modules/$KVER to mount the guest modules on (linux-headers-$KVER missing?)"
mount --bind "$R$LAB_KMOD" "$R/lib/modules/$KVER" || fail "cannot bind the guest modules"
mount --bind "$R$LAB_KMOD" "/lib/modules/$KVER"

echo "lab-init: host root mounted at uptime $(cut -d' ' -f1 /proc/uptime) s"
env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp TERM=dumb LANG=C.UTF-8 \
    chroot $R /bin/bash "$LAB_DIR/guest/main.sh" "$CTL"
echo "lab-init: main.sh exited rc=$? at uptime $(cut -d' ' -f1 /proc/uptime) s"
sync
umount "$R$LAB_OUT" "$R$CTL" /out /ctl 2>/dev/null
poweroff -f
