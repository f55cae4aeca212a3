#include "profile/nic_qos_schema.h"

#include <fmt/format.h>

namespace rocecfg::profile {

namespace {

using model::CongestionAlgorithm;

// An algorithm that says DCQCN is off, next to a [dcqcn] that turns it on:
// two rate controls cannot both drive the sender; which one is meant?
void no_dcqcn_on(TomlReader& r, const toml::table& root, const Intent& intent,
                 CongestionAlgorithm a) {
  if (!intent.common.dcqcn || !intent.common.dcqcn->enabled) return;
  const toml::node* at = root.at_path("dcqcn.enabled").node();
  r.error(at ? *at : root, "dcqcn.enabled",
          fmt::format("DCQCN is on but congestion.algorithm is \"{}\", which runs without it",
                      model::to_string(a)),
          "dcqcn.enabled = false (or no [dcqcn]), or congestion.algorithm = \"dcqcn\"");
}

void congestion(TomlReader& r, const toml::table& root, Intent& intent) {
  const toml::table* t = r.table(root, "congestion", "");
  if (!t) return;
  r.check_keys(*t, "congestion", {"algorithm"});
  std::optional<std::string> name =
      r.choice(*t, "algorithm", "congestion", {"dcqcn", "pfc-only", "programmable"});
  if (!name) {
    if (!t->get("algorithm")) r.error(*t, "congestion.algorithm", "missing");
    return;
  }
  const CongestionAlgorithm a = *model::congestion_algorithm_from(*name);
  intent.congestion = a;
  const toml::node& at = *t->get("algorithm");
  const model::Settings& s = intent.common;
  switch (a) {
    case CongestionAlgorithm::dcqcn:
      if (s.dcqcn && !s.dcqcn->enabled) {
        const toml::node* en = root.at_path("dcqcn.enabled").node();
        r.error(en ? *en : root, "dcqcn.enabled",
                "DCQCN is off but congestion.algorithm is \"dcqcn\"",
                "dcqcn.enabled = true, or congestion.algorithm = \"pfc-only\"");
      } else if (!s.dcqcn && !s.ecn) {
        // With dcqcn.enabled = true the [dcqcn] rule already says this.
        r.error(at, "congestion.algorithm",
                "DCQCN needs switches that mark ECN, and [ecn] is missing",
                "an [ecn] table, or congestion.algorithm = \"pfc-only\"");
      }
      break;
    case CongestionAlgorithm::pfc_only:
      no_dcqcn_on(r, root, intent, a);
      if (s.ecn) {
        const toml::node* e = root.get("ecn");
        r.warning(e ? *e : at, "ecn",
                  "switches mark ECN but congestion.algorithm is \"pfc-only\": no sender reacts "
                  "to the marks (keep [ecn] only if other traffic on these priorities uses them)");
      }
      break;
    case CongestionAlgorithm::programmable:
      no_dcqcn_on(r, root, intent, a);
      break;
  }
}

void dcbx(TomlReader& r, const toml::table& root, Intent& intent) {
  const toml::table* t = r.table(root, "dcbx", "");
  if (!t) return;
  r.check_keys(*t, "dcbx", {"owner"});
  if (auto v = r.choice(*t, "owner", "dcbx", {"host", "switch"}))
    intent.qos_owner = model::qos_owner_from(*v);
  else if (!t->get("owner"))
    r.error(*t, "dcbx.owner", "missing");
}

}  // namespace

void read_nic_qos(TomlReader& r, const toml::table& root, Intent& intent) {
  congestion(r, root, intent);
  dcbx(r, root, intent);
}

}  // namespace rocecfg::profile
