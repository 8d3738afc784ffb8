"""Scoring: the winning-shape engine, readings, fu, limits, payments and the Scorer that runs them."""
