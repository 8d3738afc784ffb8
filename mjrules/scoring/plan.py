"""The plan: a Scorer's ruleset compiled once into plain data.

The hooks are asked as always — the yaku list, the double-yakuman policy, the rule parts — and
their answers become data: each yaku with its hints, han and yakuman multiple, the limits, the fu
count, the payments and pao. Each part is **native** when it is a built-in plugin's part that names
its twin in the kernel (``native_twin``) and **Python** otherwise: a third party's yaku, a policy
hook some other plugin answers, a fu count of a plugin's own. The native kernel runs the plan for
many hands at once and calls the Python parts on the readings their hints allow
(``mjrules.kernel.NativePlan``); on the Python kernel (``MJRULES_KERNEL=python``) the Scorer runs
every part in Python, the reference the native path is held equal to (``tests/test_native_plan.py``).
"""

from __future__ import annotations

import json
import weakref
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from mjrules.kernel import SHAPES, NativePlan, YakuTable, bind_scoring, twin_names
from mjrules.model.hand import without_red_fives
from mjrules.model.melds import TRIPLET, SetShape
from mjrules.model.win import SITUATION_BIT
from mjrules.readings.fu import Fu, FuItem
from mjrules.kernel.shapes import Wait
from mjrules.readings.reading import CHIITOITSU, KOKUSHI, STANDARD, Reading, _features, analyse
from mjrules.rules.choices import TsumoLoss
from mjrules.rules.yaku import FORMS, Yaku, twin_of
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.yaku_index import YakuIndex

if TYPE_CHECKING:
    from mjrules.model.hand import Hand
    from mjrules.model.win import Win
    from mjrules.rules.flags import Flags
    from mjrules.rules.plugin_manager import Plugins
    from mjrules.rules.rules import Rules
    from mjrules.scoring.limits import LimitPolicy

ABSENT, NATIVE, PYTHON = 0, 1, 2
"""How a policy is answered: by no plugin (the core's default), by its native twin, or in Python."""

KNOWN_EXTRAS = ("robbed_ankan", "robbed_kita", "tsubame_gaeshi", "kanburi", "open_riichi", "discarder_not_riichi",
                "paarenchan")
"""The ``Win.extras`` tags the kernel reads, in the order of its bits."""

_ABSENT_SHARE = {TsumoLoss.LOSS: 0, TsumoLoss.NORTH_BISECTION: 1, TsumoLoss.NONE: 2}
_YAOCHU_MASK = {None: 0b1111, "none": 0b0001, "outside": 0b1100, "all": 0b1000}
_PAO_BITS = {"daisangen": 1, "daisuushii": 2, "suukantsu": 4}
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


_POLICY_TWINS = {"kazoe": 2, "kiriage": 1, "yakuman_stacking": 2, "aotenjou": 2, "pao": 4, "rinshan_pao": 1}
"""The policy hooks' twins the kernel has, with the number of params each reads."""


def _answered(scorer: Compiling, hook: str, twin: str) -> tuple[int, tuple[int, ...], str]:
    """How the policy ``hook`` is answered: (``ABSENT``, ``NATIVE`` or ``PYTHON``, the twin's
    params, by which plugins). Natively when its one implementation is a built-in plugin's that
    names the kernel's twin; the plugin says what the twin reads of the flags."""
    impls = getattr(scorer.plugins.pm.hook, hook).get_hookimpls()
    if not impls:
        return ABSENT, (), "-"
    by = ", ".join(impl.plugin_name for impl in impls)
    mark = twin_of(impls[0].function) if len(impls) == 1 else None
    if NativePlan is None or mark is None or mark.name != twin or twin not in _POLICY_TWINS or mark.params is None:
        return PYTHON, (), by
    params = tuple(mark.params(scorer.flags))
    if len(params) != _POLICY_TWINS[twin] or any(type(v) is not int for v in params):
        return PYTHON, (), by
    return NATIVE, params, by


def _twin_args(args: tuple[int | str, ...]) -> tuple[int, ...] | None:
    """A mark's arguments as the kernel takes them: kinds, or an extras tag as its bit."""
    out = []
    for a in args:
        if isinstance(a, str):
            if a not in KNOWN_EXTRAS:
                return None
            out.append(1 << KNOWN_EXTRAS.index(a))
        elif type(a) is int:
            out.append(a)
        else:
            return None
    return tuple(out)


_TABLES: weakref.WeakKeyDictionary[YakuIndex, tuple[Any, tuple[bool, ...]]] = weakref.WeakKeyDictionary()
"""The kernel's table of the yaku of each yaku index: Scorers that share an index (``shared_index``:
the same yaku and multiples) share it, so a counterfactual ruleset of ``compare`` compiles fast."""


def _yaku_table(index: YakuIndex) -> tuple[Any, tuple[bool, ...]]:
    """The kernel's table of the yaku of ``index`` (None on the Python kernel), and whether each
    yaku's check runs natively."""
    known = _TABLES.get(index)
    if known is None:
        names = twin_names()
        ids = [y.id for y in index.yaku]
        rows = [_yaku_spec(index, y, ids, names) for y in index.yaku]
        table = YakuTable([row for row, _ in rows], index) if YakuTable is not None else None
        known = _TABLES[index] = (table, tuple(native for _, native in rows))
    return known


def _yaku_spec(index: YakuIndex, y: Yaku, ids: list[str], known: frozenset[str]) -> tuple[tuple[Any, ...], bool]:
    """The kernel's row of one yaku, and whether its check runs natively."""
    mark = twin_of(y.check)
    args = _twin_args(mark.args) if mark is not None else None
    native = mark is not None and mark.name in known and args is not None
    multiple = index.multiple(y.id) if y.yakuman else 0
    return (
        y.id, mark.name if native and mark is not None else None, args if native else (), y.check, y,
        y.han, y.han_open or 0, multiple, y.bonus, tuple(ids.index(r) for r in y.replaces if r in ids), y.alone,
        y.needs_yaku, sum(1 << FORMS.index(f) for f in y.forms), -1 if y.honours is None else int(y.honours),
        SITUATION_BIT[y.when] if y.when is not None else 0, y.min_sequences, y.min_triplets,
        -1 if y.max_suits is None else y.max_suits, _YAOCHU_MASK[y.yaochu],
        sum(1 << (k - 27) for k in set(y.triplet_of)),
        index.score(y, y.han) if y.han and not y.bonus else None,
        index.score(y, y.han_open) if y.han_open and not y.bonus else None,
        index.score(y, multiple, True) if y.yakuman else None,
        _ENCODE({"id": y.id, "name": y.name, "name_ja": y.name_ja})[:-1] + ", ",
        -1 if y.closed is None else int(y.closed),
    ), native


def compile_plan(scorer: Compiling, no_shape: NoWin, no_yaku: NoWin) -> Plan:
    """The plan of a Scorer built this far (its plugins, flags, rules object, yaku and limits);
    ``no_shape`` and ``no_yaku`` are the Scorer's answers for a hand without a shape or a yaku."""
    rules = scorer.rules
    table, natives = _yaku_table(scorer.index)
    parts: list[Part] = []

    def policy(name: str, hook: str, twin: str, size: int) -> tuple[int, ...]:
        how, params, by = _answered(scorer, hook, twin)
        parts.append(Part(name, by, how != PYTHON))
        return (how, *(params or (0,) * size))

    kazoe = policy("kazoe yakuman", "mjrules_kazoe_yakuman", "kazoe", 2)
    kiriage = policy("kiriage mangan", "mjrules_kiriage_mangan", "kiriage", 1)
    stacking = policy("yakuman stacking", "mjrules_yakuman_stacking", "yakuman_stacking", 2)
    base_points = policy("base points (aotenjou)", "mjrules_base_points", "aotenjou", 2)
    pao = policy("pao", "mjrules_pao", "pao", 4)
    rinshan_pao = policy("rinshan pao", "mjrules_rinshan_pao", "rinshan_pao", 1)
    impls = scorer.plugins.pm.hook.mjrules_double_yakuman.get_hookimpls()
    parts.append(Part("double yakuman (asked once per yakuman when built)",
                      ", ".join(i.plugin_name for i in impls) or "-", True))
    fu_mark = twin_of(type(rules.fu))
    fu_native = fu_mark is not None and fu_mark.name == "standard_fu" and NativePlan is not None
    fu_by = ", ".join(i.plugin_name for i in scorer.plugins.pm.hook.mjrules_fu_rules.get_hookimpls()) or "-"
    parts.append(Part("fu count", fu_by, fu_native))
    parts.append(Part("limits, payments, checks", "core", True))
    fu: Any = rules.fu  # StandardFu's fields, read only when it is the built-in's (fu_native)
    kita = rules.sanma
    spec: dict[str, Any] = {
        "yaku": table,
        "players": rules.players, "honba_value": rules.honba.value, "absent": _ABSENT_SHARE[kita.tsumo_loss],
        "min_han": rules.win.min_han, "ryanshiba": rules.win.ryanshiba_honba, "red_fives": rules.tiles.red_fives,
        "extras_allowed": sum(1 << i for i, tag in enumerate(KNOWN_EXTRAS) if tag in scorer.extras),
        "robbed_ankan_ok": "robbed_ankan" in scorer.extras, "tiles108": rules.tiles.without_2m_8m,
        "kita": kita.kita, "kita_rinshan": kita.kita_rinshan, "kita_chankan": kita.kita_chankan,
        "kazoe": kazoe, "kiriage": (kiriage[0], bool(kiriage[1])), "stacking": (stacking[0], bool(stacking[1]), stacking[2]),
        "base_points": base_points,
        "fu": (NATIVE, fu.rinshan_tsumo, fu.pinfu_tsumo, fu.open_pinfu, fu.double_wind_pair, fu.seven_pairs.total,
               fu.north_is_value) if fu_native else (PYTHON, False, False, False, 0, 0, False),
        "pao": (pao[0], bool(pao[1]), bool(pao[2]), bool(pao[3]), pao[4]),
        "rinshan_pao": (rinshan_pao[0], bool(rinshan_pao[1])),
        "flags": scorer.flags, "limits_ordinary": scorer.limits.ordinary, "limits_yakuman": scorer.limits.yakuman,
        "pao_fn": scorer.plugins.pao, "rinshan_fn": scorer.plugins.rinshan_pao, "bonus_score": scorer.index.score,
        "fu_rule": rules.fu, "fu_json": _fu_json,
        "no_shape": no_shape, "no_yaku": no_yaku,
    }
    # A Yaku subclass may hint otherwise than its fields say: its ruleset runs in Python.
    runner = None if NativePlan is None or any(type(y) is not Yaku for y in scorer.yaku) else NativePlan(spec)
    return Plan(tuple(scorer.yaku_owners), natives, tuple(parts), runner)
