#!/bin/bash
# rocecfg check over a whole emulated fabric versus what an operator runs
# without it: a sequential loop of the same show commands over ssh.
#   switches  N emulated switches (half Cumulus NVUE, half SONiC) behind real
#             sshds (tests/switch/emu/sshd_fixture.py)
#   hosts     M hosts over a real sshd (tests/fabric/sshd_hosts.sh, 16
#             ports), each running the real `rocecfg show host --qos --json`
#             on a veth pair in a network namespace of our own (root)
#   check     rocecfg check PROFILE --inventory INV (all devices at once, --parallel P)
#   loop      for each switch the commands check sent it (the emulator's log),
#             for each host the same show line, one `ssh` after the other,
#             OpenSSH client defaults (key auth, strict known_hosts)
# Usage (root): check_fabric_bench.sh [SWITCHES=64] [HOSTS=256] [PARALLEL=32]
# Goal (issue 35): 64 switches + 256 hosts checked in < 30 s.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=$(cd "$(dirname "$0")/.." && pwd)
switches=${1:-64} hosts=${2:-256} parallel=${3:-32}
tmp=$(mktemp -d /tmp/rocecfg-check-bench-XXXXXX)
ns=rocecfg-ckb-$$
. "$src/tests/fabric/sshd_hosts.sh"
cleanup() {
  python3 "$src/tests/switch/emu/sshd_fixture.py" stop "$tmp/fx"
  sshd_hosts_stop "$tmp/hsshd"
  ip netns del "$ns" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
half=$((switches / 2))
python3 "$src/tests/switch/emu/sshd_fixture.py" start "$tmp/fx" "cumulus:$half" "sonic:$((switches - half))" >"$tmp/switches" || exit 1
sshd_hosts_start "$tmp/hsshd" 16 || exit 1
ip netns add "$ns" && ip -n "$ns" link add ckb0 mtu 9000 type veth peer name ckb1 || exit 1
printf '#!/bin/sh\nexec ip netns exec %s %s "$@"\n' "$ns" "$bin" >"$tmp/remote-rocecfg"
chmod +x "$tmp/remote-rocecfg"

. "$src/tests/switch/fixture_inventory.sh"
fixture_inventory "$tmp/fx" >"$tmp/inventory.toml"
while read -r name vendor port; do
  [ "$vendor" = sonic ] && ifs=Ethernet0-124/4 || ifs=swp1-32
  printf '\n[[switch]]\nname = "%s"\naddress = "127.0.0.1"\nport = %s\nvendor = "%s"\ninterfaces = ["%s"]\ncommand_timeout_ms = 120000\n' \
    "$name" "$port" "$vendor" "$ifs" >>"$tmp/inventory.toml"
done <"$tmp/switches"
mapfile -t hports <"$tmp/hsshd/ports"
for i in $(seq "$hosts"); do
  printf '\n[[host]]\nname = "h%s"\naddress = "127.0.0.1"\nssh_port = %s\nidentity_file = "%s"\nknown_hosts = "%s"\ninterfaces = ["ckb0"]\ncommand_timeout_ms = 120000\n' \
    "$i" "${hports[$((i % 16))]}" "$tmp/hsshd/id_ed25519" "$tmp/hsshd/known_hosts" >>"$tmp/inventory.toml"
done
"$bin" apply "$src/profiles/roce-lossless.toml" --inventory "$tmp/inventory.toml" --parallel 32 >/dev/null 2>&1
for p in $(awk '{print $3}' "$tmp/switches"); do rm -f "$tmp/fx/state/$p/log"; done

now_ms() { date +%s%3N; }
t0=$(now_ms)
"$bin" check "$src/profiles/roce-lossless.toml" --inventory "$tmp/inventory.toml" \
  --remote-rocecfg "$tmp/remote-rocecfg" --parallel "$parallel" >"$tmp/check.out" 2>&1
rc=$?
t_check=$(($(now_ms) - t0))
tail -3 "$tmp/check.out"

# what check sent each switch (the loop's own commands append to the log)
for p in $(awk '{print $3}' "$tmp/switches"); do cp "$tmp/fx/state/$p/log" "$tmp/sent-$p"; done
user=$(id -un)
sshopts=(-o BatchMode=yes -o StrictHostKeyChecking=yes)
t0=$(now_ms)
while read -r name vendor port; do
  while IFS= read -r line; do
    ssh "${sshopts[@]}" -i "$tmp/fx/id_ed25519" -o UserKnownHostsFile="$tmp/fx/known_hosts" \
      -p "$port" "$user@127.0.0.1" "$line" >/dev/null 2>&1 </dev/null
  done <"$tmp/sent-$port"
done <"$tmp/switches"
for i in $(seq "$hosts"); do
  ssh "${sshopts[@]}" -i "$tmp/hsshd/id_ed25519" -o UserKnownHostsFile="$tmp/hsshd/known_hosts" \
    -p "${hports[$((i % 16))]}" "$user@127.0.0.1" "$tmp/remote-rocecfg show host --qos --json -i ckb0" \
    >/dev/null 2>&1 </dev/null
done
t_loop=$(($(now_ms) - t0))
echo "check_fabric_bench: $switches switches + $hosts hosts, parallel $parallel, $(nproc) CPUs"
echo "  rocecfg check        $t_check ms (exit $rc)"
echo "  sequential ssh loop  $t_loop ms"
awk -v a="$t_loop" -v b="$t_check" 'BEGIN { printf "  ratio loop/check    %.1fx\n", a / b }'
