"""Batch scoring: one JSON line in (a hand as ``mjrules.notation.lines`` reads it), one JSON line
out, as ``mjrules batch`` writes them.

``LineScorer`` is the work of one line, shared by the CLI, its worker processes
(``mjrules.tools.parallel``) and ``mjrules.dask``. A line's result is rendered from what scoring
kept (the paid reading, the fu items, the shared yaku scores) with one encoder; the text is the
one ``json.dumps(result.to_dict(), ensure_ascii=False)`` gives. With the native kernel, many lines
go to it at once (``render_lines``): it reads, scores and writes the lines it can answer alone, in
as many threads as asked, and leaves the others (an error to name, a "rule" object, an mjrules JSON
hand, red fives read as plain fives) to the same Python code.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import attrs

from mjrules.cache import BoundedCache
from mjrules.errors import MjrulesError, NotationError
from mjrules.notation.lines import line_rule, read_line
from mjrules.rules.majiang import read_majiang_rule
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.readings.fu import FuItem
from mjrules.scoring.result import NoWin, Result, YakuScore
from mjrules.scoring.scorer import Scorer
from mjrules.tools.query import MAX_DIGITS, brief, plain_fives

BATCH_RULESET = "majiang"
"""The majiang format's own defaults, so a line scores as majiang-core would."""
_MAX_RULES = 256
"""Scorers kept for distinct "rule" objects at most."""

RECORD_FIELDS = ("line", "error", "win", "han", "fu", "yakuman", "limit", "base", "points",
                 "pay_east", "pay_south", "pay_west", "pay_north", "liable", "yaku")
"""The columns of a scored line (``LineScorer.records``): its number (from 1), its error (None if it
has none), whether it wins, han and fu (None for a natural yakuman), the yakuman multiple, the
limit's name, base points, points, each seat's score change (East first; None for the seat a
three-player table has not), the liable seat, and
the list of the ids of the yaku scored. A line without a win has only ``line``, ``error`` and
``win`` (False) set."""

_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
_ENCODE_SORTED = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode


def json_int(text: str) -> int:
    """``parse_int`` for JSON: a number of absurd length is a NotationError."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NotationError(f"a number of {len(text)} digits; numbers here have at most {MAX_DIGITS}")
    return int(text)


_DECODE = json.JSONDecoder(parse_int=json_int).decode


def read_json(line: str) -> Any:
    """A JSON line as ``json.loads(line, parse_int=json_int)`` reads it, errors as NotationError."""
    try:
        if line.startswith("\ufeff"):  # json.loads's own message for a byte-order mark
            return json.loads(line, parse_int=json_int)
        return _DECODE(line)  # one decoder for every line
    except ValueError as e:
        raise NotationError(f"not JSON: {e}") from None
    except RecursionError:
        raise NotationError("JSON nested too deeply") from None


@attrs.frozen
class Notice:
    """Something to tell once about the lines (not an error of a line): ``text``, first true at
    input line ``line``; notices of the same ``key`` are the same notice."""

    key: str
    line: int
    text: str


@attrs.frozen
class RenderedChunk:
    """The answer to numbered input lines: their output, each line ended, how many are errors, and
    the notices their first lines gave."""

    text: str
    errors: int
    notices: tuple[Notice, ...]


@attrs.frozen
class EncodedChunk:
    """``RenderedChunk`` with its text as UTF-8 bytes."""

    text: bytes
    errors: int
    notices: tuple[Notice, ...]


@attrs.frozen
class RecordChunk:
    """Numbered input lines as records (``RECORD_FIELDS``), with the notices they gave."""

    records: list[dict[str, Any]]
    notices: tuple[Notice, ...]


class LineScorer:
    """Scores batch lines (mjrules JSON hands and majiang-core ``in`` objects) under a base ruleset;
    a ``"rule"`` object beside ``"in"`` applies majiang-core rule keys over it (one Scorer per
    distinct rule object, kept)."""

    def __init__(self, ruleset: Ruleset | str = BATCH_RULESET) -> None:
        self.base = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self._default = Scorer(self.base)
        self._scorers: BoundedCache[str, Scorer] = BoundedCache(_MAX_RULES)
        self._yaku_json: dict[YakuScore, str] = {}
        self._fu_json: dict[FuItem, str] = {}
        self.notices: list[Notice] = []
        """Notices given since the caller last emptied the list: a rule object's majiang-core keys
        that are read but not applied, once per rule object, at the first line that has it."""

    def score(self, line: str, n: int = 0) -> tuple[Result | NoWin, list[str]]:
        """The result of input line ``n`` and its notes (winds ``param`` leaves out, red fives read
        as plain fives); MjrulesError for a bad line."""
        obj = read_json(line)
        rule = line_rule(obj)
        # an empty object changes nothing; [] or null is refused, not skipped
        scorer = self._default if rule == {} else self._scorer(rule, n)
        hand, win, notes = read_line(obj, scorer.players)
        if hand.red_fives and not scorer.allows_red_fives(hand):
            hand, plain = plain_fives(scorer, hand)
            notes += plain
        return scorer.score(hand, win), notes

    def _scorer(self, rule: Any, n: int) -> Scorer:
        key = _ENCODE_SORTED(rule)

        def make() -> Scorer:  # once per distinct rule object kept: its notice is given once
            read = read_majiang_rule(rule)
            scorer = self._default.with_flags(**read.flags)
            if read.not_applied:
                self.notices.append(Notice(key, n, "majiang-core rule keys read but not applied to hand scoring: "
                                                   + ", ".join(read.not_applied)))
            return scorer

        return self._scorers.get_or_make(key, make)

    def render(self, n: int, line: str | MjrulesError) -> tuple[str, bool]:
        """The output line (without its newline) for input line ``n`` and whether it is an error:
        the result, ``null`` for no win, or ``{"error": "line N: …"}`` for a bad or blank line, or
        for a line that could not be read (given as the error)."""
        try:
            result, notes = self._score_read(n, line)
        except MjrulesError as e:
            return _ENCODE({"error": f"line {n}: {brief(str(e))}"}), True
        if isinstance(result, NoWin):
            return "null", False
        return self.result_json(result, notes), False

    def _score_read(self, n: int, line: str | MjrulesError) -> tuple[Result | NoWin, list[str]]:
        """``score`` of input line ``n``; the reader's error for a line it could not read, and an
        error for a blank line, are raised."""
        if isinstance(line, MjrulesError):
            raise line
        if not line.strip():
            raise NotationError("blank line")
        return self.score(line, n)

    @property
    def native(self) -> bool:
        """Whether the kernel reads, scores and writes lines of the base ruleset itself."""
        return self._default.plan.runner is not None

    def render_lines(self, lines: Sequence[tuple[int, str | MjrulesError]], threads: int = 1) -> RenderedChunk:
        """The output of numbered input lines (``render``), with the notices they gave; with the
        native kernel, the lines it answers in ``threads`` threads at once."""
        done = self.render_utf8(lines, threads)
        return RenderedChunk(done.text.decode("utf-8"), done.errors, done.notices)

    def render_utf8(self, lines: Sequence[tuple[int, str | MjrulesError]], threads: int = 1) -> EncodedChunk:
        """``render_lines`` as UTF-8 bytes, as the kernel writes them (no text decoded to be encoded again)."""
        runner = self._default.plan.runner
        texts: list[bytes | None] = [None] * len(lines)
        if runner is not None:
            read = [k for k, (_, line) in enumerate(lines) if isinstance(line, str)]
            for k, text in zip(read, runner.render_lines([lines[k][1] for k in read], threads)):
                texts[k] = text
        out = []
        errors = 0
        for (n, line), text in zip(lines, texts):
            if text is None:
                rendered, bad = self.render(n, line)
                text = rendered.encode("utf-8")
                errors += bad
            out.append(text)
        out.append(b"")
        return EncodedChunk(b"\n".join(out), errors, self._take_notices())

    def _take_notices(self) -> tuple[Notice, ...]:
        notices = tuple(self.notices)
        self.notices.clear()
        return notices

    def records(self, lines: Sequence[tuple[int, str | MjrulesError]]) -> RecordChunk:
        """A flat record (``RECORD_FIELDS``) for each numbered input line, with the notices they gave."""
        out = []
        for n, line in lines:
            row: dict[str, Any] = dict.fromkeys(RECORD_FIELDS)
            row["line"] = n
            row["win"] = False
            try:
                result, _ = self._score_read(n, line)
            except MjrulesError as e:
                row["error"] = f"line {n}: {brief(str(e))}"
            else:
                if isinstance(result, Result):
                    east, south, west, north = (*result.payments, None, None)[:4]  # None: no fourth seat
                    row.update(win=True, han=result.han, fu=result.fu, yakuman=result.yakuman, limit=result.limit,
                               base=result.base, points=result.points, pay_east=east, pay_south=south,
                               pay_west=west, pay_north=north, liable=result.liable,
                               yaku=[y.id for y in result.yaku])
            out.append(row)
        return RecordChunk(out, self._take_notices())

    def result_json(self, r: Result, notes: list[str] | None = None) -> str:
        """``json.dumps(r.to_dict() + notes, ensure_ascii=False)``, from the pieces kept: each yaku
        score's and fu item's text is encoded once. The keys follow ``Result.to_dict`` (a test holds
        the two texts equal on the public hands)."""
        yj, fj = self._yaku_json, self._fu_json
        yaku = []
        for y in r.yaku:
            text = yj.get(y)
            if text is None:
                text = yj[y] = _ENCODE(y.to_dict())
            yaku.append(text)
        fu = []
        for f in r.fu_items:
            text = fj.get(f)
            if text is None:
                text = fj[f] = _ENCODE({"label": f.label, "fu": f.fu})
            fu.append(text)
        payments = r.payments
        text = (
            f'{{"win": true, "han": {_number(r.han)}, "fu": {_number(r.fu)}, "yakuman": {r.yakuman}, '
            f'"limit": {"null" if r.limit is None else _ENCODE(r.limit)}, "base": {r.base}, "points": {r.points}, '
            f'"payments": [{", ".join(map(str, payments))}], "liable": {_number(r.liable)}, '
            f'"liable_seats": [{", ".join(map(str, r.liable_seats))}], '
            f'"yaku": [{", ".join(yaku)}], "fu_detail": [{", ".join(fu)}], "reading": {_ENCODE(r.reading_text)}'
        )
        if notes:
            return f'{text}, "notes": {_ENCODE(notes)}}}'
        return text + "}"


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)
