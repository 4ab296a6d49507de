#!/usr/bin/env python3
"""Write data/<game>/rules.toml, the rules reference the browser client links rule ids to.

For the games whose rule ids are numbers (Omaha, Normandy '44) it copies, for each rule id
the game's code cites (`RuleId("5.14")` in games/<game>/src), the passage of the project's
English rules specification that states it: the paragraph of a numbered rule
(`**5.14 ...**`), the opening of a numbered section, a phase of the turn sequence, an event's
row. Ids it cannot find are left out; the client then shows the rule around them
(5.14 -> 5.1 -> 5).

For the games whose rule ids are words (Tide of Iron `TOI-COMBAT-LOS-SAME`, Ambush!
`AMB-ACT-12`) it copies every rule id the rules part of the specification defines, in the
specification's order, since the browser cites ids beyond the code's (counters' flags): a
section heading's id (`### 1.5 Setup — `TOI-SETUP``, `### 1.1 ... (AMB-OPS)`) gets the
section, a rule's own heading, bullet or paragraph (`#### `TOI-ACT-ADV` Advance`,
`- `TOI-STACK` **Stacking limit**: ...`, `- **AMB-OPS-1** ...`) gets its text. The client
falls back one hyphen part at a time (TOI-COMBAT-LOS-SAME -> TOI-COMBAT-LOS -> TOI-COMBAT).

The specification is the project's own restatement of the rules, kept outside the
repository (../shared/rules/ from the checkout); run this again when it or the code's rule
ids change:

    python3 scripts/rules-reference.py omaha ../shared/rules/omaha-beach.md
    python3 scripts/rules-reference.py normandy44 ../shared/rules/normandy-44.md
    python3 scripts/rules-reference.py tide-of-iron ../shared/rules/tide-of-iron.md
    python3 scripts/rules-reference.py ambush ../shared/rules/ambush.md
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


# Games whose rule ids are words. `id`: a rule id of the game; `parts`: the rules part of the
# specification, as (its first heading, the heading after it) pairs: the state model, turn
# sequence, decision points, data files and acceptance tests are not rules text.
WORD_GAMES = {
    "tide-of-iron": {
        "name": "Tide of Iron",
        "id": r"TOI-[A-Z0-9]+(?:-[A-Z0-9]+)*(?:-\*)?",
        "parts": [("## 1. Rules", "## 3. State model")],
        "note": "",
    },
    "ambush": {
        "name": "Ambush!",
        "id": r"AMBX?-[A-Z]+(?:-\d+)?",
        "parts": [
            ("## 1. Rules", "## 2. State model"),
            ("## 5. Randomness", "## 6. "),
            ("## 7. Authored design", "### 7.17 "),
        ],
        "note": " Rules whose ids begin AMBX- are the project's own design for what the original's rules leave out, not the original game's.",
    },
}

WORD_HEADER = """authored_by = "Overlord project"
about = "The Overlord project's own short restatement of the rules of {name}, for looking up a rule id from the game's log, prompts and counters. It is not the publisher's rulebook text; the rulebook is the authority.{note}"

# Written by scripts/rules-reference.py from the project's English rules specification
# (our restatement of the rulebook): one entry per rule id its rules part defines, in its
# order; a section's entry is the whole section, cut short where long. The browser client
# shows an id's entry, or the nearest enclosing rule's (TOI-COMBAT-LOS-SAME -> TOI-COMBAT-LOS
# -> TOI-COMBAT) when it has none. Replace or extend entries freely; the server reads `id`,
# `title` and `text` of each [[rule]].
"""


def rules_part(spec, parts):
    """The lines of the rules part; a "## (cut)" line between parts ends a rule's text there."""
    lines = []
    for first, after in parts:
        start = spec.find("\n" + first)
        end = spec.find("\n" + after, start + 1)
        if start < 0 or end < 0:
            sys.exit(f"the specification has no part from {first!r} to {after!r}")
        lines += spec[start + 1 : end].split("\n") + ["## (cut)"]
    return lines


def word_clean(text):
    """The specification's own markings taken out of a word game's text, then `clean`."""
    text = re.sub(r"\s*\(src L[^)]*\)", "", text)
    text = text.replace("`-`", '"-"')  # the sheet's "nothing", never a list's dash
    # Tags of where a statement comes from (tide-of-iron.md 0.1).
    text = text.replace("[EX] ", "Example: ").replace("[SRC] ", "").replace("[ERRATA] ", "Errata: ")
    text = text.replace("[FAQ] ", "FAQ: ").replace("[FAQ]", "FAQ").replace("[EX]", "example")
    text = re.sub(r"\s*\[(?:REC|EXT|DATA)\]", "", text)
    text = re.sub(r"\bREC\b", "our reading", text)
    # Pointers to the specification's ambiguities, which the reference does not hold.
    text = re.sub(r"\s*\[AMBIG-\d+(?:,\s*AMBIG-\d+)*\]|\s*\(AMBIG-\d+\)", "", text)
    text = re.sub(r"[;,]\s*[^,;()\[\]]*AMBIG-\d+(?=[)\]])", "", text)
    text = re.sub(r"\[AMBIG-\d+ — ", "[", text)
    text = re.sub(r"\s+as interpreted in AMBIG-\d+", "", text)
    text = re.sub(r"\s*\(AMB-\d\d\)|(?:;|,| —)?\s*see AMB-\d\d\b|(?:[;,]| —)\s*AMB-\d\d(?=\.?[)\]])", "", text)
    # Pointers to the acceptance tests, unless that is all there is.
    kept = [
        line
        for line in text.split("\n")
        if not re.match(r"^\s*(?:- )?(?:Example: )?[^:]{0,60}: tests? T-[A-Z]+-\d+(?:\.\.\d+)?\.?\s*$", line)
    ]
    if any(line.strip() for line in kept):
        text = "\n".join(kept)
    text = re.sub(r"\s+Tests? T-[A-Z]+-\d+(?:\.\.\d+)?\.(?=\s|$)", "", text)
    text = clean(text)
    return text[:1].upper() + text[1:]


def dedent(lines, width):
    return [line[min(width, len(line) - len(line.lstrip(" "))) :] for line in lines]


def title_and_body(rest):
    """A rule's title and the start of its text from what follows its id on its line."""
    rest = re.sub(r"\s*\(src L[^)]*\)", "", rest).strip()
    bold = re.match(r"^\*\*([^*]+)\*\*(.*)$", rest)
    if bold:
        return split_title(bold.group(1).strip(), bold.group(2))
    return "", rest


def split_title(title, rest):
    """(title, text) of a rule whose bold title `title` is followed by `rest` on its line."""
    rest = rest.strip()
    rest = re.sub(r"^— `[^`]+`\s*", "", rest)  # a second id of the same rule (TOI-SQUAD)
    if rest.startswith(":"):
        return title.rstrip("."), rest[1:].strip()
    if title.endswith("."):
        return title.rstrip("."), rest
    # A short aside or one naming rules is part of the title (the rule it applies, the Italian
    # name); a longer one (a definition) part of the text.
    aside = re.match(r"^(\([^)]*\))\s*:\s*(.*)$", rest)
    if aside and (len(aside.group(1).split()) <= 3 or re.search(r"\b[A-Z]{3,4}-[A-Z]", aside.group(1))):
        return f"{title} {aside.group(1)}", aside.group(2)
    if aside:
        return title, f"{aside.group(1)[1:-1].rstrip('.')}. {aside.group(2)}".strip()
    return title, f"{title} {rest}".strip()


def word_definitions(lines, id_pattern):
    """Every rule the rules part defines: (id, title, text, specificity, line), where a
    heading that names several ids is less specific than a rule's own heading or paragraph."""
    ID = id_pattern
    bullet = re.compile(rf"^(\s*)[-*] (?:`({ID})`|\*\*({ID})(?:\s+([^*]*?))?\*\*)(.*)$")
    paragraph = re.compile(rf"^`({ID})`\s+(.*)$")
    label = re.compile(rf"^([A-Z][^()`*]*?) \(({ID})\)\s*(.*?):\s*$")

    def defines(line):
        return bullet.match(line) or paragraph.match(line) or label.match(line)

    def heading(line):
        return re.match(r"^#+ ", line)

    found = []
    section = ""
    for i, line in enumerate(lines):
        head = re.match(r"^(#{2,4}) (.*)$", line)
        if head:
            text = head.group(2)
            body = []
            for next_line in lines[i + 1 :]:
                if heading(next_line):
                    break
                body.append(next_line)
            own = re.match(rf"^`({ID})`\s*(.*)$", text)
            if own:
                title = re.sub(r"\s*\(src L[^)]*\)", "", own.group(2))
                title = re.sub(r"\s*\[[A-Z]+\]", "", title)
                title = re.sub(r"\s*— tests? T-.*$", "", title).strip()
                found.append((own.group(1), title, "\n".join(body) or own.group(2), 2, i))
                continue
            title = re.sub(r"^[\d.]+\s+", "", text)
            section = title
            ids = re.findall(rf"`?\b({ID})`?", re.sub(r"\(src L[^)]*\)", "", text))
            if not ids:
                continue
            title = re.sub(r"\s*\(src L[^)]*\)", "", title)
            title = re.sub(rf"\s*\([^)]*\b{ID}[^)]*\)", "", title)
            title = re.sub(rf"\s*— `{ID}`.*$", "", title).strip()
            for rule_id in ids:
                found.append((rule_id.removesuffix("-*"), title, "\n".join(body), 2 if len(ids) == 1 else 1, i))
            section = title
            continue
        match = bullet.match(line)
        if match:
            indent, tick_id, bold_id, bold_title, rest = match.groups()
            if tick_id:
                title, first = title_and_body(rest)
                aliases = re.findall(rf"^\s*\*\*[^*]+\*\*\s*— `({ID})`", rest)
            else:
                title, first = split_title(bold_title, rest) if bold_title else ("", rest.strip())
                aliases = []
            width = len(indent) + 2
            body = [first]
            j = i + 1
            while j < len(lines):
                nxt = lines[j]
                if nxt.strip() and len(nxt) - len(nxt.lstrip()) >= width:
                    body.append(nxt)
                elif not nxt.strip():
                    ahead = next((l for l in lines[j + 1 :] if l.strip()), "")
                    if len(ahead) - len(ahead.lstrip()) < width:
                        break
                    body.append(nxt)
                else:
                    break
                j += 1
            body = dedent(body, width)
            # A rule that ends "...:" goes on with the table or paragraphs below it.
            if body[-1].rstrip().endswith(":"):
                while j < len(lines):
                    nxt = lines[j]
                    if heading(nxt) or defines(nxt) or re.match(rf"^\s{{0,{len(indent)}}}[-*] ", nxt):
                        break
                    body.append(nxt)
                    j += 1
            text = "\n".join(body)
            for rule_id in [tick_id or bold_id] + aliases:
                found.append((rule_id, title, text, 2, i))
            continue
        match = paragraph.match(line)
        if match:
            title, first = title_and_body(match.group(2))
            body = [first]
            for nxt in lines[i + 1 :]:
                if heading(nxt) or defines(nxt):
                    break
                body.append(nxt)
            found.append((match.group(1), title, "\n".join(body), 2, i))
            continue
        match = label.match(line)
        if match:
            aside = match.group(3).lstrip("— ").strip()
            body = [aside[:1].upper() + aside[1:] + "." if aside else ""]
            for nxt in lines[i + 1 :]:
                if heading(nxt) or label.match(nxt):
                    break
                body.append(nxt)
            title = f"{section}: {match.group(1)}" if section else match.group(1)
            found.append((match.group(2), title, "\n".join(body), 2, i))
    return found


def word_title(title, text):
    """A rule's title: its own, else the italic name it opens with (*Move*: ...), a short name
    before a colon (Clear: not blocking...), or its first words."""
    title = clean(word_clean(title)) if title else ""
    if title:
        return title
    italic = re.match(r"^\*([^*]+)\*", text.strip())
    if italic:
        return italic.group(1).strip().rstrip(".")
    named = re.match(r"^([^:.;]{1,50}):", text.strip())
    if named and len(named.group(1).split()) <= 8:
        return clean(named.group(1))
    return first_words(re.sub(r"^\(=[^)]*\)\s*", "", word_clean(text)))


def ancestors(rule_id):
    """`rule_id` and the rules around it, as web/rules.js looks them up: TOI-COMBAT-LOS-SAME,
    TOI-COMBAT-LOS, TOI-COMBAT (never the bare prefix)."""
    parts = rule_id.split("-")
    return ["-".join(parts[:n]) for n in range(len(parts), 1, -1)]


def word_cited_ids(game, id_pattern):
    """Rule ids the game's code and its browser adapter name (`RuleId("TOI-ACT")`, "TOI-ACT")."""
    ids = set()
    sources = [p for p in (ROOT / "games" / game / "src").rglob("*.rs") if "acceptance" not in p.parts]
    sources += [p for p in [ROOT / "web" / "games" / f"{game}.js"] if p.exists()]
    for path in sources:
        ids.update(re.findall(rf"""["']({id_pattern})["']""", path.read_text()))
    return {i for i in ids if not i.endswith("*")}


def main_words(game, spec):
    config = WORD_GAMES[game]
    lines = rules_part(spec, config["parts"])
    chosen = {}
    for rule_id, title, text, specificity, line in word_definitions(lines, config["id"]):
        if rule_id not in chosen or specificity > chosen[rule_id][3]:
            chosen[rule_id] = (title, text, line, specificity)
    entries, empty = [], []
    for rule_id, (title, text, _line, _s) in sorted(chosen.items(), key=lambda item: item[1][2]):
        body = word_clean(text)
        if not body:
            empty.append(rule_id)
            continue
        title = word_title(title, text)
        entries.append(f'[[rule]]\nid = "{rule_id}"\ntitle = "{title.replace(chr(34), chr(39))}"\ntext = {toml_string(body)}\n')
    written = {e.split('"')[1] for e in entries}
    cited = word_cited_ids(game, config["id"])
    unresolved = sorted(i for i in cited if not any(a in written for a in ancestors(i)))
    by_parent = sorted(i for i in cited if i not in written and i not in unresolved)
    out = ROOT / "data" / game / "rules.toml"
    header = WORD_HEADER.replace("{name}", config["name"]).replace("{note}", config["note"])
    out.write_text(header + "\n" + "\n".join(entries))
    print(f"wrote {len(entries)} rules to {out.relative_to(ROOT)}; defined without text: {' '.join(empty) or '-'}")
    print(f"cited ids: {len(cited)}; shown by their parent: {' '.join(by_parent) or '-'}; with no text at all: {' '.join(unresolved) or '-'}")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in {**GAMES, **WORD_GAMES}:
        sys.exit(__doc__)
    game = sys.argv[1]
    spec = pathlib.Path(sys.argv[2]).read_text()
    if game in WORD_GAMES:
        return main_words(game, spec)
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
