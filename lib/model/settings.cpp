#include "model/settings.h"

namespace rocecfg::model {

const char* to_string(Trust t) {
  return t == Trust::dscp ? "dscp" : "pcp";
}

const char* to_string(Tsa t) {
  switch (t) {
    case Tsa::strict:
      return "strict";
    case Tsa::ets:
      return "ets";
    case Tsa::vendor:
      return "vendor";
  }
  return "vendor";
}

const char* to_string(RoceMode m) {
  return m == RoceMode::v2 ? "RoCE v2" : "IB/RoCE v1";
}

const char* to_string(WatchdogAction a) {
  switch (a) {
    case WatchdogAction::drop:
      return "drop";
    case WatchdogAction::forward:
      return "forward";
    case WatchdogAction::alert:
      return "alert";
  }
  return "drop";
}

}  // namespace rocecfg::model
