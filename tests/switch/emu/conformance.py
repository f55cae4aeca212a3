"""The vendor conformance tables (tests/switch/conformance/<vendor>.json) as
the emulators use them: a line the table does not document, or a value out
of its documented range, is refused the way the real CLI refuses it. Same
matching rules as tests/switch/conformance_table.cpp (see its header)."""

import json
import os
import re

_HERE = os.path.dirname(os.path.abspath(__file__))
_TABLES = {}


def _accepts(typ, word):
    parts = typ.split()
    kind = parts[0]
    if kind == "any":
        return True
    if kind == "name":
        return re.fullmatch(r"[A-Za-z0-9_.:/\-]+", word) is not None
    if ".." not in kind:
        return word in kind.split("|")
    lo, hi = (float(x) for x in kind.split(".."))
    mode = parts[1] if len(parts) > 1 else ""
    if mode == "s2":
        return re.fullmatch(r"\d+(\.\d{1,2})?", word) is not None and lo <= float(word) <= hi
    items = word.split(",") if mode == "csv" else [word]
    for item in items:
        if re.fullmatch(r"-?\d+", item) is None or not lo <= int(item) <= hi:
            return False
    return bool(items)


class Table:
    def __init__(self, vendor):
        path = os.path.join(_HERE, "..", "conformance", vendor + ".json")
        with open(path) as f:
            doc = json.load(f)
        families = doc.get("model_families", {})
        self.forms = []
        for f in doc["forms"]:
            models = families[f["models"]] if "models" in f else None
            self.forms.append((f["form"].split(), f.get("args", {}), models))

    def _match(self, words, args, tokens, i, w):
        if w == len(words):
            return i == len(tokens)
        if i == len(tokens):
            return False
        word = words[w]
        if not word.startswith("<"):
            return word == tokens[i] and self._match(words, args, tokens, i + 1, w + 1)
        name = word[1:-1]
        many = name.endswith("...")
        typ = args.get(name[:-3] if many else name, "any")
        if not many:
            return _accepts(typ, tokens[i]) and self._match(words, args, tokens, i + 1, w + 1)
        n = 0
        while i + n < len(tokens) and _accepts(typ, tokens[i + n]):
            n += 1
        return any(self._match(words, args, tokens, i + k, w + 1) for k in range(n, 0, -1))

    def allows(self, line, model=""):
        tokens = line.split()
        if not tokens:
            return True
        for words, args, models in self.forms:
            if self._match(words, args, tokens, 0, 0):
                if not model or models is None or model in models:
                    return True
        return False


def table(vendor):
    if vendor not in _TABLES:
        _TABLES[vendor] = Table(vendor)
    return _TABLES[vendor]
