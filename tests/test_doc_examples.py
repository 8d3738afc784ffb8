"""Every example a user may copy works: the hands in each subcommand's help, the option examples
("e.g. …"), and every ``mjrules`` command shown in the code blocks of README.md and of the
documentation pages (docs/), with the output shown."""

from __future__ import annotations

import argparse
import json
import re
import shlex
from pathlib import Path

import pytest

from mjrules.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
"""README.md and the documentation site's pages: the files whose commands are run."""

# A hand as help texts write it: MPSZ groups, then melds (3-45m, 555=z, 111=1z) or closed kans
# (9999s) after spaces; or majiang notation (m123p406z11222,m34-5,z555=).
MPSZ = r"(?:\d+[mpsz])+"
MELD = r"\d+[-=+]\d*[mpsz]"
HAND = re.compile(rf"(?<![\w-])({MPSZ}(?: (?:{MELD}|{MPSZ}))*)(?![\w-])")
MAJIANG = re.compile(r"(?<![\w-])((?:[mpsz]\d+)+(?:,[mpsz][\d=+-]+)+|(?:[mpsz]\d+){2,})(?![\w,-])")

HAND_COMMANDS = ("score", "compare", "shanten", "waits", "discard")


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _help_hands() -> list[tuple[str, str]]:
    """Hands in each subcommand's description and epilog: every one must run, whatever its size.
    (Option helps show short tile lists, e.g. "--dora 1m7z": those are checked by their option.)"""
    found = []
    for name, p in _subparsers().items():
        for text in (p.description or "", p.epilog or ""):
            found += [(name, h) for h in HAND.findall(text)]
            found += [(name, h) for h in MAJIANG.findall(text)]
    return found


def test_the_extraction_finds_the_known_examples():
    found = _help_hands()
    assert ("score", "406p11222z 3-45m 555=z") in found
    assert ("score", "p406z11222,m34-5,z555=") in found
    assert ("shanten", "2345m678p 3-45m 555=z") in found
    assert ("shanten", "123m456p789s1122z") in found


@pytest.mark.parametrize("command, hand", _help_hands())
def test_every_hand_in_the_help_runs(capsys, command, hand):
    assert command in HAND_COMMANDS, f"{command}'s help shows a hand but the command takes none"
    code = main([command, *shlex.split(hand)])
    _, err = capsys.readouterr()
    # Help examples show winning (score) or analysable hands: 0, never bad input.
    assert code == 0, f"mjrules {command} {hand}: exit {code}: {err}"


def _option_examples() -> list[tuple[str, str, str]]:
    out = []
    for name, p in _subparsers().items():
        for a in p._actions:
            m = re.search(r"e\.g\. ([^()]+?)(?:\)|$| \()", a.help or "")
            if m and a.option_strings:
                for value in m.group(1).split(" or "):
                    out.append((name, a.option_strings[0], value.strip()))
    return out


@pytest.mark.parametrize("command, option, value", _option_examples())
def test_every_option_example_is_accepted(capsys, command, option, value):
    p = _subparsers()[command]
    action = next(a for a in p._actions if option in a.option_strings)
    if action.type is not None:
        action.type(value)  # raises ArgumentTypeError when the example is not valid for its option


def test_option_examples_are_found():
    assert ("score", "--dora", "1m7z") in _option_examples()
    assert ("waits", "--visible", "19m77z") in _option_examples()


# ------------------------------------------------------------------------- README and docs/


def _commands(path: Path) -> list[tuple[str, list[str]]]:
    """(command, output lines shown) for each ``mjrules`` line of a page's sh and text code blocks."""
    text = path.read_text(encoding="utf-8")
    out: list[tuple[str, list[str]]] = []
    for lang, body in re.findall(r"```(\w*)\n(.*?)```", text, re.S):
        if lang not in ("sh", "text"):
            continue
        current = None
        for line in body.splitlines():
            cmd = line[2:] if line.startswith("$ ") else line if lang == "sh" else None
            if cmd is not None:
                current = None
                if cmd.startswith("mjrules "):
                    current = (cmd, [])
                    out.append(current)
            elif current is not None:
                current[1].append(line)
    return out


def _page_commands() -> list[tuple[str, str, list[str]]]:
    """(page, command, output shown) over README.md and every page of docs/; a command shown
    with the same output on several pages is run once."""
    seen: set[tuple[str, tuple[str, ...]]] = set()
    out = []
    for path in PAGES:
        for command, shown in _commands(path):
            if (command, tuple(shown)) not in seen:
                seen.add((command, tuple(shown)))
                out.append((str(path.relative_to(ROOT)), command, shown))
    return out


def _readme_commands() -> list[tuple[str, list[str]]]:
    return _commands(README)


SKIPPED = {
    "mjrules batch --format majiang [--ruleset NAME|PATH] [--input FILE|-] [--output FILE|-]":
        "a synopsis: the bracketed parts are optional placeholders, not arguments",
    "mjrules batch --scheduler tcp://HOST:8786 --input hands.jsonl --output results.parquet":
        "names a real cluster; tests/test_scale.py runs batch --scheduler against a local Dask cluster",
    "mjrules simulate --rulesets tenhou,mleague --games 10000 --seed compare --players careful,careful,careful,careful "
    "--jobs 2 --plot tenhou-mleague.png":
        "20,000 hanchan (a minute natively, half an hour under MJRULES_KERNEL=python): the figures quoted beside it "
        "and docs/simulate.png are its output; the two-game "
        "simulate of docs/commands/simulate.md runs here",
}
"""Commands shown but not run, each with the reason."""

EXIT = {
    "mjrules compare --input docs/examples/majiang.jsonl --rulesets tenhou,mleague":
        (1, "its second line has a rule object beside \"in\", which compare refuses, as the page shows"),
}
"""Commands shown exiting with another status than 0, the status and why."""


def test_the_pages_have_the_commands_they_are_tested_with():
    commands = [c for c, _ in _readme_commands()]
    assert "mjrules score 223344m567p88s234s --riichi --dora 1m" in commands
    everywhere = [c for _, c, _ in _page_commands()]
    assert "mjrules replay tests/data/tenhou-mjlog" in everywhere
    assert len(PAGES) > 10, "the documentation pages were not found"
    for shown in (*SKIPPED, *EXIT):
        assert shown in everywhere, f"stale entry: {shown!r} is no longer on any page"


_RUN = [(page, c, shown) for page, c, shown in _page_commands() if c not in SKIPPED]


ELISION = ("...", "…")
"""A line of only this in a README output block stands for one or more lines left out."""


def shows(shown: list[str], printed: list[str]) -> bool:
    """Whether an output block shows exactly what was printed: line for line, trailing spaces and
    the block's closing blank lines aside, each elision line standing for one or more lines."""
    shown = [line.rstrip() for line in shown]
    while shown and not shown[-1]:
        shown.pop()
    parts: list[list[str]] = [[]]
    for line in shown:
        if line.strip() in ELISION:
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return parts[0] == printed
    first, *middle, last = parts
    if printed[:len(first)] != first or (last and printed[len(printed) - len(last):] != last):
        return False
    at, end = len(first), len(printed) - len(last)
    for part in middle:  # each in order, at least one line after the elision before it
        found = next((i for i in range(at + 1, end - len(part) + 1) if printed[i:i + len(part)] == part), None)
        if found is None:
            return False
        at = found + len(part)
    return end - at >= 1  # the last elision leaves out a line too


def test_shows_compares_whole_blocks():
    assert shows(["a", "b", ""], ["a", "b"])
    assert not shows(["a"], ["a", "b"])  # a line left out without saying so
    assert shows(["a", "…"], ["a", "b", "c"]) and not shows(["a", "…"], ["a"])
    assert shows(["a", "...", "c", "…", "e"], ["a", "b", "c", "d", "e"])
    assert not shows(["a", "…", "c"], ["a", "c"])  # an elision stands for at least one line
    assert not shows(["a", "…", "d"], ["a", "b", "c"])


@pytest.mark.parametrize("page, command, shown", _RUN, ids=[f"{p}: {c}" for p, c, _ in _RUN])
def test_page_command_runs_and_prints_what_is_shown(capsys, monkeypatch, tmp_path, hule_lines, page, command, shown):
    # Commands reading hands.jsonl get five majiang-core cases in a scratch directory; tests/ and
    # docs/ are there as from the top folder (the records under tests/data, docs/examples).
    monkeypatch.chdir(tmp_path)
    for folder in ("tests", "docs"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    (tmp_path / "hands.jsonl").write_text("".join(json.dumps(x["in"]) + "\n" for x in hule_lines[:5]),
                                          encoding="utf-8")
    code = main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    assert code == EXIT.get(command, (0, ""))[0], f"{page}: {command}: exit {code}: {err}"
    printed = [line.rstrip() for line in out.splitlines()]
    if shown:  # a command shown without output is only run
        assert shows(shown, printed), f"{page}: {command}: the page shows:\n" + "\n".join(shown) + f"\nthe command printed:\n{out}"
