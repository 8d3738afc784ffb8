"""Bad input: every error is an MjrulesError subclass whose message names the bad part.

Where the library currently accepts clearly invalid input, or fails with a non-mjrules
exception, the test states the behaviour it should have (and fails until the library does).
"""

from __future__ import annotations

import re

import pytest

from mjrules import (
    Hand,
    HandError,
    Meld,
    MeldKind,
    MjrulesError,
    NotationError,
    PluginError,
    RulesetError,
    Scorer,
    SituationError,
    Win,
)
from mjrules.notation import parse_majiang, parse_majiang_input, parse_mpsz, parse_tiles
from mjrules.model.win import check_against_hand


def T(text: str):
    (t,) = parse_tiles(text)
    return t


def esc(text: str) -> str:
    return re.escape(text)


@pytest.fixture(scope="module")
def scorer():
    return Scorer("majiang")


CLOSED = "123m456p789s11222z"
"""A closed 14-tile winning hand (tsumo on 2z)."""


# --------------------------------------------------------------------------------------------
# The error classes
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", [NotationError, HandError, SituationError, RulesetError, PluginError])
def test_errors_are_mjrules_errors(cls):
    assert issubclass(cls, MjrulesError)
    assert issubclass(MjrulesError, Exception)


def test_error_classes_are_distinct():
    assert not issubclass(NotationError, HandError)
    assert not issubclass(HandError, NotationError)
    assert not issubclass(SituationError, HandError)


# --------------------------------------------------------------------------------------------
# A fifth copy of a tile
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, name, count",
    [
        ("11111m456p789s222z", "1m", 5),  # five in the concealed part
        ("1111m456p789s222z1m", "1m", 5),  # the winning tile is the fifth
        ("0555m456p789s222z5m", "5m", 5),  # a red five is still a five
        ("11m456p789s222z 11=1m", "1m", 5),  # counting a pon
        ("1m456p789s2222z 1111m", "1m", 5),  # counting an ankan
        ("11m456p789s222z 111=1m", "1m", 6),  # counting a kakan
        ("1m2223z 1111m 11=1m 777+z", "1m", 8),  # two melds of the same tile
    ],
)
def test_fifth_copy_in_hand(text, name, count):
    with pytest.raises(HandError, match=rf"tile {name} appears {count} times"):
        parse_mpsz(text)


def test_fifth_copy_in_majiang_notation():
    with pytest.raises(HandError, match=r"tile 1m appears 5 times"):
        parse_majiang("m11111p456s789z22", "z2=")
    with pytest.raises(HandError, match=r"tile 7z appears 5 times"):
        parse_majiang("m123p456s789z7z7,z777=")


def test_fifth_copy_through_hand_constructor():
    with pytest.raises(HandError, match=r"tile 9s appears 5 times"):
        Hand(parse_tiles("9999s123m456p111z"), T("9s"))


FOUR_1M = "1111m456p789s222z3z"
"""All four 1m in the hand."""


@pytest.mark.parametrize(
    "win",
    [
        Win(dora=[T("1m")]),
        Win(dora=[T("9p"), T("1m")]),
        Win(riichi=1, dora=[T("9p")], ura=[T("1m")]),
    ],
)
def test_fifth_copy_with_dora_indicators(win):
    hand = parse_mpsz(FOUR_1M)
    with pytest.raises(SituationError, match=r"indicator 1m.*fifth copy"):
        check_against_hand(hand, win)


def test_fifth_copy_from_indicators_alone():
    hand = parse_mpsz("111m456p789s2223z3z")
    check_against_hand(hand, Win(dora=[T("1m")]))  # the fourth copy is fine
    with pytest.raises(SituationError, match=r"indicator 1m.*fifth copy"):
        check_against_hand(hand, Win(riichi=1, dora=[T("1m")], ura=[T("1m")]))


def test_fifth_copy_with_red_indicator():
    hand = parse_mpsz("5555m456p789s222z3z")
    with pytest.raises(SituationError, match=r"indicator 0m.*fifth copy"):
        check_against_hand(hand, Win(dora=[T("0m")]))


# --------------------------------------------------------------------------------------------
# Wrong tile count
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, total",
    [
        ("123m456p789s1122z", 13),
        ("123m456p789s112223z", 15),
        ("123m456p789s1z 1-23m", 13),
        ("123m456p789s222z 5-67m", 15),
        ("1z", 1),
        ("1z 1111m 2222p 3333s 4444z", 13),
    ],
)
def test_wrong_tile_count(text, total):
    with pytest.raises(HandError, match=rf"wrong tile count: {total} tiles? \("):
        parse_mpsz(text)


def test_wrong_tile_count_message_counts_the_tiles_as_written():
    # 13 tiles written are "13 tiles", as shanten counts them, not 12 plus a winning tile.
    with pytest.raises(HandError, match=r"^wrong tile count: 13 tiles \(13 concealed with the winning tile\); "
                                        r"a winning hand has 14$"):
        parse_mpsz("123m456p789s1122z")
    with pytest.raises(HandError, match=r"^wrong tile count: 15 tiles \(15 concealed"):
        parse_mpsz("123m456p789s112223z")
    with pytest.raises(HandError, match=r"^wrong tile count: 17 tiles \(14 concealed with the winning tile, "
                                        r"1 meld counted as 3 each\)"):
        parse_mpsz("123m456p789s11222z 1111m")


@pytest.mark.parametrize(
    "shoupai, rongpai, total",
    [
        ("m123p456s789z1122", None, 13),  # a tsumo with 13 tiles
        ("m123p456s789z11222", "z2+", 15),  # a ron with 14 in hand
        ("m123p456s789z112", "z2+", 13),
    ],
)
def test_wrong_tile_count_majiang(shoupai, rongpai, total):
    with pytest.raises(HandError, match=rf"wrong tile count: {total} tiles \("):
        parse_majiang(shoupai, rongpai)


def test_five_melds():
    with pytest.raises(HandError, match=r"5 melds"):
        parse_mpsz("1z 1111m 2222p 3333s 4444z 555=z")


# --------------------------------------------------------------------------------------------
# Winning tile not in the hand
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("win", ["9m", "3z", "0m", "5p"])
def test_named_winning_tile_not_in_hand(win):
    text = "123m406p789s11222z"
    with pytest.raises(NotationError, match=rf"winning tile {win} is not among the concealed tiles of '123m406p789s11222z'"):
        parse_mpsz(text, win=T(win))


def test_named_winning_tile_only_in_a_meld():
    with pytest.raises(NotationError, match=r"winning tile 5z is not among"):
        parse_mpsz("123m456p789s22z 555=z", win=T("5z"))


def test_no_concealed_tiles():
    with pytest.raises(NotationError, match=r"no concealed tiles"):
        parse_majiang(",m1111,p2222,s3333,z4444")


# --------------------------------------------------------------------------------------------
# Impossible melds
# --------------------------------------------------------------------------------------------

M_CONC = "456p789s11222z"
"""Eleven concealed tiles to go with one manzu meld."""


@pytest.mark.parametrize(
    "meld, pattern",
    [
        ("1-35m", r"chi 135m .*three consecutive tiles of one suit.*'1-35m'"),
        ("8-91m", r"chi 891m .*three consecutive tiles of one suit"),
        ("1-24m", r"chi 124m .*consecutive"),
        ("1=23m", r"chi 123m from opposite player.*only be called from the previous player.*'1=23m'"),
        ("1+23m", r"chi 123m from next player.*only be called from the previous player"),
        ("5556+m", r"daiminkan 5556m.*4 identical tiles.*'5556\+m'"),
        ("111=2m", r"kakan 1112m.*4 identical tiles"),
        ("1119m", r"ankan 1119m.*4 identical tiles"),
        ("55=6m", r"'55=6m'"),  # read as a chi attempt; the message still shows what was written
    ],
)
def test_impossible_meld_mpsz(meld, pattern):
    with pytest.raises(HandError, match=pattern):
        parse_mpsz(f"{M_CONC} {meld}")


def test_a_meld_of_red_fives_is_the_ruleset_s_to_allow():
    # majiang-core's 赤牌 puts 0-4 red fives of each suit in the set (lib/shan.js), and its games
    # pon two of them ("m005=" with 赤牌 {"m": 2}); a ruleset whose set has fewer refuses the hand
    hand = parse_mpsz("456p789s11555z 00=5m")
    assert sum(t.red for m in hand.melds for t in m.tiles) == 2
    with pytest.raises(SituationError, match=r"red 0m: the hand holds 2 red fives of m, this ruleset's set has 1"):
        Scorer("majiang").score(hand, Win())
    two = Scorer(Scorer("majiang").ruleset.with_flags(red_fives_m=2)).score(hand, Win())
    assert [(y.id, y.han) for y in two.yaku] == [("haku", 1), ("aka", 2)]
    with pytest.raises(SituationError, match=r"holds 3 red fives of p, this ruleset's set has 2"):
        Scorer(Scorer("majiang").ruleset.with_flags(red_fives_p=2)).score(parse_mpsz("456m789s11555z 000=5p"), Win())


def test_chi_of_honours():
    with pytest.raises(HandError, match=r"chi 123z .*three consecutive tiles of one suit.*'1-23z'"):
        parse_mpsz("123m456p789s99p 1-23z")
    with pytest.raises(HandError, match=r"chi 567z .*consecutive"):
        parse_majiang("m123p456s789p99,z5-67")


@pytest.mark.parametrize(
    "meld, pattern",
    [
        ("m1-35", r"'m1-35'"),
        ("m1=23", r"only be called from the previous player.*'m1=23'"),
        ("m5556+", r"4 identical tiles"),
    ],
)
def test_impossible_meld_majiang(meld, pattern):
    with pytest.raises(HandError, match=pattern):
        parse_majiang(f"p456s789z11222,{meld}")


@pytest.mark.parametrize(
    "meld, pattern",
    [
        ("555z", r"meld '555z': a chi or pon needs a seat mark"),
        ("123m", r"meld '123m': a chi or pon needs a seat mark"),
        ("5+5=5m", r"meld '5\+5=5m': a seat mark .* once"),
        ("+555m", r"meld '\+555m': a seat mark .* must follow the called tile"),
        ("55555+m", r"meld '55555\+m': a meld has 3 tiles .* or 4 .*not 5"),
        ("5+5m", r"meld '5\+5m': a meld has 3 tiles .* not 2"),
        ("55555m", r"meld '55555m'.*not 5"),
        ("5+55", r"meld '5\+55': expected digits with a seat mark, then the suit"),
        ("5+55x", r"meld '5\+55x'"),
        ("m", r"meld 'm'"),
        ("88=8z", r"meld '88=8z': 8z is not an honour tile"),
        ("5+5xm", r"meld '5\+5xm'"),
    ],
)
def test_bad_meld_notation_mpsz(meld, pattern):
    with pytest.raises(NotationError, match=pattern):
        parse_mpsz(f"{M_CONC} {meld}")


@pytest.mark.parametrize(
    "meld, pattern",
    [
        ("z555", r"meld 'z555': a chi or pon needs a seat mark"),
        ("555=", r"meld '555=': expected a suit letter then digits"),
        ("x555=", r"meld 'x555='"),
        ("m", r"meld 'm'"),
        ("z8=88", r"meld 'z8=88': 8z is not an honour tile"),
        ("m1-2-3", r"meld 'm1-2-3': a seat mark"),
    ],
)
def test_bad_meld_notation_majiang(meld, pattern):
    with pytest.raises(NotationError, match=pattern):
        parse_majiang(f"p456s789z11222,{meld}")


@pytest.mark.parametrize(
    "args, pattern",
    [
        ((MeldKind.PON, "556m", 2, 2), r"pon 556m.*a pon needs 3 identical tiles"),
        ((MeldKind.PON, "123z", 2, 2), r"pon 123z.*a pon needs 3 identical tiles"),
        ((MeldKind.CHI, "135m", 0, 3), r"chi 135m.*consecutive"),
        ((MeldKind.CHI, "567z", 0, 3), r"chi 567z.*consecutive"),
        ((MeldKind.CHI, "345m", 0, 2), r"chi 345m from opposite player.*previous player"),
        ((MeldKind.DAIMINKAN, "555z", 2, 2), r"daiminkan 555z.*a daiminkan has 4 tiles, not 3"),
        ((MeldKind.KAKAN, "555z", 2, 2), r"kakan 555z.*a kakan has 4 tiles, not 3"),
        ((MeldKind.ANKAN, "555z", None, None), r"ankan 555z.*an ankan has 4 tiles, not 3|ankan has 4 tiles, not 3"),
        ((MeldKind.PON, "5555z", 2, 2), r"a pon has 3 tiles, not 4"),
        ((MeldKind.PON, "555m", 2, None), r"pon 555m: a called meld needs the seat it came from"),
        ((MeldKind.PON, "555m", 2, 0), r"pon 555m: a called meld needs the seat it came from"),
        ((MeldKind.PON, "555m", 2, 4), r"pon 555m: a called meld needs the seat it came from"),
        ((MeldKind.PON, "555m", 3, 2), r"pon 555m.*the called tile must be one of the first 3 tiles"),
        ((MeldKind.PON, "555m", None, 2), r"pon 555m.*the called tile must be one of the first 3 tiles"),
        ((MeldKind.KAKAN, "5555m", 3, 2), r"kakan 5555m.*the called tile must be one of the first 3 tiles"),
        ((MeldKind.ANKAN, "5555m", None, 1), r"ankan 5555m.*a closed kan has no called tile and no source"),
        ((MeldKind.ANKAN, "5555m", 0, None), r"a closed kan has no called tile and no source"),
    ],
)
def test_meld_constructor_rejects(args, pattern):
    kind, tiles, called, source = args
    with pytest.raises(HandError, match=pattern):
        Meld(kind, parse_tiles(tiles), called, source)


def test_chi_across_suits_is_rejected():
    with pytest.raises(HandError, match=r"chi 891.*consecutive tiles of one suit"):
        Meld(MeldKind.CHI, [T("8m"), T("9m"), T("1p")], 0, 3)
    with pytest.raises(HandError, match=r"consecutive tiles of one suit"):
        Meld(MeldKind.CHI, [T("9m"), T("1p"), T("2p")], 0, 3)


# --------------------------------------------------------------------------------------------
# Bad characters, unknown suits, 8z, digits without suit, too long
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("123m456p789s1122zx", r"unexpected 'x' at position 18"),
        ("123m456q789s11222z", r"unexpected 'q' at position 8"),
        ("123M456p789s11222z", r"unexpected 'M' at position 4"),
        ("123m456p789s1122z2z!", r"unexpected '!'"),
        ("123m456p789s1122z8z", r"8z is not an honour tile"),
        ("123m456p789s1122z0z", r"0z is not an honour tile"),
        ("123m456p789s11222", r"digits '11222' at the end have no suit letter"),
        ("123m456p789s11222z3", r"digits '3' at the end have no suit letter"),
        ("m123p456s789z11222", r"suit letter 'm' at position 1 has no digits before it"),
        ("123mm456p789s11222z", r"suit letter 'm' at position 5 has no digits before it"),
    ],
)
def test_bad_characters_mpsz(text, pattern):
    with pytest.raises(NotationError, match=pattern):
        parse_mpsz(text)


def test_bad_character_message_quotes_the_input():
    with pytest.raises(NotationError, match=esc("'123m456p789s1122zx'")):
        parse_mpsz("123m456p789s1122zx")


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("1m2x", r"unexpected 'x' at position 4"),
        ("8z", r"8z is not an honour tile"),
        ("12", r"digits '12' at the end have no suit letter"),
        ("z", r"suit letter 'z' at position 1 has no digits"),
    ],
)
def test_bad_characters_parse_tiles(text, pattern):
    with pytest.raises(NotationError, match=pattern):
        parse_tiles(text)


@pytest.mark.parametrize(
    "shoupai, pattern",
    [
        ("m123p456s789z1122x2", r"concealed part 'm123p456s789z1122x2': unexpected 'x' at position 18"),
        ("m123p456s789z1122q2", r"unexpected 'q'"),
        ("123m456p789s11222z", r"concealed part '123m456p789s11222z': digit at position 1 before any suit letter"),
        ("m123p456s789z11228", r"8z is not an honour tile"),
        ("m123p456s789z11220", r"0z is not an honour tile"),
    ],
)
def test_bad_characters_majiang(shoupai, pattern):
    with pytest.raises(NotationError, match=pattern):
        parse_majiang(shoupai)


@pytest.mark.parametrize(
    "rongpai, pattern",
    [
        ("z8+", r"8z is not an honour tile"),
        ("x5+", r"unknown suit 'x'"),
        ("2z+", r"unknown suit '2'"),
        ("z2", r"rongpai 'z2': expected a tile and the discarder's mark"),
        ("z2*", r"rongpai 'z2\*': expected a tile and the discarder's mark"),
        ("z2+=", r"rongpai 'z2\+=': expected a tile and the discarder's mark"),
        ("", r"rongpai '': expected a tile"),
    ],
)
def test_bad_rongpai(rongpai, pattern):
    with pytest.raises(NotationError, match=pattern):
        parse_majiang("m123p456s789z1122", rongpai)


def test_too_long_input():
    with pytest.raises(NotationError, match=r"hand is 202 characters long.*limit 200"):
        parse_mpsz("1m" * 101)
    with pytest.raises(NotationError, match=r"tiles is 201 characters long.*limit 200"):
        parse_tiles("1" * 200 + "m")
    with pytest.raises(NotationError, match=r"shoupai is 251 characters long.*limit 200"):
        parse_majiang("m" + "1" * 250)
    with pytest.raises(NotationError, match=r"rongpai is 201 characters long"):
        parse_majiang("m123p456s789z1122", "z" * 201)


def test_huge_input_is_rejected_quickly():
    with pytest.raises(NotationError, match=r"limit 200"):
        parse_mpsz("1" * 10_000_000 + "m")


@pytest.mark.parametrize("text", ["", "   ", " , ,"])
def test_empty_hand(text):
    with pytest.raises(NotationError, match=r"empty hand"):
        parse_mpsz(text)


def test_empty_shoupai():
    with pytest.raises(NotationError, match=r"shoupai '': no concealed tiles"):
        parse_majiang("")


@pytest.mark.parametrize("value, name", [(None, "NoneType"), (b"123m", "bytes"), (123, "int"), (["1m"], "list")])
def test_hand_must_be_a_string(value, name):
    with pytest.raises(NotationError, match=rf"hand must be a string, not {name}"):
        parse_mpsz(value)
    with pytest.raises(NotationError, match=rf"shoupai must be a string, not {name}"):
        parse_majiang(value)


def test_rongpai_must_be_a_string():
    with pytest.raises(NotationError, match=r"rongpai must be a string, not int"):
        parse_majiang("m123p456s789z1122", 5)


# Only the ASCII digits 0-9 are tile digits. str.isdigit() also accepts other Unicode digits,
# which the library currently reads as tiles, drops silently, or crashes on (ValueError,
# AttributeError). These tests state the intended behaviour: a NotationError naming the character.

UNICODE_DIGITS = ["\uff11", "\u0663", "\u00b2", "\u2460"]  # fullwidth 1, Arabic-Indic 3, superscript 2, circled 1


@pytest.mark.parametrize("ch", UNICODE_DIGITS, ids=["fullwidth", "arabic", "superscript", "circled"])
def test_non_ascii_digit_mpsz(ch):
    text = f"12{ch}m456p789s11222z"
    with pytest.raises(NotationError, match=esc(repr(ch))):
        parse_mpsz(text)


@pytest.mark.parametrize("ch", UNICODE_DIGITS, ids=["fullwidth", "arabic", "superscript", "circled"])
def test_non_ascii_digit_parse_tiles(ch):
    with pytest.raises(NotationError, match=esc(repr(ch))):
        parse_tiles(f"1{ch}m")


@pytest.mark.parametrize("ch", UNICODE_DIGITS, ids=["fullwidth", "arabic", "superscript", "circled"])
def test_non_ascii_digit_majiang_concealed(ch):
    # 13 ASCII tiles plus the odd character: must not be read as a fourteen-tile hand
    with pytest.raises(NotationError, match=esc(repr(ch))):
        parse_majiang(f"m123p456s789z1122{ch}2")


@pytest.mark.parametrize("ch", UNICODE_DIGITS, ids=["fullwidth", "arabic", "superscript", "circled"])
def test_non_ascii_digit_meld(ch):
    with pytest.raises(NotationError, match=esc(repr(ch))):
        parse_mpsz(f"{M_CONC} {ch}-45m")
    with pytest.raises(NotationError, match=esc(repr(ch))):
        parse_majiang(f"p456s789z11222,m{ch}-45")


@pytest.mark.parametrize("ch", UNICODE_DIGITS, ids=["fullwidth", "arabic", "superscript", "circled"])
def test_non_ascii_digit_rongpai(ch):
    with pytest.raises(NotationError, match=esc(repr(ch)) + "|rongpai"):
        parse_majiang("m123p456s789z1122", f"z{ch}+")


# --------------------------------------------------------------------------------------------
# Contradictory win situations (Win itself)
# --------------------------------------------------------------------------------------------

RON = dict(tsumo=False, discarder=2)


@pytest.mark.parametrize(
    "kwargs, pattern",
    [
        (dict(ippatsu=True), r"ippatsu without riichi"),
        (dict(ura=[T("1m")]), r"ura-dora indicators given without riichi"),
        (dict(ura=[T("1m")], dora=[T("2m")]), r"ura-dora indicators given without riichi"),
        (dict(haitei=True, **RON), r"haitei .* this win is a ron"),
        (dict(houtei=True), r"houtei .* this win is a tsumo"),
        (dict(rinshan=True, **RON), r"rinshan kaihou .* this win is a ron"),
        (dict(chankan=True), r"chankan .* this win is a tsumo"),
        (dict(haitei=True, rinshan=True), r"haitei together with rinshan"),
        (dict(chankan=True, houtei=True, **RON), r"chankan together with houtei"),
        (dict(tenhou=True, seat_wind=1), r"tenhou is the dealer's win; the seat is not East"),
        (dict(tenhou=True, seat_wind=3), r"tenhou is the dealer's win"),
        (dict(chiihou=True, seat_wind=0), r"chiihou is a non-dealer's win; the seat is East"),
        (dict(chiihou=True), r"chiihou is a non-dealer's win"),
        (dict(tenhou=True, riichi=1), r"tenhou is won on the first draw: no riichi"),
        (dict(tenhou=True, riichi=2), r"tenhou is won on the first draw"),
        (dict(chiihou=True, seat_wind=2, riichi=1), r"chiihou is won on the first draw"),
        (dict(tenhou=True, haitei=True), r"tenhou is won on the first draw"),
        (dict(chiihou=True, seat_wind=1, rinshan=True), r"chiihou is won on the first draw"),
        (dict(tenhou=True, chiihou=True), r"tenhou and chiihou together"),
        (dict(tenhou=True, **RON), r"tenhou is won by tsumo"),
        (dict(chiihou=True, seat_wind=1, **RON), r"chiihou is won by tsumo"),
        (dict(tsumo=False), r"a ron needs the discarder"),
        (dict(tsumo=False, discarder=None), r"a ron needs the discarder"),
        (dict(tsumo=False, discarder=0), r"a ron needs the discarder: 1 next player, 2 opposite, 3 previous"),
        (dict(tsumo=False, discarder=4), r"a ron needs the discarder"),
        (dict(tsumo=True, discarder=2), r"a tsumo has no discarder"),
        (dict(discarder=1), r"a tsumo has no discarder"),
        (dict(riichi=3), r"riichi must be 0 \(none\), 1 \(riichi\) or 2 \(double riichi\), not 3"),
        (dict(riichi=-1), r"riichi must be .* not -1"),
        (dict(riichi="1"), r"riichi must be .* not '1'"),
        (dict(honba=-1), r"honba must be a whole number from 0 to 999, not -1"),
        (dict(honba=1.5), r"honba must be a whole number from 0 to 999, not 1.5"),
        (dict(honba=True), r"honba must be a whole number"),
        (dict(riichi_sticks=-2), r"riichi_sticks must be a whole number from 0 to 999, not -2"),
        (dict(seat_wind=4), r"seat_wind must be 0 \(East\) … 3 \(North\), not 4"),
        (dict(round_wind=-1), r"round_wind must be 0 \(East\) … 3 \(North\), not -1"),
        (dict(round_wind="E"), r"round_wind must be .* not 'E'"),
        (dict(dora=[T("1m")] * 6), r"dora: at most 5 indicators .* got 6"),
        (dict(riichi=1, ura=[T("1m")] * 6), r"ura: at most 5 indicators"),
        (dict(dora=["1m"]), r"dora: '1m' is not a tile"),
        (dict(dora="1m"), r"indicators must be a list of tiles, not '1m'"),
        (dict(riichi=1, ura=[None]), r"ura: None is not a tile"),
    ],
)
def test_contradictory_win(kwargs, pattern):
    with pytest.raises(SituationError, match=pattern):
        Win(**kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(),
        dict(riichi=1, ippatsu=True),
        dict(riichi=2, ura=[T("1m")], dora=[T("2m")]),
        dict(haitei=True, riichi=1),
        dict(houtei=True, **RON),
        dict(rinshan=True),
        dict(chankan=True, **RON),
        dict(tenhou=True),
        dict(chiihou=True, seat_wind=3),
        dict(tsumo=False, discarder=3),
        dict(honba=0, riichi_sticks=0),
        dict(dora=[T("1m")] * 5),
    ],
)
def test_consistent_win_is_accepted(kwargs):
    Win(**kwargs)


@pytest.mark.parametrize("value", [5, object()])
def test_indicators_not_a_sequence(value):
    # Currently a TypeError from the tuple converter; should be a SituationError naming the field.
    with pytest.raises(SituationError, match=r"dora"):
        Win(dora=value)


# --------------------------------------------------------------------------------------------
# Situations that contradict the hand (check_against_hand, and Scorer.score)
# --------------------------------------------------------------------------------------------

OPEN_PON = "123m456p789s22z 555=z"
OPEN_CHI = "456p789s11222z 1-23m"
OPEN_KAKAN = "123m456p789s22z 555=5z"
OPEN_DAIMINKAN = "123m456p789s22z 5555+z"
ANKAN_ONLY = "123m456p789s22z 5555z"

AGAINST_HAND = [
    (OPEN_PON, Win(riichi=1), r"riichi on an open hand"),
    (OPEN_CHI, Win(riichi=2, **RON), r"riichi on an open hand"),
    (OPEN_KAKAN, Win(riichi=1), r"riichi on an open hand"),
    (OPEN_DAIMINKAN, Win(riichi=1, ippatsu=True), r"riichi on an open hand"),
    (CLOSED, Win(rinshan=True), r"rinshan kaihou without a kan \(or a kita\) in the hand"),
    (OPEN_PON, Win(rinshan=True), r"rinshan kaihou without a kan"),
    (ANKAN_ONLY, Win(tenhou=True), r"tenhou with melds"),
    (ANKAN_ONLY, Win(chiihou=True, seat_wind=1), r"chiihou with melds"),
    (OPEN_PON, Win(tenhou=True), r"tenhou with melds"),
    (CLOSED, Win(riichi=1, dora=[T("1m")], ura=[T("2m"), T("3m")]), r"2 ura-dora indicators but only 1 dora indicators"),
    (CLOSED, Win(riichi=1, ura=[T("2m")]), r"1 ura-dora indicators but only 0 dora"),
    ("123m456p789s1122z1z", Win(chankan=True, **RON), r"chankan on 1z: the winner holds another copy"),
    ("456p789s1122z3m 1-23m", Win(chankan=True, **RON), r"chankan on 3m: the winner holds another copy"),
    ("123m456p789s2z5z 555=z", Win(chankan=True, **RON), r"chankan on 5z: the winner holds another copy"),
    ("345m456p789s1122z5m", Win(chankan=True, **RON), r"chankan on 5m: the winner holds another copy"),
    ("340m456p789s1122z5m", Win(chankan=True, **RON), r"chankan on 5m: the winner holds another copy"),
    (FOUR_1M, Win(dora=[T("1m")]), r"indicator 1m: with the hand that is a fifth copy"),
]


@pytest.mark.parametrize("text, win, pattern", AGAINST_HAND)
def test_check_against_hand(text, win, pattern):
    hand = parse_mpsz(text)
    with pytest.raises(SituationError, match=pattern):
        check_against_hand(hand, win)


@pytest.mark.parametrize("text, win, pattern", AGAINST_HAND)
def test_scorer_checks_against_hand(scorer, text, win, pattern):
    hand = parse_mpsz(text)
    with pytest.raises(SituationError, match=pattern):
        scorer.score(hand, win)


@pytest.mark.parametrize(
    "text, win",
    [
        (ANKAN_ONLY, Win(riichi=1)),  # a closed kan keeps the hand closed
        (ANKAN_ONLY, Win(rinshan=True, riichi=1)),
        (OPEN_KAKAN, Win(rinshan=True)),
        (OPEN_DAIMINKAN, Win(rinshan=True)),
        (CLOSED, Win(tenhou=True)),
        (CLOSED, Win(riichi=1, dora=[T("1m"), T("2m")], ura=[T("3m")])),
        ("123m456p789s1122z3z", Win(chankan=True, **RON)),
        ("34m456p789s11222z5m", Win(chankan=True, **RON)),
    ],
)
def test_consistent_with_hand(scorer, text, win):
    hand = parse_mpsz(text)
    check_against_hand(hand, win)
    scorer.score(hand, win)


def test_chankan_tile_as_indicator_is_accepted():
    # The scorer sees only the winner's tiles and the indicators, not the robbed kan, so it checks
    # copies among those alone. majiang-core's rule-variant data holds such a hand (a robbed 8s with
    # an 8s indicator), and it must stay scoreable.
    hand = parse_mpsz("123m456p789s1122z3z")
    check_against_hand(hand, Win(chankan=True, **RON, dora=[T("3z")]))


# --------------------------------------------------------------------------------------------
# Through the majiang input object
# --------------------------------------------------------------------------------------------

GOOD = {"shoupai": "m123p456s789z11222", "rongpai": None, "param": {}}


def with_param(**param):
    return {"shoupai": GOOD["shoupai"], "rongpai": None, "param": param}


@pytest.mark.parametrize(
    "data, pattern",
    [
        ("m123p456s789z11222", r"expected a JSON object with shoupai, rongpai and param, got str"),
        (["m123"], r"got list"),
        (None, r"got NoneType"),
        ({"shoupai": GOOD["shoupai"], "extra": 1}, r"unknown key 'extra' \(expected shoupai, rongpai, param\)"),
        ({"shoupai": GOOD["shoupai"], "Shoupai": 1}, r"unknown key 'Shoupai'"),
        ({"rongpai": None, "param": {}}, r"missing key 'shoupai'"),
        ({}, r"missing key 'shoupai'"),
        ({"shoupai": None}, r"shoupai must be a string, not NoneType"),
        ({"shoupai": 123}, r"shoupai must be a string, not int"),
        ({"shoupai": "m123p456s789z1122", "rongpai": "z2"}, r"rongpai 'z2': expected a tile and the discarder's mark"),
        ({"shoupai": "m123p456s789z1122", "rongpai": "2z+"}, r"unknown suit '2'"),
        ({"shoupai": "m123p456s789z1122", "rongpai": 2}, r"rongpai must be a string"),
        ({"shoupai": "m123p456s789z11222", "param": "x"}, r"param: expected an object"),
        (with_param(foo=1), r"param: unknown key 'foo'"),
        (with_param(hupai={"lizhi": 1, "menqian": 1}), r"param.hupai: unknown key 'menqian'"),
        (with_param(hupai="lizhi"), r"param.hupai: expected an object"),
        (with_param(jicun=[0, 0]), r"param.jicun: expected an object"),
        (with_param(zhuangfeng="0"), r"param.zhuangfeng: expected a whole number 0-3, got '0'"),
        (with_param(menfeng=1.0), r"param.menfeng: expected a whole number 0-3, got 1.0"),
        (with_param(menfeng=True), r"param.menfeng: expected a whole number 0-3, got true"),
        (with_param(zhuangfeng=False), r"param.zhuangfeng: expected a whole number 0-3, got false"),
        (with_param(hupai={"lizhi": "1"}), r"param.hupai.lizhi: expected a whole number 0-2, got '1'"),
        (with_param(hupai={"lizhi": True}), r"param.hupai.lizhi: expected a whole number 0-2, got true"),
        (with_param(hupai={"haidi": "1"}), r"param.hupai.haidi: expected a whole number 0-2"),
        (with_param(jicun={"changbang": "2"}), r"param.jicun.changbang: expected a whole number 0-999, got '2'"),
        (with_param(jicun={"lizhibang": [1]}), r"param.jicun.lizhibang: expected a whole number 0-999"),
        ({"shoupai": "m123p456s789z11222"}, r"missing key 'param'"),
        ({"shoupai": "m123p456s789z1122", "rongpai": "z2-"}, r"missing key 'param'"),
        ({"shoupai": "m123p456s789z11222", "param": None}, r"param: expected an object, got null"),
        (with_param(baopai="m1"), r"param.baopai: expected a list of tiles"),
        (with_param(baopai=["m1", 5]), r"param.baopai: 5 is not a tile"),
        (with_param(hupai={"lizhi": 1}, fubaopai=["m10"]), r"param.fubaopai: 'm10' is not a tile"),
    ],
)
def test_bad_majiang_input_notation(data, pattern):
    with pytest.raises(NotationError, match=pattern):
        parse_majiang_input(data)


@pytest.mark.parametrize(
    "param, pattern",
    [
        (dict(hupai={"lizhi": 3}), r"riichi must be .* not 3"),
        (dict(hupai={"yifa": True}), r"ippatsu without riichi"),
        (dict(hupai={"haidi": 3}), r"param.hupai: haidi and tianhu take 0, 1 or 2"),
        (dict(hupai={"tianhu": -1}), r"haidi and tianhu take 0, 1 or 2"),
        (dict(hupai={"haidi": 2}), r"houtei .* this win is a tsumo"),
        (dict(hupai={"qianggang": True}), r"chankan .* this win is a tsumo"),
        (dict(hupai={"tianhu": 1}, menfeng=2), r"tenhou is the dealer's win"),
        (dict(hupai={"tianhu": 2}), r"chiihou is a non-dealer's win"),
        (dict(zhuangfeng=4), r"round_wind must be 0 \(East\) … 3 \(North\), not 4"),
        (dict(menfeng=-1), r"seat_wind must be .* not -1"),
        (dict(jicun={"changbang": -1}), r"honba must be a whole number from 0 to 999, not -1"),
        (dict(jicun={"lizhibang": -1}), r"riichi_sticks must be a whole number from 0 to 999, not -1"),
        (dict(baopai=["m1"] * 6), r"dora: at most 5 indicators"),
        (dict(fubaopai=["m1"]), r"ura-dora indicators given without riichi"),
    ],
)
def test_bad_majiang_input_situation(param, pattern):
    with pytest.raises(SituationError, match=pattern):
        parse_majiang_input(with_param(**param))


def test_bad_majiang_input_ron_situation():
    data = {"shoupai": "m123p456s789z1122", "rongpai": "z2+", "param": {"hupai": {"haidi": 1}}}
    with pytest.raises(SituationError, match=r"haitei .* this win is a ron"):
        parse_majiang_input(data)
    data["param"] = {"hupai": {"lingshang": True}}
    with pytest.raises(SituationError, match=r"rinshan kaihou .* this win is a ron"):
        parse_majiang_input(data)


def test_majiang_input_hand_errors():
    with pytest.raises(HandError, match=r"wrong tile count"):
        parse_majiang_input({"shoupai": "m123p456s789z1122"})
    with pytest.raises(HandError, match=r"tile 1m appears 5 times"):
        parse_majiang_input({"shoupai": "m11111p456s789z22", "rongpai": "z2-"})


def test_majiang_input_then_check_against_hand(scorer):
    data = {"shoupai": "m123p456s789z22,z555=", "param": {"hupai": {"lizhi": 1}}}
    hand, win = parse_majiang_input(data)
    with pytest.raises(SituationError, match=r"riichi on an open hand"):
        scorer.score(hand, win)


# Values of the wrong type that the reader currently lets through.


@pytest.mark.parametrize("key", ["yifa", "qianggang", "lingshang"])
@pytest.mark.parametrize("value", ["no", "false", [0]])
def test_hupai_flag_must_be_boolean(key, value):
    hupai = {"lizhi": 1, key: value}
    shoupai = "m123p456z11222,s9999" if key == "lingshang" else GOOD["shoupai"]
    data = {"shoupai": shoupai, "param": {"hupai": hupai}}
    if key == "qianggang":
        data = {"shoupai": "m123p456s789z1122", "rongpai": "z3+", "param": {"hupai": hupai}}
    # a string such as "no" must not switch the yaku on
    with pytest.raises(NotationError, match=rf"param\.hupai\.{key}"):
        parse_majiang_input(data)


@pytest.mark.parametrize("key", ["baopai", "fubaopai"])
@pytest.mark.parametrize("value", [{}, "", 0])
def test_indicators_must_be_a_list(key, value):
    param = {key: value, "hupai": {"lizhi": 1}}
    with pytest.raises(NotationError, match=rf"param\.{key}: expected a list"):
        parse_majiang_input(with_param(**param))


@pytest.mark.parametrize(
    "data",
    [
        {"shoupai": GOOD["shoupai"], 1: 0, "x": 0},
        {"shoupai": GOOD["shoupai"], "param": {1: 0, "x": 0}},
        {"shoupai": GOOD["shoupai"], "param": {"hupai": {None: 0, "x": 0}}},
    ],
)
def test_unknown_keys_of_mixed_types(data):
    # currently TypeError from sorting the unknown keys
    with pytest.raises(NotationError, match=r"unknown key"):
        parse_majiang_input(data)


# --------------------------------------------------------------------------------------------
# Hand and Meld built directly with wrong types
# --------------------------------------------------------------------------------------------


def test_hand_with_non_tiles():
    # currently TypeError / AttributeError from inside the tile count
    with pytest.raises(HandError, match=r"'1m'"):
        Hand(["1m"] * 13, T("1z"))
    with pytest.raises(HandError, match=r"None"):
        Hand(parse_tiles("123m456p789s1122z"), None)


def test_meld_with_non_tiles():
    # currently AttributeError
    with pytest.raises(HandError, match=r"'5m'"):
        Meld(MeldKind.PON, ["5m", "5m", "5m"], 2, 2)
    with pytest.raises(HandError, match=r"'pon'"):
        Meld("pon", parse_tiles("555m"), 2, 2)


@pytest.mark.parametrize("meld, called", [("5+555m", 0), ("55+55m", 1), ("555+5m", 2)])
def test_added_kan_keeps_the_pons_mark_wherever_it_was(meld, called):
    # A pon may be written with its mark after any of its three tiles (55=5z), so the added kan
    # built on it keeps that mark; only a mark after the fourth digit makes a daiminkan.
    hand = parse_mpsz(f"456p789s11222z {meld}")
    (m,) = hand.melds
    assert (m.kind.value, m.called, m.source) == ("kakan", called, 1)


@pytest.mark.parametrize("key, value, pattern", [
    ("menfeng", True, r"param.menfeng: expected a whole number 0-3, got true"),
    ("menfeng", 1.0, r"param.menfeng: expected a whole number 0-3, got 1.0"),
    ("zhuangfeng", False, r"param.zhuangfeng: expected a whole number 0-3, got false"),
])
def test_complete_majiang_object_with_a_wind_that_is_no_whole_number(key, value, pattern):
    """majiang-core's complete form (every key written) takes the fast path: it is as strict."""
    param = {"zhuangfeng": 0, "menfeng": 1, "hupai": {}, "baopai": ["m1"], "fubaopai": [],
             "jicun": {"changbang": 0, "lizhibang": 0}, key: value}
    with pytest.raises(NotationError, match=pattern):
        parse_majiang_input({"shoupai": "m123p456s789z11222", "rongpai": None, "param": param})
