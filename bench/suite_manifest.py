"""Reads kernels/suite.yaml without PyYAML (the benchmarks use the Python 3
standard library only).

The manifest uses a small subset of YAML: a `kernels:` list of mappings whose
values are plain scalars or one-line flow collections (`[16, 16]`,
`{ gain: 384 }`, `{ global: [64], args: { n: 16 } }`). That subset is all this
reader understands; it is not a YAML parser.
"""

import json
import re

_WORD = re.compile(r'(?<![\w."])([A-Za-z_][\w.\-]*)(?![\w"])')


def _flow(text):
    """A one-line YAML flow collection or scalar as a Python value."""
    text = text.strip()
    if text.startswith(("[", "{")):
        # Quote bare keys and words, leave numbers alone.
        return json.loads(_WORD.sub(r'"\1"', text))
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d*(e-?\d+)?", text):
        return float(text)
    return text


def load(path):
    """Entries of the manifest as dicts (id, file, kernel, global, local,
    args, build_options, quick), in manifest order."""
    entries = []
    in_kernels = False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line.startswith(" "):
                in_kernels = line.startswith("kernels:")
                continue
            if not in_kernels:
                continue
            m = re.match(r"\s*(-\s+)?([A-Za-z_]\w*):\s*(.*)$", line)
            if not m:
                continue
            if m.group(1):
                entries.append({})
            key, value = m.group(2), m.group(3)
            if entries:
                entries[-1][key] = value if key == "description" else _flow(value)
    for e in entries:
        e.setdefault("args", {})
        e.setdefault("build_options", "")
        e.setdefault("local", None)
    return entries
