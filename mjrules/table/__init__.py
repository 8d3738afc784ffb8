"""The table: whole games played under a ruleset by players (``game``, ``player``, ``players``,
``mjai_bot``, ``majiang_ai``, ``console``, ``child``), the wall from a seed (``wall``), the game's mjai
events as each seat sees them (``events``), many games under several rulesets (``simulation``), and
the table stepped one decision at a time for agents (``env``, a PettingZoo environment, with its
action and observation encodings in ``encoding``)."""
