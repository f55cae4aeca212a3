// The DCB netlink codec, byte by byte against the kernel uAPI (linux/dcbnl.h).
#include <doctest/doctest.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include <array>
#include <cstddef>
#include <cstring>

#include "host/dcb_codec.h"

using namespace rocecfg;
using namespace rocecfg::host;

namespace {

// The attributes directly inside a message, as (type, payload length) pairs.
std::vector<std::pair<int, int>> top_attrs(nl_msg* m) {
  std::vector<std::pair<int, int>> out;
  nlmsghdr* nlh = nlmsg_hdr(m);
  nlattr* a;
  int rem;
  nlmsg_for_each_attr(a, nlh, sizeof(dcbmsg), rem) out.push_back({nla_type(a), nla_len(a)});
  return out;
}

nlattr* find_attr(nl_msg* m, int type) {
  return nlmsg_find_attr(nlmsg_hdr(m), sizeof(dcbmsg), type);
}

NlMsgPtr reply(int cmd) {
  NlMsgPtr m(nlmsg_alloc_simple(78, 0));
  dcbmsg hdr{};
  hdr.cmd = static_cast<uint8_t>(cmd);
  nlmsg_append(m.get(), &hdr, sizeof hdr, NLMSG_ALIGNTO);
  return m;
}

}  // namespace

TEST_SUITE("dcb codec") {
  TEST_CASE("uAPI struct sizes are the ones the kernel policy checks") {
    CHECK(sizeof(ieee_pfc) == 136);
    CHECK(sizeof(ieee_ets) == 59);
    CHECK(sizeof(dcbnl_buffer) == 44);
    CHECK(sizeof(dcb_app) == 4);
    CHECK(sizeof(dcbmsg) == 4);
    CHECK(offsetof(ieee_pfc, delay) == 4);
    CHECK(offsetof(ieee_pfc, requests) == 8);
    CHECK(offsetof(dcbnl_buffer, buffer_size) == 8);
    CHECK(offsetof(dcbnl_buffer, total_size) == 40);
  }

  TEST_CASE("IEEE_GET is RTM_GETDCB with the command and a NUL-terminated ifname") {
    auto m = encode_ieee_get("eth0");
    REQUIRE(m);
    nlmsghdr* nlh = nlmsg_hdr(m->get());
    CHECK(nlh->nlmsg_type == 78);
    CHECK((nlh->nlmsg_flags & NLM_F_REQUEST) != 0);
    CHECK(dcb_command(nlh) == DCB_CMD_IEEE_GET);
    CHECK(static_cast<dcbmsg*>(nlmsg_data(nlh))->dcb_family == AF_UNSPEC);
    CHECK(top_attrs(m->get()) == std::vector<std::pair<int, int>>{{DCB_ATTR_IFNAME, 5}});
    CHECK(std::string(static_cast<char*>(nla_data(find_attr(m->get(), DCB_ATTR_IFNAME)))) ==
          "eth0");
  }

  TEST_CASE("IEEE_SET carries whole structs inside the DCB_ATTR_IEEE nest") {
    DcbSet set;
    ieee_pfc pfc{};
    pfc.pfc_cap = 8;
    pfc.pfc_en = 0x08;
    pfc.delay = 7;
    set.pfc = pfc;
    set.ets = ieee_ets{};
    set.apps = {dcb_app{5, 3, 26}, dcb_app{5, 6, 48}};
    auto m = encode_ieee_set("ens1f0np0", set);
    REQUIRE(m);
    nlmsghdr* nlh = nlmsg_hdr(m->get());
    CHECK(nlh->nlmsg_type == 79);
    CHECK(dcb_command(nlh) == DCB_CMD_IEEE_SET);
    nlattr* ieee = find_attr(m->get(), DCB_ATTR_IEEE);
    REQUIRE(ieee);
    std::vector<std::pair<int, int>> inner;
    nlattr* a;
    int rem;
    nla_for_each_nested(a, ieee, rem) inner.push_back({nla_type(a), nla_len(a)});
    CHECK(inner == std::vector<std::pair<int, int>>{{DCB_ATTR_IEEE_ETS, 59},
                                                    {DCB_ATTR_IEEE_PFC, 136},
                                                    {DCB_ATTR_IEEE_APP_TABLE, 16}});
    nlattr* pfc_attr =
        nla_find(static_cast<nlattr*>(nla_data(ieee)), nla_len(ieee), DCB_ATTR_IEEE_PFC);
    const auto* bytes = static_cast<const uint8_t*>(nla_data(pfc_attr));
    CHECK(bytes[0] == 8);     // pfc_cap
    CHECK(bytes[1] == 0x08);  // pfc_en
    CHECK(bytes[4] == 7);     // delay, native endian u16 at offset 4
    nlattr* table =
        nla_find(static_cast<nlattr*>(nla_data(ieee)), nla_len(ieee), DCB_ATTR_IEEE_APP_TABLE);
    std::vector<std::array<int, 3>> apps;
    nla_for_each_nested(a, table, rem) {
      CHECK(nla_type(a) == DCB_ATTR_IEEE_APP);
      const auto* app = static_cast<const dcb_app*>(nla_data(a));
      apps.push_back({app->selector, app->priority, app->protocol});
    }
    CHECK(apps == std::vector<std::array<int, 3>>{{5, 3, 26}, {5, 6, 48}});
  }

  TEST_CASE("APP entries with the PCP selector use DCB_ATTR_DCB_APP") {
    DcbSet set;
    set.apps = {dcb_app{kDcbAppSelPcp, 3, 3}};
    auto m = encode_ieee_set("eth0", set);
    REQUIRE(m);
    nlattr* ieee = find_attr(m->get(), DCB_ATTR_IEEE);
    nlattr* table =
        nla_find(static_cast<nlattr*>(nla_data(ieee)), nla_len(ieee), DCB_ATTR_IEEE_APP_TABLE);
    nlattr* a = static_cast<nlattr*>(nla_data(table));
    CHECK(nla_type(a) == kDcbAttrDcbApp);
  }

  TEST_CASE("IEEE_DEL and SDCBX are RTM_SETDCB") {
    auto del = encode_ieee_del_apps("eth0", {dcb_app{5, 0, 26}});
    REQUIRE(del);
    CHECK(nlmsg_hdr(del->get())->nlmsg_type == 79);
    CHECK(dcb_command(nlmsg_hdr(del->get())) == DCB_CMD_IEEE_DEL);
    auto sd = encode_set_dcbx("eth0", DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE);
    REQUIRE(sd);
    CHECK(dcb_command(nlmsg_hdr(sd->get())) == DCB_CMD_SDCBX);
    CHECK(nla_get_u8(find_attr(sd->get(), DCB_ATTR_DCBX)) == 0x09);
  }

  TEST_CASE("names that are not interface names are refused before encoding") {
    auto m = encode_ieee_get("eth0; reboot");
    REQUIRE_FALSE(m);
    CHECK(m.error().to_string() ==
          "eth0; reboot: interface name may contain only letters, digits, '-', '_', '.', '@'");
    CHECK_FALSE(encode_ieee_get("a-very-long-interface-name"));
    CHECK_FALSE(encode_ieee_get(""));
  }

  TEST_CASE("an IEEE_GET reply decodes into PFC, ETS, buffer, APP table and DCBX mode") {
    NlMsgPtr m = reply(DCB_CMD_IEEE_GET);
    nla_put_u8(m.get(), DCB_ATTR_DCBX, 0x09);
    nlattr* ieee = nla_nest_start(m.get(), DCB_ATTR_IEEE);
    ieee_pfc pfc{};
    pfc.pfc_en = 0x18;
    pfc.delay = 100;
    nla_put(m.get(), DCB_ATTR_IEEE_PFC, sizeof pfc, &pfc);
    ieee_ets ets{};
    ets.prio_tc[3] = 1;
    ets.tc_tsa[1] = 2;
    nla_put(m.get(), DCB_ATTR_IEEE_ETS, sizeof ets, &ets);
    dcbnl_buffer buf{};
    buf.prio2buffer[3] = 1;
    buf.buffer_size[1] = 131072;
    nla_put(m.get(), DCB_ATTR_DCB_BUFFER, sizeof buf, &buf);
    nlattr* table = nla_nest_start(m.get(), DCB_ATTR_IEEE_APP_TABLE);
    dcb_app app{5, 3, 26};
    nla_put(m.get(), DCB_ATTR_IEEE_APP, sizeof app, &app);
    nla_nest_end(m.get(), table);
    nla_nest_end(m.get(), ieee);

    auto s = decode_ieee_get(nlmsg_hdr(m.get()), "eth0");
    REQUIRE(s);
    CHECK(s->dcbx == 0x09);
    REQUIRE(s->pfc);
    CHECK(s->pfc->pfc_en == 0x18);
    CHECK(s->pfc->delay == 100);
    REQUIRE(s->ets);
    CHECK(s->ets->prio_tc[3] == 1);
    CHECK(s->ets->tc_tsa[1] == 2);
    REQUIRE(s->buffer);
    CHECK(s->buffer->buffer_size[1] == 131072);
    CHECK_FALSE(s->maxrate);
    REQUIRE(s->apps.size() == 1);
    CHECK(s->apps[0].protocol == 26);
    CHECK(describe(*s) == "pfc_en 0x18 delay 100 dcbx 0x09 apps 1");
  }

  TEST_CASE("a truncated attribute is an error naming it") {
    NlMsgPtr m = reply(DCB_CMD_IEEE_GET);
    nlattr* ieee = nla_nest_start(m.get(), DCB_ATTR_IEEE);
    uint8_t short_pfc[10] = {};
    nla_put(m.get(), DCB_ATTR_IEEE_PFC, sizeof short_pfc, short_pfc);
    nla_nest_end(m.get(), ieee);
    auto s = decode_ieee_get(nlmsg_hdr(m.get()), "eth0");
    REQUIRE_FALSE(s);
    CHECK(s.error().to_string() == "eth0: DCB reply: PFC attribute is 10 bytes, expected 136");
  }

  TEST_CASE("the status byte is a negative errno stored as u8") {
    NlMsgPtr m = reply(DCB_CMD_IEEE_SET);
    nla_put_u8(m.get(), DCB_ATTR_IEEE, static_cast<uint8_t>(-22));
    auto st = decode_status(nlmsg_hdr(m.get()), DCB_ATTR_IEEE, "eth0");
    REQUIRE(st);
    CHECK(*st == -22);
    NlMsgPtr empty = reply(DCB_CMD_IEEE_SET);
    CHECK_FALSE(decode_status(nlmsg_hdr(empty.get()), DCB_ATTR_IEEE, "eth0"));
  }
}
