"""Scoring: the Scorer that runs a ruleset over a hand's readings — the yaku index, limits,
payments at four or three seats — and the results it gives."""
