# shellcheck shell=bash
# A real OpenSSH sshd on 127.0.0.1 standing in for the hosts `rocecfg fabric
# --transport ssh` reaches: unlike the switch fixture (tests/switch/emu,
# ForceCommand = an emulator) the commands run in the user's own shell, as on
# a cluster node, so the prober's remote lines (sh -c scripts around `rocecfg
# probe`) run for real. Used on this machine (tests/fabric/ssh_hosts.sh) and
# in the lab guest (tests/fabric/lab/fabric_ssh.sh).
#
#   sshd_hosts_start DIR N   one sshd listening on N free loopback ports;
#                            DIR gets host_ed25519 (host key), id_ed25519
#                            (client key), known_hosts (the host key for every
#                            port), ports (one a line), sshd.pid
#   sshd_hosts_stop DIR

sshd_hosts_start() {
  local d=$1 n=$2 p hostpub i=0
  mkdir -p "$d"
  [ "$(id -u)" != 0 ] || mkdir -p /run/sshd # the privilege-separation directory
  for k in host_ed25519 id_ed25519; do
    [ -f "$d/$k" ] || ssh-keygen -q -t ed25519 -N '' -f "$d/$k" || return 1
  done
  cp "$d/id_ed25519.pub" "$d/authorized_keys" && chmod 600 "$d/authorized_keys"
  # Free ports: bound and released at once (the switch fixture does the same).
  python3 -c '
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks: s.bind(("127.0.0.1", 0))
print("\n".join(str(s.getsockname()[1]) for s in socks))' "$n" >"$d/ports" || return 1
  hostpub=$(cut -d' ' -f1-2 "$d/host_ed25519.pub")
  : >"$d/known_hosts"
  : >"$d/sshd_config"
  while read -r p; do
    echo "[127.0.0.1]:$p $hostpub" >>"$d/known_hosts"
    echo "ListenAddress 127.0.0.1:$p" >>"$d/sshd_config"
  done <"$d/ports"
  cat >>"$d/sshd_config" <<EOF
HostKey $d/host_ed25519
PidFile $d/sshd.pid
AuthorizedKeysFile $d/authorized_keys
AllowUsers $(id -un)
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
PrintLastLog no
MaxStartups 256
MaxSessions 64
LogLevel ERROR
# bash sources ~/.bashrc for a command run by sshd when SHLVL < 2 (Debian
# builds it with SSH_SOURCE_BASHRC): with SHLVL=1 it becomes 2, so a
# user's rc files (pyenv, conda) neither slow nor change the remote lines
SetEnv SHLVL=1
EOF
  /usr/sbin/sshd -f "$d/sshd_config" -E "$d/sshd.log" || return 1
  # Up when every port accepts a connection (bash's /dev/tcp, 10 s at most).
  while read -r p; do
    i=0
    until (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do
      i=$((i + 1))
      [ "$i" -lt 200 ] || { echo "sshd did not listen on $p; see $d/sshd.log" >&2; return 1; }
      sleep 0.05
    done
  done <"$d/ports"
}

sshd_hosts_stop() {
  [ -f "$1/sshd.pid" ] && kill "$(cat "$1/sshd.pid")" 2>/dev/null
  rm -f "$1/sshd.pid"
}
