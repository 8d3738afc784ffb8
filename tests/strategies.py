"""Hypothesis strategies shared by the property tests (test_properties) and the fuzz tests (test_fuzz),
and the settings profiles they run under.

Profiles (chosen by the environment variable ``MJRULES_HYPOTHESIS``):

* ``ci`` (the default): bounded and seeded (``derandomize=True``, no example database), so every run
  tests the same examples and the two suites take a minute or two on a 2-core machine;
* ``deep``: ``DEEP_FACTOR`` times as many examples, random seeds and the example database under
  ``.hypothesis/`` (git-ignored), for a larger on-demand run::

      MJRULES_HYPOTHESIS=deep python -m pytest tests/test_properties.py tests/test_fuzz.py --hypothesis-show-statistics

Each test asks for its ci example count with ``budget(n)``; the deep profile multiplies it.

Winning hands are built constructively: four sets (sequences or triplets, each possibly called as
chi, pon, daiminkan, kakan or declared as ankan) and a pair, or seven pairs, or kokushi, never more
than four copies of a tile and at most one red five per suit; the winning tile is one of the
concealed tiles. ``wins`` then draws a situation that agrees with the hand (riichi only when closed,
ippatsu only with riichi (and not with rinshan: the kan ended it), rinshan only with a kan and tsumo, haitei only on tsumo, houtei only on
ron, ura only with riichi, indicators never a fifth copy of a tile).
"""

from __future__ import annotations

import json
import os
import string

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from mjrules import Hand, Meld, MeldKind, Tile, Win, tile
from mjrules.model.win import MAX_COUNTER
from mjrules.model.tiles import FIVES, YAOCHU, dora_of

# -- settings profiles ----------------------------------------------------------------------------

PROFILE_ENV = "MJRULES_HYPOTHESIS"
PROFILES = ("ci", "deep")
DEEP_FACTOR = 20

_COMMON = dict(
    deadline=None,  # no timing: the work of refusing long inputs is counted where it matters (test_fuzz)
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def register_profiles() -> None:
    # ci leaves out the "explain" phase (slow on a failure; deep keeps it to say which parts matter).
    settings.register_profile("ci", max_examples=100, derandomize=True, database=None,
                              phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
                              **_COMMON)
    settings.register_profile("deep", max_examples=100 * DEEP_FACTOR, **_COMMON)


def profile_name() -> str:
    name = os.environ.get(PROFILE_ENV, "ci") or "ci"
    if name not in PROFILES:
        raise ValueError(f"{PROFILE_ENV}={name!r}: expected one of {', '.join(PROFILES)}")
    return name


def load_profile() -> str:
    """Register both profiles and load the one ``MJRULES_HYPOTHESIS`` names (default ``ci``)."""
    register_profiles()
    name = profile_name()
    settings.load_profile(name)
    return name


def budget(n: int) -> int:
    """A test's example count: ``n`` under the ci profile, ``DEEP_FACTOR`` times more under deep."""
    return n * DEEP_FACTOR if profile_name() == "deep" else n


# -- tiles ----------------------------------------------------------------------------------------

SEQUENCE_STARTS = tuple(i for i in range(27) if i % 9 <= 6)
HONOURS = tuple(range(27, 34))
TERMINALS_AND_HONOURS = tuple(sorted(YAOCHU))

# A palette narrows the kinds a hand is built from, so flushes, honour hands and terminal hands
# (and with them the limit hands and yakuman) turn up often enough.
PALETTES = {
    "any": tuple(range(34)),
    "manzu+honours": tuple(range(9)) + HONOURS,
    "pinzu": tuple(range(9, 18)),
    "souzu+honours": tuple(range(18, 27)) + HONOURS,
    "honours": HONOURS,
    "terminals+honours": TERMINALS_AND_HONOURS,
    "simples": tuple(i for i in range(27) if i % 9 not in (0, 8)),
    "dragons+manzu": (31, 32, 33) + tuple(range(9)),
    "winds+souzu": (27, 28, 29, 30) + tuple(range(18, 27)),
}


def palettes() -> st.SearchStrategy[tuple[int, ...]]:
    return st.sampled_from(sorted(PALETTES)).map(PALETTES.__getitem__)


# -- winning hands --------------------------------------------------------------------------------

MELD_CHOICES_SEQ = ("concealed", "chi")
MELD_CHOICES_TRIPLET = ("concealed", "pon", "daiminkan", "kakan", "ankan")


def _meld(draw, kind: str, first: int) -> Meld:
    if kind == "chi":
        tiles = [tile(first + k) for k in range(3)]
        return Meld(MeldKind.CHI, tiles, draw(st.integers(0, 2)), 3)
    t = tile(first)
    source = draw(st.integers(1, 3))
    if kind == "pon":
        return Meld(MeldKind.PON, [t] * 3, draw(st.integers(0, 2)), source)
    if kind == "daiminkan":
        return Meld(MeldKind.DAIMINKAN, [t] * 4, 3, source)
    if kind == "kakan":
        return Meld(MeldKind.KAKAN, [t] * 4, draw(st.integers(0, 2)), source)
    return Meld(MeldKind.ANKAN, [t] * 4)


@st.composite
def standard_groups(draw, red: bool = True, melds: bool = True):
    """Four sets and a pair: (concealed tiles, melds), the winning tile still among the concealed."""
    palette = draw(palettes())
    counts = [0] * 34
    concealed: list[Tile] = []
    called: list[Meld] = []
    for _ in range(4):
        seqs = [i for i in SEQUENCE_STARTS if all(i + k in palette and counts[i + k] < 4 for k in range(3))]
        trips = [i for i in palette if counts[i] <= 1]
        if not trips and not seqs:  # the palette is used up: any kind will do
            trips = [i for i in range(34) if counts[i] <= 1]
        if seqs and (not trips or draw(st.booleans())):
            first = draw(st.sampled_from(seqs))
            how = draw(st.sampled_from(MELD_CHOICES_SEQ)) if melds else "concealed"
            for k in range(3):
                counts[first + k] += 1
            if how == "concealed":
                concealed += [tile(first + k) for k in range(3)]
            else:
                called.append(_meld(draw, how, first))
        else:
            first = draw(st.sampled_from(trips))
            choices = MELD_CHOICES_TRIPLET if counts[first] == 0 else MELD_CHOICES_TRIPLET[:2]
            how = draw(st.sampled_from(choices)) if melds else "concealed"
            if how == "concealed":
                counts[first] += 3
                concealed += [tile(first)] * 3
            else:
                m = _meld(draw, how, first)
                counts[first] += len(m.tiles)
                called.append(m)
    pairs = [i for i in palette if counts[i] <= 2] or [i for i in range(34) if counts[i] <= 2]
    p = draw(st.sampled_from(pairs))
    concealed += [tile(p)] * 2
    if red:
        concealed, called = _add_red(draw, concealed, called)
    return concealed, called


def _add_red(draw, concealed: list[Tile], called: list[Meld]):
    """Make at most one five of each suit red, wherever it is (concealed or in a meld)."""
    concealed = list(concealed)
    called = list(called)
    for five in FIVES:
        spots = [("c", i, 0) for i, t in enumerate(concealed) if t.index == five]
        spots += [("m", i, j) for i, m in enumerate(called) for j, t in enumerate(m.tiles) if t.index == five]
        if not spots or not draw(st.booleans()):
            continue
        where, i, j = draw(st.sampled_from(spots))
        if where == "c":
            concealed[i] = tile(five, red=True)
        else:
            m = called[i]
            tiles = list(m.tiles)
            tiles[j] = tile(five, red=True)
            called[i] = Meld(m.kind, tiles, m.called, m.source)
    return concealed, called


@st.composite
def chiitoitsu_groups(draw, red: bool = True):
    palette = draw(palettes())
    pool = palette if len(palette) >= 7 else tuple(range(34))
    kinds = draw(st.permutations(pool))[:7]
    concealed = [tile(k) for k in kinds for _ in range(2)]
    if red:
        concealed, _ = _add_red(draw, concealed, [])
    return concealed, []


@st.composite
def kokushi_groups(draw):
    extra = draw(st.sampled_from(TERMINALS_AND_HONOURS))
    return [tile(k) for k in TERMINALS_AND_HONOURS] + [tile(extra)], []


@st.composite
def hands(draw, red: bool = True, melds: bool = True, forms=("standard", "chiitoitsu", "kokushi")):
    """A complete winning hand (a Hand whose tiles form four sets and a pair, seven pairs or kokushi)."""
    form = draw(st.sampled_from(forms)) if len(forms) > 1 else forms[0]
    if form == "standard":
        concealed, called = draw(standard_groups(red=red, melds=melds))
    elif form == "chiitoitsu":
        concealed, called = draw(chiitoitsu_groups(red=red))
    else:
        concealed, called = draw(kokushi_groups())
    # The order of the concealed tiles must not matter; draw one anyway so Hand's canonical
    # ordering is exercised, then pick the winning tile among them.
    concealed = draw(st.permutations(concealed))
    w = draw(st.integers(0, len(concealed) - 1))
    win_tile = concealed[w]
    rest = concealed[:w] + concealed[w + 1:]
    return Hand(rest, win_tile, called)


def _free_kinds(counts: list[int]) -> list[int]:
    return [i for i in range(34) if counts[i] < 4]


def _indicators(draw, counts: list[int], n: int, bias: bool, hand: Hand) -> tuple[Tile, ...]:
    out = []
    held = {t.index for t in hand.tiles()}
    for _ in range(n):
        free = _free_kinds(counts)
        if bias:  # indicators that point at a tile of the hand, to reach the limit hands
            pointing = [i for i in free if dora_of(tile(i)) in held]
            free = pointing or free
        k = draw(st.sampled_from(free))
        counts[k] += 1
        out.append(tile(k))
    return tuple(out)


SPECIALS = ("none",) * 7 + ("tenhou", "chiihou", "renhou")


@st.composite
def wins(draw, hand: Hand, *, tsumo: bool | None = None, seat: int | None = None, specials: bool = True,
         dora_bias: bool | None = None, max_counter: int = MAX_COUNTER):
    """A Win that agrees with ``hand``: every field only where the hand and the other fields allow it."""
    special = draw(st.sampled_from(SPECIALS)) if specials and not hand.melds else "none"
    if special == "tenhou" and (tsumo is False or seat not in (None, 0)):
        special = "none"
    if special in ("chiihou", "renhou") and seat == 0:
        special = "none"
    if special == "chiihou" and tsumo is False or special == "renhou" and tsumo is True:
        special = "none"
    if special == "tenhou":
        tsumo, seat = True, 0
    elif special == "chiihou":
        tsumo = True
    elif special == "renhou":
        tsumo = False
    if tsumo is None:
        tsumo = draw(st.booleans())
    if seat is None:
        seat = draw(st.integers(1, 3)) if special in ("chiihou", "renhou") else draw(st.integers(0, 3))
    discarder = None if tsumo else draw(st.integers(1, 3))
    round_wind = draw(st.integers(0, 3))
    plain = special == "none"
    riichi = draw(st.sampled_from((0, 1, 2))) if hand.is_closed and plain else 0
    ippatsu = bool(riichi) and draw(st.booleans())
    # The kan that draws the replacement tile is a call made after riichi: it ends the ippatsu.
    rinshan = tsumo and plain and hand.kan_count > 0 and not ippatsu and draw(st.booleans())
    haitei = tsumo and plain and not rinshan and draw(st.booleans())
    houtei = not tsumo and plain and draw(st.booleans())
    w = hand.win_tile.index
    alone = not any(t.index == w for t in hand.concealed) and not any(t.index == w for m in hand.melds for t in m.tiles)
    chankan = not tsumo and plain and not houtei and alone and draw(st.booleans())

    counts = list(hand.counts)
    if dora_bias is None:
        dora_bias = draw(st.booleans())
    n_dora = draw(st.integers(0, min(5, 1 + hand.kan_count)))
    dora = _indicators(draw, counts, n_dora, dora_bias, hand)
    ura = ()
    if riichi:
        ura = _indicators(draw, counts, draw(st.integers(0, n_dora)), dora_bias, hand)
    counter = st.one_of(st.integers(0, 8), st.integers(0, max_counter))
    return Win(
        tsumo=tsumo, discarder=discarder, round_wind=round_wind, seat_wind=seat, riichi=riichi,
        ippatsu=ippatsu, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
        tenhou=special == "tenhou", chiihou=special == "chiihou", renhou=special == "renhou",
        dora=dora, ura=ura, honba=draw(counter), riichi_sticks=draw(counter),
    )


@st.composite
def deals(draw, red: bool = True, **win_options):
    """(Hand, Win): a legal winning hand and a situation consistent with it."""
    hand = draw(hands(red=red))
    return hand, draw(wins(hand, **win_options))


def without_red(hand: Hand) -> Hand:
    """The same hand with every red five plain (for rulesets whose set has none)."""
    def plain(t: Tile) -> Tile:
        return tile(t.index) if t.red else t

    melds = [Meld(m.kind, [plain(t) for t in m.tiles], m.called, m.source) for m in hand.melds]
    return Hand([plain(t) for t in hand.concealed], plain(hand.win_tile), melds)


# -- writing hands in any tile order --------------------------------------------------------------

def mpsz_concealed(tiles) -> str:
    """MPSZ for tiles in the order given (a suit letter whenever the suit changes)."""
    out = []
    for i, t in enumerate(tiles):
        out.append("0" if t.red else str(t.number))
        if i + 1 == len(tiles) or tiles[i + 1].suit != t.suit:
            out.append(t.suit)
    return "".join(out)


def majiang_concealed(tiles) -> str:
    """majiang-core concealed part for tiles in the order given (a suit letter when the suit changes)."""
    out = []
    suit = None
    for t in tiles:
        if t.suit != suit:
            suit = t.suit
            out.append(suit)
        out.append("0" if t.red else str(t.number))
    return "".join(out)


# -- garbage and near misses ----------------------------------------------------------------------

NOTATION_ALPHABET = "0123456789mpsz+=-*, " + "MPSZ\t\n._x#"
"""Characters the notations use, a few that look like them, and separators."""


def notation_text(max_size: int = 60) -> st.SearchStrategy[str]:
    """Text mostly made of notation characters, sometimes any Unicode."""
    return st.one_of(
        st.text(alphabet=NOTATION_ALPHABET, max_size=max_size),
        st.text(alphabet=st.sampled_from("0123456789mpsz+=-,"), min_size=10, max_size=max_size),
        st.text(max_size=max_size),
    )


MUTATIONS = ("delete", "insert", "duplicate", "swap", "replace", "mark", "split", "truncate")


@st.composite
def mutated(draw, text: str) -> str:
    """``text`` with one to three small edits: near misses of a valid hand."""
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(MUTATIONS))
        n = len(text)
        i = draw(st.integers(0, max(n - 1, 0)))
        ch = draw(st.sampled_from(NOTATION_ALPHABET))
        if op == "delete" and n:
            text = text[:i] + text[i + 1:]
        elif op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "duplicate" and n:
            text = text[:i] + text[i] + text[i:]
        elif op == "swap" and n > 1:
            j = min(i + 1, n - 1)
            text = text[:i] + text[j] + text[i] + text[j + 1:] if j > i else text
        elif op == "replace" and n:
            text = text[:i] + ch + text[i + 1:]
        elif op == "mark":  # move, add or change a seat mark
            marks = [k for k, c in enumerate(text) if c in "+=-"]
            if marks:
                k = draw(st.sampled_from(marks))
                text = text[:k] + draw(st.sampled_from("+=-")) + text[k + 1:]
                if draw(st.booleans()):
                    text = text[:k] + text[k + 1:]
            else:
                text = text[:i] + draw(st.sampled_from("+=-")) + text[i:]
        elif op == "split":
            text = text[:i] + draw(st.sampled_from(", ")) + text[i:]
        elif op == "truncate":
            text = text[:i]
    return text


json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-5, 5),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(["m1", "z7", "p0", "1m", "E", "S", "next", "opposite", "previous", "", "m123p456s789z1122z2"]),
)
def _json_containers(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4))


json_values = st.recursive(json_scalars, _json_containers, max_leaves=12)
"""Any JSON value (what json.loads can give)."""


@st.composite
def near_miss_object(draw, valid: dict, keys) -> dict:
    """A copy of ``valid`` (a JSON object) with one key replaced by a random value, removed, or added."""
    obj = json.loads(json.dumps(valid))
    op = draw(st.sampled_from(("replace", "replace", "delete", "add", "nested")))
    if op == "replace" or not obj:
        obj[draw(st.sampled_from(sorted(keys)))] = draw(json_values)
    elif op == "delete":
        del obj[draw(st.sampled_from(sorted(obj)))]
    elif op == "add":
        obj[draw(st.text(max_size=8))] = draw(json_values)
    else:
        inner = [k for k, v in obj.items() if isinstance(v, dict)]
        if inner:
            k = draw(st.sampled_from(inner))
            sub = obj[k]
            subkeys = sorted(sub) or ["x"]
            for sv in list(sub.values()):
                if isinstance(sv, dict) and sv and draw(st.booleans()):  # one level deeper (param.hupai)
                    sv[draw(st.sampled_from(sorted(sv)))] = draw(json_values)
            sub[draw(st.sampled_from(subkeys + ["zzz"]))] = draw(json_values)
        else:
            obj[draw(st.sampled_from(sorted(keys)))] = draw(json_values)
    return obj


printable_no_path = st.text(alphabet=string.ascii_letters + string.digits + " -_=+.,:*#'\"" + "東南赤", max_size=20)
"""Words for command lines: no path separators, so nothing is written outside the test's folder."""
