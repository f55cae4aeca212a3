// SIGTERM is how systemd's timeout and Ansible end a run, SIGINT how an
// operator does. Dying on either in the middle of an apply once left some
// interfaces changed and others not, with no rollback and no report. The
// handler only records the signal; the apply loop checks it between steps,
// stops writing, rolls back what it wrote and reports why.
#pragma once

namespace rocecfg {

// Installs the recording handler for SIGTERM, SIGINT and SIGHUP. Idempotent.
void install_stop_handlers();

// The first stop signal received since start (0 when none).
int stop_signal_received();

// "SIGTERM", "SIGINT", ... for reports.
const char* signal_name(int signal);

// For tests: forget a recorded signal.
void clear_stop_signal();

}  // namespace rocecfg
