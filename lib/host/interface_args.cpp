#include "host/interface_args.h"

#include <algorithm>

#include "host/netlink.h"

namespace rocecfg::host {

InterfaceArgs parse_interface_args(const std::vector<std::string>& values) {
  InterfaceArgs out;
  for (const std::string& value : values) {
    size_t start = 0;
    while (true) {
      size_t comma = value.find(',', start);
      std::string name = value.substr(start, comma == std::string::npos ? comma : comma - start);
      if (name.empty()) {
        out.errors.push_back(Error{ErrorKind::invalid_input, "--interface " + value,
                                   "empty interface name in the list"});
      } else if (Status ok = validate_ifname(name); !ok) {
        out.errors.push_back(ok.error());
      } else if (std::find(out.names.begin(), out.names.end(), name) == out.names.end()) {
        out.names.push_back(name);
      }
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return out;
}

}  // namespace rocecfg::host
