"""Each rule value declared once: a rules part's field carries its flag (``mjrules.rules.declare``),
the plugins register ``flags_of`` the part and build it with ``from_flags``, and the closed sets of
choices are enums whose members are the flags' strings (``mjrules.rules.choices``)."""

from __future__ import annotations

import enum
import json
import pickle
import re
import sys
from pathlib import Path

import attrs
import pytest

from mjrules import PluginError, RulesetError, Scorer, Win, load_ruleset, parse_mpsz
from mjrules.plugin_api import (
    Choice,
    DoraRules,
    Flag,
    HonbaRule,
    Kuikae,
    NagashiRule,
    PlacingRule,
    SOU1,
    STANDARD,
    TANKI,
    PlayRules,
    RoundRules,
    SanmaRules,
    TsumoLoss,
    WinRules,
    Yaku,
    declared,
    flag_of,
    flags_of,
    from_flags,
    hookimpl,
    rule,
)
from mjrules.rules.declare import KEY
from mjrules.rules.plugin_manager import DEFAULT_PLUGINS, Plugins

ROOT = Path(__file__).resolve().parent.parent

PARTS = {  # each part declared on its fields, the built-in plugin that answers its hook, and the Rules field
    WinRules: ("yaku", "win"), DoraRules: ("dora", "dora"), HonbaRule: ("honba", "honba"),
    NagashiRule: ("nagashi", "nagashi"), PlacingRule: ("placing", "placing"), RoundRules: ("settlement", "round"),
    PlayRules: ("settlement", "play"), SanmaRules: ("sanma", "sanma"),
}


# -- a field's metadata is its flag ------------------------------------------------------------------

def test_a_fields_metadata_is_its_flag():
    kuikae = attrs.fields(PlayRules).kuikae.metadata[KEY].flag
    # the flag a ruleset file sets as `kuikae = "same_kind"` (docs/rulesets.md, 電脳麻将's 喰い替え許可レベル)
    assert (kuikae.name, kuikae.type, kuikae.default) == ("kuikae", str, "forbidden")
    assert kuikae.choices == ("forbidden", "same_kind", "allowed") and type(kuikae.default) is str
    # named otherwise than its field: HonbaRule.value is the flag honba_value, 300 by default (Tenhou)
    honba = flag_of(HonbaRule, "value")
    assert (honba.name, honba.type, honba.default) == ("honba_value", int, 300)
    # a list flag of an enum lists the enum's order; the field holds a frozenset of members
    draws = flag_of(PlayRules, "abortive_draws")
    assert (draws.type, draws.default) == (list, ("nine_terminals", "four_winds", "four_riichi", "four_kans"))
    assert Scorer("tenhou").rules.play.abortive_draws == frozenset(draws.default)


def test_what_the_plugins_declare_is_what_the_fields_declare():
    # each part's flags are registered by the plugin that builds it, the same objects, in the fields' order
    for part, (plugin, _) in PARTS.items():
        registered = {name: flag for name, (owner, flag) in Plugins([plugin]).flags().items() if owner == plugin}
        for flag in flags_of(part, omit=("rounding",) if part is PlacingRule else ()):
            assert registered[flag.name] == flag, (part.__name__, flag.name)
    # points_rounding is PlacingRule's field, declared by the settlement plugin (rulesets show says so)
    owner, flag = Plugins(["settlement", "placing"]).flags()["points_rounding"]
    assert owner == "settlement" and flag == flag_of(PlacingRule, "rounding")


@pytest.mark.parametrize("part", list(PARTS), ids=lambda p: p.__name__)
def test_every_choice_of_a_flag_reaches_its_field(part):
    """Setting a declared flag to each of its values gives the part that value (a closed choice as
    its enum member); the plugin's hook is one from_flags call, so no field is copied by hand."""
    plugin, name = PARTS[part]
    bases = [Scorer("tenhou-sanma")] if part is SanmaRules else [Scorer("tenhou"), Scorer("tenhou-sanma")]
    for field in attrs.fields(part):
        declaration = field.metadata.get(KEY)
        if declaration is None or declaration.computed:
            continue
        flag = declaration.flag
        for value in flag.choices or ((True, False) if flag.type is bool else ()):
            built = []
            for base in bases:
                try:  # a list flag takes the choice alone
                    rules = base.with_flags(**{flag.name: [value] if flag.type is list else value}).rules
                except RulesetError as e:  # a honba of 200 splits among the two payers of three players only
                    assert "does not split into whole hundreds" in str(e)
                    continue
                built.append(getattr(getattr(rules, name), field.name))
            assert built, (field.name, value)
            member = declaration.enum(value) if declaration.enum is not None else value
            for got in built:
                if flag.type is list:
                    assert got == frozenset({member}) and all(g is member for g in got)
                else:
                    assert got == value and (declaration.enum is None or got is member)


def test_the_computed_field_is_the_hooks():
    # riichi_without_draw: as many live draws left as players, or none (ツモ番なしリーチ)
    assert Scorer("tenhou").rules.play.riichi_min_draws == 4
    assert Scorer("tenhou-sanma").rules.play.riichi_min_draws == 3
    assert Scorer("tenhou").with_flags(riichi_without_draw=True).rules.play.riichi_min_draws == 0
    with pytest.raises(TypeError, match="PlayRules: its hook computes riichi_min_draws"):
        from_flags(PlayRules, Scorer("tenhou").flags)


def test_from_flags_takes_a_flag_no_enabled_plugin_declares_at_its_default(tmp_path):
    # the placing plugin reads points_rounding, the settlement plugin's: without that plugin, its default
    path = tmp_path / "nosettle.toml"
    path.write_text('extends = "jpml-a"\n[plugins]\ndisable = ["settlement"]\n', encoding="utf-8")
    scorer = Scorer(load_ruleset(str(path)))
    assert "points_rounding" not in scorer.flags
    assert scorer.rules.placing.rounding == "nearest-thousand"
    assert Scorer("jpml-a").rules.placing.rounding == "exact"  # jpml-a.toml sets it


# -- a wrong value is refused with the flag's message -------------------------------------------------

@pytest.mark.parametrize("field, value, toml", [
    ("kuikae", "sometimes", '"sometimes"'),
    ("kan_limit", 5, "5"),
    ("last_discard_calls", 1, "1"),
    ("abortive_draws", ["four_kans", "three_rons"], '["four_kans", "three_rons"]'),
])
def test_a_wrong_value_is_refused_with_the_flags_message(tmp_path, field, value, toml):
    with pytest.raises(ValueError) as built:
        PlayRules(riichi_min_draws=4, **{field: value})
    path = tmp_path / "bad.toml"
    path.write_text(f'extends = "tenhou"\n[flags]\n{field} = {toml}\n', encoding="utf-8")
    with pytest.raises(RulesetError) as loaded:
        Scorer(load_ruleset(str(path)))
    # the same declaration refuses it in Python and in a ruleset file, in the same words
    said = str(built.value).removeprefix(f"PlayRules.{field}: ")
    assert said != str(built.value) and str(loaded.value).endswith(f"[flags] {field}: {said}")


def test_a_refusal_names_the_field_and_its_flag():
    with pytest.raises(ValueError, match=r"^HonbaRule\.value \(flag honba_value\): 250 is not one of 0, 200, 300"):
        HonbaRule(250)
    with pytest.raises(ValueError, match=r"^SanmaRules\.tsumo_loss: 'north' is not one of 'loss', 'north-bisection'"):
        SanmaRules(tsumo_loss="north")


def test_a_third_partys_part_built_with_a_wrong_value_names_the_plugin():
    class Broken:
        @hookimpl
        def mjrules_round_rules(self, flags):
            return RoundRules(game_length="twice")

    with pytest.raises(PluginError, match=r"plugin 'broken' failed in mjrules_round_rules: ValueError: "
                                          r"RoundRules\.game_length: 'twice' is not one of 'tonpuu'"):
        Scorer("tenhou", extra_plugins={"broken": Broken()})


def test_a_bad_default_fails_when_the_class_is_made():
    with pytest.raises(RulesetError, match="default of flag 'depth': 5 is not one of 1, 2"):
        @attrs.frozen(field_transformer=declared)
        class Deep:
            depth: int = rule(5, "how deep", choices=(1, 2))


def test_a_part_made_without_the_transformer_is_told_so():
    @attrs.frozen
    class Forgot:
        depth: int = rule(1, "how deep")

    with pytest.raises(TypeError, match="field_transformer=declared"):
        flags_of(Forgot)


# -- the enums compare and print as their strings (StrEnum's behaviour, on 3.10 too) -----------------

def test_a_choice_is_its_string():
    member = Kuikae.SAME_KIND
    assert member == "same_kind" and hash(member) == hash("same_kind") and "same_kind" in frozenset({member})
    assert str(member) == f"{member}" == "%s" % member == "same_kind" and f"{member:>10}" == " same_kind"
    assert json.dumps({"kuikae": member}) == '{"kuikae": "same_kind"}' and json.dumps({member: 1}) == '{"same_kind": 1}'
    assert Kuikae("same_kind") is member and pickle.loads(pickle.dumps(member)) is member
    assert member.upper() == "SAME_KIND" and isinstance(member, str)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="enum.StrEnum is 3.11+: the comparison needs it")
def test_a_choice_behaves_as_a_strenum():
    twin = enum.StrEnum("Twin", {m.name: m.value for m in TsumoLoss})
    for ours, theirs in zip(TsumoLoss, twin):
        assert (str(ours), f"{ours}", f"{ours:^20}", json.dumps(ours), ours == theirs.value) == (
            str(theirs), f"{theirs}", f"{theirs:^20}", json.dumps(theirs), True)


def test_a_flag_takes_an_enum_as_its_choices():
    class Colour(Choice):
        RED = "red"
        GREEN = "green"

    flag = Flag("colour", str, Colour.GREEN, "a colour", choices=Colour)
    assert flag.choices == ("red", "green") and flag.default == "green" and type(flag.default) is str
    with pytest.raises(RulesetError, match="'blue' is not one of 'red', 'green'"):
        flag.validate("blue", "colour")


def test_every_closed_set_of_strings_of_the_parts_is_an_enum():
    # no str field of a part takes a closed set of bare strings: those with choices are enums
    for part in PARTS:
        for field in attrs.fields(part):
            declaration = field.metadata.get(KEY)
            flag = declaration.flag if declaration else None
            if flag is not None and flag.choices and flag.type in (str, list) and flag.item is str:
                assert declaration.enum is not None and declaration.enum.values() == flag.choices, field.name


# -- docs/rulesets.md says what the declarations say ---------------------------------------------------

def _declared_flags() -> dict[str, Flag]:
    """Every flag a built-in plugin declares."""
    return {name: flag for name, (_, flag) in Plugins(DEFAULT_PLUGINS).flags().items()}


def _cells(cell: str) -> list[str]:
    """A table cell's values: split at commas outside brackets."""
    out, depth, word = [], 0, ""
    for ch in cell:
        depth += ch == "["
        depth -= ch == "]"
        if ch == "," and not depth:
            out.append(word.strip())
            word = ""
        else:
            word += ch
    return [*out, word.strip()]


def _value(text: str):
    text = re.sub(r"\s*\(.*\)$", "", text).strip("`")
    try:
        return json.loads(text)
    except ValueError:
        return text


def test_the_flag_table_of_rulesets_md_gives_the_declared_defaults():
    flags = _declared_flags()
    text = (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")
    table = text[text.index("| flag | default | what it changes |"):].split("\n\n")[0]
    rows = [line.split("|")[1:3] for line in table.splitlines() if line.startswith("| `")]
    assert len(rows) >= 10
    for names, defaults in rows:
        named = re.findall(r"`([a-z_0-9]+)`", names)
        values = _cells(defaults)
        assert len(named) == len(values), names
        for name, value in zip(named, values):
            default = flags[name].default
            assert _value(value) == (list(default) if isinstance(default, tuple) else default), name


def test_the_choices_rulesets_md_lists_are_the_declared_ones():
    flags = _declared_flags()
    text = (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")
    checked = set()
    # "`kuikae` (`forbidden`, `same_kind`, `allowed`)": every choice, none other
    for name, inside in re.findall(r"`([a-z_]+)`\s+\(([^()]*)\)", text):
        listed = re.findall(r"`([a-z0-9_-]+)`", inside)
        if name in flags and listed and flags[name].choices:
            assert set(listed) == set(flags[name].choices), name
            checked.add(name)
    # "`kazoe` (yakuman / sanbaiman / multiple)"
    for name, inside in re.findall(r"`([a-z_]+)`\s+\(([a-z_]+(?: / [a-z_]+)+)\)", text):
        assert set(inside.split(" / ")) == set(flags[name].choices), name
        checked.add(name)
    assert checked == {"abortive_draws", "kuikae", "multi_ron_honba", "dealer_repeat", "game_length",
                       "last_dealer_stop", "extra_wind", "leftover_sticks", "points_rounding", "nagashi_mangan",
                       "ankan_after_riichi", "kazoe", "renhou"}  # every list the page gives


# -- a third party declares its own values so (plugins/README.md, "Declaring a rule value once") -------

class KinkeiValue(Choice):
    YAKUMAN = "yakuman"
    MANGAN_YAKU = "mangan-yaku"


@attrs.frozen(field_transformer=declared)
class KinkeiRule:
    value: KinkeiValue = rule(KinkeiValue.YAKUMAN, "kinkei dokuritsu: 'yakuman' or 'mangan-yaku' (5 han)",
                              flag="kinkei_value", choices=KinkeiValue)


class Kinkei:
    """The guide's plugin: kinkei dokuritsu (four called melds, a single wait on 1s), its value declared once."""

    @hookimpl
    def mjrules_register_flags(self, register):
        for flag in flags_of(KinkeiRule):
            register(flag)

    @hookimpl
    def mjrules_register_yaku(self, register, flags):
        yakuman = from_flags(KinkeiRule, flags).value is KinkeiValue.YAKUMAN
        register(Yaku("kinkei", "Golden rooster", "金鶏独立", _kinkei, forms=(STANDARD,),
                      **({"yakuman": 1} if yakuman else {"han": 5, "han_open": 5})))


def _kinkei(reading, flags):
    return len(reading.hand.melds) == 4 and reading.pair == SOU1 and reading.wait == TANKI


def test_a_third_partys_value_declared_once():
    hand = parse_mpsz("11s 1-23m 4-56p 777=z 222+z")  # four called melds, the 1s pair its single wait
    yakuman = Scorer("tenhou", extra_plugins={"kinkei": Kinkei()})
    assert yakuman.flags["kinkei_value"] == "yakuman" and type(yakuman.flags["kinkei_value"]) is str
    assert yakuman.score(hand, Win()).points == 48000  # a dealer's yakuman tsumo: 16,000 all
    # 5 han of kinkei + 1 of the chun triplet (South is no value wind for East in East) = 6 han, haneman:
    # a dealer's tsumo 6,000 all
    five = Scorer(load_ruleset("tenhou").with_flags(kinkei_value="mangan-yaku"), extra_plugins={"kinkei": Kinkei()})
    assert five.score(hand, Win()).points == 18000
    with pytest.raises(RulesetError, match="kinkei_value: 'mangan' is not one of 'yakuman', 'mangan-yaku'"):
        Scorer(load_ruleset("tenhou").with_flags(kinkei_value="mangan"), extra_plugins={"kinkei": Kinkei()})
