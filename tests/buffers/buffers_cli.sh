#!/bin/sh
# The buffer rules and `rocecfg buffers` end to end: exact output and exit
# code. The rules run when any verb loads a profile, so validate, plan and
# doctor refuse the same profile with the same words; a waiver turns the
# error into a warning. Figures are worked by hand in
# tests/buffers/headroom_test.cpp and rules_test.cpp. Needs no root.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
cd "$src" || exit 1
fails=0
. "$src/tests/cmd/expect.sh"
T=tests/buffers/profiles
P=profiles/roce-lossless.toml
F=tests/switch/corpus/sonic/sn4700-qos-template.json

expect 'kmin-bdp fails in validate' 2 'tests/buffers/profiles/../../../profiles/roce-lossless.toml:24:17: error: ecn.min_threshold: 150000 bytes is below one bandwidth-delay product, 500000 bytes (400G x 10 us round trip): switches mark before the pipe is full and DCQCN holds the link below its speed (rule kmin-bdp) (allowed: >= 500000 bytes, or waive it: [buffers] waive = ["kmin-bdp"])
    min_threshold = "150KB"
                    ^' \
  "$bin" validate $T/kmin-short.toml

expect 'kmin-bdp fails in plan' 2 'tests/buffers/profiles/../../../profiles/roce-lossless.toml:24:17: error: ecn.min_threshold: 150000 bytes is below one bandwidth-delay product, 500000 bytes (400G x 10 us round trip): switches mark before the pipe is full and DCQCN holds the link below its speed (rule kmin-bdp) (allowed: >= 500000 bytes, or waive it: [buffers] waive = ["kmin-bdp"])
    min_threshold = "150KB"
                    ^' \
  "$bin" plan $T/kmin-short.toml

expect 'kmin-bdp fails in doctor' 2 'tests/buffers/profiles/../../../profiles/roce-lossless.toml:24:17: error: ecn.min_threshold: 150000 bytes is below one bandwidth-delay product, 500000 bytes (400G x 10 us round trip): switches mark before the pipe is full and DCQCN holds the link below its speed (rule kmin-bdp) (allowed: >= 500000 bytes, or waive it: [buffers] waive = ["kmin-bdp"])
    min_threshold = "150KB"
                    ^' \
  "$bin" doctor $T/kmin-short.toml

expect 'ecn-before-pfc fails in validate' 2 'tests/buffers/profiles/../../../profiles/roce-lossless.toml:25:17: error: ecn.max_threshold: 1500000 bytes is not below the PFC trigger point, 1423820 bytes (lossless buffer 1500000 - xoff 76180, mlx5 at 100G, 100 m, MTU 9000): PFC would pause the link before ECN marks, and DCQCN never gets to slow the senders (rule ecn-before-pfc) (allowed: < 1423820 bytes, or waive it: [buffers] waive = ["ecn-before-pfc"])
    max_threshold = "1500KB"
                    ^' \
  "$bin" validate $T/ecn-above-pfc.toml

expect 'buffers: Kmax too high for the PFC trigger point, exit 1' 1 'tests/buffers/profiles/ecn-above-pfc.toml: roce-lossless at 100G, 100 m cable, round trip 10 us (assumed; set [buffers] fabric_rtt_us)

switch PG headroom: unknown (no ASIC: pass --asic or set [buffers] asic; one of spectrum-1, spectrum-2, spectrum-3, spectrum-4, spectrum-5, spectrum-6)

NIC headroom, mlx5 (Linux mlx5 en/port_buffer.c)
  xoff                      76180 B  (301 + 216 x 100 m / 100) x 100 Gb/s + 272 x 9000 B MTU / 100, in integers, speed at least 40G

bandwidth-delay            125000 B  100G x 10 us / 8
recommended ECN Kmin       150000 B  Kmax 1500000 B, Pmax 100 % (Cumulus RoCE default; Kmin at least one BDP)

KEY                PROFILE        LIMIT            RULE            OUTCOME
ecn.max_threshold  1500000 B      < 1423820 B      ecn-before-pfc  too high by 76181 B
ecn.min_threshold  150000 B       >= 125000 B      kmin-bdp        ok
buffers.headroom   not set        -                headroom-xoff   unknown (no buffers.headroom, ASIC)' \
  "$bin" buffers $T/ecn-above-pfc.toml

expect 'kmin-bdp passes at 100G' 0 'tests/buffers/profiles/kmin-met.toml: ok (fabric "roce-lossless")' \
  "$bin" validate $T/kmin-met.toml

expect 'kmin-bdp waived: a warning' 0 'tests/buffers/profiles/../../../profiles/roce-lossless.toml:24:17: warning: ecn.min_threshold: 150000 bytes is below one bandwidth-delay product, 500000 bytes (400G x 10 us round trip): switches mark before the pipe is full and DCQCN holds the link below its speed (rule kmin-bdp waived in buffers.waive)
    min_threshold = "150KB"
                    ^
tests/buffers/profiles/kmin-waived.toml: ok (fabric "roce-lossless")' \
  "$bin" validate $T/kmin-waived.toml

expect 'headroom-xoff waived: a warning' 0 'tests/buffers/profiles/headroom-waived.toml:10:12: warning: buffers.headroom: 40960 bytes is below the computed xoff, 62464 bytes (spectrum-3 at 100G, 100 m, MTU 9216): frames still in flight after XOFF would be dropped on the lossless priority (rule headroom-xoff waived in buffers.waive)
    headroom = "40KiB"
               ^
tests/buffers/profiles/headroom-waived.toml: ok (fabric "roce-lossless")' \
  "$bin" validate $T/headroom-waived.toml

expect 'buffers: the derivation, 100G 5m Spectrum-3, exit 0' 0 'profiles/roce-lossless.toml: roce-lossless at 100G, 5 m cable, round trip 10 us (assumed; set [buffers] fabric_rtt_us)

switch PG headroom, spectrum-3 (sonic-swss buffer_headroom_mellanox.lua)
  port MTU                   9216 B  a frame already on the wire
  cable round trip         631.31 B  2 x 5 m / 198e6 m/s x 100G / 8
  MAC/PHY delay            819.20 B  spectrum-3'\''s mac_phy_delay
  peer response             25216 B  394 pause_quanta x 512 bits / 8 (IEEE 802.3 31B.3.7)
  in flight              35882.51 B  the sum of the lines above
  cell occupancy             1.2353  144-byte cells, 50 % small packets
  xoff                      46080 B  1024 (lossless MTU) + in flight x occupancy, up to 1 KiB
  xoff                      48128 B  + 2 KiB: small-packet share below the worst case
  xon                       19456 B  spectrum-3'\''s pipeline latency
  size                      67584 B  xoff + xon

NIC headroom, mlx5 (Linux mlx5 en/port_buffer.c)
  xoff                      55580 B  (301 + 216 x 5 m / 100) x 100 Gb/s + 272 x 9000 B MTU / 100, in integers, speed at least 40G

bandwidth-delay            125000 B  100G x 10 us / 8
recommended ECN Kmin       150000 B  Kmax 1500000 B, Pmax 100 % (Cumulus RoCE default; Kmin at least one BDP)

KEY                PROFILE        LIMIT            RULE            OUTCOME
ecn.max_threshold  1500000 B      -                ecn-before-pfc  unknown (no buffers.buffer_size for the lossless priority)
ecn.min_threshold  150000 B       >= 125000 B      kmin-bdp        ok
buffers.headroom   not set        >= 48128 B       headroom-xoff   unknown (no buffers.headroom)' \
  "$bin" buffers $P --speed 100G --cable 5m --asic spectrum-3

expect 'buffers: Kmin short at 400G, exit 1' 1 'profiles/roce-lossless.toml: roce-lossless at 400G, 100 m cable, round trip 10 us (assumed; set [buffers] fabric_rtt_us)

switch PG headroom: unknown (no ASIC: pass --asic or set [buffers] asic; one of spectrum-1, spectrum-2, spectrum-3, spectrum-4, spectrum-5, spectrum-6)

NIC headroom, mlx5 (Linux mlx5 en/port_buffer.c)
  xoff                     231280 B  (301 + 216 x 100 m / 100) x 400 Gb/s + 272 x 9000 B MTU / 100, in integers, speed at least 40G

bandwidth-delay            500000 B  400G x 10 us / 8
recommended ECN Kmin       500000 B  Kmax 5000000 B, Pmax 100 % (Cumulus RoCE default; Kmin at least one BDP)

KEY                PROFILE        LIMIT            RULE            OUTCOME
ecn.max_threshold  1500000 B      -                ecn-before-pfc  unknown (no buffers.buffer_size for the lossless priority)
ecn.min_threshold  150000 B       >= 500000 B      kmin-bdp        short by 350000 B
buffers.headroom   not set        -                headroom-xoff   unknown (no buffers.headroom, ASIC)' \
  "$bin" buffers $P --speed 400G --cable 100m

expect 'buffers: a waived short does not fail' 0 'tests/buffers/profiles/headroom-waived.toml: roce-lossless at 100G, 100 m cable, round trip 10 us (assumed; set [buffers] fabric_rtt_us)

switch PG headroom, spectrum-3 (sonic-swss buffer_headroom_mellanox.lua)
  port MTU                   9216 B  a frame already on the wire
  cable round trip       12626.26 B  2 x 100 m / 198e6 m/s x 100G / 8
  MAC/PHY delay            819.20 B  spectrum-3'\''s mac_phy_delay
  peer response             25216 B  394 pause_quanta x 512 bits / 8 (IEEE 802.3 31B.3.7)
  in flight              47877.46 B  the sum of the lines above
  cell occupancy             1.2353  144-byte cells, 50 % small packets
  xoff                      60416 B  1024 (lossless MTU) + in flight x occupancy, up to 1 KiB
  xoff                      62464 B  + 2 KiB: small-packet share below the worst case
  xon                       19456 B  spectrum-3'\''s pipeline latency
  size                      81920 B  xoff + xon

NIC headroom, mlx5 (Linux mlx5 en/port_buffer.c)
  xoff                      76180 B  (301 + 216 x 100 m / 100) x 100 Gb/s + 272 x 9000 B MTU / 100, in integers, speed at least 40G

bandwidth-delay            125000 B  100G x 10 us / 8
recommended ECN Kmin       150000 B  Kmax 1500000 B, Pmax 100 % (Cumulus RoCE default; Kmin at least one BDP)

KEY                PROFILE        LIMIT            RULE            OUTCOME
ecn.max_threshold  1500000 B      -                ecn-before-pfc  unknown (no buffers.buffer_size for the lossless priority)
ecn.min_threshold  150000 B       >= 125000 B      kmin-bdp        ok
buffers.headroom   40960 B        >= 62464 B       headroom-xoff   short by 21504 B (waived)' \
  "$bin" buffers $T/headroom-waived.toml

expect 'buffers: nothing to compare, exit 4' 4 'tests/host/profiles/mtu-9000.toml: mtu-9000 at 100G, 5 m cable, round trip 10 us (assumed; set [buffers] fabric_rtt_us)

switch PG headroom: unknown (no ASIC: pass --asic or set [buffers] asic; one of spectrum-1, spectrum-2, spectrum-3, spectrum-4, spectrum-5, spectrum-6)

NIC headroom, mlx5 (Linux mlx5 en/port_buffer.c)
  xoff                      55580 B  (301 + 216 x 5 m / 100) x 100 Gb/s + 272 x 9000 B MTU / 100, in integers, speed at least 40G

bandwidth-delay            125000 B  100G x 10 us / 8
recommended ECN Kmin       150000 B  Kmax 1500000 B, Pmax 100 % (Cumulus RoCE default; Kmin at least one BDP)

KEY                PROFILE        LIMIT            RULE            OUTCOME
ecn.max_threshold  not set        -                ecn-before-pfc  unknown (no ecn.max_threshold, buffers.buffer_size for the lossless priority)
ecn.min_threshold  not set        >= 125000 B      kmin-bdp        unknown (no ecn.min_threshold)
buffers.headroom   not set        -                headroom-xoff   unknown (no buffers.headroom, ASIC)' \
  "$bin" buffers tests/host/profiles/mtu-9000.toml --speed 100G --cable 5m

expect 'buffers: no speed, exit 2' 2 'rocecfg buffers: no port speed: pass --speed (e.g. 400G) or set [buffers] port_speed' \
  "$bin" buffers $P --cable 5m

expect 'buffers: unknown speed, exit 2' 2 'rocecfg buffers: --speed 3G: expected one of 100M, 1G, 10G, 25G, 40G, 50G, 100G, 200G, 400G, 800G' \
  "$bin" buffers $P --speed 3G --cable 5m

expect 'buffers: unknown ASIC, exit 2' 2 'rocecfg buffers: --asic tomahawk: unknown; one of spectrum-1, spectrum-2, spectrum-3, spectrum-4, spectrum-5, spectrum-6' \
  "$bin" buffers $P --speed 100G --cable 5m --asic tomahawk

expect 'buffers: bad cable, exit 2' 2 'rocecfg buffers: --cable 5km: expected a length in metres like 5m or 100m (1..10000)' \
  "$bin" buffers $P --speed 100G --cable 5km

expect 'buffers: --inventory with --from-file refused, exit 2' 2 'rocecfg buffers: --inventory reads each switch live; --from-file reads one saved config: not both' \
  "$bin" buffers $P --speed 100G --cable 5m --inventory profiles/inventory.example.toml --vendor sonic --from-file $P
expect 'buffers: --lanes -1 refused, exit 2' 2 '--lanes: must be 1..16, got -1
Run with --help for more information.' \
  "$bin" buffers $P --speed 100G --cable 5m --lanes -1
expect 'buffers: --rtt-us nan refused, exit 2' 2 '--rtt-us: "nan" is not a finite number
Run with --help for more information.' \
  "$bin" buffers $P --speed 100G --cable 5m --rtt-us nan
expect 'buffers: a saved SONiC config port by port (a hand-shaped render: its figures, not SONiC output), exit 1' 1 'profiles/roce-lossless.toml: roce-lossless at 400G, 5 m cable, round trip 10 us (assumed; set [buffers] fabric_rtt_us)

switch PG headroom, spectrum-3 (sonic-swss buffer_headroom_mellanox.lua)
  port MTU                   9216 B  a frame already on the wire
  cable round trip        2525.25 B  2 x 5 m / 198e6 m/s x 400G / 8
  MAC/PHY delay            819.20 B  spectrum-3'\''s mac_phy_delay
  peer response             57920 B  905 pause_quanta x 512 bits / 8 (IEEE 802.3 31B.3.7)
  in flight              70480.45 B  the sum of the lines above
  cell occupancy             1.2353  144-byte cells, 50 % small packets
  xoff                      89088 B  1024 (lossless MTU) + in flight x occupancy, up to 1 KiB
  xoff                      91136 B  + 2 KiB: small-packet share below the worst case
  xon                       38912 B  spectrum-3'\''s pipeline latency x 2 (8 lanes)
  size                     139264 B  xoff + xon + port MTU (8 lanes), up to 1 KiB

NIC headroom, mlx5 (Linux mlx5 en/port_buffer.c)
  xoff                     148880 B  (301 + 216 x 5 m / 100) x 400 Gb/s + 272 x 9000 B MTU / 100, in integers, speed at least 40G

bandwidth-delay            500000 B  400G x 10 us / 8
recommended ECN Kmin       500000 B  Kmax 5000000 B, Pmax 100 % (Cumulus RoCE default; Kmin at least one BDP)

KEY                PROFILE        LIMIT            RULE            OUTCOME
ecn.max_threshold  1500000 B      -                ecn-before-pfc  unknown (no buffers.buffer_size for the lossless priority)
ecn.min_threshold  150000 B       >= 500000 B      kmin-bdp        short by 350000 B
buffers.headroom   not set        >= 91136 B       headroom-xoff   unknown (no buffers.headroom)

tests/switch/corpus/sonic/sn4700-qos-template.json (sonic, read as CONFIG_DB JSON)
interfaces Ethernet0
KEY                SWITCH         LIMIT            RULE            OUTCOME
ecn.max_threshold  2097152 B      -                ecn-before-pfc  unknown (no buffers.buffer_size for the lossless priority)
ecn.min_threshold  250000 B       >= 500000 B      kmin-bdp        short by 250000 B
buffers.headroom   59392 B        >= 91136 B       headroom-xoff   short by 31744 B
interfaces Ethernet8
KEY                SWITCH         LIMIT            RULE            OUTCOME
ecn.max_threshold  2097152 B      -                ecn-before-pfc  unknown (no buffers.buffer_size for the lossless priority)
ecn.min_threshold  250000 B       >= 500000 B      kmin-bdp        short by 250000 B
buffers.headroom   74752 B        >= 112640 B      headroom-xoff   short by 37888 B' \
  "$bin" buffers $P --speed 400G --cable 5m --asic spectrum-3 --vendor sonic --from-file $F

expect 'buffers: a file of another vendor, exit 3' 3 'rocecfg buffers: profiles/roce-lossless.toml: not a sonic config: expected a CONFIG_DB JSON dump (/etc/sonic/config_db.json, `show runningconfiguration all`, or the flat "TABLE|key" form of sonic-db-dump / redis-dump / show techsupport); not JSON at line 1 column 1' \
  "$bin" buffers $P --speed 400G --cable 5m --vendor sonic --from-file $P

expect 'buffers: --vendor needs --from-file, exit 2' 2 '--vendor requires --from-file
Run with --help for more information.' \
  "$bin" buffers $P --speed 400G --cable 5m --vendor sonic

[ "$fails" -eq 0 ] || { echo "$fails failed"; exit 1; }
