"""Winning shapes for the tools: whether concealed counts are complete, read by the kernel
(:mod:`mjrules.kernel`), whose Python half is the scorer's own engine (:mod:`mjrules.kernel.shapes`).

waits, discard and odds ask here rather than keep a reader of their own, so "complete" means the
same to every tool as to the scorer. Shanten (the distance to tenpai) is a separate question,
answered by :mod:`mjrules.tools.shanten`; its −1 agrees with this module (the tests check it).
"""

from __future__ import annotations

from mjrules.kernel import is_winning as is_winning_counts

__all__ = ["is_winning_counts"]
