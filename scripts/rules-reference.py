#!/usr/bin/env python3
"""Write data/<game>/rules.toml, the rules reference the browser client links rule ids to.

It copies, for each rule id the game's code cites (`RuleId("5.14")` in games/<game>/src), the
passage of the project's English rules specification that states it: the paragraph of a
numbered rule (`**5.14 ...**`), the opening of a numbered section, a phase of the turn
sequence, an event's row. Ids it cannot find are left out; the client then shows the rule
around them (5.14 -> 5.1 -> 5).

The specification is the project's own restatement of the rules, kept outside the
repository (../shared/rules/ from the checkout); run this again when it or the code's rule
ids change:

    python3 scripts/rules-reference.py omaha ../shared/rules/omaha-beach.md
    python3 scripts/rules-reference.py normandy44 ../shared/rules/normandy-44.md
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAX_CHARS = 2400

GAMES = {"omaha": "D-Day at Omaha Beach", "normandy44": "Normandy '44"}

HEADER = '''authored_by = "Overlord project"
about = "The Overlord project's own short restatement of the rules of {name}, for looking up a rule id from the game's log and prompts. It is not the publisher's rulebook text; the rulebook is the authority."

# Written by scripts/rules-reference.py from the project's English rules specification
# (our restatement of the rulebook): one entry per rule id the code cites, where the
# specification states it. The browser client shows an id's entry, or the nearest enclosing
# rule's (5.14 -> 5.1 -> 5) when it has none. Replace or extend entries freely; the server
# reads `id`, `title` and `text` of each [[rule]].
'''


def cited_ids(game):
    ids = set()
    for path in (ROOT / "games" / game / "src").rglob("*.rs"):
        if "acceptance" in path.parts:
            continue
        ids.update(re.findall(r'RuleId\("([^"]+)"\)', path.read_text()))
    return ids


def clean(text):
    text = re.sub(r"\s*\((?:RB|PA) L?\d+[^)]*\)", "", text)
    text = re.sub(r"\s*\[R [^\]]*\]", "", text)
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])", r"\1", text)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    if len(text) > MAX_CHARS:
        cut = text.rfind("\n", 0, MAX_CHARS)
        text = text[: cut if cut > MAX_CHARS // 2 else MAX_CHARS].rstrip() + "\n\n(…)"
    return text


NEXT_RULE = re.compile(r"^\s*(?:- )?\*\*\d+\.\d")


def paragraph_at(lines, start):
    """The lines from `start` to the next blank line, heading or numbered rule."""
    out = []
    for line in lines[start:]:
        if not line.strip() or line.startswith("#") or NEXT_RULE.match(line):
            break
        out.append(line)
    return "\n".join(out)


def section_at(lines, start, level, stop_at_child=None):
    """The body under the heading at `start`, to the next heading of `level` or higher."""
    out = []
    for line in lines[start + 1 :]:
        heading = re.match(r"^(#+) ", line)
        if heading and len(heading.group(1)) <= level:
            break
        if stop_at_child and re.match(stop_at_child, line):
            break
        out.append(line)
    return "\n".join(out)


def find(lines, rule_id):
    """(title, text) for `rule_id`, or None."""
    escaped = re.escape(rule_id)
    # A numbered paragraph: **5.11 Drift.** ..., or a bullet "- **23.41** ..." (sub-rules
    # only: a bold "**1 VP**" is no rule 1).
    for i, line in enumerate(lines):
        match = re.match(rf"^\s*(?:- )?\*\*{escaped}(?!\d)\.?\s*([^*]*)\*\*(.*)", line)
        if match and "." in rule_id:
            body = match.group(2).strip().lstrip(":").strip() + "\n" + paragraph_at(lines, i + 1)
            title = match.group(1).strip().rstrip(".") or first_words(body)
            return title, body
    # An italic numbered paragraph: *6.5.1 General.* ... or "- *9.8.4* ..." (Normandy '44).
    for i, line in enumerate(lines):
        match = re.match(rf"^\s*(?:- )?\*{escaped}(?!\d)\.?\s*([^*]*)\*(.*)", line)
        if match and "." in rule_id:
            body = match.group(2).strip().lstrip(":").strip() + "\n" + paragraph_at(lines, i + 1)
            title = match.group(1).strip().rstrip(".") or first_words(body)
            return title, body
    # A numbered heading: ### 5 ..., #### 5.1 ... (the rules part before the turn sequence).
    for i, line in enumerate(lines):
        match = re.match(rf"^(#{{3,4}}) {escaped} (.*)", line)
        if match:
            title = clean(match.group(2))
            child = rf"^(?:- )?\*\*{escaped}\d"
            return title, section_at(lines, i, len(match.group(1)), child)
    # A phase of a turn: 4.2-II is "**II. ...**" in 4.2; 15-V is "V. ..." in 15.
    phase = re.match(r"^([\d.]+)-([IVX]+)$", rule_id)
    if phase:
        section, roman = phase.groups()
        for i, line in enumerate(lines):
            if re.match(rf"^#{{3,4}} {re.escape(section)} ", line):
                body = section_at(lines, i, len(line.split(" ")[0]))
                sub = body.split("\n")
                for j, text in enumerate(sub):
                    bold = re.match(rf"^\*\*{roman}\. ([^*]+)\*\*", text)
                    plain = re.match(rf"^{roman}\. (?:\*\*)?([^*—]+)", text)
                    found = bold or plain
                    if found:
                        title = found.group(1).strip().rstrip(".")
                        return f"{roman}. {title}", text + "\n" + paragraph_at(sub, j + 1)
    # An event: EV-SMOKE is the row of "Smoke Obscures Beach".
    if rule_id.startswith("EV-"):
        words = [w.lower() for w in rule_id[3:].split("-")]
        for line in lines:
            row = re.match(r"^\| \*\*(.+?)\*\*.*?\| (.*) \|$", line)
            if row and all(w in row.group(1).lower() for w in words):
                return f"Event: {row.group(1).replace('**', '')}", row.group(2)
    # The introductory scenario.
    if rule_id == "EASY-FOX":
        match = next((i for i, l in enumerate(lines) if l.startswith("### Easy Fox")), None)
        if match is not None:
            return "Easy Fox", section_at(lines, match, 3)
    # Tables: ### T5 Terrain
    match = next((i for i, l in enumerate(lines) if re.match(rf"^### {escaped} ", l)), None)
    if match is not None:
        return clean(lines[match][4 + len(rule_id) :]), section_at(lines, match, 3)
    return None


def first_words(text, count=7):
    words = clean(text).split()
    return " ".join(words[:count]).rstrip(".,;:") + ("…" if len(words) > count else "")


def toml_string(text):
    return '"""\n' + text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"') + '"""'


def sort_key(rule_id):
    parts = re.split(r"[.-]", rule_id)
    return [(0, int(p)) if p.isdigit() else (1, p) for p in parts]


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in GAMES:
        sys.exit(__doc__)
    game = sys.argv[1]
    spec = pathlib.Path(sys.argv[2]).read_text()
    # Only the rules, tables and turn sequence: the state model and tests are not rules text.
    end = spec.find("\n## 5. Decision points")
    lines = spec[: end if end > 0 else len(spec)].split("\n")
    entries, missing = [], []
    for rule_id in sorted(cited_ids(game), key=sort_key):
        found = find(lines, rule_id)
        if not found:
            missing.append(rule_id)
            continue
        title, text = found
        text = clean(text)
        if not text:
            missing.append(rule_id)
            continue
        entries.append(f'[[rule]]\nid = "{rule_id}"\ntitle = "{clean(title).replace(chr(34), chr(39))}"\ntext = {toml_string(text)}\n')
    out = ROOT / "data" / game / "rules.toml"
    out.write_text(HEADER.replace("{name}", GAMES[game]) + "\n" + "\n".join(entries))
    print(f"wrote {len(entries)} rules to {out.relative_to(ROOT)}; not found (shown by their parent): {' '.join(missing)}")


if __name__ == "__main__":
    main()
