// Loading profiles and inventories: TOML in, typed intent out, or every
// problem in the file(s) at once as Diagnostics.
#pragma once

#include <string>

#include "core/diagnostic.h"
#include "profile/intent.h"
#include "profile/inventory.h"

namespace rocecfg::profile {

template <typename T>
struct Loaded {
  std::optional<T> value;  // set when there are no errors
  Diagnostics diagnostics;
};

// Whether loading runs the buffer rules (profile/buffer_checks.h). Every verb
// does, except `rocecfg buffers`, whose job is to show what such a profile
// gets wrong.
enum class BufferRules { enforce, skip };

Loaded<Intent> load_profile(const std::string& path, BufferRules rules = BufferRules::enforce);
// From text, for tests and fuzzing; `path` is only used in diagnostics and to
// resolve `include`s relative to it.
Loaded<Intent> load_profile_text(const std::string& text, const std::string& path,
                                 BufferRules rules = BufferRules::enforce);

Loaded<Inventory> load_inventory(const std::string& path);
Loaded<Inventory> load_inventory_text(const std::string& text, const std::string& path);

}  // namespace rocecfg::profile
