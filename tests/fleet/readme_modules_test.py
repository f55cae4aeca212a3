#!/usr/bin/env python3
"""The README's module table names each module under lib/ and vendors/ with
the modules it depends on; CMake's target_link_libraries is the truth. Fails
on a module missing from the table, a row for a module that does not exist,
or a dependency column that differs from the link line (lib/core is left out
of the comparison: every module reaches it)."""
import pathlib
import re
import sys

src = pathlib.Path(sys.argv[1])
# target name -> README name
names = {"nic": "vendors/nic", "vendors_switch": "vendors/switch"}


def readme_name(target):
    short = target[len("rocecfg_"):]
    return names.get(short, "lib/" + short)


modules = {}
for cm in sorted(list(src.glob("lib/*/CMakeLists.txt")) + list(src.glob("vendors/*/CMakeLists.txt"))):
    text = cm.read_text()
    m = re.search(r"add_library\((rocecfg_\w+)", text)
    if not m:
        continue
    links = re.findall(r"target_link_libraries\(\s*" + m.group(1) + r"\s+PUBLIC([^)]*)\)", text)
    deps = {readme_name(t) for line in links for t in re.findall(r"rocecfg_\w+", line)}
    modules[readme_name(m.group(1))] = deps - {"lib/core"}

rows = {}
for line in (src / "README.md").read_text().splitlines():
    m = re.match(r"\| `((?:lib|vendors)/[a-z_]+)` \|.*\| ([^|]*) \|$", line)
    if m:
        deps = set()
        # A bare word names lib/<word> ("switch" is lib/switch); vendors/ is spelt out.
        for word in re.findall(r"[a-z_/]+", re.sub(r"\([^)]*\)", "", m.group(2))):
            for known in (word, "lib/" + word):
                if known in modules:
                    deps.add(known)
                    break
        rows[m.group(1)] = deps - {"lib/core"}

fails = []
for mod in sorted(set(modules) - set(rows)):
    fails.append(f"{mod}: no row in the README module table")
for mod in sorted(set(rows) - set(modules)):
    fails.append(f"{mod}: in the README module table but not a module")
for mod in sorted(set(rows) & set(modules)):
    if rows[mod] != modules[mod]:
        fails.append(f"{mod}: README says it depends on {sorted(rows[mod])}, CMake links {sorted(modules[mod])}")
for f in fails:
    print("FAIL:", f)
print(f"{len(modules)} modules, {len(fails)} mismatches")
sys.exit(1 if fails else 0)
