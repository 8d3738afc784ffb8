"""Agreement with majiang-core (電脳麻将) on every public conformance line.

A line agrees when both engines say "no win", or both score a win with the same value
(``defen``), the same payments of all four seats (``fenpei``), the same yakuman multiple
(``damanguan``, 0 when null) and, for hands that are not yakuman, the same han and fu.
Data: tests/data, from majiang-core's own test data and its scores (MIT, see LICENSE-majiang-core.md).
"""

import json

from helpers import majiang_disagreement
from mjrules import Scorer, parse_majiang_input
from mjrules.rules.majiang import majiang_flags, ruleset_from_majiang
from mjrules.rules.ruleset import load_ruleset


def _check_all(lines, scorer_for):
    failures = []
    for i, line in enumerate(lines):
        result = scorer_for(line).score(*parse_majiang_input(line["in"]))
        why = majiang_disagreement(result, line["out"])
        if why:
            failures.append(f"line {i + 1}: {json.dumps(line['in'], ensure_ascii=False)} {line.get('rule', {})}: {why}")
    assert not failures, f"{len(failures)} of {len(lines)} lines disagree:\n" + "\n".join(failures[:20])


def test_all_5000_hule_lines_agree(hule_lines):
    assert len(hule_lines) == 5000
    scorer = Scorer("majiang")
    _check_all(hule_lines, lambda line: scorer)


def test_all_rule_variant_lines_agree(variant_lines):
    assert len(variant_lines) == 38583
    base = load_ruleset("majiang")
    scorers = {}

    def scorer_for(line):
        rule = line.get("rule", {})
        key = json.dumps(rule, sort_keys=True)
        if key not in scorers:
            scorers[key] = Scorer(base.with_flags(**majiang_flags(rule)))
        return scorers[key]

    _check_all(variant_lines, scorer_for)
    assert len(scorers) == 9


def test_each_variant_key_changes_some_hand(variant_lines):
    """The nine rule combinations are not scored alike: each flipped key matters somewhere."""
    by_rule = {}
    for line in variant_lines:
        key = json.dumps(line.get("rule", {}), sort_keys=True, ensure_ascii=False)
        by_rule.setdefault(key, []).append(line["out"])
    default = by_rule.pop("{}")
    for key, outs in by_rule.items():
        assert outs != default, f"rule {key} scores every hand like the defaults"


def test_rule_object_maps_onto_flags():
    rs = ruleset_from_majiang({"クイタンあり": False, "切り上げ満貫あり": True, "赤牌": {"m": 1, "p": 1, "s": 1}})
    assert rs.flags["open_tanyao"] is False
    assert rs.flags["kiriage"] is True
