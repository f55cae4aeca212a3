// What must never be echoed: a line of a user's file that sets a secret, and
// the value of an environment variable that holds one. Every place that
// shows a source line or outside text in a diagnostic or an error goes
// through here. The first scrubber looked only at the text before a line's
// first '=', so `db = { user = "a", password = "hunter2" }` was printed
// whole; `show switch --from-file /proc/self/environ` printed the switch
// password variable the inventory names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rocecfg {

// Whether `text` (a key, a dotted key path) names a secret: password,
// passwd, secret, token, passphrase, in any case.
bool is_secret_word(std::string_view text);

// Whether a source line sets or mentions a secret anywhere: in its key, in a
// dotted key, an inline table or an array of inline tables at any depth --
// any secret word outside the line's quoted values, or in a quoted key. Such
// a line is never shown.
bool line_mentions_secret(std::string_view line);

// Which lines of a whole TOML text are never shown: those that mention a
// secret (above), and every continuation line of a value that a secret key
// opens on an earlier line -- a multi-line array (`password = [` then
// `  "hunter2",`) or a multi-line string (`token = """`): the first scrubber
// looked at each line alone and showed them. Element i is line i + 1.
std::vector<bool> secret_lines(std::string_view text);

// An environment variable the loaded inventory names as holding a secret
// (password_env): its value is scrubbed from everything shown from now on.
void note_secret_environment_variable(std::string name);

// `text` with the value of every secret-holding environment variable (a
// name with a secret word in it, or PASS/PW/KEY/CREDENTIAL(S) as one of its
// '_'-separated words, or one noted above) replaced by "<redacted>". Values shorter than 4 bytes
// are left (they would redact ordinary digits and words).
std::string scrub_environment_secrets(std::string text);

}  // namespace rocecfg
