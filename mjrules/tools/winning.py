"""Winning shapes for the tools: whether concealed counts are complete, read by the scorer's
own engine, :mod:`mjrules.scoring.shapes`.

waits, discard and odds ask here rather than keep a reader of their own, so "complete" means the
same to every tool as to the scorer. Shanten (the distance to tenpai) is a separate question,
answered by :mod:`mjrules.tools.shanten`; its −1 agrees with this module (the tests check it).
"""

from __future__ import annotations

from typing import Sequence

from mjrules.scoring.shapes import arrangements, is_chiitoitsu, is_kokushi

__all__ = ["is_winning_counts"]


def is_winning_counts(counts: Sequence[int]) -> bool:
    """Whether 34 concealed counts read as sets and one pair (3k + 2 tiles, the melds implied by
    the count), or, at 14 tiles, as seven pairs or thirteen orphans."""
    c = tuple(counts)
    if arrangements(c):
        return True
    if sum(c) != 14:  # seven pairs and thirteen orphans are closed 14-tile forms
        return False
    return is_chiitoitsu(c) or is_kokushi(c)
