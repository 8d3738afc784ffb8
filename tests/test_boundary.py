"""The boundary between Python and the native kernel, in named form.

The kernel reads and writes the model's objects (``Hand``, ``Meld``, ``Win``), makes ``Result`` and
``Reading`` objects, and reads a compiled plan (``YakuRow``, ``Policy``, ``PlanSpec``) by key;
``mjrules.kernel.boundary()`` lists every name it uses. Each list is compared here with the Python
class it mirrors, so that renaming a field on one side alone fails. The twins are named once, in the
kernel's one table (``twin_names``), which the built-in plugins' marks are held to; the ``Win.extras``
tags the kernel reads as bits come from the ruleset's yaku (``scoring.plan.extras_table``), so a
plugin's new tag runs natively without a core change.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from helpers import native_or_skip, ron
from mjrules import Scorer, load_ruleset, parse_mpsz
from mjrules.errors import MjrulesError
from mjrules.kernel import boundary, twin_names
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, SetShape
from mjrules.model.win import ROBBED_ANKAN, ROBBED_KITA, Win
from mjrules.plugin_api import Yaku, hookimpl, native_twin
from mjrules.plugins import kazoe, pao
from mjrules.plugins.fu_rules import StandardFu
from mjrules.readings.fu import Fu
from mjrules.readings.reading import Reading, analyse
from mjrules.rules.liability import HONBA_LIABLE, HONBA_NORMAL, Liability
from mjrules.rules.rules import TSUMO_LOSS_CHOICES
from mjrules.rules.ruleset import preset_names
from mjrules.rules.yaku import twin_of
from mjrules.scoring import plan
from mjrules.scoring.result import Result

native_or_skip("the kernel's boundary")

RUST = Path(__file__).resolve().parents[1] / "mjrules" / "kernel" / "rust" / "src"


@pytest.fixture(scope="module")
def names():
    found = boundary()
    assert found is not None
    return found


def _attrs_names(cls) -> list[str]:
    return [f.name for f in attrs.fields(cls)]


# -- field lists --------------------------------------------------------------------------------------

MADE = {"Hand": Hand, "Win": Win, "Result": Result}
"""Classes the kernel makes: it sets every field, so its list is the class's, in the class's order."""
READ = {"Meld": Meld, "Fu": Fu, "Liability": Liability}
"""Classes the kernel reads some fields of: each name it reads is a field."""
COMPILED = {"YakuRow": plan.YakuRow, "Policy": plan.Policy, "PlanSpec": plan.PlanSpec}
"""What a plan crosses as (typed dicts): the kernel reads every key, and Python gives no other."""
POSITIONAL = {"SetShape": SetShape, "Reading": Reading}
"""Named tuples the kernel reads or makes by position: the same names in the same order."""


def _mismatch(kernel: list[str], cls, every: bool) -> list[str]:
    """What is wrong between the kernel's list and ``cls``'s fields: names the class lacks, and
    (``every``) fields the kernel does not know."""
    if hasattr(cls, "_fields"):  # a named tuple
        fields = list(cls._fields)
    elif hasattr(cls, "__required_keys__"):  # a typed dict
        fields = list(cls.__annotations__)
    else:
        fields = _attrs_names(cls)
    wrong = [f"kernel reads {n!r}, {cls.__name__} has no such field" for n in kernel if n not in fields]
    if every:
        wrong += [f"{cls.__name__}.{n} unknown to the kernel" for n in fields if n not in kernel]
        if not wrong and kernel != fields:
            wrong.append(f"order: kernel {kernel}, {cls.__name__} {fields}")
    return wrong


@pytest.mark.parametrize("name", [*MADE, *READ, *COMPILED, *POSITIONAL])
def test_the_kernel_uses_the_field_names_of_the_python_classes(names, name):
    cls = {**MADE, **READ, **COMPILED, **POSITIONAL}[name]
    assert not _mismatch(names["fields"][name], cls, every=name not in READ)


def test_a_renamed_field_is_caught(names):
    """The comparison above fails when a field is renamed on one side alone (here a copy of ``Win``
    whose ``riichi_sticks`` is called ``sticks``, and a kernel list with a name dropped)."""
    renamed = attrs.make_class("Win", {f.name if f.name != "riichi_sticks" else "sticks": attrs.field()
                                       for f in attrs.fields(Win)})
    assert _mismatch(names["fields"]["Win"], renamed, every=True) == [
        "kernel reads 'riichi_sticks', Win has no such field", "Win.sticks unknown to the kernel"]
    assert _mismatch(names["fields"]["Hand"][1:], Hand, every=True) == ["Hand.concealed unknown to the kernel"]


def test_the_closed_choices_are_the_python_ones(names):
    choices = names["choices"]
    assert choices["Way"] == [plan.ABSENT, plan.NATIVE, plan.PYTHON]
    assert choices["KazoeMode"] == list(kazoe.MODES)
    assert choices["PaoKind"] == list(dict.fromkeys(pao.PAO_FED_BY.values()))
    assert choices["TsumoLoss"] == [str(c) for c in TSUMO_LOSS_CHOICES]
    assert choices["Honba"] == [HONBA_NORMAL, HONBA_LIABLE]
    assert choices["ModelTags"] == [ROBBED_ANKAN, ROBBED_KITA]


TABLE_CHOICES = ("Kuikae", "AnkanAfterRiichi", "NagashiMode", "DealerRepeat", "LastDealerStop", "ExtraWind",
                 "KanDoraTiming", "MultiRonHonba", "LeftoverSticks", "Tie", "AbortiveDraw")
"""The closed choices the native table's plan reads by name (``table/rules.rs``)."""


@pytest.mark.parametrize("name", TABLE_CHOICES)
def test_the_table_plans_choices_are_the_rules_ones(names, name):
    # each named as its enum in mjrules.rules.choices, the same members in the same order: a choice
    # added on the Python side alone fails here (the native table would refuse the plan)
    from mjrules.rules import choices

    assert names["choices"][name] == [member.value for member in getattr(choices, name)]


# -- the policy twins ---------------------------------------------------------------------------------


def test_each_policy_twin_is_named_once_on_each_side(names):
    """The kernel's policy twins are the plan's (``_POLICIES`` and the fu count), one entry each."""
    python = [twin for _, _, twin in plan._POLICIES] + [plan._FU[2]]
    assert len(set(python)) == len(python)
    assert set(names["policies"]) == set(python)


@pytest.mark.parametrize("ruleset", sorted(preset_names()))
def test_the_built_in_plugins_give_each_policy_twin_its_params_by_name(names, ruleset):
    scorer = Scorer(ruleset)
    for _, hook, twin in plan._POLICIES:
        for impl in getattr(scorer.plugins.pm.hook, hook).get_hookimpls():
            mark = twin_of(impl.function)
            if mark is not None and mark.params is not None:
                assert mark.name == twin, (hook, mark.name)
                assert sorted(mark.params(scorer.flags)) == sorted(names["policies"][twin]), (ruleset, twin)
    fields = _attrs_names(StandardFu)
    assert all(p in fields for p in names["policies"]["standard_fu"])


# -- the yaku twins -----------------------------------------------------------------------------------


def _local_ruleset(tmp_path, **flags) -> Scorer:
    """Tenhou with every local yaku (and the open-riichi deal-in yakuman), as a ruleset file."""
    path = tmp_path / "local.toml"
    lines = ['extends = "tenhou"', "[plugins]", 'enable = ["local-yaku", "aotenjou"]', "[flags]",
             "open_riichi_deal_in_yakuman = true", *(f"{k} = {v!r}" for k, v in flags.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Scorer(load_ruleset(str(path)))


def test_each_yaku_twin_is_named_once(tmp_path):
    """One table in the kernel names every twin: no name twice, no other arm matching a name, every
    built-in mark naming one of them (and running natively), and every one named by some mark."""
    known = twin_names()
    assert len(set(known)) == len(known) == 74
    rust = "\n".join(p.read_text(encoding="utf-8") for p in RUST.rglob("*.rs"))
    assert [n for n in known if len(re.findall(rf'"{n}" =>', rust)) != 1] == []
    marked: set[str] = set()
    scorers = [Scorer(name) for name in sorted(preset_names())]
    local, sanma = _local_ruleset(tmp_path), next(s for s in scorers if s.players == 3)
    scorers += [local, *(local.with_flags(**{flag: True}) for flag in (
        "shiiaru_raotai_tsumo", "kokushi_ankan_chankan", "hyakuman_goku_exact", "ryuuiisou_needs_hatsu"))]
    scorers += [s.with_flags(kan_dora=False, kan_ura=False) for s in (local, sanma)]
    for scorer in scorers:
        for y, native in zip(scorer.yaku, scorer.plan.natives):
            mark = twin_of(y.check)
            assert mark is not None and mark.name in known and native, (scorer.ruleset.name, y.id)
            marked.add(mark.name)
    assert set(known) - marked == set()


# -- the extras table ---------------------------------------------------------------------------------

CLOSED = "123m456p24789s33z3s"
OPEN = "123m456p24s33z3s 7-89s"


def _both(scorer: Scorer, hand: Hand, win: Win):
    """(the kernel's answer, the Python path's): the kernel's is None where it leaves the hand to Python."""
    try:
        scorer.check(hand, win)
        want = scorer.score_readings(analyse(hand, win))
    except MjrulesError as e:
        want = type(e).__name__
    return scorer.plan.runner.score(hand, win, True), want


def test_the_extras_table_is_the_yakus_tags(tmp_path):
    scorer = _local_ruleset(tmp_path)
    table = plan.extras_table(scorer.index.yaku)
    assert table[:2] == (ROBBED_ANKAN, ROBBED_KITA)
    assert set(table[2:]) == {"tsubame_gaeshi", "kanburi", "open_riichi", "discarder_not_riichi", "paarenchan"}
    assert plan.extras_table(Scorer("tenhou").index.yaku) == (ROBBED_ANKAN, ROBBED_KITA)


@pytest.mark.parametrize("hand, win, yaku", [
    (OPEN, ron(extras={"kanburi"}), "kanburi"),
    (OPEN, ron(extras={"tsubame_gaeshi"}), "tsubame_gaeshi"),
    (CLOSED, ron(riichi=1, extras={"open_riichi"}), "open_riichi"),
    (CLOSED, ron(riichi=2, extras={"open_riichi"}), "open_double_riichi"),
    (CLOSED, ron(riichi=1, extras={"open_riichi", "discarder_not_riichi"}), "open_riichi_deal_in"),
    (CLOSED, ron(seat=0, riichi=1, extras={"paarenchan"}), "paarenchan"),
])
def test_the_local_tags_are_read_natively_by_name(tmp_path, hand, win, yaku):
    scorer = _local_ruleset(tmp_path)
    got, want = _both(scorer, parse_mpsz(hand), win)
    assert got is not None and got == want and yaku in {y.id for y in got.yaku}


class Hanami:
    """A plugin's own situation tag (``hanami``), read by its yaku through the kernel's ``extras_tag``
    twin: the kernel reads the tag as the bit the plan gives it, with no change to the core."""

    def __init__(self, tag_of_twin: str = "hanami") -> None:
        self.tag_of_twin = tag_of_twin

    @hookimpl
    def mjrules_register_yaku(self, register, flags):
        check = native_twin("extras_tag", self.tag_of_twin)(lambda r, f: "hanami" in r.win.extras)
        register(Yaku("hanami", "Cherry-blossom viewing", "花見", check, han=1, han_open=1, extras=("hanami",)))


def test_a_plugins_new_tag_runs_natively():
    scorer = Scorer("tenhou", extra_plugins={"hanami": Hanami()})
    assert plan.extras_table(scorer.index.yaku)[2:] == ("hanami",)
    assert dict(zip((y.id for y in scorer.yaku), scorer.plan.natives))["hanami"]
    got, want = _both(scorer, parse_mpsz(OPEN), ron(extras={"hanami"}))
    assert got is not None and got == want and [y.id for y in got.yaku] == ["hanami"]
    got, want = _both(scorer, parse_mpsz(OPEN), ron(extras={"kanburi"}))  # a tag the ruleset lacks
    assert got is None and want == "SituationError"


def test_a_twin_naming_an_undeclared_tag_runs_in_python():
    scorer = Scorer("tenhou", extra_plugins={"hanami": Hanami(tag_of_twin="sakura")})
    assert not dict(zip((y.id for y in scorer.yaku), scorer.plan.natives))["hanami"]
    got, want = _both(scorer, parse_mpsz(OPEN), ron(extras={"hanami"}))
    assert got == want and [y.id for y in got.yaku] == ["hanami"]


def test_a_win_read_under_another_table_is_left_to_python(tmp_path):
    """``compare`` scores one analysed hand under several plans: where their tag tables differ, the
    kernel does not read one table's bits by another's (tsubame_gaeshi has the bit hanami has in the
    other table), and leaves the hand to Python."""
    local = _local_ruleset(tmp_path)
    other = Scorer("tenhou", extra_plugins={"hanami": Hanami()})
    tags = (plan.extras_table(local.index.yaku), plan.extras_table(other.index.yaku))
    assert tags[0].index("tsubame_gaeshi") == tags[1].index("hanami")
    hand, win = parse_mpsz(OPEN), ron(extras={"tsubame_gaeshi"})
    analysis = local.plan.runner.analyse(hand, win)
    assert local.plan.runner.score_in(analysis, False) == local.score_readings(analyse(hand, win))
    assert other.plan.runner.score_in(analysis, False) is None
    assert not other.score_readings(analyse(hand, win)).is_win  # no yaku: hanami is not read
