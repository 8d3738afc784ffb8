"""Pao (sekinin barai): a player other than the discarder made a yakuman possible and pays for it."""

from __future__ import annotations

import attrs

from mjrules.rules.choices import PaoHonba

HONBA_NORMAL, HONBA_LIABLE = PaoHonba.NORMAL, PaoHonba.LIABLE
"""``PaoHonba``'s members under their names of 0.3, kept for the plugin API."""


def _pao_honba(value: object) -> object:
    return PaoHonba(value) if isinstance(value, str) and value in PaoHonba.values() else value


@attrs.frozen
class Liability:
    """Who is liable and for how many yakuman.

    :param offset: the liable player's seat offset from the winner (1 next, 2 opposite, 3 previous).
    :param multiple: yakuman the liable player covers (the pao yakuman's own, or the whole hand).
    :param honba: ``"normal"``: honba as without pao (the discarder on a ron; on a tsumo 100 from
        each payer, or all from the liable player when they pay the whole hand); ``"liable"``: the
        liable player pays all honba.
    :param yaku: id of the yakuman that triggered the liability.
    """

    offset: int = attrs.field(validator=attrs.validators.in_((1, 2, 3)))
    multiple: int = attrs.field(validator=attrs.validators.ge(1))
    honba: PaoHonba = attrs.field(default=PaoHonba.NORMAL, converter=_pao_honba,
                                  validator=attrs.validators.instance_of(PaoHonba))
    yaku: str = ""
