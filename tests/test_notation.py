"""Reading and writing hands: MPSZ, majiang-core notation, and what a written meld means."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mjrules import Hand, Meld, MeldKind, Win, tile
from mjrules.notation import (
    format_majiang,
    format_mpsz,
    majiang_input,
    parse_majiang,
    parse_majiang_input,
    parse_mpsz,
    parse_tiles,
)
from mjrules.errors import NotationError
from mjrules.notation.marks import MARK_TO_SOURCE, SOURCE_TO_MARK

DATA = Path(__file__).parent / "data" / "majiang-hule-public.jsonl"


def T(text: str):
    """One tile from MPSZ text, e.g. ``T("0p")`` is the red 5p."""
    (t,) = parse_tiles(text)
    return t


def load_cases() -> list[dict]:
    with DATA.open(encoding="utf-8") as f:
        return [json.loads(line)["in"] for line in f if line.strip()]


CASES = load_cases()


# --------------------------------------------------------------------------------------------
# Tiles
# --------------------------------------------------------------------------------------------


def test_parse_tiles_suits_and_honours():
    assert parse_tiles("19m19p19s1234567z") == [
        tile(0), tile(8), tile(9), tile(17), tile(18), tile(26), *(tile(i) for i in range(27, 34))
    ]


@pytest.mark.parametrize("text, index", [("0m", 4), ("0p", 13), ("0s", 22)])
def test_zero_is_the_red_five(text, index):
    t = T(text)
    assert t.index == index and t.red
    assert t is tile(index, red=True)
    assert t != tile(index)  # a red five is a different physical tile from a plain five
    assert t.mpsz() == text
    assert t.majiang() == text[1] + text[0]


def test_tiles_are_interned():
    assert parse_tiles("5m")[0] is parse_tiles("55m")[1] is tile(4)


CONC = {"m": "456p789s11222z", "p": "123m789s11222z", "s": "123m456p11222z", "z": "123m456p789s99p"}
"""Eleven concealed tiles (with the winning tile) to go with one meld of the given suit."""

# --------------------------------------------------------------------------------------------
# MPSZ: parse
# --------------------------------------------------------------------------------------------


def test_parse_closed_hand_winning_tile_defaults_to_last_written():
    h = parse_mpsz("123m456p789s1122z2z")
    assert h.win_tile == T("2z")
    assert h.concealed == tuple(parse_tiles("123m456p789s1122z"))
    assert h.melds == ()
    assert h.is_closed


def test_parse_with_named_winning_tile():
    h = parse_mpsz("123m456p789s11222z", win=T("1m"))
    assert h.win_tile == T("1m")
    assert sorted(h.concealed) == sorted(parse_tiles("23m456p789s11222z"))


def test_named_winning_red_five_is_not_a_plain_five():
    h = parse_mpsz("340m456p789s11222z", win=T("0m"))
    assert h.win_tile.red
    assert not any(t.red for t in h.concealed)


def test_commas_and_whitespace_separate_parts():
    a = parse_mpsz("456p789s11222z 1-23m")
    assert parse_mpsz("456p789s11222z,1-23m") == a
    assert parse_mpsz("  456p789s11222z \t 1-23m  ") == a
    assert parse_mpsz("456p789s11222z, 1-23m") == a


@pytest.mark.parametrize(
    "written, kind, digits, called, source",
    [
        ("3-45m", MeldKind.CHI, "345", 0, 3),
        ("34-5m", MeldKind.CHI, "345", 1, 3),
        ("345-m", MeldKind.CHI, "345", 2, 3),
        ("3-40m", MeldKind.CHI, "340", 0, 3),
        ("555=z", MeldKind.PON, "555", 2, 2),
        ("55=5z", MeldKind.PON, "555", 1, 2),
        ("5=55z", MeldKind.PON, "555", 0, 2),
        ("555+z", MeldKind.PON, "555", 2, 1),
        ("555-z", MeldKind.PON, "555", 2, 3),
        ("550-p", MeldKind.PON, "550", 2, 3),
        ("5555+p", MeldKind.DAIMINKAN, "5555", 3, 1),
        ("5555=p", MeldKind.DAIMINKAN, "5555", 3, 2),
        ("5550-s", MeldKind.DAIMINKAN, "5550", 3, 3),
        ("111=1z", MeldKind.KAKAN, "1111", 2, 2),
        ("111+1z", MeldKind.KAKAN, "1111", 2, 1),
        ("555-0m", MeldKind.KAKAN, "5550", 2, 3),
        ("9999s", MeldKind.ANKAN, "9999", None, None),
        ("5505p", MeldKind.ANKAN, "5505", None, None),
    ],
)
def test_meld_notation(written, kind, digits, called, source):
    h = parse_mpsz(f"{CONC[written[-1]]} {written}")
    (m,) = h.melds
    assert m.kind is kind
    assert "".join("0" if t.red else str(t.number) for t in m.tiles) == digits
    assert {t.suit for t in m.tiles} == {written[-1]}
    assert m.called == called
    assert m.source == source
    # written back exactly as read
    assert format_mpsz(h).split(" ", 1)[1] == written


def test_seat_marks():
    assert MARK_TO_SOURCE == {"+": 1, "=": 2, "-": 3}
    assert SOURCE_TO_MARK == {1: "+", 2: "=", 3: "-"}


# --------------------------------------------------------------------------------------------
# Meld semantics
# --------------------------------------------------------------------------------------------


def meld_of(written: str) -> Meld:
    (m,) = parse_mpsz(f"{CONC[written[-1]]} {written}").melds
    return m


def test_chi_semantics():
    m = meld_of("4-56m")
    assert m.kind is MeldKind.CHI
    assert m.is_open and m.is_sequence and not m.is_kan
    assert m.first == 3
    assert m.tiles[m.called] == T("4m")
    assert m.source == 3  # a chi is always from the previous player


def test_pon_semantics():
    m = meld_of("77=7z")
    assert m.kind is MeldKind.PON
    assert m.is_open and not m.is_sequence and not m.is_kan
    assert m.first == 33
    assert m.source == 2


def test_daiminkan_semantics():
    m = meld_of("5555+p")
    assert m.kind is MeldKind.DAIMINKAN
    assert m.is_open and m.is_kan
    assert len(m.tiles) == 4 and m.called == 3 and m.source == 1


def test_kakan_semantics():
    m = meld_of("111=1z")
    assert m.kind is MeldKind.KAKAN
    assert m.is_open and m.is_kan
    # the first three tiles are the original pon, the called tile among them
    assert m.called == 2 and m.source == 2


def test_ankan_semantics():
    m = meld_of("9999s")
    assert m.kind is MeldKind.ANKAN
    assert not m.is_open and m.is_kan
    assert m.called is None and m.source is None


def test_meld_constructor_matches_notation():
    tiles = parse_tiles("555z")
    assert Meld(MeldKind.PON, tiles, 2, 2) == meld_of("555=z")
    assert Meld(MeldKind.CHI, parse_tiles("345m"), 0, 3) == meld_of("3-45m")
    assert Meld(MeldKind.ANKAN, parse_tiles("9999s")) == meld_of("9999s")


def test_hand_with_only_an_ankan_is_closed():
    h = parse_mpsz("123m456p11222z 9999s")
    assert h.is_closed
    assert h.kan_count == 1


@pytest.mark.parametrize("meld", ["1-23m", "555=z", "5555+p", "111=1z"])
def test_hand_with_a_called_meld_is_open(meld):
    h = parse_mpsz(f"{CONC[meld[-1]]} {meld}")
    assert not h.is_closed


def test_ankan_plus_pon_is_open_and_counts_kans():
    h = parse_mpsz("123m456p2z2z 9999s 777+z")
    assert not h.is_closed
    assert h.kan_count == 1
    h = parse_mpsz("123m2z2z 9999s 777+z 1111=p")
    assert h.kan_count == 2


def test_hand_tiles_counts_every_physical_tile():
    h = parse_mpsz("123m456p2z2z 9999s 777+z")
    tiles = list(h.tiles())
    assert len(tiles) == 15  # 14 + one extra for the kan
    assert tiles.count(T("9s")) == 4


def test_win_discarder_seat():
    assert Win(tsumo=False, discarder=1, seat_wind=0).discarder_seat == 1
    assert Win(tsumo=False, discarder=2, seat_wind=3).discarder_seat == 1
    assert Win(tsumo=False, discarder=3, seat_wind=0).discarder_seat == 3
    assert Win(tsumo=True, seat_wind=2).discarder_seat is None


# --------------------------------------------------------------------------------------------
# MPSZ: format and round trips
# --------------------------------------------------------------------------------------------

CANONICAL_MPSZ = [
    "123m456p789s11222z",
    "234m067p40s11222z5s",
    "0556m456p789s1122z",
    "11123456789995m",
    "19m19p19s12345671z",
    "11223344556677z",
    "456p789s11222z 1-23m",
    "456p789s11222z 3-40m",
    "123m456p789s22z 555=z",
    "123m456p789s22z 55=5z",
    "123m456p789s22z 5=55z",
    "123m456p789s22z 5555+z",
    "123m456p789s22z 111=1z",
    "123m456p789s22z 6666z",
    "123m22z 9999s 777+z 1111=p",
    "22z 1111m 2222p 3333s 4444z",
    "55m 3-40m 4-06p 550=s 777-z",
]


@pytest.mark.parametrize("text", CANONICAL_MPSZ)
def test_mpsz_round_trip_canonical_strings(text):
    assert format_mpsz(parse_mpsz(text)) == text


@pytest.mark.parametrize(
    "written, canonical",
    [
        ("321m654p987s22211z", "123m456p789s12221z"),
        ("1m2m3m4p5p6p7s8s9s1z1z2z2z2z", "123m456p789s11222z"),
        ("555m123p456s789s22z", "555m123p456789s22z"),
        ("456p789s11222z,1-23m", "456p789s11222z 1-23m"),
    ],
)
def test_format_mpsz_is_canonical(written, canonical):
    assert format_mpsz(parse_mpsz(written)) == canonical


def test_format_mpsz_winning_tile_written_last_even_when_out_of_order():
    h = parse_mpsz("123m456p789s11222z", win=T("1m"))
    assert format_mpsz(h) == "23m456p789s11222z1m"
    assert parse_mpsz(format_mpsz(h)).win_tile == T("1m")


def test_format_mpsz_red_five_sorts_before_plain():
    h = parse_mpsz("5505m456p789s1122z")
    assert format_mpsz(h) == "0555m456p789s1122z"


def same_hand(a: Hand, b: Hand) -> bool:
    """Same tiles, same winning tile, same melds, whatever the written order of concealed tiles."""
    return sorted(a.concealed) == sorted(b.concealed) and a.win_tile == b.win_tile and a.melds == b.melds


HANDS = [
    Hand(parse_tiles("123m456p789s1122z"), T("2z")),
    Hand(parse_tiles("234m067p40s11222z"), T("5s")),
    Hand(parse_tiles("456p789s1122z"), T("2z"), [meld_of("1-23m")]),
    Hand(parse_tiles("123m456p1122z"), T("2z"), [Meld(MeldKind.ANKAN, parse_tiles("9999s"))]),
    Hand(parse_tiles("123m456789p2z"), T("2z"), [Meld(MeldKind.KAKAN, parse_tiles("1111z"), 2, 1)]),
    Hand(
        parse_tiles("5m"),
        T("5m"),
        [
            Meld(MeldKind.CHI, parse_tiles("340m"), 0, 3),
            Meld(MeldKind.CHI, parse_tiles("406p"), 1, 3),
            Meld(MeldKind.PON, parse_tiles("550s"), 2, 3),
            Meld(MeldKind.DAIMINKAN, parse_tiles("7777z"), 3, 2),
        ],
    ),
]


@pytest.mark.parametrize("hand", HANDS, ids=lambda h: format_mpsz(h))
def test_mpsz_round_trip_hands(hand):
    assert parse_mpsz(format_mpsz(hand)) == hand


def test_mpsz_round_trip_unsorted_hand_keeps_the_tiles():
    # Hand equality compares the concealed tuple in order, so an unsorted hand comes back
    # sorted: the same tiles, winning tile and melds.
    h = Hand(parse_tiles("321m987s654p2211z"), T("1z"))
    back = parse_mpsz(format_mpsz(h))
    assert same_hand(back, h)


def test_mpsz_round_trip_all_majiang_hands():
    bad = []
    for d in CASES:
        h, _ = parse_majiang(d["shoupai"], d["rongpai"])
        text = format_mpsz(h)
        back = parse_mpsz(text)
        if back != h:
            bad.append((d["shoupai"], d["rongpai"], text))
        # naming the winning tile explicitly gives the same tiles too
        assert same_hand(parse_mpsz(text, win=h.win_tile), h)
    assert len(CASES) == 5000
    assert bad == []


# --------------------------------------------------------------------------------------------
# majiang notation
# --------------------------------------------------------------------------------------------


def test_parse_majiang_tsumo():
    h, discarder = parse_majiang("m345p40677s67s8,m34-0")
    assert discarder is None
    assert h.win_tile == T("8s")
    assert h.concealed == tuple(parse_tiles("345m40677p67s"))
    (m,) = h.melds
    assert m.kind is MeldKind.CHI and m.called == 1 and m.source == 3  # the 4m was called
    assert m.tiles == tuple(parse_tiles("340m"))


@pytest.mark.parametrize("mark, offset", [("+", 1), ("=", 2), ("-", 3)])
def test_parse_majiang_ron(mark, offset):
    h, discarder = parse_majiang("m678p555789s3488", "s2" + mark)
    assert discarder == offset
    assert h.win_tile == T("2s")
    assert len(h.concealed) == 13


def test_parse_majiang_same_hand_as_mpsz():
    h, _ = parse_majiang("m123p456s789z1122z2")
    assert h == parse_mpsz("123m456p789s1122z2z")
    h, _ = parse_majiang("m44999s66778s8,z111=")
    assert h == parse_mpsz("44999m66778s8s 111=z")
    h, _ = parse_majiang("z22,s9999,z111=1,p5555+,m3-45")
    assert h == parse_mpsz("22z 9999s 111=1z 5555+p 3-45m")


def test_parse_majiang_ignores_riichi_star():
    a, _ = parse_majiang("m123p456s789z1122*", "z2=")
    b, _ = parse_majiang("m123p456s789z1122", "z2=")
    assert a == b


def test_format_majiang_tsumo_and_ron():
    h = parse_mpsz("123m456p789s1122z2z")
    assert format_majiang(h) == ("m123p456s789z1122z2", None)  # the drawn tile is written apart
    assert format_majiang(h, 2) == ("m123p456s789z1122", "z2=")
    assert format_majiang(h, 1) == ("m123p456s789z1122", "z2+")
    assert format_majiang(h, 3) == ("m123p456s789z1122", "z2-")


def test_format_majiang_melds_and_red_fives():
    h = parse_mpsz("505m2z2z 9999s 111=1z 3-40p")
    assert format_majiang(h) == ("m055z2z2,s9999,z111=1,p3-40", None)
    assert format_majiang(h, 2) == ("m055z2,s9999,z111=1,p3-40", "z2=")


@pytest.mark.parametrize(
    "shoupai, rongpai",
    [
        ("m123p456s789z1122z2", None),
        ("m123p456s789z1122", "z2="),
        ("m345p40677s67s8,m34-0", None),
        ("m055z2,s9999,z111=1,p3-40", "z2-"),
        ("z2,m1111,p2222,s3333,z4444", "z2+"),
    ],
)
def test_majiang_round_trip_examples(shoupai, rongpai):
    assert format_majiang(*parse_majiang(shoupai, rongpai)) == (shoupai, rongpai)


def test_majiang_round_trip_all_public_lines():
    """Every hand in majiang-core's own test data is written canonically: reading and writing
    gives back the same two strings (no line needs normalising)."""
    not_canonical = []
    for d in CASES:
        s, r = d["shoupai"], d["rongpai"]
        out = format_majiang(*parse_majiang(s, r))
        if out != (s, r):
            not_canonical.append((s, r, out))
    assert len(CASES) == 5000
    assert not_canonical == []


def test_majiang_input_round_trip_all_public_lines():
    differs = []
    for d in CASES:
        hand, win = parse_majiang_input(d)
        obj = majiang_input(hand, win)
        assert parse_majiang_input(obj) == (hand, win)
        # stronger: the object itself comes back as majiang wrote it
        if obj != d:
            differs.append((d, obj))
    assert differs == []


def test_parse_majiang_input_fields():
    d = {
        "shoupai": "m678p555789s3488",
        "rongpai": "s2+",
        "param": {
            "zhuangfeng": 1,
            "menfeng": 2,
            "hupai": {"lizhi": 2, "yifa": True},
            "baopai": ["m4", "p0"],
            "fubaopai": ["m1", "z7"],
            "jicun": {"changbang": 3, "lizhibang": 2},
        },
    }
    hand, win = parse_majiang_input(d)
    assert hand == parse_mpsz("678m555789p3488s2s")
    assert win == Win(
        tsumo=False,
        discarder=1,
        round_wind=1,
        seat_wind=2,
        riichi=2,
        ippatsu=True,
        dora=(T("4m"), T("0p")),
        ura=(T("1m"), T("7z")),
        honba=3,
        riichi_sticks=2,
    )


class _Obj(dict):
    """A JSON object that is not a plain dict: the parser reads it by its general path."""


def test_majiang_input_complete_and_general_paths_agree():
    # majiang's complete objects are read without checking each key; any other object (here the
    # same keys in dict subclasses) by the general path. Both must read every public line alike.
    for d in CASES:
        p = d["param"]
        general = {**d, "param": _Obj(p, hupai=_Obj(p["hupai"]), jicun=_Obj(p["jicun"]))}
        assert parse_majiang_input(general) == parse_majiang_input(d)


COMPLETE = {
    "shoupai": "m678p555789s3488", "rongpai": "s2+",
    "param": {"zhuangfeng": 1, "menfeng": 2, "hupai": {"lizhi": 1}, "baopai": ["m4"], "fubaopai": ["m1"],
              "jicun": {"changbang": 3, "lizhibang": 2}},
}


def _with(where: str, key: str, value=None, drop: bool = False) -> dict:
    d = {**COMPLETE, "param": {**COMPLETE["param"], "hupai": {"lizhi": 1}, "jicun": {"changbang": 3, "lizhibang": 2}}}
    target = {"in": d, "param": d["param"], "hupai": d["param"]["hupai"], "jicun": d["param"]["jicun"]}[where]
    if drop:
        del target[key]
    else:
        target[key] = value
    return d


@pytest.mark.parametrize("where, name", [("in", ""), ("param", "param: "), ("hupai", "param.hupai: "),
                                         ("jicun", "param.jicun: ")])
def test_majiang_input_complete_object_with_one_key_more(where, name):
    # The same size as a complete object would have, had a known key been swapped for this one.
    with pytest.raises(NotationError, match=f"{re.escape(name)}unknown key 'extra'"):
        parse_majiang_input(_with(where, "extra", 1))


@pytest.mark.parametrize("where, key, field, default", [
    ("in", "rongpai", "tsumo", True), ("param", "zhuangfeng", "round_wind", 0), ("param", "menfeng", "seat_wind", 0),
    ("param", "baopai", "dora", ()), ("jicun", "changbang", "honba", 0), ("jicun", "lizhibang", "riichi_sticks", 0),
])
def test_majiang_input_complete_object_less_one_key(where, key, field, default):
    d = _with(where, key, drop=True)
    if key == "rongpai":
        d["shoupai"] += "s2"  # the same hand, won by tsumo
    if key == "baopai":
        d["param"]["fubaopai"] = []  # no ura indicators without dora indicators
    _, win = parse_majiang_input(d)
    assert getattr(win, field) == default


def test_parse_majiang_input_minimal_object_defaults():
    # param is required (majiang-core always writes it); what it leaves out takes majiang's defaults
    hand, win = parse_majiang_input({"shoupai": "m123p456s789z11222", "param": {}})
    assert hand == parse_mpsz("123m456p789s11222z")
    assert win == Win()
    hand, win = parse_majiang_input({"shoupai": "m123p456s789z11222", "rongpai": None, "param": {"hupai": None}})
    assert win == Win()


@pytest.mark.parametrize(
    "hupai, expect",
    [
        ({"haidi": 1}, dict(haitei=True)),
        ({"lingshang": True}, dict(rinshan=True)),
        ({"tianhu": 1}, dict(tenhou=True)),
        ({"lizhi": 1, "yifa": True}, dict(riichi=1, ippatsu=True)),
    ],
)
def test_parse_majiang_input_tsumo_flags(hupai, expect):
    shoupai = "m123p456s789z11222" if "lingshang" not in hupai else "m123p456z11222,s9999"
    menfeng = 0 if "tianhu" in hupai else 1
    _, win = parse_majiang_input({"shoupai": shoupai, "param": {"menfeng": menfeng, "hupai": hupai}})
    assert win == Win(seat_wind=menfeng, **expect)


@pytest.mark.parametrize(
    "hupai, expect",
    [({"haidi": 2}, dict(houtei=True)), ({"qianggang": True}, dict(chankan=True))],
)
def test_parse_majiang_input_ron_flags(hupai, expect):
    d = {"shoupai": "m123p456s789z1122", "rongpai": "z2-", "param": {"menfeng": 1, "hupai": hupai}}
    _, win = parse_majiang_input(d)
    assert win == Win(tsumo=False, discarder=3, seat_wind=1, **expect)


def test_parse_majiang_input_chiihou():
    _, win = parse_majiang_input({"shoupai": "m123p456s789z11222", "param": {"menfeng": 3, "hupai": {"tianhu": 2}}})
    assert win.chiihou and not win.tenhou


WINS = [
    (parse_mpsz("123m456p789s11222z"), Win()),
    (parse_mpsz("123m456p789s11222z"), Win(tsumo=False, discarder=2, seat_wind=3, round_wind=1)),
    (parse_mpsz("123m456p789s11222z"), Win(riichi=2, ippatsu=True, haitei=True, dora=[T("1m")], ura=[T("0p")])),
    (parse_mpsz("123m456p789s11222z"), Win(tsumo=False, discarder=1, riichi=1, houtei=True, seat_wind=1)),
    (parse_mpsz("123m456p789s1122z3z"), Win(tsumo=False, discarder=3, chankan=True)),
    (parse_mpsz("123m456p11222z 9999s"), Win(rinshan=True, riichi=1, dora=[T("1z"), T("2z")])),
    (parse_mpsz("123m456p789s11222z"), Win(tenhou=True)),
    (parse_mpsz("123m456p789s11222z"), Win(chiihou=True, seat_wind=2)),
    (parse_mpsz("123m456p789s11222z"), Win(honba=5, riichi_sticks=3)),
]


@pytest.mark.parametrize("hand, win", WINS)
def test_majiang_input_inverse(hand, win):
    obj = majiang_input(hand, win)
    assert json.loads(json.dumps(obj)) == obj  # plain JSON
    back_hand, back_win = parse_majiang_input(obj)
    assert back_win == win
    assert same_hand(back_hand, hand)


def test_majiang_input_is_exported_from_notation():
    import mjrules.notation as n

    assert "majiang_input" in n.__all__
    assert n.majiang_input is majiang_input
