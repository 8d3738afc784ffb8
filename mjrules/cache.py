"""The one bounded cache for values made from more than their key (functools.lru_cache serves the
pure functions): at most ``size`` entries, the least recently used dropped to make room."""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """Values by key, at most ``size`` of them: ``get_or_make`` returns the kept value or makes,
    keeps and returns a new one, dropping the least recently used when full."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a cache holds at least one entry, not {size}")
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        try:
            value = self._kept[key]
        except KeyError:
            value = make()
            if len(self._kept) >= self.size:
                self._kept.popitem(last=False)
            self._kept[key] = value
        else:
            self._kept.move_to_end(key)
        return value

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return key in self._kept
