// Every numeric option of every verb is read by one rule: CLI11 alone read
// "-1" into an unsigned option as 18446744073709551615 (`budget --tp -1`),
// "0x10" as 16, and "nan" or "inf" into a float (`gate --max-pause-per-s nan`
// turned off a check, since every comparison with NaN is false).
// guard_number_options() puts the syntax rule on every INT/UINT/FLOAT option
// of the app once all verbs are defined; verbs add the range an option's
// meaning needs with in_range() / at_least(). Both refuse with exit 2 and a
// message naming the option and the value.
#pragma once

#include <CLI/CLI.hpp>

namespace rocecfg::cmd {

// Decimal integers only (a sign only where the option is signed), finite
// decimal floats only; applied to every subcommand's numeric options.
void guard_number_options(CLI::App& app);

// "must be LO..HI": the value, read as a finite number, is within [lo, hi].
CLI::Validator in_range(double lo, double hi);
// "must be at least LO".
CLI::Validator at_least(double lo);
// "must be above 0" (a rate, a share: 0 is no value).
CLI::Validator above_zero();

// A literal IPv4 or IPv6 address (a listen address; '1.2.3.4;x' was passed
// on to the socket layer after the RDMA device check, exit 3).
CLI::Validator ip_address();

}  // namespace rocecfg::cmd
