"""Every closed set of choices a rule value takes, as an enum whose members are the flags' strings.

A member equals its string, hashes as it and prints as it (``Kuikae.SAME_KIND == "same_kind"``,
``f"{Kuikae.SAME_KIND}"`` is ``same_kind``), so a ruleset file, a JSON answer and every output
read and write the same text as before; the code compares members, so a misspelt choice fails
where it is written, not silently. ``Choice`` is ``enum.StrEnum`` (Python 3.11+) for 3.10 too.
"""

from __future__ import annotations

import enum


class Choice(str, enum.Enum):
    """A closed set of a rule's choices: each member is its flag string, equal to it, hashed as it,
    printed and formatted as it, on every supported Python (``enum.StrEnum`` is 3.11+)."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)

    @classmethod
    def values(cls) -> tuple[str, ...]:
        """The choices' strings, in declaration order (the order a flag lists them)."""
        return tuple(member.value for member in cls)


class TileSetSize(Choice):
    """The tiles in play (flag ``tile_set``): all 136, or the 108 of three players (2m-8m out)."""

    ALL = "136"
    THREE_PLAYER = "108"

    @property
    def tiles(self) -> int:
        return int(self.value)


class KanDoraTiming(Choice):
    """When an open kan's indicator is turned (``mjrules.rules.kan_dora``): at once, or when the
    kan's maker discards."""

    IMMEDIATE = "immediate"
    AFTER_DISCARD = "after_discard"


class TsumoLoss(Choice):
    """How a three-player tsumo pays the share of the seat nobody sits in: not at all (ツモ損),
    split between the two payers (北家折半), or the payers pay the hand's ron value (ツモ損なし); the
    arithmetic is ``mjrules.scoring.payments.settle``'s."""

    LOSS = "loss"
    """Each payer pays its four-player share; the absent seat's is not paid (ツモ損)."""
    NORTH_BISECTION = "north-bisection"
    """The absent seat's share is split between the two payers, each half rounded up (北家折半)."""
    NONE = "none"
    """The payers pay the hand's ron value (ツモ損なし): a dealer's in two halves, a non-dealer's
    three eighths by the other non-dealer (rounded up) and the rest by the dealer."""


class NagashiMode(Choice):
    """How nagashi mangan is paid: not at all, as a draw payment, or as a mangan tsumo win."""

    NONE = "none"
    DRAW = "draw"
    WIN = "win"


class AbortiveDraw(Choice):
    """The abortive draws a table may play (three rons on one discard are ``RoundRules.triple_ron_draw``)."""

    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_RIICHI = "four_riichi"
    FOUR_KANS = "four_kans"


class Kuikae(Choice):
    """After a call: the called kind and a chi's other end may not be discarded, the called kind
    only, or any tile."""

    FORBIDDEN = "forbidden"
    SAME_KIND = "same_kind"
    ALLOWED = "allowed"


class AnkanAfterRiichi(Choice):
    """A closed kan of the tile just drawn after riichi: never, when every reading keeps the kan's
    tiles as a triplet (the hand's shape stays), or when the waits stay."""

    NEVER = "never"
    SAME_SHAPE = "same_shape"
    SAME_WAITS = "same_waits"


class MultiRonHonba(Choice):
    """Several winners on one discard: each collects the honba, or only the first in turn order."""

    EACH = "each"
    FIRST = "first"


class DealerRepeat(Choice):
    """When the dealer deals again (an abortive draw is always dealt again): after a win and after
    an exhaustive draw in tenpai, after a win only, never, or after a win and after every
    exhaustive draw, noten or not."""

    TENPAI = "tenpai"
    WIN = "win"
    NONE = "none"
    ANY_DRAW = "any_draw"


class LeftoverSticks(Choice):
    """Riichi sticks on the table at the game's end go to the top player or are lost."""

    TOP = "top"
    LOST = "lost"


class LastDealerStop(Choice):
    """When the last hand's dealer, first after repeating, ends the game: never, after a win, or
    after a win or an exhaustive draw (in tenpai, or noten where ``DealerRepeat.ANY_DRAW`` repeats)."""

    NONE = "none"
    WIN = "win"
    WIN_OR_TENPAI = "win_or_tenpai"


class ExtraWind(Choice):
    """How the extra wind is played when nobody has ``extra_wind_target`` after the last hand: it
    ends after the first hand that leaves somebody there (``sudden_death``); the same, but a dealer
    who repeats plays on unless the last dealer's stop ends the game (``dealer_first``,
    連荘優先サドンデス); all four hands of it, its last hand then the last hand (``whole_wind``, 4局固定);
    or there is none (``none``: the game ends after the last hand, the target still deciding the
    last dealer's stop)."""

    SUDDEN_DEATH = "sudden_death"
    DEALER_FIRST = "dealer_first"
    WHOLE_WIND = "whole_wind"
    NONE = "none"


class GameLength(Choice):
    """How long a game lasts before any extra wind: one wind of rounds (東風戦), two (半荘戦), all
    four (一荘戦), or one hand (一局戦: dealt again after every draw, over after the first win)."""

    TONPUU = "tonpuu"
    HANCHAN = "hanchan"
    IICHAN = "iichan"
    IKKYOKU = "ikkyoku"

    @property
    def winds(self) -> int:
        """The winds of rounds the game lasts (one hand: the first wind)."""
        return {"tonpuu": 1, "hanchan": 2, "iichan": 4, "ikkyoku": 1}[self.value]

    @property
    def one_hand(self) -> bool:
        """The game is one hand (一局戦): its first hand is the last one."""
        return self is GameLength.IKKYOKU


class Tie(Choice):
    """Equal final scores: the player earlier in the game's initial seating, from the first dealer,
    ranks higher (Tenhou's ``seat-order``), or the tied players share the higher placing."""

    SEAT_ORDER = "seat-order"
    SHARED = "shared"


class Rounding(Choice):
    """How final points are counted (flag ``points_rounding``, ``mjrules.rules.placing``): Tenhou's
    ``rounded_points``, ``placing_points`` to one decimal, ``rounded_points`` with a half rounded up
    (toward +∞), as majiang-core's ``Math.round`` rounds when its 順位点 are written without
    decimals, or ``tenth_points``, as majiang-core counts 順位点 written with a decimal."""

    NEAREST_THOUSAND = "nearest-thousand"
    EXACT = "exact"
    NEAREST_THOUSAND_UP = "nearest-thousand-up"
    NEAREST_TENTH_UP = "nearest-tenth-up"


class PaoHonba(Choice):
    """Who pays the honba of a hand under pao (``Liability.honba``): as if there were no pao, or the
    liable player alone."""

    NORMAL = "normal"
    LIABLE = "liable"
