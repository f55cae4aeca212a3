// End-to-end scenarios shared by the CLI vendors: the real SSH transport and
// engine against a real sshd whose forced command is the vendor's emulator
// (tests/switch/emu/<vendor>_emu.py). Each vendor's *_ssh_test.cpp runs them
// with its own ports and operator commands.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "switch/engine.h"
#include "switch_fixtures.h"

namespace rocecfg::sw::testing {

// The switch's running config as its backup would hold it (adapter fetch).
std::string running_config(SshdFixture& fx, size_t i, const std::string& vendor);

// One apply over a fresh shell session; a session that cannot even open
// (a fault during login setup) reads as `unreachable`.
SwitchResult apply_once(SshdFixture& fx, size_t i, const std::string& vendor,
                        const model::Settings& intent, const std::vector<std::string>& ports,
                        uint32_t command_timeout_ms = 10000);
SwitchResult audit_once(SshdFixture& fx, size_t i, const std::string& vendor,
                        const model::Settings& intent, const std::vector<std::string>& ports);

// Type lines at the switch's CLI as an operator would (drift injection).
void operator_types(SshdFixture& fx, size_t i, const std::string& vendor,
                    const std::vector<std::string>& lines);

// Apply the standard profile from factory defaults with a fault ("fail" and
// "drop") injected at every device command N in turn, login setup included:
// each apply must fail and leave the running config exactly as before, or
// (at most one step whose failure the protocol tolerates) end verified.
// Returns how many device commands a clean apply takes. `factory_settings`
// are set in the emulator's state first (Huawei: "exclusive_timeout_s", so
// the rollbacks that wait for a dropped connection's lock wait 1 s, not 30).
int fault_sweep(const std::string& vendor, const std::vector<std::string>& ports,
                const std::map<std::string, int>& factory_settings = {});

std::string read_all(const std::string& path);
void write_all(const std::string& path, const std::string& text);

}  // namespace rocecfg::sw::testing
