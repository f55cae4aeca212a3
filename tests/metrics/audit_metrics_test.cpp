#include "metrics/audit_metrics.h"

#include <doctest/doctest.h>

using namespace rocecfg;

TEST_SUITE("metrics.audit") {
  TEST_CASE("audit metrics count drift per target and knob") {
    model::Settings intent, observed;
    intent.pfc_enabled = PriorityMask(0x08);
    intent.mtu_bytes = 9000;
    observed.pfc_enabled = PriorityMask(0x00);
    observed.mtu_bytes = 1500;
    plan::Plan p = plan::diff("eth0", intent, observed);
    CHECK(metrics::audit_metrics(p, 5).render() ==
          "# HELP rocecfg_audit_drift_steps settings that differ from the profile, per target "
          "and knob\n"
          "# TYPE rocecfg_audit_drift_steps gauge\n"
          "rocecfg_audit_drift_steps{knob=\"mtu\",target=\"eth0\"} 1\n"
          "rocecfg_audit_drift_steps{knob=\"pfc\",target=\"eth0\"} 1\n"
          "# HELP rocecfg_audit_drift_total all drifted settings on this host\n"
          "# TYPE rocecfg_audit_drift_total gauge\n"
          "rocecfg_audit_drift_total 2\n"
          "# HELP rocecfg_audit_last_run_timestamp_seconds when the last audit finished\n"
          "# TYPE rocecfg_audit_last_run_timestamp_seconds gauge\n"
          "rocecfg_audit_last_run_timestamp_seconds 5\n"
          "# HELP rocecfg_audit_unsupported_total profile settings the devices of this host "
          "cannot take (warnings, not drift)\n"
          "# TYPE rocecfg_audit_unsupported_total gauge\n"
          "rocecfg_audit_unsupported_total 0\n"
          "# HELP rocecfg_audit_unverifiable_total profile settings that could not be read back "
          "on this host\n"
          "# TYPE rocecfg_audit_unverifiable_total gauge\n"
          "rocecfg_audit_unverifiable_total 0\n");
  }
}
