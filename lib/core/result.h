// Result<T>: the return type for every operation that can fail in an expected way.
// An Error carries a message and the object it concerns (interface, switch, file:line),
// so the caller can print one line without knowing where the failure came from.
#pragma once

#include <expected>
#include <string>
#include <utility>

namespace rocecfg {

// Outcome classes, after sonic-swss: bad input is not retried, a failed device
// operation may be rolled back, an unsupported knob is reported but not fatal.
enum class ErrorKind { invalid_input, failed, unsupported, timeout, permission, not_found };

struct Error {
  ErrorKind kind = ErrorKind::failed;
  std::string context;  // the object: "eth0", "leaf1", "profile.toml:3:5"
  std::string message;  // what went wrong, lower case, no trailing period

  // "context: message", or just the message when there is no context.
  std::string to_string() const;
};

template <typename T>
using Result = std::expected<T, Error>;

using Status = std::expected<void, Error>;

inline std::unexpected<Error> fail(ErrorKind kind, std::string context, std::string message) {
  return std::unexpected(Error{kind, std::move(context), std::move(message)});
}

inline std::unexpected<Error> fail(std::string context, std::string message) {
  return fail(ErrorKind::failed, std::move(context), std::move(message));
}

// Prefix an error's context with an outer object ("leaf1" + "swp1" -> "leaf1: swp1").
inline std::unexpected<Error> wrap(Error e, const std::string& outer) {
  e.context = e.context.empty() ? outer : outer + ": " + e.context;
  return std::unexpected(std::move(e));
}

const char* to_string(ErrorKind kind);

}  // namespace rocecfg
