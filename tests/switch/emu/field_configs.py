"""The statements a real switch's running config holds besides QoS (issue 31:
an emulator whose config held only what rocecfg knows hid that one unknown
statement refused every apply and audit). Each vendor's factory config gets
them, written by us in the shape of a named public running-config from
../shared/wild-configs (its README names repository, path and commit):

  eos        aristanetworks/aclabs techlib-vxlan-domain-ab A-LEAF3 startup-config
             (cEOSLab 4.36.1F) and networktocode/netutils eos_full_sent.txt
             (`logging level` per facility)
  nxos       napalm-automation/napalm test/nxos_ssh/.../show_running_config.txt
             (Nexus 7.3) and netutils nxos_full_sent.txt (9.3)
  huawei-ce  thangphan205/tacacs-ng-ui docs/vi/config-examples/huawei.md
             (CE12800 V200R005)
  h3c        networktocode/netutils hp_comware_full_sent.txt (Comware 7.1.045)

Nothing here is QoS: the readers must pass all of it over. Each builder
returns (head, tail): the nodes before and after the QoS-relevant ports.
"""


def tree_of(text):
    """[[line, children, None], ...] of an indented block (any indent step)."""
    root = []
    stack = [(-1, root)]
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        while stack[-1][0] >= indent:
            stack.pop()
        node = [raw.strip(), [], None]
        stack[-1][1].append(node)
        stack.append((indent, node[1]))
    return root


EOS_FACILITIES = ["AAA", "ACCOUNTING", "ACL", "AGENT", "ARP", "BFD", "BGP", "BMP", "CAPACITY",
                  "CLEAR", "CVX", "DOT1X", "ETH", "EVENTMON", "EXTENSION", "FHRP", "FLOW",
                  "HARDWARE", "IGMP", "INTF", "IP6ROUTING", "IPRIB", "ISIS", "KERNELFIB", "LACP",
                  "LAG", "LAUNCHER", "LLDP", "LOGMGR", "LOOPBACK", "MAPREDUCEMONITOR", "MIRRORING",
                  "MLAG", "MMODE", "MSDP", "MSRP", "MSSPOLICYMONITOR", "OPENCONFIG", "OSPF",
                  "OSPF3", "PIM", "PORTSECURITY", "PROCMGR", "PTP", "PSEUDOWIRE", "QUEUEMONITOR",
                  "RIB", "ROUTING", "SECURITY", "SERVERMONITOR", "SPANTREE", "SSO", "STAGEMGR",
                  "SYS", "SYSDB", "TAPAGG", "TCP", "TRANSCEIVER", "TUNNEL", "VMTRACERSESS",
                  "VRF", "VRRP", "VXLAN", "XMPP", "ZTP"]


def eos():
    head = """
no aaa root
aaa authentication policy local allow-nopassword-remote-login
aaa authorization exec default local
username admin privilege 15 role network-admin nopassword
username ops privilege 15 role network-admin secret sha512 REDACTED
management api http-commands
   no shutdown
   vrf MGMT
      no shutdown
management api gnmi
   transport grpc default
      vrf MGMT
daemon TerminAttr
   exec /usr/bin/TerminAttr -cvaddr=192.0.2.100:9910 -taillogs
   no shutdown
dhcp relay
   server 192.0.2.67
vlan internal order ascending range 1006 1199
transceiver qsfp default-mode 4x10G
service routing protocols model multi-agent
logging buffered 100000
logging host 192.0.2.55 514
logging format hostname fqdn
logging source-interface Management1
""" + "".join(f"logging level {f} informational\n" for f in EOS_FACILITIES) + """
ip name-server vrf MGMT 192.0.2.53
dns domain lab.example
ntp local-interface vrf MGMT Management1
ntp server vrf MGMT 192.0.2.123 prefer iburst
snmp-server contact noc@lab.example
snmp-server location rack 12
snmp-server vrf MGMT
spanning-tree mode mstp
no spanning-tree vlan-id 4093-4094
spanning-tree mst 0 priority 4096
dot1x system-auth-control
clock timezone UTC
vrf instance MGMT
""" + "".join(f"vlan {v}\n   name TENANT_{v}\n" for v in range(10, 210, 10)) + """
vlan 4093
   name MLAG_L3
   trunk group MLAG
vlan 4094
   name MLAG_PEER
   trunk group MLAG
"""
    tail = """
interface Loopback0
   description ROUTER_ID
   ip address 10.255.0.3/32
interface Loopback1
   description VTEP
   ip address 10.255.1.3/32
interface Management1
   description oob
   vrf MGMT
   ip address 192.0.2.13/24
""" + "".join(f"interface Vlan{v}\n   description TENANT_{v}\n   vrf TENANT\n"
              f"   ip address virtual 10.{v}.0.1/24\n" for v in range(10, 210, 10)) + """
interface Vxlan1
   description leaf_VTEP
   vxlan source-interface Loopback1
   vxlan udp-port 4789
   vxlan vlan 10-200 vni 10010-10200
ip virtual-router mac-address 00:1c:73:00:00:99
ip routing
no ip routing vrf MGMT
ip prefix-list PL-LOOPBACKS
   seq 10 permit 10.255.0.0/24 eq 32
   seq 20 permit 10.255.1.0/24 eq 32
ip route vrf MGMT 0.0.0.0/0 192.0.2.1
mlag configuration
   domain-id pod1
   local-interface Vlan4094
   peer-address 10.255.252.1
   peer-link Port-Channel3
route-map RM-CONN-2-BGP permit 10
   match ip address prefix-list PL-LOOPBACKS
router bfd
   multihop interval 300 min-rx 300 multiplier 3
router bgp 65103
   router-id 10.255.0.3
   no bgp default ipv4-unicast
   maximum-paths 4 ecmp 4
   neighbor EVPN-OVERLAY-PEERS peer group
   neighbor EVPN-OVERLAY-PEERS update-source Loopback0
   neighbor EVPN-OVERLAY-PEERS bfd
   neighbor EVPN-OVERLAY-PEERS ebgp-multihop 3
   neighbor EVPN-OVERLAY-PEERS send-community
   neighbor IPv4-UNDERLAY-PEERS peer group
   neighbor IPv4-UNDERLAY-PEERS send-community
""" + "".join(f"   neighbor 10.255.255.{n} peer group IPv4-UNDERLAY-PEERS\n"
              f"   neighbor 10.255.255.{n} remote-as 6510{n % 2}\n" for n in range(1, 17)) + """
   redistribute connected route-map RM-CONN-2-BGP
   address-family evpn
      neighbor EVPN-OVERLAY-PEERS activate
   address-family ipv4
      neighbor IPv4-UNDERLAY-PEERS activate
management ssh
   idle-timeout 60
"""
    return tree_of(head), tree_of(tail)


def nxos():
    head = """
power redundancy-mode redundant
license grace-period
vdc leaf id 1
  limit-resource vlan minimum 16 maximum 4094
  limit-resource vrf minimum 2 maximum 4096
  limit-resource port-channel minimum 0 maximum 511
feature nxapi
feature scp-server
feature bash-shell
feature tacacs+
cfs eth distribute
feature bgp
feature interface-vlan
feature lacp
feature dhcp
feature vpc
feature lldp
feature nv overlay
nv overlay evpn
no password strength-check
username admin password 5 REDACTED role network-admin
username ops password 5 REDACTED role network-operator
ip domain-lookup
ip domain-name lab.example
tacacs-server host 192.0.2.49 key 7 REDACTED
aaa group server tacacs+ TACACS
  server 192.0.2.49
  use-vrf management
copp profile strict
snmp-server contact noc@lab.example
snmp-server location rack 14
rmon event 1 description FATAL(1) owner PMON@FATAL
rmon event 2 description CRITICAL(2) owner PMON@CRITICAL
rmon event 3 description ERROR(3) owner PMON@ERROR
rmon event 4 description WARNING(4) owner PMON@WARNING
rmon event 5 description INFORMATION(5) owner PMON@INFO
ntp server 192.0.2.123 use-vrf management
ntp source-interface mgmt0
callhome
  email-contact sch-smart-licensing@cisco.com
  destination-profile CiscoTAC-1 transport-method http
  enable
system default switchport
""" + "".join(f"vlan {v}\n  name TENANT_{v}\n  vn-segment {10000 + v}\n" for v in range(10, 210, 10)) + """
spanning-tree vlan 1-3967 priority 4096
vrf context management
  ip route 0.0.0.0/0 192.0.2.1
vrf context TENANT
  vni 50001
  rd auto
  address-family ipv4 unicast
    route-target both auto
    route-target both auto evpn
hardware access-list tcam region racl 512
vpc domain 10
  peer-switch
  role priority 10
  peer-keepalive destination 192.0.2.22 source 192.0.2.21
  peer-gateway
  auto-recovery
"""
    tail = """
interface loopback0
  description ROUTER_ID
  ip address 10.255.0.21/32
interface loopback1
  description VTEP
  ip address 10.255.1.21/32
""" + "".join(f"interface Vlan{v}\n  no shutdown\n  vrf member TENANT\n"
              f"  ip address 10.{v}.0.1/24\n  fabric forwarding mode anycast-gateway\n"
              for v in range(10, 210, 10)) + """
interface nve1
  no shutdown
  host-reachability protocol bgp
  source-interface loopback1
line console
  exec-timeout 15
line vty
  exec-timeout 15
boot nxos bootflash:/nxos64-cs.10.3.4a.M.bin
router bgp 65121
  router-id 10.255.0.21
  address-family ipv4 unicast
    maximum-paths 4
  address-family l2vpn evpn
""" + "".join(f"  neighbor 10.255.255.{n}\n    remote-as 65100\n    address-family ipv4 unicast\n"
              for n in range(1, 9)) + """
logging server 192.0.2.55 5 use-vrf management
logging timestamp milliseconds
"""
    return tree_of(head), tree_of(tail)


def huawei_ce():
    head = """
device board 1 board-type CE6881-48S6CQ
drop-profile default
dot1x enable
domain default_admin
dhcp enable
dhcp snooping enable
info-center loghost source MEth0/0/0
info-center loghost 192.0.2.55
vlan batch 10 to 200
telnet server disable
telnet ipv6 server disable
stelnet server enable
ssh user admin
ssh user admin authentication-type password
ssh user admin service-type stelnet
ssh authorization-type default aaa
ssh server cipher aes256_ctr aes128_ctr
ssh server hmac sha2_256
ssh client first-time enable
hwtacacs-server template ht
 hwtacacs-server authentication 192.0.2.49 vpn-instance _management_vpn_
 hwtacacs-server authorization 192.0.2.49 vpn-instance _management_vpn_
 hwtacacs-server shared-key cipher REDACTED
aaa
 local-user admin password irreversible-cipher REDACTED
 local-user admin service-type ssh terminal
 local-user admin level 3
 authentication-scheme default
 authentication-scheme tacacs
  authentication-mode hwtacacs local
 authorization-scheme tacacs
  authorization-mode hwtacacs local
 domain default
 domain default_admin
  authentication-scheme tacacs
  hwtacacs-server ht
ip vpn-instance _management_vpn_
 ipv4-family
lldp enable
stp mode mstp
stp instance 0 priority 4096
snmp-agent
snmp-agent local-engineid 800007DB03000000000000
snmp-agent sys-info version v3
snmp-agent sys-info contact noc@lab.example
ntp server disable
ntp ipv6 server disable
ntp unicast-server 192.0.2.123 vpn-instance _management_vpn_
"""
    tail = "".join(f"interface Vlanif{v}\n ip address 10.{v}.0.1 255.255.255.0\n"
              for v in range(10, 210, 10)) + """
interface LoopBack0
 ip address 10.255.0.31 255.255.255.255
interface NULL0
bgp 65131
 router-id 10.255.0.31
""" + "".join(f" peer 10.255.255.{n} as-number 65100\n" for n in range(1, 9)) + """
 ipv4-family unicast
""" + "".join(f"  peer 10.255.255.{n} enable\n" for n in range(1, 9)) + """
ip route-static vpn-instance _management_vpn_ 0.0.0.0 0.0.0.0 192.0.2.1
user-interface con 0
 authentication-mode aaa
user-interface vty 0 4
 authentication-mode aaa
 protocol inbound ssh
vm-manager
ops
"""
    return tree_of(head), tree_of(tail)


def h3c():
    head = """
clock timezone UTC add 00:00:00
clock protocol ntp
undo copyright-info enable
irf mac-address persistent timer
irf auto-update enable
undo irf link-delay
irf member 1 priority 1
lldp global enable
igmp-snooping
dhcp enable
dhcp snooping enable
password-recovery enable
ip vpn-instance mgmt
 route-distinguisher 65141:1
""" + "".join(f"vlan {v}\n name TENANT_{v}\n" for v in range(10, 210, 10)) + """
stp region-configuration
 region-name pod1
 instance 1 vlan 10 to 100
 active region-configuration
stp global enable
ssh server enable
ntp-service enable
ntp-service unicast-server 192.0.2.123 vpn-instance mgmt
"""
    tail = "".join(f"interface Vlan-interface{v}\n ip address 10.{v}.0.1 255.255.255.0\n"
              for v in range(10, 210, 10)) + """
interface LoopBack0
 ip address 10.255.0.41 255.255.255.255
interface NULL0
bgp 65141
 router-id 10.255.0.41
""" + "".join(f" peer 10.255.255.{n} as-number 65100\n" for n in range(1, 9)) + """
 address-family ipv4 unicast
""" + "".join(f"  peer 10.255.255.{n} enable\n" for n in range(1, 9)) + """
ip route-static vpn-instance mgmt 0.0.0.0 0 192.0.2.1
info-center loghost vpn-instance mgmt 192.0.2.55
snmp-agent
snmp-agent community read REDACTED
snmp-agent sys-info version v3
line class aux
 user-role network-admin
line class vty
 user-role network-operator
line aux 0 1
 user-role network-admin
line vty 0 63
 authentication-mode scheme
 user-role network-operator
hwtacacs scheme TACACS
 primary authentication 192.0.2.49 vpn-instance mgmt
 primary authorization 192.0.2.49 vpn-instance mgmt
 key authentication cipher REDACTED
domain system
 authentication login hwtacacs-scheme TACACS local
 authorization login hwtacacs-scheme TACACS local
domain default enable system
role name level-0
 description Predefined level-0 role
role name level-1
 description Predefined level-1 role
user-group system
local-user admin class manage
 password hash REDACTED
 service-type ssh terminal
 authorization-attribute user-role network-admin
"""
    return tree_of(head), tree_of(tail)
