"""The plan: a Scorer's ruleset compiled once into plain data.

The hooks are asked as always — the yaku list, the double-yakuman policy, the rule parts — and
their answers become data: each yaku with its hints, han and yakuman multiple, the limits, the fu
count, the payments and pao. Each part is **native** when it is a built-in plugin's part that names
its twin in the kernel (``native_twin``) and **Python** otherwise: a third party's yaku, a policy
hook some other plugin answers, a fu count of a plugin's own. The native kernel runs the plan for
many hands at once and calls the Python parts on the readings their hints allow
(``mjrules.kernel.NativePlan``); on the Python kernel (``MJRULES_KERNEL=python``) the Scorer runs
every part in Python, the reference the native path is held equal to (``tests/test_native_plan.py``).

The plan crosses into the kernel in named form, read by field name once when it is compiled: a
``YakuRow`` per yaku, a ``Policy`` per policy (its twin's params by name, as the plugin that
declares the flags gives them), a ``PlanSpec`` holding them (typed dicts the kernel reads by
key), and the table of the ``Win.extras``
tags the ruleset's yaku read, each tag's bit its place there. ``tests/test_boundary.py`` holds
these names equal to the kernel's (``mjrules.kernel.boundary``).
"""

from __future__ import annotations

import json
import weakref
from typing import TYPE_CHECKING, Any, Mapping, Protocol, TypedDict

import attrs

from mjrules.kernel import SHAPES, NativePlan, YakuTable, bind_scoring
from mjrules.model.hand import without_red_fives
from mjrules.model.melds import TRIPLET, SetShape
from mjrules.model.win import ROBBED_ANKAN, ROBBED_KITA, SITUATION_BIT
from mjrules.readings.fu import Fu, FuItem
from mjrules.kernel.shapes import Wait
from mjrules.readings.reading import CHIITOITSU, KOKUSHI, STANDARD, Reading, _features, analyse
from mjrules.rules.yaku import FORMS, Check, Yaku, twin_of
from mjrules.scoring.result import NoWin, Result, YakuScore
from mjrules.scoring.yaku_index import YakuIndex

from mjrules.rules.flags import Flags

if TYPE_CHECKING:
    from mjrules.model.hand import Hand
    from mjrules.model.win import Win
    from mjrules.rules.plugin_manager import Plugins
    from mjrules.rules.rules import Rules
    from mjrules.scoring.limits import LimitPolicy

ABSENT, NATIVE, PYTHON = "absent", "native", "python"
"""How a policy is answered: by no plugin (the core's default), by its native twin, or in Python."""

_YAOCHU_MASK = {None: 0b1111, "none": 0b0001, "outside": 0b1100, "all": 0b1000}
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


@attrs.frozen
class Part:
    """One part of a plan, as ``mjrules plugins`` lists it: what it is, who answers it, and
    whether the kernel runs it natively."""

    name: str
    by: str
    """The plugin that answers it (``-`` for the core's default)."""
    native: bool


@attrs.frozen
class Plan:
    """A Scorer's compiled ruleset: its parts, and the kernel's runner of them (None on the Python
    kernel, or for a ruleset whose yaku the kernel cannot index: a ``Yaku`` subclass)."""

    yaku: tuple[tuple[str, Yaku], ...]
    """Each yaku with the plugin that registered it."""
    natives: tuple[bool, ...]
    """Whether each yaku's check runs natively."""
    policies: tuple[Part, ...]
    """The other parts: the policy hooks, the fu count, the core's limits and payments."""
    runner: Any = attrs.field(eq=False, repr=False)

    @property
    def parts(self) -> tuple[Part, ...]:
        """Every part, the yaku first (made when asked for: ``mjrules plugins`` lists them)."""
        on = self.runner is not None  # without a runner (the Python kernel, a Yaku subclass) all is Python
        return (tuple(Part(f"yaku {y.id}", plugin, native and on) for (plugin, y), native in zip(self.yaku, self.natives))
                + tuple(Part(p.name, p.by, p.native and on) for p in self.policies))

    @property
    def native_parts(self) -> int:
        return sum(p.native for p in self.parts)


class YakuRow(TypedDict):
    """One yaku as the kernel's table reads it, by key: its twin, its values, and its hints (the
    forms, the situation, the terminal levels and the honour triplets as bit sets). A typed dict, as
    the two records below: defining the three as frozen attrs classes cost the import about 19 M
    instructions, as typed dicts 1 M (callgrind), and the kernel reads a dict's keys as fast."""

    id: str
    json: str  # '{"id": …, "name": …, "name_ja": …, ' as the batch renderer writes a yaku score
    twin: str | None  # the native twin its check's mark names (``native_twin``), None for none
    twin_args: tuple[int | str, ...]  # the mark's fixed arguments: tile kinds, or Win.extras tags by name
    check: Check
    yaku: Yaku
    han: int
    han_open: int
    yakuman: int  # its yakuman multiple in this index (0: not a yakuman)
    bonus: bool
    replaces: tuple[int, ...]  # the yaku it replaces, by their place in the index
    alone: bool
    needs_yaku: bool
    forms: int
    honours: bool | None
    closed: bool | None
    when: int
    min_sequences: int
    min_triplets: int
    max_suits: int | None
    yaochu: int
    triplet_of: int
    score_closed: YakuScore | None
    score_open: YakuScore | None
    score_yakuman: YakuScore | None


class Policy(TypedDict):
    """A policy as the kernel reads it: ``way`` (``ABSENT``, ``NATIVE`` or ``PYTHON``) and, where
    native, its twin's ``params`` by name (a dict the plugin gives, or the fu rule object itself)."""

    way: str
    params: Any


class PlanSpec(TypedDict):
    """A plan as the kernel reads it, by key (``mjrules.kernel.NativePlan``)."""

    yaku: Any  # the kernel's table of the index's yaku (YakuTable)
    players: int
    honba_value: int
    tsumo_loss: str
    min_han: int
    ryanshiba: int
    red_fives: tuple[int, int, int]
    extras_allowed: tuple[str, ...]  # the Win.extras tags some yaku of the ruleset reads (others are refused)
    tiles108: bool
    kita: bool
    kita_rinshan: bool
    kita_chankan: bool
    policies: dict[str, Policy]  # each policy by its twin's name (_POLICIES, _FU)
    flags: Flags
    limits_ordinary: Any
    limits_yakuman: Any
    pao_fn: Any
    rinshan_fn: Any
    bonus_score: Any
    fu_rule: Any
    fu_json: Any
    no_shape: NoWin
    no_yaku: NoWin


def _resolve(hand: Hand, keep: tuple[int, int, int] | None, win: Win, index: int, fu: Fu | None,
             count: Any) -> tuple[Reading, tuple[FuItem, ...]]:
    """A native result's reading (``analyse``'s reading ``index`` of the hand, with the red fives
    beyond ``keep`` plain where given) and fu items, when first asked for: its fu count as it was
    made, or ``count`` (the ruleset's fu rule) run again."""
    reading = analyse(hand if keep is None else without_red_fives(hand, keep), win)[index]
    if fu is None and count is not None:
        fu = count.count(reading)
    return reading, () if fu is None else fu.items


def _fu_json(fu: Fu) -> str:
    """The batch renderer's text of a fu count a plugin made (``LineScorer.result_json``)."""
    return ", ".join(_ENCODE({"label": f.label, "fu": f.fu}) for f in fu.items)


bind_scoring({
    "result": Result, "reading": Reading, "forms": (STANDARD, CHIITOITSU, KOKUSHI),
    "waits": (Wait.RYANMEN, Wait.KANCHAN, Wait.PENCHAN, Wait.SHANPON, Wait.TANKI, Wait.KOKUSHI),
    "concealed_shapes": SHAPES, "open_triplets": tuple(SetShape(TRIPLET, i, False, False) for i in range(34)),
    "features": _features, "tuple_new": tuple.__new__, "resolve": _resolve, "plain": without_red_fives,
})


class Compiling(Protocol):
    """What the plan reads of the Scorer it is compiled for, built this far (a protocol, so that the
    plan does not import the Scorer that holds it)."""

    plugins: Plugins
    flags: Flags
    rules: Rules
    index: YakuIndex
    limits: LimitPolicy
    extras: frozenset[str]
    yaku: list[Yaku]
    yaku_owners: list[tuple[str, Yaku]]


_POLICIES = (
    ("kazoe yakuman", "mjrules_kazoe_yakuman", "kazoe"),
    ("kiriage mangan", "mjrules_kiriage_mangan", "kiriage"),
    ("yakuman stacking", "mjrules_yakuman_stacking", "yakuman_stacking"),
    ("base points (aotenjou)", "mjrules_base_points", "aotenjou"),
    ("pao", "mjrules_pao", "pao"),
    ("rinshan pao", "mjrules_rinshan_pao", "rinshan_pao"),
)
"""Each policy hook with a twin: the part as ``mjrules plugins`` lists it, the hook, the kernel's twin."""
_FU = ("fu count", "mjrules_fu_rules", "standard_fu")
"""The fu count: its twin marks the fu rule's class, and reads the rule object's fields."""


def _answered(scorer: Compiling, hook: str, twin: str) -> tuple[Policy, str]:
    """How the policy ``hook`` is answered, and by which plugins: natively when its one
    implementation is a built-in plugin's that names the kernel's twin, with the params the plugin
    says the twin reads of the flags (by name)."""
    impls = getattr(scorer.plugins.pm.hook, hook).get_hookimpls()
    if not impls:
        return {"way": ABSENT, "params": None}, "-"
    by = ", ".join(impl.plugin_name for impl in impls)
    mark = twin_of(impls[0].function) if len(impls) == 1 else None
    if NativePlan is None or mark is None or mark.name != twin or mark.params is None:
        return {"way": PYTHON, "params": None}, by
    params = mark.params(scorer.flags)
    return {"way": NATIVE if isinstance(params, Mapping) else PYTHON, "params": params}, by


_TABLES: weakref.WeakKeyDictionary[YakuIndex, tuple[Any, tuple[bool, ...]]] = weakref.WeakKeyDictionary()
"""The kernel's table of the yaku of each yaku index: Scorers that share an index (``shared_index``:
the same yaku and multiples) share it, so a counterfactual ruleset of ``compare`` compiles fast."""


def extras_table(yaku: list[Yaku] | tuple[Yaku, ...]) -> tuple[str, ...]:
    """The ``Win.extras`` tags the kernel reads as bits, in bit order: the model's own (the checks
    read them), then each tag the yaku declare (``Yaku.extras``), in their order. A plugin's new
    tag is in it as soon as a yaku of it declares the tag."""
    return tuple(dict.fromkeys((ROBBED_ANKAN, ROBBED_KITA, *(tag for y in yaku for tag in y.extras))))


def _yaku_table(index: YakuIndex) -> tuple[Any, tuple[bool, ...]]:
    """The kernel's table of the yaku of ``index`` (None on the Python kernel), and whether each
    yaku's check runs natively (as the kernel found its mark)."""
    known = _TABLES.get(index)
    if known is None:
        if YakuTable is None:
            known = (None, (False,) * len(index.yaku))
        else:
            ids = [y.id for y in index.yaku]
            table = YakuTable(rows=[_yaku_row(index, y, ids) for y in index.yaku], extras=list(extras_table(index.yaku)),
                              index=index)
            known = (table, tuple(table.natives))
        _TABLES[index] = known
    return known


def _yaku_row(index: YakuIndex, y: Yaku, ids: list[str]) -> YakuRow:
    """The kernel's row of one yaku."""
    mark = twin_of(y.check)
    multiple = index.multiple(y.id) if y.yakuman else 0
    row: YakuRow = {  # a dict display: calling the TypedDict builds its keyword dict twice
        "id": y.id, "json": _ENCODE({"id": y.id, "name": y.name, "name_ja": y.name_ja})[:-1] + ", ",
        "twin": None if mark is None else mark.name, "twin_args": () if mark is None else mark.args,
        "check": y.check, "yaku": y, "han": y.han, "han_open": y.han_open or 0, "yakuman": multiple,
        "bonus": y.bonus, "replaces": tuple(ids.index(r) for r in y.replaces if r in ids), "alone": y.alone,
        "needs_yaku": y.needs_yaku, "forms": sum(1 << FORMS.index(f) for f in y.forms), "honours": y.honours,
        "closed": y.closed, "when": SITUATION_BIT[y.when] if y.when is not None else 0,
        "min_sequences": y.min_sequences, "min_triplets": y.min_triplets, "max_suits": y.max_suits,
        "yaochu": _YAOCHU_MASK[y.yaochu], "triplet_of": sum(1 << (k - 27) for k in set(y.triplet_of)),
        "score_closed": index.score(y, y.han) if y.han and not y.bonus else None,
        "score_open": index.score(y, y.han_open) if y.han_open and not y.bonus else None,
        "score_yakuman": index.score(y, multiple, True) if y.yakuman else None,
    }
    return row


def compile_plan(scorer: Compiling, no_shape: NoWin, no_yaku: NoWin) -> Plan:
    """The plan of a Scorer built this far (its plugins, flags, rules object, yaku and limits);
    ``no_shape`` and ``no_yaku`` are the Scorer's answers for a hand without a shape or a yaku."""
    rules = scorer.rules
    table, natives = _yaku_table(scorer.index)
    parts: list[Part] = []
    policies: dict[str, Policy] = {}
    for name, hook, twin in _POLICIES:
        policies[twin], by = _answered(scorer, hook, twin)
        parts.append(Part(name, by, policies[twin]["way"] != PYTHON))
    impls = scorer.plugins.pm.hook.mjrules_double_yakuman.get_hookimpls()
    parts.append(Part("double yakuman (asked once per yakuman when built)",
                      ", ".join(i.plugin_name for i in impls) or "-", True))
    name, hook, twin = _FU
    fu_mark = twin_of(type(rules.fu))
    fu_native = fu_mark is not None and fu_mark.name == twin and NativePlan is not None
    policies[twin] = {"way": NATIVE if fu_native else PYTHON, "params": rules.fu}  # the twin reads the rule's fields
    fu_by = ", ".join(i.plugin_name for i in getattr(scorer.plugins.pm.hook, hook).get_hookimpls()) or "-"
    parts.append(Part(name, fu_by, fu_native))
    parts.append(Part("limits, payments, checks", "core", True))
    # A Yaku subclass may hint otherwise than its fields say: its ruleset runs in Python.
    native = NativePlan is not None and all(type(y) is Yaku for y in scorer.yaku)
    runner = NativePlan(_spec(scorer, table, policies, no_shape, no_yaku)) if native else None
    return Plan(tuple(scorer.yaku_owners), natives, tuple(parts), runner)


def _spec(scorer: Compiling, table: Any, policies: dict[str, Policy], no_shape: NoWin, no_yaku: NoWin) -> PlanSpec:
    """The plan as the kernel reads it."""
    rules, kita = scorer.rules, scorer.rules.sanma
    spec: PlanSpec = {
        "yaku": table, "players": rules.players, "honba_value": rules.honba.value, "tsumo_loss": kita.tsumo_loss,
        "min_han": rules.win.min_han, "ryanshiba": rules.win.ryanshiba_honba, "red_fives": rules.tiles.red_fives,
        "extras_allowed": tuple(sorted(scorer.extras)), "tiles108": rules.tiles.without_2m_8m, "kita": kita.kita,
        "kita_rinshan": kita.kita_rinshan, "kita_chankan": kita.kita_chankan, "policies": policies,
        "flags": scorer.flags, "limits_ordinary": scorer.limits.ordinary, "limits_yakuman": scorer.limits.yakuman,
        "pao_fn": scorer.plugins.pao, "rinshan_fn": scorer.plugins.rinshan_pao, "bonus_score": scorer.index.score,
        "fu_rule": rules.fu, "fu_json": _fu_json, "no_shape": no_shape, "no_yaku": no_yaku,
    }
    return spec
