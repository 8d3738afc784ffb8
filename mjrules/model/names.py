"""The base of the enums whose members are words (forms, waits): they compare, hash and print as
their text, so JSON output and comparisons with plain strings stay as they were."""

from __future__ import annotations

import enum


class TextEnum(str, enum.Enum):
    """A ``str`` enum that prints as its value (``enum.StrEnum`` is Python 3.11+ only)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
