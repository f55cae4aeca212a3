#!/bin/sh
# fabric --html's page in a real headless Chromium (Debian's package): it
# renders, the browser parses the embedded JSON (the page's own script marks
# <html data-pairs="N">), every rail's heat map and every finding is in the
# DOM as the browser built it, and a screenshot comes out as a PNG.
# Chromium is ~290 MB installed (Debian 12, 156.0); CI installs it
# (.ci/packages). Without it this test skips with the reason, and fails under
# ROCECFG_NO_SKIP=1 (CI), where every test must run.
# ROCECFG_SCREENSHOT=FILE keeps the screenshot (the README's).
set -u
sample=${ROCECFG_HTML_SAMPLE:?set ROCECFG_HTML_SAMPLE to fabric_html_sample}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: needs chromium (apt-get install chromium; ~290 MB, in .ci/packages)"
  [ "${ROCECFG_NO_SKIP:-}" = 1 ] && { echo "FAIL: ROCECFG_NO_SKIP=1: every test must run"; exit 1; }
  exit 77
fi
dir=$(mktemp -d /tmp/rocecfg-html.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
"$sample" "$dir/report.html" || { echo "FAIL: fabric_html_sample"; exit 1; }
# A fresh profile per run; no network: the page fetches nothing, and the
# proxy that does not exist makes sure nothing could be fetched.
run() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$dir/profile" --proxy-server=127.0.0.1:9 "$@" "file://$dir/report.html" 2>"$dir/err"
}
run --dump-dom >"$dir/dom.html" || { cat "$dir/err"; bad "chromium --dump-dom failed"; }
grep -q '<html lang="en" data-pairs="112">' "$dir/dom.html" || bad "the page's script did not read the JSON: $(head -c 200 "$dir/dom.html")"
for rail in 0 1 2 3; do
  grep -q "<figure class=\"map\" id=\"rail-$rail\" data-rail=\"$rail\">" "$dir/dom.html" || bad "rail $rail's map missing"
done
[ "$(grep -c '<svg ' "$dir/dom.html")" = 4 ] || bad "$(grep -c '<svg ' "$dir/dom.html") SVG maps, want 4"
for label in "rail 3" "nic gpu0003:mlx5_1" "link gpu0005:mlx5_2 - gpu0007:mlx5_2"; do
  grep -q "<div class=\"finding\" data-label=\"$label\">" "$dir/dom.html" || bad "finding $label missing"
done
shot=${ROCECFG_SCREENSHOT:-$dir/shot.png}
run --screenshot="$shot" --window-size=1100,1400 --hide-scrollbars >/dev/null || { cat "$dir/err"; bad "chromium --screenshot failed"; }
[ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || bad "no PNG at $shot"
[ "$fails" = 0 ] || exit 1
echo "PASS: fabric --html in headless $("$browser" --version 2>/dev/null | head -1): JSON read, 4 rail maps, 3 findings, screenshot $(wc -c <"$shot") bytes"
