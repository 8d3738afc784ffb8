"""Pao (liability): the player who fed the last dragon or wind set (or the fourth kan) pays for the
yakuman; and, where the ruleset says so, the player whose discard made a daiminkan pays the rinshan win."""

from typing import Callable, Sequence

from mjrules.plugin_api import (
    DRAGONS,
    WINDS,
    Choice,
    Flag,
    Flags,
    Liability,
    Meld,
    MeldKind,
    PaoHonba,
    Reading,
    hookimpl,
    native_twin,
)

PAO_FED_BY = {"daisangen": "dragons", "daisuushii": "winds", "suukantsu": "kans"}
"""Each yakuman pao can apply to, and what makes a player liable: feeding the third dragon set, the
fourth wind set, or the fourth kan (a daiminkan)."""
PAO_YAKUMAN = tuple(PAO_FED_BY)


class PaoCovers(Choice):
    """What the liable player covers (flag ``pao_covers``): the pao yakuman only, or the whole hand."""

    YAKUMAN = "yakuman"
    HAND = "hand"


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("pao", bool, True, "liability payments for the yakuman listed in pao_yakuman"))
    register(Flag("pao_yakuman", list, ("daisangen", "daisuushii"),
                  "yakuman with liability; suukantsu only when the fourth kan was called (daiminkan)",
                  choices=PAO_YAKUMAN))
    register(Flag("pao_covers", str, PaoCovers.YAKUMAN,
                  "'yakuman': the liable player covers the pao yakuman only; 'hand': the whole hand",
                  choices=PaoCovers))
    register(Flag("pao_honba", str, PaoHonba.NORMAL,
                  "'normal': honba as without pao (discarder on ron); 'liable': the liable player pays all honba",
                  choices=PaoHonba))
    register(Flag("rinshan_pao", bool, False,
                  "大明槓責任払い: a rinshan kaihou tsumo right after a daiminkan (the last kan of the hand) is paid "
                  "by the player who discarded the kan tile, as if by ron"))


def _last_of(melds: Sequence[Meld], kinds: tuple[int, ...], need: int) -> int | None:
    """Source of the meld that completed ``need`` sets of ``kinds`` when all are melds, else None."""
    sets = [m for m in melds if m.kind is not MeldKind.CHI and m.tiles[0].index in kinds]
    if len(sets) != need:
        return None
    return sets[-1].source  # None when the last one is a closed kan


def _suukantsu(melds: Sequence[Meld]) -> int | None:
    kans = [m for m in melds if m.is_kan]
    if len(kans) == 4 and kans[-1].kind is MeldKind.DAIMINKAN:
        return kans[-1].source
    return None


def _twin(flags: Flags) -> dict[str, object]:
    """What the kernel's twin reads, by name: pao on, covering the hand, the liable player paying
    all honba, and the pao yakuman with what feeds each (``PAO_FED_BY``)."""
    return {"on": flags.get_bool("pao"), "covers_hand": flags.get_str("pao_covers") == PaoCovers.HAND,
            "honba_liable": flags.get_str("pao_honba") == PaoHonba.LIABLE,
            "yakuman": {y: PAO_FED_BY[y] for y in flags.get_list("pao_yakuman") if y in PAO_FED_BY}}


@hookimpl
@native_twin("pao", params=_twin)
def mjrules_pao(reading: Reading, yakuman: Sequence[tuple[str, int]], total: int,
                flags: Flags) -> Liability | tuple[Liability, ...] | None:
    if not flags.get_bool("pao"):
        return None
    enabled = flags.get_list("pao_yakuman")
    melds = reading.hand.melds
    liable = []
    for yid, multiple in yakuman:
        if yid not in enabled:
            continue
        fed_by = PAO_FED_BY.get(yid)
        if fed_by == "dragons":
            source = _last_of(melds, DRAGONS, 3)
        elif fed_by == "winds":
            source = _last_of(melds, WINDS, 4)
        else:
            source = _suukantsu(melds)
        if source is not None:
            liable.append((source, multiple, yid))
    if not liable:
        return None
    sources = list(dict.fromkeys(source for source, _, _ in liable))  # in the order found
    if len(sources) == 1:
        covers = total if flags.get_str("pao_covers") == PaoCovers.HAND else min(total, sum(m for _, m, _ in liable))
        # the flag's choices are Liability's honba modes
        return Liability(sources[0], covers, flags.get_str("pao_honba"), "+".join(y for _, _, y in liable))
    # Two players liable (the third dragon set fed by one, the fourth kan by another): each covers
    # their own yakuman only, in either pao_covers mode, the rest of the hand is paid as usual
    # (MahjongPantheon issue #744 on EMA/WRC practice: pao "should apply only for the yakuman it can
    # be applied to"; majiang-core and the WRC summary portion pao to the pao yakuman alike).
    return tuple(
        Liability(source, sum(m for s, m, _ in liable if s == source), flags.get_str("pao_honba"),
                  "+".join(y for s, _, y in liable if s == source))
        for source in sources
    )


@hookimpl
@native_twin("rinshan_pao", params=lambda flags: {"on": flags.get_bool("rinshan_pao")})
def mjrules_rinshan_pao(reading: Reading, flags: Flags) -> int | None:
    if not flags.get_bool("rinshan_pao") or not reading.win.tsumo:
        return None
    kans = [m for m in reading.hand.melds if m.is_kan]
    if kans and kans[-1].kind is MeldKind.DAIMINKAN:
        return kans[-1].source
    return None
