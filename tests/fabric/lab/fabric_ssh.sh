#!/bin/bash
# rocecfg fabric --transport ssh on the lab's four rxe endpoints: each
# endpoint is a [[host]] reached through a real OpenSSH sshd on the guest's
# 127.0.0.1 with strict host keys (tests/fabric/sshd_hosts.sh), its own
# device, address and probe port. Every probe server is started over SSH
# (`timeout ... rocecfg probe --server`), every test is `rocecfg probe --peer
# ... --json` run over SSH and read back. With a rate limit on f1 - f2 the
# real all-pairs matrix names exactly `link f1 - f2` (exit 1), the other
# five pairs measured and fine, and no server is left running after the
# run. Measured: the run 44 s (3 rounds) under host load ~7, against 9-14 s
# in process: each test is two SSH exec channels, each a shell and a 200 MB
# rocecfg started under TCG.
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/../sshd_hosts.sh"
ms() { echo $((($(date +%s%N) - $1) / 1000000)); }
t0=$(date +%s%N)
fabric_up
fabric_faults_clear
D=/tmp/fabric-sshd
rm -rf "$D"
t_sshd=$(date +%s%N)
sshd_hosts_start "$D" 1 || die "sshd did not start"
trap 'sshd_hosts_stop "$D"; fabric_faults_clear' EXIT
port=$(cat "$D/ports")
sshd_ms=$(ms "$t_sshd")
SSH_INV=/tmp/fabric-ssh-inventory.toml
{
  # Four logins at once to one sshd under TCG take longer than the 5 s default.
  printf '[defaults]\nuser = "%s"\nidentity_file = "%s"\nknown_hosts = "%s"\nconnect_timeout_ms = 60000\n' \
    "$(id -un)" "$D/id_ed25519" "$D/known_hosts"
  for i in $(seq 1 "$FABRIC_N"); do
    printf '\n[[host]]\nname = "f%d"\naddress = "127.0.0.1"\nssh_port = %s\nrdma_device = "rxef%d"\nprobe_address = "10.0.3.%d"\nprobe_port = %d\n' \
      "$i" "$port" "$i" $((10 + i)) $((18610 + i))
  done
} >"$SSH_INV"
FABRIC_ARGS=(--inventory "$SSH_INV" --transport ssh --remote-rocecfg "$ROCECFG")
fault_link 1 2 "$FAULT_RATE"
fabric_json /tmp/ssh-link.json --pattern all
[ "$RC" = 1 ] && [ "$(findings /tmp/ssh-link.json)" = "link f1 - f2" ] ||
  die "ssh, link fault: rc=$RC findings '$(findings /tmp/ssh-link.json)' $(summary /tmp/ssh-link.json) $(jq -c '[.pairs[] | {client, server, error}]' /tmp/ssh-link.json) $(cat /tmp/fabric.err)"
[ "$(jq -c '[.pairs[] | select(.bad) | [.client, .server] | sort]' /tmp/ssh-link.json)" = '[["f1","f2"]]' ] ||
  die "ssh, link fault: bad pairs $(jq -c '[.pairs[] | select(.bad)]' /tmp/ssh-link.json)"
[ "$(jq '[.pairs[] | select(.error == null and .bw_gbps > 0 and .lat_p50_us > 0)] | length' /tmp/ssh-link.json)" = 6 ] &&
  [ "$(jq .rounds /tmp/ssh-link.json)" = 3 ] && [ "$(jq -c .notes /tmp/ssh-link.json)" = '[]' ] ||
  die "ssh, link fault: not 6 measured pairs in 3 rounds without notes: $(jq -c '{rounds, notes, pairs}' /tmp/ssh-link.json)"
# The servers it started over SSH were stopped at the end.
servers_stopped || die "probe servers still running after the run: $(pgrep -af -- "$ROCECFG probe --server")"
ok "ssh transport, link fault f1-f2 named: $(findings /tmp/ssh-link.json); $(summary /tmp/ssh-link.json); $(spread /tmp/ssh-link.json); sshd up in $sshd_ms ms, scenario $(ms "$t0") ms"
