// Lab (tests/host/lab/devlink_info.sh): devlink over generic netlink
// (host/devlink.h) against the real kernel devlink code with devlinksim
// (tests/lab/dcbsim/devlinksim.c) loaded, iproute2's `devlink -j` as the
// independent reader; then the firmware judge (nic/firmware_session.h) on
// what was read: the running version against a qualified set, the PSID, the
// parameters; a `devlink dev param set` is seen as the new value.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "host/devlink.h"
#include "nic/firmware_session.h"

namespace {

std::string cli(const std::string& cmd) {
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  std::string out;
  char buf[4096];
  while (p && fgets(buf, sizeof buf, p.get())) out += buf;
  return out;
}

const rocecfg::host::DevlinkDevice& devlinksim(
    const std::vector<rocecfg::host::DevlinkDevice>& all) {
  for (const auto& d : all)
    if (d.handle() == "platform/devlinksim.0") return d;
  FAIL("no platform/devlinksim.0 among " << all.size() << " devlink instances");
  return all.front();
}

std::string value_of(const rocecfg::host::DevlinkDevice& d, const std::string& name) {
  for (const auto& p : d.params)
    if (p.name == name) {
      auto v = p.values.find("driverinit");
      return v == p.values.end() ? "(no driverinit value)" : v->second.text;
    }
  return "(no such parameter)";
}

}  // namespace

TEST_CASE("devlink info and parameters of devlinksim, as devlink(8) reads them") {
  auto all = rocecfg::host::read_devlink_devices();
  REQUIRE_MESSAGE(all, (all ? "" : all.error().to_string()));
  const auto& d = devlinksim(*all);
  CHECK(d.driver == "devlinksim");
  CHECK(d.serial == "DLS0001");
  CHECK(d.firmware_version() == "22.36.1010");
  CHECK(d.psid() == "MT_0000000359");
  CHECK(d.stored.at("fw.version") == "22.36.1010");
  CHECK(value_of(d, "enable_roce") == "true");
  CHECK(value_of(d, "max_macs") == "32");

  // The same facts from iproute2's devlink.
  auto info = nlohmann::json::parse(cli("devlink -j dev info platform/devlinksim.0"))
                  .at("info")
                  .at("platform/devlinksim.0");
  CHECK(info.at("driver").get<std::string>() == d.driver);
  CHECK(info.at("serial_number").get<std::string>() == d.serial);
  CHECK(info.at("versions").at("fixed").at("fw.psid").get<std::string>() == d.psid());
  CHECK(info.at("versions").at("running").at("fw.version").get<std::string>() ==
        d.firmware_version());
  // `devlink dev param show DEV` wants a parameter name; the dump lists all.
  auto params = nlohmann::json::parse(cli("devlink -j dev param show"));
  for (const auto& p : params.at("param").at("platform/devlinksim.0")) {
    std::string name = p.at("name").get<std::string>();
    const auto& v = p.at("values").at(0);
    CHECK(v.at("cmode").get<std::string>() == "driverinit");
    std::string theirs = v.at("value").is_boolean() ? (v.at("value").get<bool>() ? "true" : "false")
                                                    : std::to_string(v.at("value").get<uint64_t>());
    CHECK_MESSAGE(value_of(d, name) == theirs, name);
  }

  // Judged against a profile's qualified set and parameters.
  rocecfg::model::FirmwareFamilyIntent want;
  want.versions = {"22.39.1002", "22.41.1000"};
  want.psids = {"MT_0000000359"};
  want.devlink_params["enable_roce"] = {rocecfg::model::FirmwareValue::Kind::boolean, 0, true, ""};
  want.devlink_params["max_macs"] = {rocecfg::model::FirmwareValue::Kind::number, 64, false, ""};
  rocecfg::nic::DeviceFirmware j = rocecfg::nic::judge_device({"0000:00:00.0", "devlinksim", ""},
                                                              "test", want, nullptr, &d, {}, {});
  REQUIRE(j.versions.size() == 2);
  CHECK_FALSE(j.versions[0].ok());  // 22.36.1010 is not qualified
  CHECK(j.versions[1].ok());
  REQUIRE(j.params.size() == 2);
  CHECK(j.params[0].name == "enable_roce");
  CHECK(j.params[0].state == rocecfg::nic::ParamState::in_sync);
  CHECK(j.params[1].name == "max_macs");
  CHECK(j.params[1].state == rocecfg::nic::ParamState::drift);
  CHECK(j.params[1].devlink_cmode == "driverinit");

  // Set with the CLI, read back through netlink: now in sync.
  REQUIRE(
      std::system(
          "devlink dev param set platform/devlinksim.0 name max_macs value 64 cmode driverinit") ==
      0);
  auto again = rocecfg::host::read_devlink_devices();
  REQUIRE(again);
  const auto& d2 = devlinksim(*again);
  CHECK(value_of(d2, "max_macs") == "64");
  j = rocecfg::nic::judge_device({"0000:00:00.0", "devlinksim", ""}, "test", want, nullptr, &d2, {},
                                 {});
  CHECK(j.params[1].state == rocecfg::nic::ParamState::in_sync);
}
