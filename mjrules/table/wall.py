"""The wall from a seed: ``random.Random`` shuffling the ruleset's set sorted by kind, so the same
seed gives the same kinds in the same places under every ruleset of the same set (only which fives
are red differs), and a comparison of rulesets over seeded games plays the same walls. The wall's
layout (deal, live wall, dead wall) is ``mjrules.game.wall``'s.
"""

from __future__ import annotations

import random

from mjrules.game.wall import Wall, tile_set
from mjrules.rules.rules import TileSet


def seeded_wall(tiles: TileSet, seed: str) -> Wall:
    """The wall ``random.Random(seed)`` shuffles out of the ruleset's set (a str seed is hashed the
    same way by every Python process, so walls are the same on any machine)."""
    order = tile_set(tiles)
    random.Random(seed).shuffle(order)
    return Wall(order)
