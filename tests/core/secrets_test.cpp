// The one secret scrubber (issue 33 items 7 and 9): every key of a line at
// every depth, and the values of secret-holding environment variables.
#include <doctest/doctest.h>

#include <cstdlib>

#include "core/secrets.h"

using namespace rocecfg;

TEST_SUITE("core.secrets") {
  TEST_CASE("a line that sets a secret anywhere is never shown") {
    CHECK(line_mentions_secret("password = \"x\""));
    CHECK(line_mentions_secret("db.password = \"x\""));
    // Only the text before the first '=' was looked at.
    CHECK(line_mentions_secret("db = { user = \"a\", password = \"hunter2\" }"));
    CHECK(line_mentions_secret("creds = [{ user = \"a\" }, { token = \"t\" }]"));
    CHECK(line_mentions_secret("db = { inner = { Secret_Key = 1 } }"));
    CHECK(line_mentions_secret("\"pass phrase\".\"my passphrase\" = 1"));
    CHECK(line_mentions_secret("x = { \"api token\" = \"v\" }"));
  }

  TEST_CASE("a secret word inside a value, or in a comment, is not a key") {
    CHECK_FALSE(line_mentions_secret("description = \"rotate the token weekly\""));
    CHECK_FALSE(line_mentions_secret("name = \"leaf1\" # password elsewhere"));
    CHECK_FALSE(line_mentions_secret("mtu = 9216"));
  }

  TEST_CASE("values of secret-holding environment variables are redacted") {
    ::setenv("ROCECFG_TEST_SWITCH_PASSWORD", "s3cr3t-value", 1);
    ::setenv("ROCECFG_TEST_LEAF", "plain-value", 1);
    ::setenv("ROCECFG_TEST_NAMED", "named-value", 1);
    ::setenv("ROCECFG_TEST_PW", "short-pw-value", 1);
    ::setenv("ROCECFG_TEST_OLDPWD", "/a/directory", 1);  // PWD is no password
    note_secret_environment_variable("ROCECFG_TEST_NAMED");
    CHECK(scrub_environment_secrets(
              "a s3cr3t-value b s3cr3t-value c plain-value named-value short-pw-value "
              "/a/directory") ==
          "a <redacted> b <redacted> c plain-value <redacted> <redacted> /a/directory");
    ::unsetenv("ROCECFG_TEST_SWITCH_PASSWORD");
    ::unsetenv("ROCECFG_TEST_LEAF");
    ::unsetenv("ROCECFG_TEST_NAMED");
    ::unsetenv("ROCECFG_TEST_PW");
    ::unsetenv("ROCECFG_TEST_OLDPWD");
  }
}
