"""The majiang parser gives the Hand the constructor gives, derived fields included, for majiang's
own form and for every other spelling, and names what is wrong in a wrong hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjrules import Hand
from mjrules.errors import HandError, NotationError
from mjrules.notation import format_majiang, parse_majiang
from strategies import budget, deals, load_profile, majiang_concealed

load_profile()


def _same(parsed: Hand, expected: Hand) -> None:
    assert parsed == expected
    assert parsed.concealed == expected.concealed  # the canonical order, red five first
    assert (parsed.counts, parsed.reds, parsed.red_fives) == (expected.counts, expected.reds, expected.red_fives)


def _rebuilt(hand: Hand) -> Hand:
    return Hand(list(reversed(hand.concealed)), hand.win_tile, list(hand.melds))


@settings(max_examples=budget(300))
@given(deal=deals(), ron=st.booleans())
def test_majiang_form_reads_as_the_constructor_builds(deal, ron):
    hand, _ = deal
    shoupai, rongpai = format_majiang(hand, 1 if ron else None)
    parsed, discarder = parse_majiang(shoupai, rongpai)
    _same(parsed, _rebuilt(hand))
    assert discarder == (1 if ron else None)


@settings(max_examples=budget(300))
@given(deal=deals(), data=st.data())
def test_any_tile_order_reads_the_same(deal, data):
    hand, _ = deal
    order = data.draw(st.permutations(hand.concealed))
    melds = ",".join(format_majiang(hand)[0].split(",")[1:])
    rongpai = hand.win_tile.majiang() + "="
    shoupai = majiang_concealed(order) + ("," + melds if melds else "")
    parsed, _ = parse_majiang(shoupai, rongpai)
    _same(parsed, _rebuilt(hand))
    # The drawn tile written inside its suit's digits, without a letter of its own.
    tsumo = majiang_concealed([*order, hand.win_tile]) + ("," + melds if melds else "")
    parsed, _ = parse_majiang(tsumo)
    _same(parsed, _rebuilt(hand))


SPELLINGS = [
    # (majiang shoupai, rongpai, the same hand in MPSZ terms: concealed, winning tile)
    ("m123p456s789z1122z2", None, "123m456p789s1122z", "2z"),
    ("m123p456s789z11222", None, "123m456p789s1122z", "2z"),  # drawn tile inside the honours
    ("z1122s789p456m123", "z2+", "123m456p789s1122z", "2z"),  # suits out of order
    ("m12p456m3s789z1122", "z2+", "123m456p789s1122z", "2z"),  # a suit written twice
    ("mp123s456z1122m789", "z2+", "789m123p456s1122z", "2z"),  # an empty suit group
    ("m321p654s987z2211", "z2+", "123m456p789s1122z", "2z"),  # digits unsorted
    ("m123p456s789z1122*", "z2=", "123m456p789s1122z", "2z"),  # riichi mark
    ("m123p456s789z1122z2*", None, "123m456p789s1122z", "2z"),  # riichi mark after the drawn tile
    ("m1*23p456s789z1122z2", None, "123m456p789s1122z", "2z"),
    ("m055p456s789z11222", None, "055m456p789s1122z", "2z"),
]


@pytest.mark.parametrize("shoupai, rongpai, concealed, win", SPELLINGS)
def test_other_spellings_read_as_written(shoupai, rongpai, concealed, win):
    from mjrules.notation import parse_tiles

    expected = Hand(parse_tiles(concealed), parse_tiles(win)[0])
    parsed, _ = parse_majiang(shoupai, rongpai)
    _same(parsed, expected)


WRONG = [
    ("m11111p123s456z11z2", None, HandError, "1m appears 5 times"),
    ("m1111p123s456z111m1", None, HandError, "1m appears 5 times"),  # the drawn tile is the fifth
    ("m1111p123s456z111", "m1+", HandError, "1m appears 5 times"),  # the discard is the fifth
    ("m111p123s45z11,m1111", "z1+", HandError, "1m appears 7 times"),  # a kan beside a triplet
    ("m123p456s789z112", "z2+", HandError, "wrong tile count"),
    ("m123p456s789z1122", None, HandError, "wrong tile count"),
    ("1m23p456s789z1122", "z2+", NotationError, "before any suit letter"),
    ("m123p456s789z1128", "z2+", NotationError, "concealed part"),
    ("m123p456s789z112x", "z2+", NotationError, "unexpected 'x'"),
    ("", None, NotationError, "no concealed tiles"),
    ("m", None, NotationError, "no concealed tiles"),
]


@pytest.mark.parametrize("shoupai, rongpai, error, message", WRONG)
def test_wrong_hands_are_named(shoupai, rongpai, error, message):
    with pytest.raises(error, match=message):
        parse_majiang(shoupai, rongpai)
