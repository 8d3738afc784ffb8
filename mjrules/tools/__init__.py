"""Tools built on the Scorer: point table, conditions, comparison, shanten, waits, discards, odds,
ruleset differences."""
