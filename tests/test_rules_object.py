"""The rules object: each part made by the plugin that declares its flags, replaceable by a third
party, with the built-in plugin's defaults where a ruleset disables it; rulesets pickle whole."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from mjrules import RulesetError, Scorer, Win, load_ruleset, parse_mpsz, preset_names
from mjrules.plugin_api import (
    DoraRules,
    Fu,
    FuItem,
    HonbaRule,
    NagashiRule,
    PlacingRule,
    PlayRules,
    RoundRules,
    SanmaRules,
    TileSet,
    WinRules,
    hookimpl,
)
from mjrules.scoring.result import NoWin, NoWinCode

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_pickles_whole(name):
    ruleset = load_ruleset(name)
    back = pickle.loads(pickle.dumps(ruleset))
    assert back == ruleset
    assert dict(back.plugin_origin) == dict(ruleset.plugin_origin)  # the field a hand-written reduce lost
    assert Scorer(back).rules == Scorer(ruleset).rules


def test_a_part_follows_its_flag():
    scorer = Scorer("tenhou")
    assert scorer.rules.honba.value == 300
    assert scorer.with_flags(honba_value=1500).rules.honba.value == 1500
    assert scorer.with_flags(min_han=2).rules.win.min_han_at(0) == 2
    assert scorer.with_flags(ryanshiba_honba=5).rules.win.min_han_at(5) == 2
    assert scorer.with_flags(ryanshiba_honba=5).rules.win.min_han_at(4) == 1


class FortyFu:
    """A third party's fu count: every reading is 40 fu."""

    def count(self, reading):
        return Fu(40, (FuItem("house rule", 40),))


class FortyFuPlugin:
    @hookimpl
    def mjrules_fu_rules(self, flags):
        return FortyFu()


def test_a_third_party_replaces_the_fu_count():
    # pinfu tanyao ron by a non-dealer: 2 han. Counted 30 fu it pays 2000; at 40 fu, 40 x 2^4 x 4 = 2560 -> 2600
    hand, win = parse_mpsz("234m456p678s34s55m2s"), Win(tsumo=False, discarder=2, seat_wind=1)
    assert Scorer("tenhou").score(hand, win).points == 2000
    custom = Scorer("tenhou", extra_plugins={"forty": FortyFuPlugin()}).score(hand, win)
    assert (custom.fu, custom.points) == (40, 2600)


class NoHonba:
    @hookimpl
    def mjrules_honba_rule(self, flags):
        return HonbaRule(0)


def test_a_third_party_replaces_the_honba_value():
    hand, win = parse_mpsz("234m456p678s34s55m2s"), Win(tsumo=False, discarder=2, seat_wind=1, honba=3)
    assert Scorer("tenhou").score(hand, win).payments[1] == 2000 + 900
    assert Scorer("tenhou", extra_plugins={"nohonba": NoHonba()}).score(hand, win).payments[1] == 2000


def test_a_disabled_plugin_leaves_its_part_at_the_built_in_defaults(tmp_path):
    path = write(tmp_path, "plain.toml", 'extends = "tenhou"\n[plugins]\ndisable = ["honba", "fu", "settlement"]\n')
    scorer = Scorer(load_ruleset(path))
    assert scorer.rules.honba.value == 300  # the honba plugin's declared default
    assert scorer.rules.round.max_ron_winners == 2  # the settlement plugin's
    hand, win = parse_mpsz("234m456p678s34s55m2s"), Win(tsumo=False, discarder=2, seat_wind=1, honba=1)
    assert scorer.score(hand, win).payments[1] == 2000 + 300


def test_without_the_nagashi_plugin_no_nagashi_is_paid(tmp_path):
    path = write(tmp_path, "nonagashi.toml", 'extends = "tenhou"\n[plugins]\ndisable = ["nagashi"]\n')
    paid = Scorer(load_ruleset(path)).nagashi(1)
    assert isinstance(paid, NoWin) and paid.code is NoWinCode.NOT_PAID
    assert Scorer("tenhou").nagashi(1).points == 8000  # a non-dealer mangan tsumo's amounts


def test_uma_must_add_up_to_zero(tmp_path):
    path = write(tmp_path, "uma.toml", 'extends = "tenhou"\n[flags]\numa = [30, 10, -10, -20]\n')
    with pytest.raises(RulesetError, match=r"uma\.toml: \[flags\] uma: \[30, 10, -10, -20\] adds up to \+10"):
        Scorer(load_ruleset(path))


def test_a_floating_uma_block_must_add_up_to_zero(tmp_path):
    path = write(tmp_path, "float.toml", 'extends = "jpml-a"\n[flags]\numa_floating = '
                 '[12, -1, -3, -8, 8, 4, -4, -8, 8, 3, 1, -11]\n')
    with pytest.raises(RulesetError, match=r"uma_floating: the block for 3 floating, \[8, 3, 1, -11\]"):
        Scorer(load_ruleset(path))


def test_a_double_yakuman_typo_is_refused(tmp_path):
    path = write(tmp_path, "dbl.toml", 'extends = "tenhou"\n[flags]\ndouble_yakuman = ["kokushi_31"]\n')
    with pytest.raises(RulesetError, match=r"dbl\.toml: \[flags\] double_yakuman: 'kokushi_31' is not one of"):
        Scorer(load_ruleset(path))


@pytest.mark.parametrize("tiles, win, code", [
    ("123m456p789s11223z", Win(), NoWinCode.NO_SHAPE),  # East pair, South pair, West: no fourth set
    ("123m456p789s11z22z3z", Win(tsumo=False, discarder=1), NoWinCode.NO_SHAPE),
])
def test_no_win_says_why_by_code(tiles, win, code):
    result = Scorer("tenhou").score(parse_mpsz(tiles), win)
    assert isinstance(result, NoWin) and result.code is code


def test_no_yaku_and_too_few_han_by_code():
    # an open hand whose only yaku is haku: 1 han, no win where two are needed
    hand = parse_mpsz("123m456p78s99m6s 555=z")
    win = Win(tsumo=False, discarder=1)
    assert Scorer("tenhou").score(hand, win).han == 1
    short = Scorer("tenhou").with_flags(min_han=2).score(hand, win)
    assert short.code is NoWinCode.TOO_FEW_HAN
    open_no_yaku = Scorer("tenhou").score(parse_mpsz("123m456p78s99m6s 777=p"), win)
    assert open_no_yaku.code is NoWinCode.NO_YAKU


FLAG_READ = re.compile(r"get_(bool|int|str|list|ints)\(|flags\.get\(|\bflags\[")


def test_the_core_reads_no_flag_by_name():
    """Every value the core, the tools and the table read comes from the rules object; only the
    generic flag listings (rulesets diff, compare's causes), the flag machinery itself (with
    ``from_flags``, which builds a part from the flags its fields declare) and the reader and writer
    of majiang-core rule objects (flags to and from rule keys) touch flags by name."""
    listing = {"tools/compare.py", "tools/ruleset_diff.py", "web/params.py", "rules/flags.py", "rules/ruleset.py",
               "rules/declare.py", "rules/majiang.py", "rules/majiang_keys.py"}
    offenders = []
    for path in sorted((ROOT / "mjrules").rglob("*.py")):
        rel = path.relative_to(ROOT / "mjrules").as_posix()
        if rel in listing:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FLAG_READ.search(line):
                offenders.append(f"{rel}:{number}: {line.strip()}")
    assert offenders == []


# Flags of another plugin that no rule part holds, read with their declared default where that plugin
# is off (plugins/README.md, "Flags"): a North pair's fu, a kazoe multiple's cap.
CROSS_READS = {"fu_rules.py: north_yakuhai", "kazoe.py: yakuman_cap"}


def test_plugins_read_only_their_own_flags():
    """A built-in plugin reads the flags it declares; a value another plugin turns into a rule part
    comes from the rules object (the dora plugin asks ``rules.sanma.kita``, not the sanma plugin's
    flag)."""
    from mjrules.rules.plugin_manager import DEFAULT_PLUGINS, Plugins

    offenders = []
    for name, module in DEFAULT_PLUGINS.items():
        own = {flag for flag, (plugin, _) in Plugins([name]).flags().items() if plugin == name}
        path = ROOT / "plugins" / (module.removeprefix("mjrules.plugins.").replace(".", "/"))
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
        for file in files:
            text = file.read_text(encoding="utf-8")
            read = set(re.findall(r'(?:get_(?:bool|int|str|list|ints)\(|flags\.get\(|flags\[)\s*f?"([a-z_{}]+)"', text))
            offenders += [f"{file.name}: {flag}" for flag in sorted(read) if "{" not in flag and flag not in own]
    assert set(offenders) == CROSS_READS


class HouseParts:
    """A third party answering every other rule-part hook."""

    @hookimpl
    def mjrules_win_rules(self, flags):
        return WinRules(min_han=2, ryanshiba_honba=0)

    @hookimpl
    def mjrules_tile_set(self, flags):
        return TileSet(tiles=136, red_fives=(2, 2, 2))

    @hookimpl
    def mjrules_nagashi_rule(self, flags):
        return NagashiRule("win")

    @hookimpl
    def mjrules_placing_rule(self, flags, players):
        return PlacingRule(start=30000, returned=30000, uma=(15, 5, -5, -15), tie="shared", rounding="exact")

    @hookimpl
    def mjrules_round_rules(self, flags, players):
        return RoundRules(max_ron_winners=1, triple_ron_draw=False, multi_ron_honba="first", noten_payment=0,
                          dealer_repeat="win", leftover_sticks="lost", bust_ends_game=False, game_length="tonpuu",
                          last_dealer_stop="none", extra_wind_target=0)

    @hookimpl
    def mjrules_play_rules(self, flags):
        return PlayRules(abortive_draws=(), kuikae="allowed", riichi_min_points=0, riichi_min_draws=0,
                         ankan_after_riichi="never", last_discard_calls=True, kan_limit=3, sanma_chi=True)

    @hookimpl
    def mjrules_dora_rules(self, flags):
        return DoraRules(kan_dora=False, kan_dora_timing="immediate", ura_dora=False, kan_ura=False)

    @hookimpl
    def mjrules_sanma_rules(self, flags):
        return SanmaRules(kita=False, kita_rinshan=False, kita_chankan=False, tsumo_loss="north-bisection")


def test_a_third_party_answers_every_rule_part():
    four = Scorer("tenhou", extra_plugins={"house": HouseParts()})
    assert four.rules.round.noten_payment == 0 and four.rules.round.max_ron_winners == 1
    assert four.rules.play.abortive_draws == frozenset() and four.rules.round.winds == 1
    assert four.rules.play.kan_limit == 3 and four.rules.dora.kan_dora_timing == "immediate"
    assert four.rules.placing.points([40000, 30000, 20000, 10000], 0) == (25.0, 5.0, -15.0, -35.0)
    # min_han 2: the haku-only hand no longer wins
    assert four.score(parse_mpsz("123m456p78s99m6s 555=z"), Win(tsumo=False, discarder=1)).code is NoWinCode.TOO_FEW_HAN
    # two red fives of a suit: the house set has them (tenhou's has one)
    assert four.allows_red_fives(parse_mpsz("234m06p0p78s99m6s 555=z"))
    # nagashi as a win: a mangan tsumo with its honba, 2000/4000 + 100 each
    assert four.nagashi(1, honba=1).payments == (-4100, 8300, -2100, -2100)
    # three players: north-bisection, a non-dealer mangan tsumo is 3000 + 5000 (rule reference 4.15)
    three = Scorer("tenhou-sanma", extra_plugins={"house": HouseParts()})
    paid = three.score(parse_mpsz("111p999p11s 1111-z 9999+s"), Win(seat_wind=1))
    assert paid.limit == "mangan" and sorted(paid.payments) == [-5000, -3000, 8000]


@pytest.mark.parametrize("name", ["tenhou", "tenhou-sanma", "jpml-a"])
def test_results_and_rules_pickle_by_their_fields(name):
    scorer = Scorer(name)
    hand = parse_mpsz("111p999p11s 1111-z 9999+s")
    for win in (Win(seat_wind=1), Win(tsumo=False, discarder=1, seat_wind=1)):
        result = scorer.score(hand, win)
        back = pickle.loads(pickle.dumps(result))
        assert back == result and back.paid == result.paid and back.fu_items == result.fu_items
    no_win = scorer.score(parse_mpsz("11m99m19p19s12345z6z"), Win())  # no shape, at three players too
    assert pickle.loads(pickle.dumps(no_win)) == no_win
    assert pickle.loads(pickle.dumps(scorer.rules)) == scorer.rules


@pytest.mark.parametrize("name, value", [("tenhou", 200), ("tenhou", 1000), ("tenhou-sanma", 300)])
def test_a_honba_value_the_payers_cannot_share_is_refused(tmp_path, name, value):
    # a tsumo's honba is shared by the other players in whole hundreds: 3 payers at four players,
    # 2 at three (200 at three players is 100 from each; 200 at four would be 66.67 each)
    path = write(tmp_path, "honba.toml", f'extends = "{name}"\n[flags]\nhonba_value = {value}\n')
    with pytest.raises(RulesetError, match=rf"honba\.toml: \[flags\] honba_value: {value} does not split"):
        Scorer(load_ruleset(path))
    assert Scorer(name).rules.honba.value in (200, 300)
