#!/usr/bin/env python3
"""Scaffolds a lint rule: its class, its page, its test kernel, its registry
lines -- the four places a rule lives (docs/rules/README.md).

    tools/new-rule.py perf-my-new-rule "one line for --list-rules"

writes lib/Lint/rules/PerfMyNewRuleRule.cpp, docs/rules/perf-my-new-rule.md
and tests/e2e/lint/perf-my-new-rule.cl, and adds the rule to
lib/Lint/rules/Rules.h and lib/Lint/RuleRegistry.cpp, each in its sorted
place. It refuses to overwrite anything. Fill in check(), the page and the
expectations, then rebuild (cmake picks the new files up).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    if len(sys.argv) != 3 or not re.fullmatch(r"(perf|portability)-[a-z0-9]+(-[a-z0-9]+)*", sys.argv[1]):
        sys.exit("usage: tools/new-rule.py (perf|portability)-NAME \"summary\"")
    rid, summary = sys.argv[1], sys.argv[2]
    name = "".join(w.capitalize() for w in rid.split("-"))
    # The RuleDef the registry line names (id from the class, and factory),
    # broken as clang-format would past 80 columns.
    registry_def = f"constinit const RuleDef {name} = ruleDef<{name}Rule>();"
    if len(registry_def) > 80:
        registry_def = f"constinit const RuleDef {name} =\n    ruleDef<{name}Rule>();"
    files = {
        f"lib/Lint/rules/{name}Rule.cpp": f'''//===- {name}Rule.cpp - {summary} ---===//
//
// What the rule detects and why, with the guide it comes from
// (docs/rules/{rid}.md).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {{

namespace {{

class {name}Rule : public LintRule {{
public:
  explicit {name}Rule(RuleOptions &O) {{}}
  static constexpr char Id[] = "{rid}";
  Severity defaultSeverity() const override {{ return Severity::Warning; }}
  llvm::StringRef summary() const override {{
    return "{summary}";
  }}

  void check(const KernelContext &C, FindingSink &Out) const override {{
    // Out.report(Line, Col, fmt::format(...)).Notes.push_back(...);
  }}
}};

}} // namespace

{registry_def}

}} // namespace clspread::rules
''',
        f"docs/rules/{rid}.md": f'''# {rid}

**Fires when** {summary}.

**Severity:** warning.

**Why.** (quote the guide it comes from, cited by title, e.g. AMD's talk "AMD and OpenCL" (2009))

**Example.** Before:

```c
```

After:

```c
```

**Example message.**

```
```

**Options:** none.
''',
        f"tests/e2e/lint/{rid}.cl": f'''// RUN: clspread lint %s --rules={rid} | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// A kernel that must trigger the rule, with `// CHECK: {rid}.cl:[[@LINE]]:COL: warning: ...`
// on the line, and kernels that must stay silent.
''',
    }
    for rel in files:
        if os.path.exists(os.path.join(ROOT, rel)):
            sys.exit(f"{rel} exists: nothing written")
    for rel, text in files.items():
        with open(os.path.join(ROOT, rel), "w") as f:
            f.write(text)
    # Both lists are sorted by rule name (the ids' order): the new line goes
    # before the first entry with a greater name, or after the last one.
    # A comment above an entry belongs to it and stays above it; a blank
    # line or "};" ends the list.
    edits = {
        "lib/Lint/rules/Rules.h": (
            "// Rules:\n", r"CLSPREAD_RULE\((\w+)\)$", f"CLSPREAD_RULE({name})\n"),
        "lib/Lint/RuleRegistry.cpp": (
            "        // One line per rule, sorted by name: {rules::RuleName},\n",
            r"\s*\{rules::(\w+)\b", f"        {{rules::{name}}},\n"),
    }
    for rel, (anchor, entry, new) in edits.items():
        path = os.path.join(ROOT, rel)
        with open(path) as f:
            lines = f.read().splitlines(keepends=True)
        if anchor not in lines:
            sys.exit(f"{rel}: anchor line not found; add the rule by hand")
        at = lines.index(anchor) + 1
        end = at       # past the last entry
        group = at     # first line of the entry being looked at
        insert = None
        for i in range(at, len(lines)):
            m = re.match(entry, lines[i])
            if m:
                if m.group(1) > name and insert is None:
                    insert = group
                end = group = i + 1
            elif re.match(r"\s*(\};)?$", lines[i]):
                break  # a blank line or the "};" ends the list
            elif not lines[i].lstrip().startswith("//"):
                end = group = i + 1  # an entry's second line
        lines.insert(end if insert is None else insert, new)
        with open(path, "w") as f:
            f.write("".join(lines))
    print("\n".join(list(files) + list(edits)))


if __name__ == "__main__":
    main()
