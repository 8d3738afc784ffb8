"""電脳麻将's AI (npm ``@kobalab/majiang-ai``, MIT, on ``@kobalab/majiang-core`` 1.4.1) as a player at the
table: ``--players majiang-ai,…``.

Each seat of majiang-ai is a node process (``majiang_ai.js`` beside this module) in its own process
group, started at the game's start and ended with the game (at its end, or when the game stops for
any reason, a Ctrl-C included: ``Table.play`` closes its players). The table's events, as the seat
may see them, are turned into majiang-core's messages (``mjrules.records.majiang_paipu.PaipuLog``:
``qipai``, ``zimo``, ``dapai``, …) and sent as JSON lines; the AI's reply to the message the table
asks about is the seat's action. The AI is told the ruleset's rule object at the game's start
(``kaiju``: ``mjrules.rules.majiang_keys.majiang_rule_of`` of the ruleset's flags, 場数 as the table
plays, told when the table is built: ``Seated``): so it calls for open tanyao only where the ruleset
has it, and declares noten only where the ruleset allows it. An answer the table does not allow is refused as any player's is.

The npm packages are not installed by ``pip``: ``mjrules setup majiang-ai`` installs them (with npm)
into ``install_dir()``, which ``MJRULES_MAJIANG_AI`` may name instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Mapping

from mjrules.errors import MjrulesError
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile, tile_from
from mjrules.notation.marks import meld_from_digits
from mjrules.records.majiang_paipu import PaipuLog
from mjrules.rules.majiang_keys import key_value, majiang_rule_of
from mjrules.game.actions import NINE_TERMINALS, NOTEN, PASS, RON, TENPAI, TSUMO, Action, ActionKind
from mjrules.game.view import View
from mjrules.table.child import Child

PACKAGES = ("@kobalab/majiang-core@1.4.1", "@kobalab/majiang-ai@1.0.13")
"""The npm packages ``mjrules setup majiang-ai`` installs (majiang-ai's own dependency pinned to the
majiang-core whose rules mjrules follows)."""
ENV = "MJRULES_MAJIANG_AI"
SCRIPT = Path(__file__).with_name("majiang_ai.js")
SETUP = "mjrules setup majiang-ai"


def install_dir() -> Path:
    """Where the npm packages are installed: ``$MJRULES_MAJIANG_AI``, else the user's data folder
    (``$XDG_DATA_HOME/mjrules/majiang-ai``, by default ``~/.local/share/mjrules/majiang-ai``)."""
    named = os.environ.get(ENV)
    if named:
        return Path(named)
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(data) / "mjrules" / "majiang-ai"


def node_modules() -> Path:
    """The ``node_modules`` folder that holds majiang-ai; an error saying how to get it when node or
    the packages are missing."""
    if shutil.which("node") is None:
        raise MjrulesError(f"majiang-ai runs on node, and there is no node on PATH: install Node.js (18 or later), "
                           f"then run {SETUP}")
    modules = install_dir() / "node_modules"
    if not (modules / "@kobalab" / "majiang-ai" / "package.json").is_file():
        raise MjrulesError(f"majiang-ai is not installed in {install_dir()}: run {SETUP} (it installs "
                           f"{' and '.join(PACKAGES)} with npm)")
    return modules


def setup(target: Path | None = None) -> Path:
    """Install the npm packages with npm into ``target`` (by default ``install_dir()``); the folder.
    A folder of another npm project is refused (``check_target``)."""
    target = install_dir() if target is None else target
    check_target(target)
    npm = shutil.which("npm")
    if npm is None:
        raise MjrulesError("installing majiang-ai needs npm (it comes with Node.js 18 or later), and there is none "
                           "on PATH")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise MjrulesError(f"{target}: cannot make the folder: {e.strerror or e}") from None
    command = [npm, "install", "--prefix", str(target), "--no-audit", "--no-fund", "--save-exact", *PACKAGES]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        last = (done.stdout.strip().splitlines() or ["no output"])[-1]
        raise MjrulesError(f"npm install into {target} failed (status {done.returncode}): {last}")
    return target


def check_target(target: Path) -> None:
    """Refuse (MjrulesError) a folder ``npm install --prefix`` would change for another project: its
    ``package.json`` would get majiang-ai's packages as dependencies, and npm would remove from its
    ``node_modules`` what that file does not list. The folder is mjrules' when it is new or empty of
    npm files, or when its ``package.json`` lists nothing but ``dependencies`` on ``PACKAGES``, as npm
    writes it for ``mjrules setup``."""
    if target.exists() and not target.is_dir():
        raise MjrulesError(f"{target}: not a folder; majiang-ai is installed into a folder")
    manifest = target / "package.json"
    if not manifest.exists():
        npm_files = [n for n in ("node_modules", "package-lock.json") if (target / n).exists()]
        if npm_files:
            raise MjrulesError(f"{target} holds {' and '.join(npm_files)} with no package.json: npm would change "
                               "them for majiang-ai; install into a folder of its own (a new or empty one)")
        return
    ours = {p.rsplit("@", 1)[0] for p in PACKAGES}
    try:
        data = json.loads(manifest.read_bytes())
    except (OSError, ValueError):
        data = None
    if isinstance(data, dict) and set(data) <= {"dependencies"} and isinstance(data.get("dependencies", {}), dict) \
            and set(data.get("dependencies", {})) <= ours:
        return
    name = data.get("name") if isinstance(data, dict) else None
    project = f"npm project {name!r}" if isinstance(name, str) else "npm project"
    raise MjrulesError(f"{target} is the folder of another {project} (its package.json is not one mjrules setup "
                       "wrote): npm would add majiang-ai to its dependencies; install into a folder of its own "
                       "(a new or empty one)")


class MajiangAI:
    """One seat played by majiang-ai in a node process, told the rule object of the table it sits at
    (``sit``: ``majiang_rule_of`` the ruleset's flags, 場数 the length the table plays)."""

    name = "majiang-ai"

    def __init__(self, timeout: float = 120.0) -> None:
        self.modules = node_modules()
        self.timeout = timeout
        self.rule: dict[str, Any] | None = None
        self.process: Child | None = None
        self.seat = 0
        self.log = PaipuLog()
        self.pending: list[dict[str, Any]] = []
        self.last_reply: dict[str, Any] = {}

    def sit(self, flags: Mapping[str, Any], players: int, game_length: str) -> None:
        if players != 4:
            raise MjrulesError(f"majiang-ai plays four-player games, and this table seats {players}")
        rule = dict(majiang_rule_of(flags).rule)
        rule["場数"] = key_value("場数", "game_length", game_length)
        self.rule = rule

    # -- the game, as it goes ---------------------------------------------------------------------
    def observe(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "start_game":
            if self.rule is None:
                raise MjrulesError("majiang-ai: it is told the rules by the table it sits at, and sits at none")
            self.close()
            self.seat = event["id"]
            self.log = PaipuLog()
            self._start()
            names = [str(n) for n in event.get("names", ())] + [""] * 4
            self.pending.append({"kaiju": {"id": self.seat, "rule": self.rule, "title": "mjrules",
                                           "player": names[:4], "qijia": 0}})
            return
        if kind == "end_game":
            if self.process is not None:
                self.pending.append({"jieju": {"defen": event.get("scores", [])}})
                self._exchange()
            self.close()
            return
        entry = self.log.add(event)
        if entry is not None:
            self.pending.append(entry)

    def act(self, view: View) -> Action:
        reply = self._exchange() if self.pending else self.last_reply
        if all(a.kind in (ActionKind.TENPAI, ActionKind.NOTEN) for a in view.legal):
            return TENPAI if "daopai" in reply else NOTEN  # its answer to the last discard
        if view.offered is not None:
            if "hule" in reply:
                return RON
            if "fulou" in reply:
                return self._call(reply["fulou"])
            return PASS
        if "hule" in reply:
            return TSUMO
        if "daopai" in reply:
            return NINE_TERMINALS
        if "gang" in reply:
            return self._kan(reply["gang"])
        if "dapai" in reply:
            text = str(reply["dapai"])
            kind = ActionKind.RIICHI if text.endswith("*") else ActionKind.DISCARD
            return Action(kind, self._tile(text))
        raise MjrulesError(f"majiang-ai (seat {self.seat}): answered {json.dumps(reply)[:200]} on its turn, "
                           "not an action")

    # -- what it answers ----------------------------------------------------------------------------
    def _tile(self, text: str) -> Tile:
        try:
            return tile_from(text[0], text[1])
        except (MjrulesError, IndexError):
            raise MjrulesError(f"majiang-ai (seat {self.seat}): {text!r:.20} is not a tile") from None

    def _meld(self, text: Any) -> Meld:
        if not isinstance(text, str) or len(text) < 4:
            raise MjrulesError(f"majiang-ai (seat {self.seat}): {text!r:.20} is not a meld")
        try:
            return meld_from_digits(text[0], text[1:], text)
        except MjrulesError as e:
            raise MjrulesError(f"majiang-ai (seat {self.seat}): {e}") from None

    def _call(self, text: Any) -> Action:
        meld = self._meld(text)
        kinds = {MeldKind.CHI: ActionKind.CHI, MeldKind.PON: ActionKind.PON, MeldKind.DAIMINKAN: ActionKind.DAIMINKAN}
        if meld.kind not in kinds or meld.called is None:
            raise MjrulesError(f"majiang-ai (seat {self.seat}): {text!r:.20} is not a chi, pon or open kan")
        own = [t for i, t in enumerate(meld.tiles) if i != meld.called]
        return Action(kinds[meld.kind], meld.tiles[meld.called], own)

    def _kan(self, text: Any) -> Action:
        meld = self._meld(text)
        if meld.kind is MeldKind.ANKAN:
            return Action(ActionKind.ANKAN, None, meld.tiles)
        if meld.kind is MeldKind.KAKAN:
            return Action(ActionKind.KAKAN, meld.tiles[3])
        raise MjrulesError(f"majiang-ai (seat {self.seat}): {text!r:.20} is not a closed or added kan")

    # -- the process --------------------------------------------------------------------------------
    def _start(self) -> None:
        env = {**os.environ, "NODE_PATH": str(self.modules)}
        self.process = Child(["node", str(SCRIPT)], f"majiang-ai (seat {self.seat})", self.timeout, env)

    def close(self) -> None:
        """End the node process and its group."""
        process, self.process = self.process, None
        self.pending = []
        if process is not None:
            process.close(5.0)

    def _exchange(self) -> dict[str, Any]:
        """Send the messages pending as one line; the AI's reply to the last of them."""
        if self.process is None:
            raise MjrulesError("majiang-ai: asked to act outside a game")
        messages, self.pending = self.pending, []
        reply, line = self.process.ask(messages)
        if not isinstance(reply, dict):
            raise MjrulesError(f"majiang-ai (seat {self.seat}): answered {line[:200]!r}, not an object")
        if "error" in reply:
            raise MjrulesError(f"majiang-ai (seat {self.seat}) failed: {str(reply['error'])[:300]}")
        self.last_reply = reply
        return reply
