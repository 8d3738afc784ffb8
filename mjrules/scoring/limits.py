"""Base points and limit hands."""

from __future__ import annotations

LIMIT_NAMES = {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}
YAKUMAN_BASE = 8000


def base_points(fu: int, han: int) -> int:
    """Unlimited base points, fu × 2^(han+2)."""
    return fu << (han + 2)


def limit_base(han: int, base: int) -> int:
    """Base points after the ordinary limits up to sanbaiman (13+ han is decided by the kazoe policy)."""
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5 or base >= 2000:
        return 2000
    return base


def yakuman_name(multiple: int, counted: bool = False) -> str:
    words = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman",
             5: "quintuple yakuman", 6: "sextuple yakuman"}
    name = words.get(multiple, f"{multiple}x yakuman")
    return f"kazoe {name}" if counted else name
