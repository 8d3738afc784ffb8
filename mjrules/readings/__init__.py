"""Readings: the ways a winning hand is arranged (``Reading``, found by ``analyse``), what the yaku
hints match (``Features``), and the itemised fu a count of one gives (``Fu``). Rule-free: every
yaku check, fu count and rule part reads them, so they sit below the rules."""
