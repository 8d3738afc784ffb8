"""Base points and limit hands, and the limit policy of a ruleset (kiriage, kazoe, stacking,
aotenjou) asked of the plugins once per distinct question and kept."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from mjrules.errors import PluginError
from mjrules.rules.flags import Flags
from mjrules.rules.plugin_manager import Plugins

LIMIT_NAMES = {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}
MANGAN, SANBAIMAN = 2000, 6000
YAKUMAN_BASE = 8000
KIRIAGE_BASE = 1920
"""30 fu 4 han and 60 fu 3 han: the base points kiriage mangan rounds up."""


def base_points(fu: int, han: int) -> int:
    """Unlimited base points, fu × 2^(han+2)."""
    return fu << (han + 2)


def limit_base(han: int, base: int) -> int:
    """Base points after the ordinary limits up to sanbaiman (13+ han is decided by the kazoe policy)."""
    if han >= 11:
        return SANBAIMAN
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5 or base >= MANGAN:
        return MANGAN
    return base


def yakuman_name(multiple: int, counted: bool = False) -> str:
    words = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman",
             5: "quintuple yakuman", 6: "sextuple yakuman"}
    name = words.get(multiple, f"{multiple}x yakuman")
    return f"kazoe {name}" if counted else name


class Limit(NamedTuple):
    """What a hand is paid as: its base points, and its yakuman multiple (0 for none)."""

    multiple: int
    base: int


class LimitPolicy:
    """A ruleset's limits: kiriage, kazoe, yakuman stacking and a plugin's own base points
    (aotenjou). The policy hooks are pure functions of their arguments, so each distinct
    question is asked once per Scorer."""

    def __init__(self, plugins: Plugins, flags: Flags) -> None:
        self._plugins = plugins
        self._flags = flags
        self._custom = plugins.implements("mjrules_base_points")
        self._ordinary: dict[tuple[int, int], Limit] = {}

    def ordinary(self, fu: int, han: int) -> Limit:
        """A hand without a natural yakuman: its base points after the limits, kiriage and kazoe."""
        return self._ordinary.get((fu, han)) or self._ask(fu, han)

    def yakuman(self, multiples: Sequence[int]) -> Limit:
        """A hand with natural yakuman of these multiples: stacked, then paid."""
        total = self._plugins.yakuman_stacking(multiples, self._flags)
        if total <= 0:
            raise PluginError(f"yakuman stacking policy returned {total} for {list(multiples)}")
        return Limit(total, self.yakuman_base(total))

    def yakuman_base(self, multiple: int) -> int:
        """Base points of a natural yakuman hand of that multiple."""
        if self._custom:
            custom = self._plugins.base_points(None, 0, multiple, self._flags)
            if custom is not None:
                return custom
        return YAKUMAN_BASE * multiple

    def _ask(self, fu: int, han: int) -> Limit:
        limit = self._ordinary[(fu, han)] = self._policy(fu, han)
        return limit

    def _policy(self, fu: int, han: int) -> Limit:
        if self._custom:
            custom = self._plugins.base_points(fu, han, 0, self._flags)
            if custom is not None:
                return Limit(0, custom)
        if han >= 13:
            total = self._plugins.kazoe_yakuman(han, self._flags)
            return Limit(total, YAKUMAN_BASE * total if total else SANBAIMAN)
        raw = base_points(fu, han) if han < 5 else MANGAN
        base = limit_base(han, raw)
        if raw == KIRIAGE_BASE and self._plugins.kiriage_mangan(fu, han, self._flags):
            base = MANGAN
        return Limit(0, base)
