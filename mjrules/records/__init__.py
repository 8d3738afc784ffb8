"""Game records: what a record holds (``game``), read from Tenhou (mjlog XML and JSON) and mjai logs,
the flow of a round shared with the table (``flow``), the settlement of a round and the end of a
game under a ruleset (``settlement``), and the replay of a game to check it against what was paid
or to pay it under other rules (``replay``). Playing a record's rounds at the table to check every
action is ``mjrules.records.check``."""

from mjrules.records.read import read_game, read_games
from mjrules.game.record import Call, Draw, Game, Recorded, RecordedWin, Round

__all__ = ["Call", "Draw", "Game", "Recorded", "RecordedWin", "Round", "read_game", "read_games"]
