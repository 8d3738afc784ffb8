"""Query parameters as the web page and API take them: the command line's option names without
the dashes (``hand``, ``ron``, ``seat``, ``double-riichi``, ``dora``, ``ruleset``, ``rulesets``, …),
read by the same readers as the command line (``mjrules.tools.query``), so a bad value gets the
command line's error text. Rulesets are preset names or one uploaded TOML file; never a path on the
server."""

from __future__ import annotations

from typing import Callable, Iterable, Sequence, TypeVar

import attrs

from mjrules.errors import NotationError, RulesetError
from mjrules.model.hand import Hand
from mjrules.model.tiles import Tile
from mjrules.model.win import Win
from mjrules.rules.ruleset import Ruleset, load_ruleset, preset_names, ruleset_from_data
from mjrules.tools import query

_T = TypeVar("_T")

SITUATION = ("hand", "win", "ron", "round", "seat", *query.SITUATION_FLAGS, "dora", "ura", "honba", "sticks",
             "kita", "extra")
"""The parameters of one hand and its win."""
DEFAULT_RULESET = "tenhou"
UPLOAD = "toml"
"""The parameter holding an uploaded ruleset's TOML text (the page puts a chosen file's text there)."""
UPLOAD_FILE = "ruleset_file"
"""The form field of an uploaded ruleset file (a POST with multipart/form-data)."""
LANGS = ("en", "ja")
"""The languages of the pages (``lang``)."""
TRUE = ("1", "true", "on", "yes")
FALSE = ("", "0", "false", "off", "no")


class Params:
    """The parameters of one request: each name with its values, in order."""

    def __init__(self, items: Iterable[tuple[str, str]], upload: bytes | None = None) -> None:
        self.values: dict[str, list[str]] = {}
        for key, value in items:
            self.values.setdefault(key, []).append(value)
        self.upload = upload

    def check(self, allowed: Iterable[str]) -> None:
        allowed = set(allowed) | {"lang"}
        for key in self.values:
            if key not in allowed:
                raise NotationError(f"unknown parameter {query.shown(key)}; this page takes: "
                                    f"{', '.join(sorted(allowed))}")
        lang = self.get("lang")
        if lang not in (None, "", *LANGS):  # as argparse refuses a choice it does not offer
            raise NotationError(f"argument --lang: invalid choice: {query.shown(lang)} (choose from {', '.join(LANGS)})")

    def get(self, name: str) -> str | None:
        values = self.values.get(name)
        if not values:
            return None
        return values[-1]  # as on the command line, an option given twice keeps its last value

    def all(self, name: str) -> list[str]:
        return self.values.get(name, [])

    def read(self, name: str, reader: Callable[[str], _T], default: _T) -> _T:
        """The parameter read by ``reader``, its errors named as the command line names them."""
        text = self.get(name)
        if text is None or text == "":
            return default
        try:
            return reader(text)
        except NotationError as e:
            raise NotationError(f"argument --{name}: {e}") from None

    def flag(self, name: str) -> bool:
        text = self.get(name)
        if text is None or text.lower() in FALSE:
            return False
        if text.lower() in TRUE:
            return True
        raise NotationError(f"argument --{name}: {query.shown(text)} is not on or off (1 or 0)")

    def query_string(self) -> list[tuple[str, str]]:
        return [(k, v) for k, vs in self.values.items() for v in vs]


def hand_and_win(p: Params) -> tuple[Hand, Win]:
    """The hand and win the parameters describe (what ``hand_and_win`` reads from the command line)."""
    text = p.get("hand")
    if not text or not text.strip():
        raise NotationError("give a hand: hand=234567m345p55678s (MPSZ; the last tile is the winning tile)")
    # Every option is read before the hand, as argparse reads them: a bad option is named first.
    win_tile = p.read("win", query.read_tile, None)
    ron: int | None = p.read("ron", query.read_ron, None)
    round_wind, seat_wind = p.read("round", query.read_wind, 0), p.read("seat", query.read_wind, 0)
    flags = {name: p.flag(name) for name in query.SITUATION_FLAGS}
    no_tiles: tuple[Tile, ...] = ()
    dora, ura = p.read("dora", query.read_indicators, no_tiles), p.read("ura", query.read_indicators, no_tiles)
    honba, sticks = p.read("honba", query.read_count, 0), p.read("sticks", query.read_count, 0)
    kita = p.read("kita", query.read_kita, 0)  # Norths set aside: three-player rulesets only
    hand = query.read_hand(text, win_tile)
    win = query.make_win(
        ron=ron, round_wind=round_wind, seat_wind=seat_wind, riichi=flags["riichi"],
        double_riichi=flags["double-riichi"], ippatsu=flags["ippatsu"], haitei=flags["haitei"],
        houtei=flags["houtei"], rinshan=flags["rinshan"], chankan=flags["chankan"], tenhou=flags["tenhou"],
        chiihou=flags["chiihou"], renhou=flags["renhou"], dora=dora, ura=ura, honba=honba, sticks=sticks,
        extra=[e for e in p.all("extra") if e], kita=kita,
    )
    return hand, win


def preset(name: str) -> Ruleset:
    """A preset by name; a path is refused (the server's files are not for the page to read)."""
    if name.endswith(".toml") or "/" in name or "\\" in name:
        raise RulesetError(f"ruleset {query.shown(name)}: name a preset ({', '.join(preset_names())}) "
                           "or upload a TOML file; a path on the server is not read")
    return load_ruleset(name)


def uploaded(p: Params) -> Ruleset | None:
    """The uploaded ruleset (a file in the form, or its text in ``toml``), or None."""
    text = p.get(UPLOAD)
    data = p.upload if p.upload else (text.encode("utf-8") if text and text.strip() else None)
    if data is None:
        return None
    return ruleset_from_data(data, "uploaded ruleset")


def one_ruleset(p: Params) -> Ruleset:
    """``ruleset`` (default tenhou), or the uploaded one."""
    up = uploaded(p)
    if up is not None:
        if p.get("ruleset"):
            raise NotationError("give ruleset or an uploaded ruleset file, not both")
        return up
    return preset(p.get("ruleset") or DEFAULT_RULESET)


def ruleset_list(p: Params, default: Sequence[str] | None) -> list[str | Ruleset] | None:
    """``rulesets`` (comma-separated, or repeated) and the uploaded ruleset after them; ``default``
    when neither is given (None: every preset, as ``mjrules compare`` takes it)."""
    given = p.all("rulesets")
    names: list[str] = []
    if given:
        names = query.ruleset_names(",".join(given)) or []
    refs: list[str | Ruleset] = list(names)
    for n in names:
        preset(n)  # the path check, and an unknown name's error with the list of presets
    up = uploaded(p)
    if up is not None:
        taken = set(names)
        if up.name in taken:
            up = attrs.evolve(up, name=f"{up.name} (uploaded)")  # every other field kept
        refs.append(up)
    if not refs:
        return list(default) if default is not None else None
    return refs


def lang(p: Params) -> str:
    value = p.get("lang")
    return "ja" if value == "ja" else "en"
