"""Pao (sekinin barai): a player other than the discarder made a yakuman possible and pays for it."""

from __future__ import annotations

import attrs

HONBA_NORMAL = "normal"
HONBA_LIABLE = "liable"


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
    honba: str = attrs.field(default=HONBA_NORMAL, validator=attrs.validators.in_((HONBA_NORMAL, HONBA_LIABLE)))
    yaku: str = ""
