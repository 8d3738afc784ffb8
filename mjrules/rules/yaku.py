"""Yaku definitions: what a plugin registers through ``mjrules_register_yaku``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, TypeVar

import attrs

from mjrules.errors import PluginError
from mjrules.model.win import SITUATION_BIT

if TYPE_CHECKING:
    from mjrules.rules.flags import Flags
    from mjrules.readings.reading import Features, Reading

_ID = re.compile(r"^[a-z][a-z0-9_]*$")

FORMS = ("standard", "chiitoitsu", "kokushi")
"""The hand forms a reading can have (see ``mjrules.readings.reading``)."""

Check = Callable[["Reading", "Flags"], "bool | int"]
"""``check(reading, flags)``: truthy when the yaku is present (a count for bonus yaku)."""

_Part = TypeVar("_Part")
_TWIN = "__mjrules_twin__"

TwinParams = Callable[["Flags"], "Mapping[str, object]"]
"""What a policy twin reads of the flags, by name (the kernel reads each param by its name): given
by the plugin that declares the flags."""


@attrs.frozen
class Twin:
    """A native twin named by ``native_twin``: its ``name``, fixed ``args`` (a yakuhai's kind, a
    ``Win.extras`` tag by name), and for a policy hook the ``params`` it reads of a ruleset's flags,
    by name."""

    name: str
    args: tuple[int | str, ...] = ()
    params: TwinParams | None = None


def native_twin(name: str, *args: int | str, params: TwinParams | None = None) -> Callable[[_Part], _Part]:
    """Mark a built-in plugin's part (a yaku check, a policy hook, the fu count's class) as the
    definition of the kernel's native twin ``name``, with fixed ``args`` (the kind of a yakuhai, a
    ``Win.extras`` tag by name) or, for a policy hook, the ``params`` it reads of a ruleset's flags,
    by name (``mjrules.kernel.boundary()["policies"]`` lists each twin's): a Scorer's plan
    runs the twin in place of the Python part, which stays the reference the twin is tested against
    (``tests/test_native_plan.py``). A part without a mark, or with a name the kernel does not know,
    runs in Python. For the plugins that ship with mjrules: a twin computes what its mark names."""

    def mark(part: _Part) -> _Part:
        setattr(part, _TWIN, Twin(name, args, params))
        return part

    return mark


def twin_of(part: object) -> Twin | None:
    """The native twin ``native_twin`` named for ``part`` (a function or class), or None: the
    part's own mark, never one a subclass inherits (a subclass may count otherwise)."""
    found = getattr(part, "__dict__", {}).get(_TWIN)
    return found if isinstance(found, Twin) else None


def _check_id(instance: Yaku, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not _ID.match(value):
        raise PluginError(f"yaku id {value!r}: use lower-case letters, digits and _ (e.g. 'sanshoku')")


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    """``tuple`` as a typed converter: mypy's attrs plugin leaves ``converter=tuple`` unusable."""
    return tuple(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    """``tuple`` as a typed converter, for int items."""
    return tuple(value)


_YAOCHU_LEVELS = {None: (0, 1, 2, 3), "none": (0,), "outside": (2, 3), "all": (3,)}
"""``Yaku.yaochu`` hint → the terminal-and-honour levels of ``Reading.features`` it fits."""


@attrs.frozen
class Yaku:
    """One yaku, yakuman or bonus (dora-like) item.

    :param id: stable identifier, used in rulesets, JSON output and ``replaces``.
    :param name: English name. :param name_ja: Japanese name.
    :param check: ``check(reading, flags)`` → truthy when present; for ``bonus`` the count.
    :param han: han when the hand is closed (0 for a yakuman).
    :param han_open: han when the hand is open; None if the yaku needs a closed hand.
    :param yakuman: yakuman multiple (0 for an ordinary yaku).
    :param double: the double form of a yakuman pattern (kokushi 13-sided …); whether it really
        counts double is the ``mjrules_double_yakuman`` policy's call.
    :param bonus: dora-like: adds han but does not make a hand a win, and drops with a yakuman.
    :param replaces: ids this yaku supersedes when both are present (junchan replaces chanta).
    :param forms: the hand forms it can occur in (``standard``, ``chiitoitsu``, ``kokushi``);
        the check is not called for other forms.
    :param honours: True if it needs an honour tile in the hand, False if it needs none, None
        for either; the check is only called for hands that fit.
    :param alone: scored as an alternative: the hand is paid either with its other yaku and
        dora (without this one) or with this yaku alone, whichever pays more (renhou as mangan).
    :param extras: the ``Win.extras`` tags its check reads (so a Win naming them is accepted).
    :param needs_yaku: a yakuman that counts only when the hand also has a yaku of its own
        (dora do not count): paarenchan.
    :param min_sequences: sequences it needs (chi included); :param min_triplets: triplets and
        kans it needs. Readings with fewer are not checked (seven pairs and kokushi have none).
    :param when: a condition of the win it needs (one of ``mjrules.model.win.SITUATIONS``, e.g.
        ``"riichi"``, ``"tsumo"``, ``"haitei"``, ``"seat_east"``); the check is only called when it holds.
    :param max_suits: most suits (m, p, s) the hand may use: 1 for the flushes, 0 for honours
        only. None for any.
    :param yaochu: ``"none"`` if it needs a hand without terminals and honours (tanyao),
        ``"outside"`` if every set and the pair must hold one, so at least six tiles are (chanta),
        ``"all"`` if every tile must be one (honroutou); None for any.
    :param triplet_of: honour kinds (``EAST`` … ``CHUN``) of which it needs a triplet or kan, any one
        of them (``(HAKU,)`` for haku); () for no such need.
    :param closed: True if it needs a closed hand (closed kans allowed), False if it needs a called
        meld, None for either (``Reading.closed``).
    """

    id: str = attrs.field(validator=_check_id)
    name: str
    name_ja: str
    check: Check
    han: int = 0
    han_open: int | None = None
    yakuman: int = 0
    double: bool = False
    bonus: bool = False
    replaces: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    name_zh: str | None = None
    forms: tuple[str, ...] = attrs.field(default=FORMS, converter=_strs)
    honours: bool | None = None
    when: str | None = None
    min_sequences: int = 0
    min_triplets: int = 0
    alone: bool = False
    extras: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    max_suits: int | None = None
    yaochu: str | None = None
    triplet_of: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    needs_yaku: bool = False
    closed: bool | None = None

    def __attrs_post_init__(self) -> None:
        if not callable(self.check):
            raise PluginError(f"yaku {self.id!r}: check must be callable")
        kinds = (self.han > 0 or (self.han_open or 0) > 0) + (self.yakuman > 0) + self.bonus
        if kinds != 1:
            raise PluginError(f"yaku {self.id!r}: give exactly one of han, yakuman or bonus=True")
        if self.needs_yaku and not self.yakuman:
            raise PluginError(f"yaku {self.id!r}: needs_yaku is for a yakuman (an ordinary yaku is a yaku itself)")
        if self.double and not self.yakuman:
            raise PluginError(f"yaku {self.id!r}: only a yakuman can have a double form")
        if not self.forms or any(f not in FORMS for f in self.forms):
            raise PluginError(f"yaku {self.id!r}: forms must be among {', '.join(FORMS)}")
        if self.honours not in (None, True, False):
            raise PluginError(f"yaku {self.id!r}: honours must be True, False or None")
        if self.closed is not None and type(self.closed) is not bool:
            raise PluginError(f"yaku {self.id!r}: closed must be True, False or None")
        if not (0 <= self.min_sequences <= 4 and 0 <= self.min_triplets <= 4):
            raise PluginError(f"yaku {self.id!r}: min_sequences and min_triplets are 0 to 4")
        if self.when is not None and self.when not in SITUATION_BIT:
            raise PluginError(f"yaku {self.id!r}: when must be one of {', '.join(SITUATION_BIT)}")
        if self.max_suits not in (None, 0, 1, 2, 3):
            raise PluginError(f"yaku {self.id!r}: max_suits must be 0 to 3 or None")
        if not (self.yaochu is None or isinstance(self.yaochu, str) and self.yaochu in _YAOCHU_LEVELS):
            raise PluginError(f"yaku {self.id!r}: yaochu must be 'none', 'outside', 'all' or None")
        if any(type(k) is not int or not 27 <= k <= 33 for k in self.triplet_of):
            raise PluginError(f"yaku {self.id!r}: triplet_of takes honour kinds 27 (East) to 33 (Red)")

    def applies_to(self, form: str, has_honours: bool, situation: int = -1, sequences: int = -1) -> bool:
        """Whether the check can be true for a reading of this form, honour content, win situation
        (a ``Win.situation`` mask) and number of sequences (-1: unknown), by the form, honours,
        when and set-count hints (``fits`` reads them all from a reading's features)."""
        if sequences >= 0:
            triplets = 4 - sequences if form == "standard" else 0
            if sequences < self.min_sequences or triplets < self.min_triplets:
                return False
        return (
            form in self.forms
            and (self.honours is None or self.honours == has_honours)
            and (self.when is None or bool(situation & SITUATION_BIT[self.when]))
        )

    def fits(self, features: Features) -> bool:
        """Whether the check can be true for a reading with these ``Reading.features``, by all the
        declared hints."""
        if not self.applies_to(features.form, features.honours, features.situation, features.sequences):
            return False
        if self.closed is not None and features.closed != self.closed:
            return False
        if self.max_suits is not None and features.suit_count > self.max_suits:
            return False
        if features.terminal_level not in _YAOCHU_LEVELS[self.yaochu]:
            return False
        return not self.triplet_of or any(features.honour_triplets >> (k - 27) & 1 for k in self.triplet_of)
