"""The built-in players, and ``make_player``, which seats a player by name.

Built-in players (``PLAYERS`` by name):

- ``tsumogiri``: discards the tile it draws and declares nothing, no win included: a baseline
  that measures the table itself (its rounds end in exhaustive draws, or a nagashi mangan).
- ``greedy``: the project's own shanten as its eyes. It takes any legal win, sets every North
  aside where the ruleset has kita, aborts on nine terminals unless it holds eleven kinds of them
  (then it plays for kokushi), declares riichi when a discard leaves its closed hand tenpai
  (the discard with the most unseen winning tiles), calls pon on its yakuhai (dragons, its seat
  wind, the round wind) while not in riichi, never calls chi or kan, and otherwise discards the
  tile that leaves the lowest shanten, then the most unseen tiles that lower it (ukeire), then
  the honour or terminal first. It never folds.

``mjai:COMMAND`` (``make_player``) is an external bot speaking mjai (``mjrules.table.mjai_bot``).
"""

from __future__ import annotations

import shlex
from typing import Callable

from mjrules import kernel
from mjrules.errors import MjrulesError
from mjrules.model.tiles import DRAGONS, EAST, SANMA_REMOVED, Tile
from mjrules.table.actions import NINE_TERMINALS, PASS, Action, ActionKind, Player, View
from mjrules.table.mjai_bot import MjaiBot


class Tsumogiri:
    """Discards the tile it draws; declares nothing (no call, no riichi, no win)."""

    def act(self, view: View) -> Action:
        if view.offered is not None:
            return PASS
        if view.drawn is not None:
            return Action(ActionKind.DISCARD, view.drawn)
        return next(a for a in view.legal if a.kind is ActionKind.DISCARD)  # never asked: it calls nothing


def _counts(tiles: tuple[Tile, ...]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return counts


class Greedy:
    """Wins when it may, riichi when tenpai and closed, pon on yakuhai, discards to lower shanten
    (the module text has the order)."""

    def act(self, view: View) -> Action:
        kinds = {a.kind for a in view.legal}
        for win in (ActionKind.TSUMO, ActionKind.RON):
            if win in kinds:
                return next(a for a in view.legal if a.kind is win)
        if ActionKind.KITA in kinds:  # a free draw and a dora
            return next(a for a in view.legal if a.kind is ActionKind.KITA)
        if ActionKind.NINE_TERMINALS in kinds and len({t.index for t in view.concealed if t.is_yaochu}) < 11:
            return NINE_TERMINALS
        if view.offered is not None:
            if ActionKind.PON in kinds and self._yakuhai(view, view.offered.index):
                return next(a for a in view.legal if a.kind is ActionKind.PON)
            return PASS
        choices = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        riichi = [a for a in view.legal if a.kind is ActionKind.RIICHI]
        return self._best(view, riichi or choices)

    @staticmethod
    def _yakuhai(view: View, kind: int) -> bool:
        return kind in DRAGONS or kind == EAST + view.round_wind or kind == EAST + view.seat_wind

    def _best(self, view: View, options: list[Action]) -> Action:
        counts = _counts(view.concealed)
        melds = view.melds[view.seat]
        caps: list[int] | None = None
        if melds:
            caps = [4] * 34
            for m in melds:
                for t in m.tiles:
                    caps[t.index] -= 1
        seen = [0] * 34  # what this seat can see: its tiles, every meld, river and indicator
        if view.players == 3:  # 2m-8m are not in the three-player set
            for k in SANMA_REMOVED:
                seen[k] = 4
        for group in (view.concealed, view.dora, *view.rivers, *(m.tiles for ms in view.melds for m in ms)):
            for t in group:
                seen[t.index] += 1

        held = [c + (4 - cap if caps is not None else 0) for c, cap in zip(counts, caps or counts)]
        # One kernel call: the shanten each discard leaves and the kinds that would then improve it.
        after = {d.kind: d for d in kernel.discards(counts, caps, held)}
        tiles = [a.tile for a in options]
        assert all(t is not None for t in tiles)  # discard and riichi actions name their tile
        shantens = [after[t.index].shanten for t in tiles if t is not None]
        low = min(shantens)
        scored: list[tuple[int, int, int, Action]] = []
        for n, (a, s) in enumerate(zip(options, shantens)):
            if s != low:  # ukeire only breaks ties among the lowest shanten
                continue
            assert a.tile is not None
            k = a.tile.index
            ukeire = sum(4 - seen[i] for i in after[k].improving if seen[i] < 4)
            edge = 0 if k >= 27 else 1 if k % 9 in (0, 8) else 2  # honours, then terminals, go first
            scored.append((-ukeire, edge, n, a))
        return min(scored)[3]


PLAYERS: dict[str, Callable[[], Player]] = {"tsumogiri": Tsumogiri, "greedy": Greedy}
"""The built-in players by name."""


MJAI = "mjai:"
"""A player named ``mjai:COMMAND`` is the external bot COMMAND runs, spoken to in mjai."""


def make_player(name: str) -> Player:
    """A built-in player by name, or ``mjai:COMMAND`` (an external mjai bot); an error naming the
    known ones."""
    if name.startswith(MJAI):
        try:
            command = shlex.split(name[len(MJAI):])
        except ValueError as e:  # shlex's "No closing quotation", "No escaped character"
            raise MjrulesError(f"player {name[:200]!r}: the bot's command cannot be read: {e}") from None
        return MjaiBot(command)
    try:
        return PLAYERS[name]()
    except KeyError:
        raise MjrulesError(f"player {name!r}: the built-in players are {', '.join(PLAYERS)}, "
                           f"and {MJAI}COMMAND runs an external mjai bot") from None
