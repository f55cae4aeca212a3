// The validator and interface-range grammar every rendered command relies on.
#include <doctest/doctest.h>

#include "model/vendors.h"
#include "switch/adapter.h"
#include "switch/interfaces.h"
#include "switch/validate.h"

namespace rocecfg::sw {

TEST_SUITE("switch validation") {
  TEST_CASE("interface ranges expand in every vendor's spelling") {
    CHECK(*expand_interface_list("swp1-4,swp9") ==
          std::vector<std::string>{"swp1", "swp2", "swp3", "swp4", "swp9"});
    CHECK(*expand_interface_list("Ethernet1/1-3") ==
          std::vector<std::string>{"Ethernet1/1", "Ethernet1/2", "Ethernet1/3"});
    CHECK(*expand_interface_list("swp1-swp3") == std::vector<std::string>{"swp1", "swp2", "swp3"});
    CHECK(*expand_interface_list("100GE1/0/1") == std::vector<std::string>{"100GE1/0/1"});
    CHECK(*expand_interface_list("100GE1/0/1-3") ==
          std::vector<std::string>{"100GE1/0/1", "100GE1/0/2", "100GE1/0/3"});
    // Leading zeros are part of the name: swp0001-swp0003 once became swp1-3.
    CHECK(*expand_interface_list("swp0001-swp0003") ==
          std::vector<std::string>{"swp0001", "swp0002", "swp0003"});
    CHECK(*expand_interface_list("Ethernet08-10") ==
          std::vector<std::string>{"Ethernet08", "Ethernet09", "Ethernet10"});
    // SONiC numbers a port by its first lane: Ethernet0, Ethernet4, ...; a
    // step keeps a range from naming lanes that are no ports.
    CHECK(*expand_interface_list("Ethernet0-12/4") ==
          std::vector<std::string>{"Ethernet0", "Ethernet4", "Ethernet8", "Ethernet12"});
    CHECK(*expand_interface_list("Ethernet1/1-5/2") ==
          std::vector<std::string>{"Ethernet1/1", "Ethernet1/3", "Ethernet1/5"});
    CHECK(expand_interface_list("Ethernet0-126/4").error().message ==
          "range end 126 is not its start 0 plus a multiple of 4");
    CHECK(expand_interface_list("Ethernet0-12/0").error().message == "range step must be 1..4096");
    CHECK(expand_interface_list("Ethernet0-999992/8").error().message ==
          "range holds more than 4096 interfaces");
    CHECK(expand_interface_list("swp4-1").error().message == "range end is below its start");
    CHECK(expand_interface_list("swp1-swp").error().message ==
          "range ends must share a prefix (e.g. swp1-swp4)");
    CHECK(expand_interface_list("swp1,,swp2").error().message == "empty item in interface list");
    CHECK(expand_interface_list("swp1-99999").error().message ==
          "range holds more than 4096 interfaces");
  }

  TEST_CASE("compress and natural order are the inverse of expand") {
    CHECK(compress_interfaces({"swp1", "swp2", "swp3", "swp7", "swp8"}) == "swp1-3,swp7-8");
    CHECK(compress_interfaces({"Ethernet0", "Ethernet4"}) == "Ethernet0,Ethernet4");
    CHECK(interface_less("swp2", "swp10"));
    CHECK(interface_less("Ethernet1/2", "Ethernet1/10"));
    CHECK_FALSE(interface_less("swp10", "swp2"));
  }

  TEST_CASE("names and numbers") {
    CHECK(check_name("ROCE_LOSSLESS-1.a"));
    CHECK(check_name("a;b").error().message ==
          "character ';' is not allowed in a name (allowed: letters, digits, _ . -)");
    CHECK(check_interface("swp1 ").error().message ==
          "character ' ' is not allowed in an interface name (allowed: letters, digits, / . : -)");
    CHECK(*check_number("9216", 68, 9216) == 9216);
    CHECK(check_number("9217", 68, 9216).error().message == "out of range (allowed: 68..9216)");
    CHECK(check_number("12a", 0, 100).error().message == "not a decimal number");
  }

  TEST_CASE("whole commands: metacharacters only inside single quotes") {
    CHECK(check_command("sonic-db-cli CONFIG_DB HSET 'PORT_QOS_MAP|Ethernet0' pfc_enable 3"));
    CHECK(check_command("nv set a; reboot").error().message ==
          "shell metacharacter ';' outside quotes");
    CHECK(check_command("echo 'open").error().message == "unbalanced quote");
    CHECK(check_command("x\ny").error().message == "control character or newline in a command");
    CHECK_FALSE(check_command("nv set system hostname $(id)"));
  }

  TEST_CASE("interface names that could inject commands are refused by every vendor") {
    for (std::string_view vendor : model::kSwitchVendors) {
      auto a = make_adapter(vendor);
      REQUIRE(a);
      for (const char* evil : {"swp1;reboot", "Ethernet0' x", "swp1 && reboot", "$(id)",
                               "Ethernet0\nreboot", "Ethernet1/1 ; reload", "100GE1/0/1|quit"}) {
        CAPTURE(vendor);
        CAPTURE(evil);
        CHECK_FALSE(a->valid_interface(evil));
        CHECK_FALSE(a->expand_interfaces({evil}));
      }
    }
  }
}

}  // namespace rocecfg::sw
