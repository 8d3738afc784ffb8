"""The exceptions a user can cause. Each message names the bad part: tile, meld, key, plugin."""

from __future__ import annotations

import json
import re
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


_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED = re.compile(r"(?<!\\)\\udc([89a-f][0-9a-f])")


def not_utf8(text: str) -> str | None:
    """What keeps ``text`` from being text, or None: a byte that is not UTF-8, which Python keeps as
    a lone surrogate (surrogateescape) where it reads the command line, a file name or the terminal,
    or another lone surrogate (a JSON ``\\udXXX`` escape). No tile, name or seed holds one; the UTF-8
    coder refuses it, the native kernel's strings too."""
    if text.isascii():
        return None
    found = _SURROGATE.search(text)
    if found is None:
        return None
    code = ord(found.group())
    where = f"at position {found.start() + 1}"
    if 0xDC80 <= code <= 0xDCFF:
        return f"not UTF-8 text (byte 0x{code - 0xDC00:02x} {where})"
    return f"not text (a lone surrogate U+{code:04X} {where})"


def escaped(text: str) -> str:
    """``text`` with each lone surrogate written as an escape: a byte that was not UTF-8 as ``\\xff``
    (a file's name in a message), any other as ``\\ud800``. Any stream can write it."""
    if text.isascii():
        return text
    return _SURROGATE.sub(lambda m: (f"\\x{ord(m.group()) - 0xDC00:02x}" if "\udc80" <= m.group() <= "\udcff"
                                     else f"\\u{ord(m.group()):04x}"), text)


def as_typed(text: str) -> str:
    """``text`` quoted for a message, each byte that was not UTF-8 as ``\\xff``, as it was typed
    (``repr`` would show ``\\udcff``; printed raw, it cannot be encoded)."""
    return _ESCAPED.sub(r"\\x\1", repr(text))
