#!/bin/bash
# A host brought to the profile is healthy: exit 0, "lab | healthy".
. "$(dirname "$0")/common.sh"
lab_reset
rm -f "$STATE"
gate
expect 0 "lab | healthy"
grep -q "^flaps     ok            baseline recorded" /tmp/gate.out || die "no flap baseline"
gate
expect 0 "lab | healthy"
grep -q "^flaps     ok            no link flaps since the last run" /tmp/gate.out || die "second run"
