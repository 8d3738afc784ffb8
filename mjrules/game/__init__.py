"""One game of riichi mahjong under a ruleset, whatever plays it or records it: a round's state and
every rule of its life, the legal moves of each moment, settlement and the game's end.

Below the readers of records (``mjrules.records``) and the table (``mjrules.table``), it imports
neither: events go in, the state and events come out; it writes no file format and asks no player.
"""
