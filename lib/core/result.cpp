#include "core/result.h"

namespace rocecfg {

std::string Error::to_string() const {
  return context.empty() ? message : context + ": " + message;
}

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::invalid_input:
      return "invalid input";
    case ErrorKind::failed:
      return "failed";
    case ErrorKind::unsupported:
      return "unsupported";
    case ErrorKind::timeout:
      return "timeout";
    case ErrorKind::permission:
      return "permission denied";
    case ErrorKind::not_found:
      return "not found";
  }
  return "failed";
}

}  // namespace rocecfg
