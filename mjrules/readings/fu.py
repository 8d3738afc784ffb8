"""Fu: the itemised minipoint count of one reading, as a result keeps it. The count itself is a
rule part (``Rules.fu``), made by the ``fu`` plugin or a third party's."""

from __future__ import annotations

from typing import NamedTuple

import attrs


class FuItem(NamedTuple):
    """One line of a fu count, e.g. ``FuItem("closed triplet 7z", 8)``."""

    label: str
    fu: int


@attrs.frozen
class Fu:
    """A reading's fu, rounded up to tens, and the items that make it."""

    total: int
    items: tuple[FuItem, ...]
