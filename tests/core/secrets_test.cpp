// The one secret scrubber (issue 33 items 7 and 9): every key of a line at
// every depth, and the values of secret-holding environment variables.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "core/diagnostic.h"
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

  TEST_CASE("a value a secret key opens is secret on every line until it closes") {
    // The first scrubber judged each line alone: `  "hunter2",` under
    // `password = [` was shown in a syntax error's source line.
    std::string text =
        "[host]\n"
        "password = [\n"
        "  \"hunter2\" \"x\",\n"
        "  # a comment ] that closes nothing\n"
        "  \"more]\",\n"
        "]\n"
        "names = [\n"
        "  \"token\",\n"
        "  { token = \"t\" },\n"
        "]\n"
        "token = \"\"\"\n"
        "s3cr3t ] [\n"
        "\"\"\"\n"
        "key = '''\n"
        "'''\n"
        "[[switch]]\n"
        "mtu = 9216";
    std::vector<bool> want{false, true, true, true, true,  true,  false, false, true,
                           false, true, true, true, false, false, false, false};
    CHECK(secret_lines(text) == want);
  }

  TEST_CASE("a diagnostic never shows a continuation line of a secret value") {
    std::string path = "/tmp/rocecfg_secrets_test.toml";
    {
      std::ofstream f(path);
      f << "[host]\nsecrets = [\n  \"hunter2\" \"x\",\n]\nmtu = [\n  1 2,\n]\n";
    }
    Diagnostics d;
    d.error({path, 3, 13}, "", "TOML syntax: expected comma");
    d.error({path, 6, 5}, "", "TOML syntax: expected comma");
    CHECK(d.render() == path + ":3:13: error: TOML syntax: expected comma\n" + path +
                            ":6:5: error: TOML syntax: expected comma\n"
                            "      1 2,\n"
                            "        ^\n");
    std::remove(path.c_str());
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
