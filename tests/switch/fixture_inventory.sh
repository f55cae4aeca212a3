# Sourced by the switch shell tests: fixture_inventory FX_DIR prints the
# [defaults] of an inventory that logs in to the emulators sshd_fixture.py
# started in FX_DIR (its client key and known_hosts; 10 s per command).
fixture_inventory() {
  cat <<EOF2
[defaults]
user = "$(id -un)"
identity_file = "$1/id_ed25519"
known_hosts = "$1/known_hosts"
command_timeout_ms = 10000
EOF2
}
