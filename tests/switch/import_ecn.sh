#!/bin/sh
# `import` writes ECN thresholds only with the priorities they mark (issue 31).
# A CONFIG_DB whose WRED_PROFILE (fields as sonic-wred-profile.yang names
# them) no QUEUE entry uses marks nothing: it was imported as [ecn] without
# priorities, which the loader reads as marking every lossless priority (3, 4
# here). With QUEUE|Ethernet0|3-4 using the profile, both are imported.
set -u
bin=$1
tmp=$(mktemp -d /tmp/rocecfg-import-ecn-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0
. "$(dirname "$0")/check.sh"
wred='"WRED_PROFILE": {"AZURE_LOSSLESS": {"ecn": "ecn_all", "wred_green_enable": "true",
    "green_min_threshold": "1048576", "green_max_threshold": "2097152", "green_drop_probability": "5"}}'
cat > "$tmp/unbound.json" <<EOF2
{
  "PORT": {"Ethernet0": {"mtu": "9100", "admin_status": "up"}},
  "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,4"}},
  $wred
}
EOF2
cat > "$tmp/bound.json" <<EOF2
{
  "PORT": {"Ethernet0": {"mtu": "9100", "admin_status": "up"}},
  "PORT_QOS_MAP": {"Ethernet0": {"pfc_enable": "3,4"}},
  "QUEUE": {"Ethernet0|3-4": {"wred_profile": "AZURE_LOSSLESS"}},
  $wred
}
EOF2
out=$("$bin" import --vendor sonic --from-file "$tmp/unbound.json" 2>&1)
check "thresholds no queue marks with: no [ecn], exit 0" "$? $(echo "$out" | grep -E '^\[ecn\]|^# ecn')" \
"0 # ecn_priorities: none (default, no QUEUE wred_profile: ECN off): not imported: the vendor's default, not configured
# ecn: min=1MiB max=2MiB p=5% (configured, WRED_PROFILE|AZURE_LOSSLESS): not imported: no priority is marked with these thresholds"
out=$("$bin" import --vendor sonic --from-file "$tmp/bound.json" 2>&1)
check "thresholds queues 3-4 mark with: [ecn] with priorities 3, 4" \
  "$? $(echo "$out" | sed -n '/^\[ecn\]/,/^$/p')" \
"0 [ecn]
min_threshold = \"1MiB\"
max_threshold = \"2MiB\"
mark_probability_percent = 5
priorities = [3, 4]"
"$bin" import --vendor sonic --from-file "$tmp/bound.json" -o "$tmp/bound.toml" >/dev/null 2>&1
check "the imported profile validates" "$("$bin" validate "$tmp/bound.toml" 2>&1)" \
  "$tmp/bound.toml: ok (fabric \"imported-bound-json\")"
[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all ok"
