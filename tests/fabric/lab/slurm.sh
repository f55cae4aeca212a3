# shellcheck shell=bash
# A single-node Slurm (Debian 12: slurmctld, slurmd, slurm-client 22.05 and
# munge 0.5.15) for `rocecfg fabric --transport srun`: munged, slurmctld and
# slurmd as root, everything they write under DIR (the lab guest's root is
# read-only; /tmp and /run are its own), controller and node addressed as
# 127.0.0.1. The daemons listen on any address (the guest has no other
# network): CommunicationParameters=NoInAddrAny makes them bind to what the
# host name resolves to, and the guest cannot resolve its name.
#   slurm_up DIR NODE   NODE = this machine's host name; exports SLURM_CONF;
#                       returns when the node is idle (sinfo)
#   slurm_down DIR
# No accounting, no cgroups (proctrack/linuxproc, task/none): the lab runs
# steps, it does not confine them.

slurm_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

slurm_up() {
  local d=$1 node=$2
  mkdir -p "$d/state" "$d/spool"
  # slurmd 22.05 initialises its cgroup plugin whatever the proctrack and
  # task plugins ("No filesystem mounted on /sys/fs/cgroup ... slurmd
  # initialization failed" in the guest, which mounts none)
  if ! mountpoint -q /sys/fs/cgroup; then
    mount -t cgroup2 cgroup2 /sys/fs/cgroup && touch "$d/cgroup-mounted" || return 1
  fi
  # IgnoreSystemd (below) creates its scope under system.slice, not the slice
  mkdir -p /sys/fs/cgroup/system.slice
  [ -f "$d/munge.key" ] || mungekey -c -k "$d/munge.key" || return 1
  munged --force --origin=127.0.0.1 --socket="$d/munge.sock" --key-file="$d/munge.key" --log-file="$d/munged.log" \
    --pid-file="$d/munged.pid" --seed-file="$d/munged.seed" || { cat "$d/munged.log" >&2; return 1; }
  cat >"$d/slurm.conf" <<EOF
ClusterName=rocecfg-lab
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$(slurm_free_port)
SlurmdPort=$(slurm_free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge.sock
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
PlugStackConfig=$d/plugstack.conf
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=lab Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  : >"$d/plugstack.conf"
  # cgroup.conf(5) of 22.05: IgnoreSystemd "will avoid any call to dbus and
  # contact with systemd, and instead will prepare all the cgroup hierarchy
  # manually" -- the guest runs no systemd (slurmd failed in
  # cgroup_dbus_attach_to_scope without it).
  printf 'CgroupPlugin=cgroup/v2\nIgnoreSystemd=yes\n' >"$d/cgroup.conf"
  export SLURM_CONF=$d/slurm.conf
  echo "slurm: munged up; starting slurmctld"
  timeout 60 slurmctld -f "$d/slurm.conf" || { cat "$d/slurmctld.log" >&2; return 1; }
  echo "slurm: slurmctld up; starting slurmd"
  timeout 60 slurmd -f "$d/slurm.conf" -N "$node" || { cat "$d/slurmd.log" >&2; return 1; }
  echo "slurm: slurmd up; waiting for the node"
  # 60 s at most, each query 5 s at most (sinfo waits MessageTimeout for a
  # controller that does not answer)
  local deadline=$(($(date +%s) + 60))
  until [ "$(timeout 5 sinfo -h -N -n "$node" -o %t 2>/dev/null)" = idle ]; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "slurm node $node not idle: $(timeout 5 sinfo -N 2>&1)" >&2; tail -n 5 "$d/slurmctld.log" "$d/slurmd.log" >&2; return 1; }
    sleep 0.2
  done
}

slurm_down() {
  local d=$1 f
  for f in slurmd slurmctld munged; do
    [ -f "$d/$f.pid" ] && kill "$(cat "$d/$f.pid")" 2>/dev/null || true
  done
  rm -f "$d"/*.pid
  if [ -f "$d/cgroup-mounted" ]; then
    sleep 0.5 # slurmd's exit
    rmdir /sys/fs/cgroup/system.slice/*/* /sys/fs/cgroup/system.slice/* /sys/fs/cgroup/system.slice 2>/dev/null || true
    umount /sys/fs/cgroup 2>/dev/null && rm -f "$d/cgroup-mounted" || true
  fi
  return 0
}
