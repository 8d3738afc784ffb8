"""The bounded cache keeps at most its size, drops the least recently used, and makes each value once."""

from __future__ import annotations

import pytest

from mjrules.cache import BoundedCache


def test_makes_once_and_drops_the_least_recently_used():
    made: list[str] = []
    cache: BoundedCache[str, str] = BoundedCache(2)

    def get(key: str) -> str:
        return cache.get_or_make(key, lambda: made.append(key) or key.upper())

    assert get("a") == "A" and get("b") == "B" and get("a") == "A"
    assert made == ["a", "b"]  # "a" was kept
    get("c")  # full: "b" is the least recently used
    assert len(cache) == 2 and "a" in cache and "c" in cache and "b" not in cache
    get("b")
    assert made == ["a", "b", "c", "b"]


def test_a_failed_make_keeps_nothing():
    cache: BoundedCache[int, int] = BoundedCache(1)
    with pytest.raises(ZeroDivisionError):
        cache.get_or_make(1, lambda: 1 // 0)
    assert 1 not in cache and len(cache) == 0


def test_size_at_least_one():
    with pytest.raises(ValueError):
        BoundedCache(0)
