"""A seat's question as numbers, for agents (``mjrules.table.env``): the actions a ``View`` can
offer as indices of one fixed list (``action_index``, ``ACTION_NAMES``), and the view as one
integer vector of a fixed layout (``Layout``).

Tiles are written as *faces*: 0–33 the 34 kinds (1m … 9m, 1p … 9p, 1s … 9s, East South West North
White Green Red), 34–36 the red 5m, 5p and 5s. An action is one index of ``ACTIONS`` (159):

| indices | action |
|---|---|
| 0–36 | discard the tile of that face |
| 37–73 | riichi, discarding the tile of face ``i - 37`` |
| 74–79 | chi: ``74 + 2 × place + red``; place 0, 1 or 2 where the called tile stands in the run (0: the lowest, as 3m called with 4m5m), red 1 when a red five of the hand is among the two tiles taken |
| 80–82 | pon: ``80 + red fives of the hand among the two tiles taken`` |
| 83 | daiminkan (an open kan on a discard; the three tiles taken are all the hand holds of the kind) |
| 84–117 | ankan of kind ``i - 84`` (all four tiles of the kind) |
| 118–151 | kakan of kind ``i - 118`` (the one tile of the kind the hand holds, added to its pon) |
| 152–158 | tsumo, ron, pass, kita, nine terminals, tenpai, noten |

The list is lossless: two legal actions of one moment never share an index (the hand decides
which tiles a kan takes; a chi or pon differs only by where the called tile stands and by the red
fives it takes). It is minimal in the tile faces a discard needs (a red and a plain five are two
discards).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import numpy.typing as npt

from mjrules.errors import MjrulesError
from mjrules.game.actions import Action, ActionKind
from mjrules.game.view import View
from mjrules.model.melds import MeldKind
from mjrules.model.tiles import FIVES, SUITS, Tile, tile

FACES = 37
"""Tile faces: 34 kinds, then the red 5m, 5p, 5s."""
DISCARD, RIICHI, CHI, PON, DAIMINKAN, ANKAN, KAKAN = 0, 37, 74, 80, 83, 84, 118
"""The first index of each kind of action with variants."""
SINGLE = {ActionKind.TSUMO: 152, ActionKind.RON: 153, ActionKind.PASS: 154, ActionKind.KITA: 155,
          ActionKind.NINE_TERMINALS: 156, ActionKind.TENPAI: 157, ActionKind.NOTEN: 158}
"""The index of each action without variants."""
ACTIONS = 159
"""The size of the action space."""


def face(t: Tile) -> int:
    """A tile's face: its kind, or 34–36 for a red five."""
    return 34 + FIVES.index(t.index) if t.red else t.index


def face_tile(f: int) -> Tile:
    """The tile of a face (an int, or a NumPy integer read from an observation)."""
    f = int(f)
    if not 0 <= f < FACES:
        raise MjrulesError(f"tile face {f} is not in 0..{FACES - 1}")
    return tile(FIVES[f - 34], red=True) if f >= 34 else tile(f)


def action_index(action: Action) -> int:
    """The index of ``action`` in the action space (the module's table)."""
    kind, t = action.kind, action.tile
    if kind is ActionKind.DISCARD or kind is ActionKind.RIICHI:
        assert t is not None
        return (DISCARD if kind is ActionKind.DISCARD else RIICHI) + face(t)
    if kind is ActionKind.CHI:
        assert t is not None
        place = t.index - min(t.index, *(c.index for c in action.consumed))
        return CHI + 2 * place + any(c.red for c in action.consumed)
    if kind is ActionKind.PON:
        return PON + sum(c.red for c in action.consumed)
    if kind is ActionKind.DAIMINKAN:
        return DAIMINKAN
    if kind is ActionKind.ANKAN:
        return ANKAN + action.consumed[0].index
    if kind is ActionKind.KAKAN:
        assert t is not None
        return KAKAN + t.index
    return SINGLE[kind]


def _names() -> tuple[str, ...]:
    faces = [face_tile(f).mpsz() for f in range(FACES)]
    kinds = faces[:34]
    chi = [f"chi, the called tile {place}{', a red five taken' if red else ''}"
           for place in ("lowest", "middle", "highest") for red in (0, 1)]
    pon = ["pon", "pon, a red five taken", "pon, two red fives taken"]
    return (*(f"discard {f}" for f in faces), *(f"riichi {f}" for f in faces), *chi, *pon, "daiminkan",
            *(f"ankan {k}" for k in kinds), *(f"kakan {k}" for k in kinds), *(k.value for k in SINGLE))


ACTION_NAMES = _names()
"""What each index means, in words (``ACTION_NAMES[40]`` is ``riichi 4m``)."""


def legal_indices(view: View) -> dict[int, Action]:
    """The legal actions of ``view`` by index: an error if two shared one (the encoding would lose one)."""
    out: dict[int, Action] = {}
    for a in view.legal:
        i = action_index(a)
        if i in out:
            raise MjrulesError(f"actions {out[i].describe()} and {a.describe()} share index {i} ({ACTION_NAMES[i]})")
        out[i] = a
    return out


# -- the observation -------------------------------------------------------------------------------
BIG = np.iinfo(np.int32).max
MELD_CODES = {MeldKind.CHI: 1, MeldKind.PON: 2, MeldKind.DAIMINKAN: 3, MeldKind.KAKAN: 4, MeldKind.ANKAN: 5}
MAX_MELDS = 4
MAX_INDICATORS = 5
"""The first dora indicator and one a kan (a fifth kan is never made)."""


class Layout:
    """The observation vector of a table of ``players`` (int32; seats counted from the asked one:
    0 itself, 1 the next to play after it, …): ``fields`` names its parts in order, each a
    ``(name, shape, low, high)``; ``unpack`` splits a vector into them. ``live`` is the round's
    live draws (70, or 55 at three players), which bounds the discards of a round: each follows a
    draw, or a chi or pon (four a seat at most)."""

    def __init__(self, players: int, live: int) -> None:
        n = self.players = players
        self.discards = live + MAX_MELDS * n
        melds_high = np.array([len(MELD_CODES), 34, FACES, n - 1, 4])
        discards_high = np.array([n, FACES, 1, 1, 1])
        self.fields: list[tuple[str, tuple[int, ...], object, object]] = [
            ("hand", (34,), 0, 4), ("hand_red", (3,), 0, 4), ("drawn", (), 0, FACES), ("offered", (), 0, FACES),
            ("offered_by", (), 0, n - 1), ("seat", (), 0, n - 1), ("round_wind", (), 0, 3), ("seat_wind", (), 0, 3),
            ("dealer", (), 0, n - 1), ("honba", (), 0, BIG), ("sticks", (), 0, BIG), ("live_left", (), 0, live),
            ("dora", (MAX_INDICATORS,), 0, FACES), ("scores", (n,), -BIG, BIG), ("riichi", (n,), 0, 1),
            ("kita", (n,), 0, 4), ("melds", (n, MAX_MELDS, 5), 0, melds_high),
            ("discards", (self.discards, 5), 0, discards_high)]
        self.slices: dict[str, tuple[slice, tuple[int, ...]]] = {}
        lows, highs = [], []
        at = 0
        for name, shape, low, high in self.fields:
            size = int(np.prod(shape))
            self.slices[name] = (slice(at, at + size), shape)
            lows.append(np.broadcast_to(np.asarray(low, dtype=np.int32), shape).ravel())
            highs.append(np.broadcast_to(np.asarray(high, dtype=np.int32), shape).ravel())
            at += size
        self.size = at
        self.low = np.concatenate(lows)
        self.high = np.concatenate(highs)

    def unpack(self, observation: npt.NDArray[np.int32]) -> dict[str, npt.NDArray[np.int32]]:
        """The parts of an observation vector by name, each in its shape (a view, not a copy)."""
        if observation.shape != (self.size,):
            raise MjrulesError(f"an observation of {self.players} players has {self.size} numbers, not "
                               f"{observation.shape}")
        return {name: observation[sl].reshape(shape) for name, (sl, shape) in self.slices.items()}

    def encode(self, view: View, kita: Sequence[int], called: Sequence[bool]) -> npt.NDArray[np.int32]:
        """``view`` as a vector; ``kita``: the Norths each seat has set aside this round, ``called``:
        whether each discard of the round (``view.discards``) was called."""
        n, me = self.players, view.seat
        hand, red = [0] * 34, [0, 0, 0]
        for t in view.concealed:
            hand[t.index] += 1
            if t.red:
                red[SUITS.index(t.suit)] += 1
        order = [(me + k) % n for k in range(n)]
        melds: list[int] = []
        for s in order:
            for m in view.melds[s]:
                called_tile = None if m.called is None else m.tiles[m.called]
                source = 0 if m.source is None else n - 1 if m.source == 3 else m.source
                melds += (MELD_CODES[m.kind], m.first + 1, 0 if called_tile is None else face(called_tile) + 1,
                          source, sum(t.red for t in m.tiles))
            melds += [0] * (5 * (MAX_MELDS - len(view.melds[s])))
        if len(called) != len(view.discards):
            raise MjrulesError(f"{len(view.discards)} discards in the view and {len(called)} followed")
        discards: list[int] = []
        for d, c in zip(view.discards, called):
            discards += ((d.seat - me) % n + 1, face(d.tile) + 1, d.tsumogiri, d.riichi, c)
        discards += [0] * (5 * (self.discards - len(view.discards)))
        # in the order of ``fields`` (a list filled in Python and made an array once: cheaper than
        # setting the array's numbers one by one)
        values = [*hand, *red, 0 if view.drawn is None else face(view.drawn) + 1,
                  0 if view.offered is None else face(view.offered) + 1,
                  0 if view.offered_by is None else (view.offered_by - me) % n, me, view.round_wind,
                  view.seat_wind, (view.dealer - me) % n, view.honba, view.sticks, view.live_left,
                  *(face(t) + 1 for t in view.dora), *[0] * (MAX_INDICATORS - len(view.dora)),
                  *(view.scores[s] for s in order), *(view.riichi[s] for s in order), *(kita[s] for s in order),
                  *melds, *discards]
        return np.array(values, dtype=np.int32)
