"""Game records: read Tenhou (mjlog XML and JSON) and mjai logs into rounds, settle rounds under a
ruleset, and replay a game to check it against what was paid or to pay it under other rules; and
the table, which plays whole games under a ruleset (``table``, ``players``, ``wall``, ``simulation``)
and writes them as mjai records."""

from mjrules.games.read import read_game, read_games
from mjrules.games.records import Call, Draw, Game, Recorded, RecordedWin, Round

__all__ = ["Call", "Draw", "Game", "Recorded", "RecordedWin", "Round", "read_game", "read_games"]
