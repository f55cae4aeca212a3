// `lldpcli show neighbors -f json` as lldpd 1.0.16 (Debian 12) prints it,
// captured from real lldpd on both ends of veth pairs in namespaces
// (tests/host/cabling_lldpd_netns.sh runs the same live): one interface is an
// object, several an array of one-key objects.
#include <doctest/doctest.h>

#include "files.h"
#include "host/lldp_neighbors.h"

namespace rocecfg::host {
namespace {

// One interface, verbatim from lldpd 1.0.16 (the kernel string shortened).
constexpr const char* kOne = R"({
  "lldp": {
    "interface": {
      "eth7": {
        "via": "LLDP",
        "rid": "1",
        "age": "0 day, 00:00:01",
        "chassis": {
          "leaf3": {
            "id": {
              "type": "mac",
              "value": "e2:f2:4b:e2:7e:9b"
            },
            "descr": "Debian GNU/Linux 12 (bookworm) Linux",
            "capability": [
              {
                "type": "Bridge",
                "enabled": false
              }
            ]
          }
        },
        "port": {
          "id": {
            "type": "ifname",
            "value": "swp9"
          },
          "descr": "swp9",
          "ttl": "4"
        }
      }
    }
  }
})";

}  // namespace

TEST_SUITE("lldp neighbours") {
  TEST_CASE("one interface: an object keyed by the interface, the chassis by its name") {
    auto got = parse_lldpcli_json(kOne);
    REQUIRE(got);
    REQUIRE(got->size() == 1);
    const LldpPeer& p = (*got)[0];
    CHECK(p.interface == "eth7");
    CHECK(p.system_name == "leaf3");
    CHECK(p.chassis_id == "e2:f2:4b:e2:7e:9b");
    CHECK(p.port_id == "swp9");
    CHECK(p.port_id_type == "ifname");
    CHECK(p.port_name() == "swp9");
    CHECK(p.port_is("swp9"));
    CHECK_FALSE(p.port_is("swp1"));
  }

  TEST_CASE("two interfaces: an array of one-key objects (captured file)") {
    std::string text =
        test::read_file(test::source_path("tests/host/data/lldpcli-neighbors-two.json"));
    REQUIRE_FALSE(text.empty());
    auto got = parse_lldpcli_json(text);
    REQUIRE(got);
    REQUIRE(got->size() == 2);
    CHECK((*got)[0].interface == "eth7");
    CHECK((*got)[0].port_name() == "swp9");
    CHECK((*got)[1].interface == "eth8");
    CHECK((*got)[1].system_name == "leaf3");
    CHECK((*got)[1].port_name() == "swp10");
  }

  TEST_CASE("a port ID that is a MAC is named by its description; no system name") {
    auto got = parse_lldpcli_json(R"({"lldp":{"interface":{"ens1f0np0":{"chassis":{"id":
      {"type":"mac","value":"0c:42:a1:00:00:01"}},"port":{"id":{"type":"mac",
      "value":"0c:42:a1:00:00:09"},"descr":"Ethernet9"}}}}})");
    REQUIRE(got);
    REQUIRE(got->size() == 1);
    CHECK((*got)[0].system_name.empty());
    CHECK((*got)[0].chassis_id == "0c:42:a1:00:00:01");
    CHECK((*got)[0].port_name() == "Ethernet9");
    CHECK((*got)[0].port_is("Ethernet9"));
  }

  TEST_CASE("no neighbour is an empty list; anything else is an error") {
    auto none = parse_lldpcli_json(R"({"lldp": {}})");
    REQUIRE(none);
    CHECK(none->empty());
    CHECK(parse_lldpcli_json("lldpcli: cannot connect").error().message ==
          "not the JSON of `lldpcli show neighbors -f json` (no \"lldp\" object)");
    CHECK_FALSE(parse_lldpcli_json(R"({"lldp": 3})"));
    auto odd = parse_lldpcli_json(R"({"lldp":{"interface":[7,{"eth0":"x"},{"eth1":{}}]}})");
    REQUIRE(odd);
    CHECK(odd->empty());
  }
}

}  // namespace rocecfg::host
