"""Dora, red fives and ura dora: bonus han that need another yaku to count."""

from typing import Callable, Sequence

from mjrules.plugin_api import (
    DORA_OF,
    DORA_OF_SANMA,
    Choice,
    Hand,
    NORTH,
    DoraRules,
    Flag,
    Flags,
    FlagValueError,
    Reading,
    Rules,
    Tile,
    TileSet,
    TileSetSize,
    Yaku,
    flag_of,
    flags_of,
    from_flags,
    hookimpl,
    native_twin,
)



def _count(r: Reading, shown: Sequence[Tile]) -> int:
    c = r.counts
    n = 0
    for t in shown:
        n += c[DORA_OF[t.index]]
    return n


@native_twin("dora")
def dora(r: Reading, flags: Flags) -> int:
    return _count(r, r.win.dora)


def _count3(r: Reading, shown: Sequence[Tile]) -> int:
    """``_count`` for three players: indicator 1m makes 9m, and a North indicated also counts once
    per North the winner set aside (kita)."""
    c = r.counts
    n = 0
    for t in shown:
        kind = DORA_OF_SANMA[t.index]
        n += c[kind]
        if kind == NORTH:
            n += r.win.kita
    return n


def _three_player(count: Callable[[Reading, Sequence[Tile]], int]) -> dict[str, Callable[[Reading, Flags], int]]:
    """The dora, ura and their first-indicator-only variants, counting with ``count``."""
    return {
        "dora": native_twin("dora3")(lambda r, f: count(r, r.win.dora)),
        "dora_first": native_twin("dora3_first")(lambda r, f: count(r, r.win.dora[:1])),
        "ura": native_twin("ura3")(lambda r, f: count(r, r.win.ura)),
        "ura_first": native_twin("ura3_first")(lambda r, f: count(r, r.win.ura[:1])),
    }


_SANMA = _three_player(_count3)


@native_twin("dora_first")
def dora_first(r: Reading, flags: Flags) -> int:
    """Dora of the first indicator only (no kan dora)."""
    return _count(r, r.win.dora[:1])


@native_twin("aka")
def aka(r: Reading, flags: Flags) -> int:
    return r.red_fives


@native_twin("ura")
def ura(r: Reading, flags: Flags) -> int:
    return _count(r, r.win.ura)


@native_twin("ura_first")
def ura_first(r: Reading, flags: Flags) -> int:
    """Ura dora of the first ura indicator only (no kan ura)."""
    return _count(r, r.win.ura[:1])


class RedFivesAsDora(Choice):
    """How red fives count when their five is dora or ura (flag ``dora_red_fives``): each of them, or
    one a group (majiang-core)."""

    EACH = "each"
    ONE_PER_GROUP = "one_per_group"


def _red_surplus(hand: Hand, suit: int) -> int:
    """Red fives of ``suit`` beyond the first in each group that majiang-core 1.4.1 writes a hand in
    (``Shoupai.toString``: the concealed tiles of each suit, the winning tile apart, each meld)."""
    n = 0
    for group in (hand.concealed, *(m.tiles for m in hand.melds)):  # the winning tile alone holds one
        reds = sum(1 for t in group if t.red and t.index // 9 == suit)
        n += max(0, reds - 1)
    return n


def _one_red_a_group(count: Callable[[Reading, Sequence[Tile]], int]) -> Callable[[Reading, Sequence[Tile]], int]:
    """``count`` as majiang-core 1.4.1 counts dora and ura (``hule.js`` ``get_post_hupai``): in each
    group of the hand it reads one red five as its five (``replace(/0/, '5')``, the first only), so a
    five indicated counts the red fives beyond the first of a group not at all (they stay red fives)."""
    def counted(r: Reading, shown: Sequence[Tile]) -> int:
        n = count(r, shown)
        for t in shown:
            kind = DORA_OF[t.index]
            if kind < 27 and kind % 9 == 4:
                n -= _red_surplus(r.hand, kind // 9)
        return n
    return counted


def _checks_of(count: Callable[[Reading, Sequence[Tile]], int]) -> dict[str, Callable[[Reading, Flags], int]]:
    """The dora and ura checks, and their first-indicator-only variants, counting with ``count`` (in Python)."""
    return {
        "dora": lambda r, f: count(r, r.win.dora), "dora_first": lambda r, f: count(r, r.win.dora[:1]),
        "ura": lambda r, f: count(r, r.win.ura), "ura_first": lambda r, f: count(r, r.win.ura[:1]),
    }


RED_FIVES = tuple(Flag(f"red_fives_{suit}", int, 1, f"red fives of {name} in the set (a hand holding more is refused)",
                       choices=(0, 1, 2, 3, 4)) for suit, name in (("m", "characters"), ("p", "circles"), ("s", "bamboo")))
TILE_SET = Flag("tile_set", str, TileSetSize.ALL,
                "the tiles in play: '136' (all), or '108' for three players (2m-8m removed; a hand, meld or "
                "indicator with one is refused; indicator 1m makes 9m dora)", choices=TileSetSize)
"""The flags of the tile set (``TileSet``: its fields are made of four flags and the players, so
``mjrules_tile_set`` makes it explicitly)."""

FLAGS = (
    *RED_FIVES,
    Flag("red_dora", bool, True, "each red five counts one dora"),
    Flag("dora_red_fives", str, RedFivesAsDora.EACH,
         "a red five whose five is dora (or ura) counts as that five too: 'each', or 'one_per_group' (as "
         "majiang-core 1.4.1 counts: of the red fives of one suit among the concealed tiles, and of those "
         "in one meld, only one; the winning tile is a group of its own)", choices=RedFivesAsDora),
    *flags_of(DoraRules, "ura_dora", "kan_dora", "kan_ura"),
    TILE_SET,
    flag_of(DoraRules, "kan_dora_timing"),
)
"""The dora plugin's flags, in the order rulesets list them: the tile set's, the two this plugin
reads itself (red_dora, dora_red_fives), and ``DoraRules``' (declared on its fields)."""


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in FLAGS:
        register(flag)


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Flags, rules: Rules) -> None:
    three = rules.tiles.without_2m_8m or rules.sanma.kita  # three players: the 1m/9m wrap, kita
    # with at most one red five of each suit no group holds two, and both counts agree: natively
    if flags["dora_red_fives"] == RedFivesAsDora.ONE_PER_GROUP and max(rules.tiles.red_fives) >= 2:
        checks = _checks_of(_one_red_a_group(_count3 if three else _count))
    elif three:
        checks = _SANMA
    else:
        checks = {"dora": dora, "dora_first": dora_first, "ura": ura, "ura_first": ura_first}
    register(Yaku("dora", "Dora", "ドラ", checks["dora"] if flags["kan_dora"] else checks["dora_first"], bonus=True))
    if flags["red_dora"] and any(flags[flag.name] for flag in RED_FIVES):  # a set without red fives has none
        register(Yaku("aka", "Red five", "赤ドラ", aka, bonus=True))
    if flags["ura_dora"]:
        register(Yaku("ura", "Ura dora", "裏ドラ", checks["ura"] if flags["kan_ura"] else checks["ura_first"],
                      bonus=True, when="riichi"))


@hookimpl
def mjrules_tile_set(flags: Flags, players: int) -> TileSet:
    size = TileSetSize(flags.get_str(TILE_SET.name))
    if size is TileSetSize.THREE_PLAYER and players != 3:
        raise FlagValueError("tile_set", f"108 tiles is the three-player set, and this ruleset has players = {players}")
    reds = tuple(flags.get_int(flag.name) for flag in RED_FIVES)
    return TileSet(tiles=size.tiles, red_fives=(reds[0], reds[1], reds[2]))


@hookimpl
def mjrules_dora_rules(flags: Flags) -> DoraRules:
    return from_flags(DoraRules, flags)
