#!/usr/bin/env python3
"""What rocecfg renders for Junos, validated against Juniper's own YANG
models with yanglint (issue 37), as SONiC's renders are against SONiC's.

Each shipped profile (and the matrix edge cases below) is rendered with
`rocecfg render --vendor junos`; its `set` statements (a factory-default
switch: the `delete`s remove nothing) are turned into a YANG XML
configuration by walking the models' own schema tree (`yanglint -f tree`:
containers, lists and their keys, leaves, leaf-lists, choices), the way the
Junos CLI maps `set` words onto the hierarchy (a list named `interface` is
not spelled in the CLI: `set interfaces et-0/0/1 mtu 9216`). yanglint then
validates the document (strict: no unknown node, every value in its type's
range). A word the schema does not have fails the conversion itself.

To show the check can fail: a render with one value pushed out of its range
(pfc-priority 9, transmit-rate percent 150) and one misspelled statement are
each refused.

Models: ../shared/vendor-schemas/juniper-yang (Juniper/yang @2a696d62,
24.4R1-EVO; README there: load the patched class-of-service module by its
path). Usage: junos_yang_test.py ROCECFG_BIN SOURCE_DIR. Exit 77 (skip) when
the models are not beside this checkout.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.sax.saxutils as su

rocecfg, src = sys.argv[1], sys.argv[2]
models = os.path.join(src, "..", "shared", "vendor-schemas", "juniper-yang")
cos = os.path.join(models, "patched", "junos-conf-class-of-service@2024-01-01.yang")
ifs = os.path.join(models, "junos-conf-interfaces@2024-01-01.yang")
root = os.path.join(models, "junos-conf-root@2024-01-01.yang")
if not all(os.path.isfile(f) for f in (cos, ifs, root)):
    print("SKIP: ../shared/vendor-schemas/juniper-yang is not beside this checkout")
    sys.exit(77)
if shutil.which("yanglint") is None:
    print("FAIL: no yanglint (apt-get install libyang2-tools)")
    sys.exit(1)

NS = {
    "class-of-service": "http://yang.juniper.net/junos/conf/class-of-service",
    "interfaces": "http://yang.juniper.net/junos/conf/interfaces",
}


class Node:
    def __init__(self, name, kind, keys=(), type_=""):
        self.name, self.kind, self.keys, self.type = name, kind, list(keys), type_
        self.children = {}  # name -> Node (choices and cases flattened)


LINE = re.compile(r"^(?P<lead>[ |]*)\+--(?P<flags>rw|ro|:|-u|-x|-n)? ?(?P<rest>.*)$")


def schema_tree():
    out = subprocess.run(["yanglint", "-f", "tree", "-p", models, cos, ifs, root],
                         capture_output=True, text=True, check=True).stdout
    text = out[out.index("module: junos-conf-root"):]
    top = Node("configuration", "container")
    stack = []  # (column, node)
    for line in text.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        col = len(m.group("lead"))
        rest = m.group("rest").strip()
        while stack and stack[-1][0] >= col:
            stack.pop()
        parent = stack[-1][1] if stack else None
        if rest.startswith("(") or m.group("flags") == ":":
            # choice or case: transparent, its children belong to the parent
            stack.append((col, parent))
            continue
        words = rest.split()
        name = words[0]
        name = name.split(":", 1)[1] if ":" in name else name
        if parent is None:
            if name != "configuration":
                break  # past the configuration tree
            stack.append((col, top))
            continue
        if name.endswith("*") and len(words) > 1 and words[1].startswith("["):
            keys = " ".join(words[1:]).strip("[]").split()
            node = Node(name[:-1], "list", keys)
        elif name.endswith("*"):
            node = Node(name[:-1], "leaf-list", type_=words[1] if len(words) > 1 else "")
        elif len(words) == 1:
            node = Node(name.rstrip("!"), "container")
        else:
            node = Node(name.rstrip("?"), "leaf", type_=words[1])
        parent.children.setdefault(node.name, node)
        stack.append((col, node))
    return top


class Elem:
    def __init__(self, name, text=None):
        self.name, self.text, self.children = name, text, []

    def child(self, name):
        for c in self.children:
            if c.name == name and c.text is None:
                return c
        c = Elem(name)
        self.children.append(c)
        return c

    def xml(self, indent="", ns=None):
        attr = f' xmlns="{ns}"' if ns else ""
        if self.text is not None:
            return f"{indent}<{self.name}{attr}>{su.escape(self.text)}</{self.name}>\n"
        if not self.children:
            return f"{indent}<{self.name}{attr}/>\n"
        inner = "".join(c.xml(indent + "  ") for c in self.children)
        return f"{indent}<{self.name}{attr}>\n{inner}{indent}</{self.name}>\n"


def list_entry(elem, node, values):
    for c in elem.children:
        if c.name == node.name and [k.text for k in c.children[:len(values)]] == values:
            return c
    e = Elem(node.name)
    e.children = [Elem(k, v) for k, v in zip(node.keys, values)]
    elem.children.append(e)
    return e


def add(top_node, doc, words):
    """One `set` statement into the document; raises ValueError on a word
    the schema does not have."""
    node, elem, i = top_node, doc, 0
    while i < len(words):
        w = words[i]
        child = node.children.get(w)
        if child is None and "interface" in node.children:
            # `interfaces et-0/0/1`: the CLI does not spell the list name
            child = node.children["interface"]
            i -= 1
        if child is None:
            raise ValueError(f"'{w}' is not a child of '{node.name}' in the models "
                             f"(statement: {' '.join(words)})")
        if child.kind == "container":
            elem, node, i = elem.child(child.name), child, i + 1
        elif child.kind == "list" and words[i + 1:i + 2] == child.keys[:1]:
            # keys spelled with their names: `drop-profile-map loss-priority
            # any protocol any drop-profile dp`
            pairs = words[i + 1:i + 1 + 2 * len(child.keys)]
            if pairs[0::2] != child.keys:
                raise ValueError(f"list '{child.name}' needs {child.keys} (statement: "
                                 f"{' '.join(words)})")
            elem = list_entry(elem, child, pairs[1::2])
            node, i = child, i + 1 + 2 * len(child.keys)
        elif child.kind == "list":
            values = words[i + 1:i + 1 + len(child.keys)]
            if len(values) != len(child.keys):
                raise ValueError(f"list '{child.name}' needs {child.keys}")
            elem, node, i = list_entry(elem, child, values), child, i + 1 + len(child.keys)
        elif child.kind == "leaf-list" and words[i + 1:i + 2] == ["["]:
            # `fill-level [ 55 90 ]`: one element per value, in order
            end = words.index("]", i + 2)
            for v in words[i + 2:end]:
                elem.children.append(Elem(child.name, v))
            i = end + 1
        elif child.type == "empty":
            elem.children.append(Elem(child.name))
            i += 1
        else:
            if i + 1 >= len(words):
                raise ValueError(f"leaf '{child.name}' without a value")
            elem.children.append(Elem(child.name, words[i + 1]))
            i += 2


def document(tree, statements):
    doc = Elem("configuration")
    for s in statements:
        add(tree, doc, s.split()[1:])
    body = ""
    for c in doc.children:
        body += c.xml("  ", NS.get(c.name))
    return ('<configuration xmlns="http://yang.juniper.net/junos/conf/root">\n' + body +
            "</configuration>\n")


def yanglint(xml_text):
    with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as f:
        f.write(xml_text)
        path = f.name
    try:
        r = subprocess.run(["yanglint", "-t", "config", "-p", models, cos, ifs, path],
                           capture_output=True, text=True)
        return r.returncode, r.stderr.strip()
    finally:
        os.unlink(path)


failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(name)


def render(profile, extra=()):
    r = subprocess.run([rocecfg, "render", "--vendor", "junos", "--ports", "et-0/0/1",
                        "--ports", "et-0/0/2", *extra, profile], capture_output=True, text=True)
    return r.returncode, [l for l in r.stdout.splitlines() if l.startswith("set ")]


tree = schema_tree()
profiles = sorted(os.path.join(src, "profiles", f) for f in os.listdir(os.path.join(src, "profiles"))
                  if f.endswith(".toml") and f != "inventory.example.toml")
rendered = 0
for p in profiles:
    rc, sets = render(p)
    name = os.path.basename(p)
    if rc != 0:
        check(f"{name}: rendered", False, f"exit {rc}")
        continue
    try:
        xml_text = document(tree, sets)
    except ValueError as e:
        check(f"{name}: every statement is in Juniper's models", False, str(e))
        continue
    code, err = yanglint(xml_text)
    check(f"{name}: {len(sets)} set statements valid against junos-conf-class-of-service/"
          f"interfaces 24.4R1-EVO", code == 0, err)
    rendered += 1
check("at least the shipped lossless profiles were validated", rendered >= 3, str(rendered))

# ECN in fill levels ([ecn] fill_level_percent): the drop profile and the
# marking scheduler's statements, in the models and in range.
with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
    with open(os.path.join(src, "profiles", "roce-lossless.toml")) as base:
        f.write(re.sub(r"(?m)^mark_probability_percent = .*$",
                       lambda m: m.group(0) + "\nfill_level_percent = [55, 90]", base.read()))
    fill_profile = f.name
rc, fill_sets = render(fill_profile)
os.unlink(fill_profile)
ecn_sets = [s for s in fill_sets if "drop-profile" in s or "explicit-congestion" in s]
check("fill levels: the drop profile and the scheduler's ECN are rendered",
      rc == 0 and len(ecn_sets) == 4, "\n".join(ecn_sets))
try:
    code, err = yanglint(document(tree, fill_sets))
    check(f"fill levels: {len(fill_sets)} set statements valid against the models", code == 0, err)
    code, err = yanglint(document(tree, [s.replace("fill-level [ 55 90 ]", "fill-level [ 55 190 ]")
                                         for s in fill_sets]))
    check("fill-level 190 is refused by the models", code != 0 and "fill-level" in err, err)
except ValueError as e:
    check("fill levels: every statement is in Juniper's models", False, str(e))

# The check can fail: values out of the models' ranges and a misspelling.
_, sets = render(os.path.join(src, "profiles", "roce-lossless.toml"))
bad_priority = [s.replace("pfc-priority 3", "pfc-priority 9") for s in sets]
code, err = yanglint(document(tree, bad_priority))
check("pfc-priority 9 is refused by the models", code != 0 and "pfc-priority" in err, err)
bad_rate = [s.replace("transmit-rate percent 50", "transmit-rate percent 150") for s in sets]
code, err = yanglint(document(tree, bad_rate))
check("transmit-rate percent 150 is refused by the models", code != 0 and "percent" in err, err)
try:
    document(tree, [s.replace("flow-control-queue", "flow-control-queues") for s in sets])
    check("a misspelled statement is refused by the schema walk", False, "accepted")
except ValueError as e:
    check("a misspelled statement is refused by the schema walk",
          "'flow-control-queues' is not a child" in str(e), str(e))

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
