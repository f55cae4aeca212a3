#!/bin/sh
# requires.sh KIND COMMAND [ARGS...]: run COMMAND if this machine can, else
# tell CTest the test was skipped and why.
#
#   root   root (a test that acts as root for someone, e.g. under sudo)
#   netns  root and a kernel that creates network namespaces with veth
#   lab    root and qemu-system-x86_64 (tests/lab/lab boots the QEMU lab)
#
# A missing prerequisite exits 77, which every test registered through
# rocecfg_netns_test / rocecfg_lab_test declares as SKIP_RETURN_CODE, so a
# plain `ctest` on a laptop reports "Skipped" with the reason instead of a
# failure. tests/run sets ROCECFG_NO_SKIP=1: there a missing prerequisite is
# a failure, so CI never passes by skipping.
kind=${1:?usage: requires.sh root|netns|lab COMMAND [ARGS...]}
shift
missing=
[ "$(id -u)" = 0 ] || missing="not root"
case "$kind" in
  root) ;;
  netns)
    if [ -z "$missing" ] && ! unshare --net sh -c 'ip link add rq0 type veth peer name rq1' 2>/dev/null; then
      missing="cannot create a veth pair in a new network namespace"
    fi
    ;;
  lab)
    command -v qemu-system-x86_64 >/dev/null 2>&1 || missing="${missing:+$missing, }no qemu-system-x86_64 (apt-get install qemu-system-x86)"
    ;;
  *)
    echo "requires.sh: unknown prerequisite '$kind' (root, netns, lab)" >&2
    exit 2
    ;;
esac
if [ -n "$missing" ]; then
  if [ "${ROCECFG_NO_SKIP:-}" = 1 ]; then
    echo "FAIL: $kind test cannot run here: $missing (ROCECFG_NO_SKIP=1: every test must run)"
    exit 1
  fi
  echo "SKIP: $kind test needs what this machine lacks: $missing"
  exit 77
fi
exec "$@"
