"""The exceptions a user can cause. Each message names the bad part: tile, meld, key, plugin."""

from __future__ import annotations

import json
from typing import Any, Callable


class MjrulesError(Exception):
    """Base of every error mjrules raises for bad input; the CLI turns it into exit status 2."""


class NotationError(MjrulesError):
    """A hand, tile or meld string that cannot be read."""


class HandError(MjrulesError):
    """A hand that is readable but impossible (a fifth tile, wrong count, bad meld)."""


class SituationError(MjrulesError):
    """A win situation that contradicts itself or the hand (ippatsu without riichi, …)."""


class RulesetError(MjrulesError):
    """A ruleset file or rule object that is malformed; the message names the file and key."""


class PluginError(MjrulesError):
    """A plugin that is missing, misbehaves, or clashes with another; the message names it."""


class RecordError(MjrulesError):
    """A game record that cannot be read (broken, truncated, unsupported); the message names the
    file and the round."""


class KernelError(MjrulesError):
    """``MJRULES_KERNEL`` names no kernel, or the native kernel it asks for is not built."""


def json_document(data: bytes, label: str, error: type[MjrulesError],
                  at: Callable[[int], str] | None = None) -> Any:
    """The JSON document of ``data`` (UTF-8, a BOM allowed); ``error`` naming ``label`` and where
    the text goes wrong when it is not one (``at``: what to add after ``label`` for the character
    where it goes wrong, e.g. the round it falls in)."""
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise error(f"{label}: not UTF-8 text (byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise error(f"{label}{at(e.pos) if at else ''}: JSON syntax error: {e.msg} (line {e.lineno}, column "
                    f"{e.colno}); is it cut or broken?") from None
    except RecursionError:
        raise error(f"{label}: the JSON is nested too deeply") from None
