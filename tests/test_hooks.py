"""Each hook is called by the core: a plugin that implements it changes the score as it says."""

import pytest

from mjrules import Flag, Liability, PluginError, Scorer, Win, Yaku, hookimpl, parse_mpsz, parse_tiles


def score(plugin, hand, win, ruleset="tenhou"):
    return Scorer(ruleset, extra_plugins={"probe": plugin}).score(parse_mpsz(hand), win)


# Closed non-dealer ron, riichi + pinfu + tanyao + iipeikou: 4 han 30 fu (7,700 in tenhou).
FOUR_THIRTY = ("223344m567p88s23s4s", Win(tsumo=False, discarder=3, seat_wind=1, riichi=1))
# Thirteen orphans waiting on all thirteen, won on 1m: kokushi 13-sided (single in tenhou).
KOKUSHI_13 = ("19m19p19s1234567z1m", Win(tsumo=False, discarder=2, seat_wind=1))


class RegisterYaku:
    @hookimpl
    def mjrules_register_yaku(self, register, flags):
        bonus = flags["probe_bonus"]
        register(Yaku("lucky_east", "Lucky East", "東", lambda r, f: r.counts[27] >= 2, han=bonus, han_open=bonus))

    @hookimpl
    def mjrules_register_flags(self, register):
        register(Flag("probe_bonus", int, 3, "han of lucky_east", minimum=1))


def test_register_yaku_and_flags():
    # 123m456p789s 11z pair 222z: menzen tsumo 1 + lucky_east 3 (East pair) = 4 han.
    # Fu: 20 + 8 (closed 2z triplet, won by tsumo so concealed) + 4 (double-wind 1z pair for the
    # East seat in the East round) + 2 tsumo = 34 → 40. Dealer tsumo 4 han 40 fu: 2,000 base →
    # mangan 4,000 all.
    result = score(RegisterYaku(), "123m456p789s11222z", Win())
    assert [y.id for y in result.yaku] == ["menzen_tsumo", "lucky_east"]
    assert (result.han, result.fu, result.points) == (4, 40, 12000)


class Kazoe:
    @hookimpl(tryfirst=True)
    def mjrules_kazoe_yakuman(self, han, flags):
        return 2


def test_kazoe_hook():
    # Chinitsu ryanpeikou-shaped hand with riichi, tsumo and dora to pass 13 han:
    # riichi 1 + tsumo 1 + pinfu 1 + ryanpeikou 3 + chinitsu 6 + dora (2m indicator → 3m ×2) 2 = 14.
    win = Win(riichi=1, dora=tuple(parse_tiles("2m")))
    result = score(Kazoe(), "11223344556677m", win)
    assert result.han >= 13
    assert result.base == 16000  # the probe's two yakuman instead of tenhou's one


class Kiriage:
    @hookimpl(tryfirst=True)
    def mjrules_kiriage_mangan(self, fu, han, flags):
        return (fu, han) == (30, 4)


def test_kiriage_hook():
    result = score(Kiriage(), *FOUR_THIRTY)
    assert (result.han, result.fu, result.points) == (4, 30, 8000)


class Double:
    @hookimpl(tryfirst=True)
    def mjrules_double_yakuman(self, yaku, flags):
        return 2


def test_double_yakuman_hook():
    result = score(Double(), *KOKUSHI_13)
    assert (result.yakuman, result.points) == (2, 64000)


class NoStacking:
    @hookimpl(tryfirst=True)
    def mjrules_yakuman_stacking(self, multiples, flags):
        return 1


def test_stacking_hook():
    # Tsuuiisou + daisuushii + suuankou tanki: 3 in tenhou, 1 with the probe.
    result = score(NoStacking(), "111z222z333z444z5z5z", Win(tsumo=False, discarder=2, seat_wind=1))
    assert (result.yakuman, result.points) == (1, 32000)


class AlwaysPao:
    @hookimpl(tryfirst=True)
    def mjrules_pao(self, reading, yakuman, total, flags):
        return Liability(offset=1, multiple=total)


def test_pao_hook():
    # Kokushi 13-sided ron from the opposite player (seat South wins, seat North deals in);
    # the probe makes the next player (West) liable for half: 16,000 each.
    result = score(AlwaysPao(), *KOKUSHI_13)
    assert result.liable == 2
    assert result.payments == (0, 32000, -16000, -16000)


class TwoLiable:
    @hookimpl(tryfirst=True)
    def mjrules_pao(self, reading, yakuman, total, flags):
        return (Liability(offset=1, multiple=1), Liability(offset=3, multiple=1))


def test_pao_hook_with_two_liable_players():
    # a daisangen tsumo by South (1x in tenhou), worth 8,000 basic: the probe names West and East for
    # one yakuman each, more than the hand's one: refused with the plugin's name
    with pytest.raises(PluginError, match="probe.*at most 1 yakuman"):
        score(TwoLiable(), "123m9p9p 555=z 666-z 777+z", Win(tsumo=True, seat_wind=1))


def test_pao_hook_with_two_liable_players_each_pays_their_part():
    # double kokushi (13-sided) in mahjongsoul: West covers one yakuman, East the other.
    # ron from North: each liable player pays half their 8,000 basic × 4 = 16,000; North the rest,
    # 16,000 - 8,000 = 8,000 basic: 32,000
    result = score(TwoLiable(), *KOKUSHI_13, ruleset="mahjongsoul")
    assert (result.liable, result.liable_seats) == (2, (2, 0))
    assert result.payments == (-16000, 64000, -16000, -32000)


class FeederPays:
    @hookimpl(tryfirst=True)
    def mjrules_rinshan_pao(self, reading, flags):
        return 2


def test_rinshan_pao_hook():
    # South's rinshan tsumo after a closed kan of 8s: tanyao + menzen tsumo + rinshan = 3 han,
    # 20 + 16 (closed kan of simples) + 2 tsumo = 38 -> 40 fu: 40 × 32 = 1280 basic; the probe makes
    # the opposite player (North) pay it as a ron: 1280 × 4 = 5120 -> 5200
    hand, win = "234m456p55m34s2s 8888s", Win(tsumo=True, seat_wind=1, rinshan=True)
    result = score(FeederPays(), hand, win)
    assert result.liable == 3
    assert result.payments == (0, 5200, 0, -5200)
    # without the probe, an ordinary tsumo: 2600 / 1300 / 1300
    assert Scorer("tenhou").score(parse_mpsz(hand), win).payments == (-2600, 5200, -1300, -1300)


class Aotenjou:
    @hookimpl
    def mjrules_base_points(self, fu, han, yakuman, flags):
        return fu << (han + 2) if fu is not None else 8000 * yakuman


def test_base_points_hook():
    # 4 han 30 fu non-dealer ron with no limits: 30 × 2^6 = 1,920 → ×4 = 7,680 → 7,700.
    result = score(Aotenjou(), *FOUR_THIRTY)
    assert result.base == 1920 and result.points == 7700


class _WrongType:
    @hookimpl
    def mjrules_base_points(self, fu, han, yakuman, flags):
        return "2000"


class _Raises:
    @hookimpl
    def mjrules_base_points(self, fu, han, yakuman, flags):
        raise KeyError("no such flag")


@pytest.mark.parametrize("plugin, needle", [
    (_WrongType(), r"plugin 'bad-points' returned '2000' from mjrules_base_points; expected int or None"),
    (_Raises(), r"plugin 'bad-points' failed in mjrules_base_points: KeyError"),
])
def test_a_policy_hook_error_names_the_plugin(plugin, needle):
    scorer = Scorer("tenhou", extra_plugins={"bad-points": plugin})
    with pytest.raises(PluginError, match=needle):
        scorer.score(parse_mpsz("123m456p789s11z22z2z"), Win())
