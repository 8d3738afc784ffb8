"""A person at the table, through text: the game shown event by event, each choice asked for.

``Console`` is a ``Player`` and a ``Watcher`` (``mjrules.table.actions``) that writes what its seat
may see to one text stream and reads the person's answers from another, a line each (``mjrules
play`` gives it the terminal). An answer is:

- a tile (``5m``, ``0p`` for a red five): discard it; ``r`` and a tile (``r5m``): riichi with it;
- nothing (Enter): discard the tile just drawn, or let the tile on offer go by;
- a number: one of the other actions listed (tsumo, ron, pass, chi, pon, kan, kita, nine terminals;
  at an exhaustive draw where the ruleset lets a hand in tenpai declare noten, tenpai or noten).

An answer that is none of these is said so, and the question asked again; the end of the input
leaves the game (``MjrulesError``).
"""

from __future__ import annotations

from typing import IO, Any

from mjrules.errors import MjrulesError, as_typed, not_utf8
from mjrules.records.mjai import mjai_tile
from mjrules.game.actions import DECLARATIONS, PASS, Action, ActionKind
from mjrules.game.view import View
from mjrules.model.tiles import Tile
from mjrules.notation.mpsz import format_tiles, parse_tiles

WINDS = ("East", "South", "West", "North")
LISTED = (ActionKind.TSUMO, ActionKind.RON, ActionKind.PASS, ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN,
          ActionKind.ANKAN, ActionKind.KAKAN, ActionKind.KITA, ActionKind.NINE_TERMINALS, ActionKind.TENPAI,
          ActionKind.NOTEN)
"""The actions listed by number, in this order (discards and riichi are answered with a tile)."""


class Console:
    """One seat played by a person: events written to ``out``, answers read from ``answers``."""

    def __init__(self, answers: IO[str], out: IO[str]) -> None:
        self.answers = answers
        self.out = out
        self.seat = 0

    # -- the game as it goes ------------------------------------------------------------------------
    def observe(self, event: dict[str, Any]) -> None:
        line = self.describe(event)
        if line:
            self.out.write(line + "\n")

    def who(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat}"

    def does(self, seat: int, what: str) -> str:
        """``seat 2 declares riichi``, ``you declare riichi``: ``what`` as said of another seat."""
        if seat != self.seat:
            return f"seat {seat} {what}"
        verb, _, rest = what.partition(" ")
        return f"you {verb[:-1] if verb.endswith('s') else verb} {rest}".rstrip()

    def describe(self, ev: dict[str, Any]) -> str | None:
        """One line for an event worth telling, None for the others (one's own draw is in the question)."""
        kind = ev["type"]
        if kind == "start_game":
            self.seat = ev["id"]
            return f"You sit in seat {self.seat}; seat 0 deals first."
        if kind == "start_kyoku":
            wind = {"E": "East", "S": "South", "W": "West", "N": "North"}[ev["bakaze"]]
            scores = ", ".join(f"{self.who(s)} {v:,}" for s, v in enumerate(ev["scores"]))
            return (f"\n== {wind} {ev['kyoku']}, {ev['honba']} honba, {ev['kyotaku']} riichi sticks; seat "
                    f"{ev['oya']} deals; dora indicator {_tile(ev['dora_marker'])}; {scores}")
        actor: int = ev.get("actor", -1)  # every event below that reads it has one
        if kind == "dahai" and actor != self.seat:
            return f"{self.who(actor)} discards {_tile(ev['pai'])}"
        if kind == "reach":
            return self.does(actor, "declares riichi")
        if kind in ("chi", "pon", "daiminkan", "kakan", "ankan"):
            tiles = [_tile(t) for t in ev.get("consumed", [])] + ([_tile(ev["pai"])] if "pai" in ev else [])
            return self.does(actor, f"calls {kind} {format_tiles(tiles)}")
        if kind == "nukidora":
            return self.does(actor, "sets a North aside")
        if kind == "dora":
            return f"new dora indicator {_tile(ev['dora_marker'])}"
        if kind == "hora":
            how = "tsumo" if ev["target"] == actor else f"ron on {self.who(ev['target'])}"
            value = f"{ev['fan']} han {ev['fu']} fu" if ev.get("fan") else f"yakuman x{ev.get('yakuman', 1)}"
            yaku = ", ".join(y for y, _ in ev.get("yakus", []))
            return self.does(actor, f"wins by {how} on {_tile(ev['pai'])}: {value}, {ev['hora_points']:,} ({yaku}); "
                             + _deltas(ev["deltas"], self.who))
        if kind == "ryukyoku":
            return f"draw ({ev.get('reason', '')}); " + _deltas(ev["deltas"], self.who)
        if kind == "end_game":
            return "\n== the game is over: " + ", ".join(f"{self.who(s)} {v:,}" for s, v in enumerate(ev["scores"]))
        return None

    # -- a choice ---------------------------------------------------------------------------------
    def act(self, view: View) -> Action:
        self.out.write(self.show(view))
        listed = [a for k in LISTED for a in view.legal if a.kind is k]
        for n, a in enumerate(listed, 1):
            self.out.write(f"  {n}) {a.describe()}\n")
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.answers.readline()
            if not line:
                raise MjrulesError("the game was left: no more answers (end of input)")
            action = self.parse(line.strip(), view, listed)
            if isinstance(action, Action):
                return action
            self.out.write(action + "\n")

    def show(self, view: View) -> str:
        """The table as the seat sees it when asked."""
        lines = [f"-- wall: {view.live_left} draws left; dora indicators {format_tiles(view.dora)}"]
        for s in range(view.players):
            if s == view.seat:
                continue
            melds = " ".join(format_tiles(m.tiles) for m in view.melds[s])
            lines.append(f"   seat {s} ({WINDS[(s - view.dealer) % view.players]}) {view.scores[s]:,}"
                         f"{' riichi' if view.riichi[s] else ''}: river {_river(view.rivers[s])}"
                         + (f"; melds {melds}" if melds else ""))
        mine = [t for t in view.concealed]
        if view.drawn is not None:
            mine.remove(view.drawn)
        melds = " ".join(format_tiles(m.tiles) for m in view.melds[view.seat])
        lines.append(f"   you ({WINDS[view.seat_wind]}) {view.scores[view.seat]:,}: river "
                     f"{_river(view.rivers[view.seat])}" + (f"; melds {melds}" if melds else ""))
        hand = format_tiles(sorted(mine, key=lambda t: t.rank))
        if all(a.kind in DECLARATIONS for a in view.legal):
            lines.append(f"   your hand {hand}; the wall is empty: show it as tenpai, or declare noten")
        elif view.offered is not None:
            lines.append(f"   your hand {hand}; seat {view.offered_by} offers {view.offered}: Enter lets it go by")
        else:
            drawn = f" + {view.drawn} drawn" if view.drawn is not None else ""
            lines.append(f"   your hand {hand}{drawn}: a tile to discard it, r and a tile for riichi"
                         + (", Enter the tile drawn" if view.drawn is not None else ""))
        return "\n".join(lines) + "\n"

    @staticmethod
    def parse(text: str, view: View, listed: list[Action]) -> Action | str:
        """The action an answer names, or why it names none."""
        legal = view.legal
        why = not_utf8(text)
        if why is not None:  # a byte the terminal sent that is not UTF-8 (kept as a lone surrogate)
            return f"{as_typed(text)}: {why}; answer a tile, r and a tile, a number or Enter"
        if not text:
            if view.offered is not None:
                return PASS
            if all(a.kind in DECLARATIONS for a in legal):
                return "give the number of tenpai or noten"
            drawn = Action(ActionKind.DISCARD, view.drawn) if view.drawn is not None else None
            return drawn if drawn in legal else "give a tile to discard"
        if text.isdigit():
            n = int(text)
            if not listed:
                return f"{text}: no action is numbered now"
            return listed[n - 1] if 1 <= n <= len(listed) else f"{text}: not one of the numbers 1-{len(listed)}"
        kind = ActionKind.DISCARD
        if text[0] in "rR" and len(text) > 1:
            kind, text = ActionKind.RIICHI, text[1:]
        try:
            tiles = parse_tiles(text)
        except MjrulesError as e:
            return f"{text}: not a tile ({e})"
        if len(tiles) != 1:
            return f"{text}: one tile, please"
        action = Action(kind, tiles[0])
        if action in legal:
            return action
        if view.offered is None and tiles[0] not in view.concealed:  # not "not open": it is not there
            twin = next((t for t in view.concealed if t.index == tiles[0].index), None)
            return f"{tiles[0]}: not in your hand" + (f"; you hold {twin}" if twin is not None else "")
        return f"{action.describe()}: not open to you now"


def _river(tiles: tuple[Tile, ...]) -> str:
    """Discards in the order made (not grouped by suit as a hand is written)."""
    return " ".join(str(t) for t in tiles) or "-"


def _tile(name: str) -> Tile:
    return mjai_tile(name, "the table's event")


def _deltas(deltas: list[int], who: Any) -> str:
    return ", ".join(f"{who(s)} {d:+,}" for s, d in enumerate(deltas) if d)
