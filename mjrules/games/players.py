"""Who sits at the table: what one seat may see (``View``), what it may do (``Action``), the
``Player`` protocol between them, and the built-in players.

The table asks a player only when it has a choice: after its draw (or its call), and when another
player's discard, added kan or North set aside is on offer and it may win or call on it. The view carries the legal
actions of that moment (``View.legal``), worked out by the table under the ruleset; a player answers
with one of them. An action the table does not allow is refused with a reason (``IllegalAction``),
so a player written elsewhere cannot cheat by answering something else.

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

``mjai:COMMAND`` (``make_player``) is an external bot speaking mjai (``mjrules.games.mjai_bot``).
"""

from __future__ import annotations

import enum
import shlex
from typing import Any, Callable, Iterable, Protocol, runtime_checkable

import attrs

from mjrules import kernel
from mjrules.errors import MjrulesError
from mjrules.model.melds import Meld
from mjrules.model.tiles import DRAGONS, EAST, SANMA_REMOVED, Tile


class ActionKind(enum.Enum):
    """What a player does."""

    DISCARD = "discard"
    RIICHI = "riichi"
    """Declare riichi with this discard."""
    TSUMO = "tsumo"
    ANKAN = "ankan"
    KAKAN = "kakan"
    KITA = "kita"
    """Three players: set a North aside."""
    NINE_TERMINALS = "nine terminals"
    """Abort the hand on one's first draw holding nine kinds of terminals and honours (九種九牌)."""
    RON = "ron"
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    PASS = "pass"
    """Let a discard or an added kan go by."""


OWN_TURN = frozenset({ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.TSUMO, ActionKind.ANKAN, ActionKind.KAKAN,
                      ActionKind.KITA, ActionKind.NINE_TERMINALS})
"""The actions of the player whose turn it is; the others answer a tile on offer."""
CONSUMES = {ActionKind.CHI: 2, ActionKind.PON: 2, ActionKind.DAIMINKAN: 3, ActionKind.ANKAN: 4, ActionKind.KAKAN: 0}
"""Tiles of the hand a call takes besides its tile (an ankan: all four; a kakan adds its tile)."""
NEEDS_TILE = frozenset({ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.KAKAN, ActionKind.KITA, ActionKind.CHI,
                        ActionKind.PON, ActionKind.DAIMINKAN})


def _tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(value)


def _sorted_tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in the one written order: a call's tiles are a set, so two orders are one action."""
    tiles = tuple(value)
    if not all(isinstance(t, Tile) for t in tiles):
        raise MjrulesError(f"an action's tiles must be Tiles, not {tiles!r}")
    return tuple(sorted(tiles, key=lambda t: t.rank))


def _check_action(instance: Action, attribute: attrs.Attribute, value: object) -> None:
    kind = instance.kind
    if (instance.tile is None) == (kind in NEEDS_TILE):
        raise MjrulesError(f"a {kind.value} action {'names' if kind in NEEDS_TILE else 'names no'} tile")
    want = CONSUMES.get(kind, 0)
    if len(instance.consumed) != want:
        raise MjrulesError(f"a {kind.value} takes {want} tiles of the hand, not {len(instance.consumed)}")
    if not all(isinstance(t, Tile) for t in instance.consumed):
        raise MjrulesError(f"a {kind.value}'s tiles must be Tiles")


@attrs.frozen
class Action:
    """One action: its kind, its tile (the discard, the tile called, the tile added to a pon, the
    North set aside; None for tsumo, ron, ankan and pass) and the tiles of the hand a call takes
    (the two of a chi or pon, three of a daiminkan, four of an ankan; kept in tile order)."""

    kind: ActionKind = attrs.field(validator=attrs.validators.instance_of(ActionKind))
    tile: Tile | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.instance_of(Tile)))
    consumed: tuple[Tile, ...] = attrs.field(default=(), converter=_sorted_tiles, validator=_check_action)

    def describe(self) -> str:
        """``discard 5m``, ``chi 3m with 45m``: for messages."""
        words = [self.kind.value]
        if self.tile is not None:
            words.append(self.tile.mpsz())
        if self.consumed:
            words.append("with " + "".join(t.mpsz()[0] for t in self.consumed) + self.consumed[0].suit)
        return " ".join(words)


PASS = Action(ActionKind.PASS)
TSUMO = Action(ActionKind.TSUMO)
RON = Action(ActionKind.RON)
NINE_TERMINALS = Action(ActionKind.NINE_TERMINALS)


class IllegalAction(MjrulesError):
    """An action the table refuses: who, what and why."""

    def __init__(self, seat: int, action: Action, reason: str) -> None:
        super().__init__(f"seat {seat}: {action.describe()} refused: {reason}")
        self.seat = seat
        self.action = action
        self.reason = reason


def _seat_tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _per_seat(instance: View, attribute: attrs.Attribute, value: tuple[Any, ...]) -> None:
    if len(value) != instance.players:
        raise MjrulesError(f"a view's {attribute.name} has one entry a seat: {instance.players}, not {len(value)}")


@attrs.frozen
class View:
    """What seat ``seat`` may see when it is asked: the round, the scores, the dora indicators
    turned, its own concealed tiles (the tile just drawn among them), every seat's melds, discards
    and riichi, the tile on offer (another's discard or added kan; None on its own turn), the live
    draws left, and the actions it may take now."""

    players: int = attrs.field(validator=attrs.validators.in_((3, 4)))
    seat: int = attrs.field(validator=attrs.validators.in_(range(4)))
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    dora: tuple[Tile, ...] = attrs.field(converter=_tiles)
    concealed: tuple[Tile, ...] = attrs.field(converter=_tiles)
    drawn: Tile | None
    melds: tuple[tuple[Meld, ...], ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    rivers: tuple[tuple[Tile, ...], ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    riichi: tuple[bool, ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    offered: Tile | None
    offered_by: int | None
    live_left: int = attrs.field(validator=attrs.validators.ge(0))
    legal: tuple[Action, ...] = attrs.field(converter=_seat_tuple, validator=attrs.validators.min_len(1))

    @property
    def seat_wind(self) -> int:
        """0 East … of this seat in the round."""
        return (self.seat - self.dealer) % self.players


class Player(Protocol):
    """A seat's decisions: one of ``view.legal`` for each view the table shows it."""

    def act(self, view: View) -> Action:
        ...


@runtime_checkable
class Watcher(Protocol):
    """A player that also follows the game event by event (an mjai bot): the table shows it each
    event of the record as its seat may see it (``mjrules.games.table.seen_by``)."""

    def observe(self, event: dict[str, Any]) -> None:
        ...


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
        from mjrules.games.mjai_bot import MjaiBot  # a subprocess: only for the players that need it

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
