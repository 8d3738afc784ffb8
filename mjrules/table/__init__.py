"""The table: whole games played under a ruleset (``game``), round by round (``round``), with the
legal moves of each moment (``moves``) offered to the players (``actions``, ``players``,
``mjai_bot``, ``console``); the wall (``wall``), the game's mjai events (``events``), many games
under several rulesets (``simulation``), and a record's rounds played to check them (``check``)."""
