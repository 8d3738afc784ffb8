"""The plugin manager: built-in plugins by name, and a typed facade over ``pm.hook``."""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence, TypeVar

import pluggy

from mjrules.errors import MjrulesError, PluginError, RulesetError
from mjrules.rules import hookspecs
from mjrules.rules.flags import Flag, Flags, FlagValueError
from mjrules.rules.liability import Liability
from mjrules.rules.placing import PlacingRule
from mjrules.rules.rules import (
    WITHOUT_NAGASHI,
    WITHOUT_SANMA,
    DoraRules,
    FuCount,
    HonbaRule,
    NagashiRule,
    PlayRules,
    RoundRules,
    Rules,
    SanmaRules,
    TileSet,
    WinRules,
)
from mjrules.rules.yaku import Yaku

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from mjrules.readings.reading import Reading

PROJECT = "mjrules"
_P = TypeVar("_P")

DEFAULT_PLUGINS: dict[str, str] = {
    "yaku": "mjrules.plugins.yaku",
    "yakuman": "mjrules.plugins.yakuman",
    "dora": "mjrules.plugins.dora",
    "fu": "mjrules.plugins.fu_rules",
    "honba": "mjrules.plugins.honba",
    "kazoe": "mjrules.plugins.kazoe",
    "kiriage": "mjrules.plugins.kiriage",
    "double-yakuman": "mjrules.plugins.double_yakuman",
    "yakuman-stacking": "mjrules.plugins.yakuman_stacking",
    "pao": "mjrules.plugins.pao",
    "renhou": "mjrules.plugins.renhou",
    "placing": "mjrules.plugins.placing",
    "nagashi": "mjrules.plugins.nagashi",
    "settlement": "mjrules.plugins.settlement",
    "sanma": "mjrules.plugins.sanma",
    "local-yaku": "mjrules.plugins.local_yaku",
    "aotenjou": "mjrules.plugins.aotenjou",
}
"""Plugins that ship with mjrules, by the name a ruleset uses for them, and their modules."""

ENABLED_BY_DEFAULT: tuple[str, ...] = tuple(n for n in DEFAULT_PLUGINS if n not in ("local-yaku", "aotenjou", "sanma"))
"""The built-in plugins a ruleset starts from; the others are switched on by name."""

ENTRY_POINT_GROUP = "mjrules"
"""Installed plugins register under this entry-point group; a ruleset enables them by name."""


def installed_plugins() -> dict[str, EntryPoint]:
    """Entry points of installed third-party plugins by name (not loaded). The installed
    distributions are read once per ``sys.path`` in a process (a read costs about 10 ms, and a
    command asks up to four times); a plugin installed while a process runs is seen by the next."""
    return dict(_entry_points(tuple(sys.path)))


@functools.lru_cache(maxsize=4)
def _entry_points(path: tuple[str, ...]) -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def known_plugins() -> list[str]:
    """Every plugin name a ruleset may use: built-in, then installed."""
    return list(DEFAULT_PLUGINS) + [n for n in installed_plugins() if n not in DEFAULT_PLUGINS]


def _load(name: str) -> object:
    module = DEFAULT_PLUGINS.get(name)
    if module is None:
        ep = installed_plugins().get(name)
        if ep is None:
            import difflib

            known = known_plugins()
            near = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise PluginError(f"unknown plugin {name!r}{hint}; known: {', '.join(known)}")
        try:
            return ep.load()
        except Exception as e:  # a plugin that fails to import is reported by name
            raise PluginError(f"plugin {name!r} ({ep.value}) failed to load: {type(e).__name__}: {e}") from e
    try:
        return importlib.import_module(module)
    except Exception as e:
        raise PluginError(f"plugin {name!r} failed to load: {type(e).__name__}: {e}") from e


class Plugins:
    """A pluggy manager holding the named plugins, with one typed method per hook."""

    def __init__(self, names: Iterable[str], extra: Mapping[str, object] | None = None) -> None:
        self.pm = pluggy.PluginManager(PROJECT)
        self.pm.add_hookspecs(hookspecs)
        for name in names:
            try:
                self.pm.register(_load(name), name=name)
            except ValueError as e:  # pluggy: the same module under two names
                raise PluginError(f"plugin {name!r}: {e}") from None
        for name, obj in (extra or {}).items():
            if self.pm.has_plugin(name):
                raise PluginError(f"plugin name {name!r} is registered twice")
            self.pm.register(obj, name=name)
        self._declared: dict[str, tuple[str, Flag]] | None = None
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as e:
            culprit = self.pm.get_name(e.plugin) if getattr(e, "plugin", None) is not None else "?"
            raise PluginError(f"plugin {culprit!r}: {e}") from None

    @property
    def names(self) -> list[str]:
        return [n for n, _ in self.pm.list_name_plugin()]

    def _each(self, hook_name: str, make_register: Callable[[str], Callable[..., Any]], **extra: Any) -> None:
        hook = getattr(self.pm.hook, hook_name)
        for impl in hook.get_hookimpls():  # registration order, i.e. the ruleset's plugin order
            kwargs = {k: v for k, v in extra.items() if k in impl.argnames}
            try:
                impl.function(register=make_register(impl.plugin_name), **kwargs)
            except MjrulesError:
                raise
            except Exception as e:
                raise PluginError(f"plugin {impl.plugin_name!r} failed in {hook_name}: {type(e).__name__}: {e}") from e

    def rules(self, flags: Flags, players: int, origin: Callable[[str | None], str]) -> Rules:
        """The rules object the enabled plugins make of the resolved ``flags``: one rule-part hook
        asked per part (firstresult). ``origin(flag)`` names where a flag was set (``origin(None)``:
        the ruleset), for the error a part's plugin raises."""

        def optional(hook: str, expect: type[_P], **kwargs: object) -> _P | None:
            try:
                return self.rule_part(hook, expect, flags=flags, **kwargs)
            except FlagValueError as e:
                where = f"[flags] {e.flag}" if e.flag else "plugins"
                raise RulesetError(f"{origin(e.flag)}: {where}: {e}") from None

        def required(hook: str, expect: type[_P], builtin: str, **kwargs: object) -> _P:
            got = optional(hook, expect, **kwargs)
            return builtin_part(builtin, hook, expect, **kwargs) if got is None else got

        sanma = optional("mjrules_sanma_rules", SanmaRules, players=players)
        return Rules(
            players=players,
            win=required("mjrules_win_rules", WinRules, "yaku"),
            tiles=required("mjrules_tile_set", TileSet, "dora", players=players),
            dora=required("mjrules_dora_rules", DoraRules, "dora"),
            fu=required("mjrules_fu_rules", FuCount, "fu"),  # type: ignore[type-abstract]
            honba=required("mjrules_honba_rule", HonbaRule, "honba", players=players),
            nagashi=optional("mjrules_nagashi_rule", NagashiRule) or WITHOUT_NAGASHI,
            placing=required("mjrules_placing_rule", PlacingRule, "placing", players=players),
            round=required("mjrules_round_rules", RoundRules, "settlement", players=players),
            play=required("mjrules_play_rules", PlayRules, "settlement", players=players),
            sanma=sanma if sanma is not None and players == 3 else WITHOUT_SANMA,
        )

    def yaku(self, flags: Flags, rules: Rules) -> list[tuple[str, Yaku]]:
        """All registered yaku with the plugin that registered each, in registration order; each
        plugin is given the flags and, if it asks for them, the ``rules`` made of them."""
        out: list[tuple[str, Yaku]] = []
        owner: dict[str, str] = {}

        def make(plugin: str) -> Callable[[Yaku], None]:
            def register(y: Yaku) -> None:
                if not isinstance(y, Yaku):
                    raise PluginError(f"plugin {plugin!r} registered {y!r}, which is not a mjrules.rules.yaku.Yaku")
                if y.id in owner:
                    raise PluginError(f"yaku id {y.id!r} is registered by both {owner[y.id]!r} and {plugin!r}")
                owner[y.id] = plugin
                out.append((plugin, y))

            return register

        self._each("mjrules_register_yaku", make, flags=flags, rules=rules)
        return out

    def flags(self) -> dict[str, tuple[str, Flag]]:
        """Declared flags by name, with the plugin that declared each. The plugins are asked once:
        the Scorers that share them (``Scorer.with_flags``, ``compare``'s counterfactuals) each resolve
        their flags against the same declarations."""
        if self._declared is None:
            self._declared = self._declare()
        return dict(self._declared)

    def _declare(self) -> dict[str, tuple[str, Flag]]:
        out: dict[str, tuple[str, Flag]] = {}

        def make(plugin: str) -> Callable[[Flag], None]:
            def register(f: Flag) -> None:
                if not isinstance(f, Flag):
                    raise PluginError(f"plugin {plugin!r} declared {f!r}, which is not a mjrules.rules.flags.Flag")
                if f.name in out:
                    other, g = out[f.name]
                    if (g.type, g.default) != (f.type, f.default):
                        raise PluginError(
                            f"flag {f.name!r} is declared by {other!r} and {plugin!r} with different type or default"
                        )
                    return
                out[f.name] = (plugin, f)

            return register

        self._each("mjrules_register_flags", make)
        return out

    def _first(self, hook_name: str, expect: type | tuple[type, ...], **kwargs: Any) -> Any:
        hook = getattr(self.pm.hook, hook_name)
        try:
            result = hook(**kwargs)
        except MjrulesError:
            raise
        except Exception as e:
            raise PluginError(f"plugin {self._answerer(hook, kwargs)!r} failed in {hook_name}: "
                              f"{type(e).__name__}: {e}") from e
        if result is not None and not isinstance(result, expect):
            names = " or ".join(t.__name__ for t in (expect if isinstance(expect, tuple) else (expect,)))
            raise PluginError(f"plugin {self._answerer(hook, kwargs)!r} returned {result!r} from {hook_name}; "
                              f"expected {names} or None")
        return result

    @staticmethod
    def _answerer(hook: pluggy.HookCaller, kwargs: Mapping[str, object]) -> str:
        """The plugin whose implementation answered a firstresult ``hook`` call (or raised): the
        implementations are called again one by one in pluggy's order. Only on the error path, so
        the usual call stays a single pluggy call."""
        for impl in reversed(hook.get_hookimpls()):  # pluggy calls the last registered first
            if getattr(impl, "hookwrapper", False) or getattr(impl, "wrapper", False):
                continue
            try:
                if impl.function(**{k: kwargs[k] for k in impl.argnames}) is not None:
                    return impl.plugin_name
            except Exception:
                return impl.plugin_name
        return "?"

    def rule_part(self, hook_name: str, expect: type[_P], **kwargs: Any) -> _P | None:
        """The answer of the first plugin that answers the rule-part hook ``hook_name`` (one of the
        ``mjrules_*_rule(s)`` hooks, asked once when a Scorer is built), or None."""
        part: _P | None = self._first(hook_name, expect, **kwargs)
        return part

    def kazoe_yakuman(self, han: int, flags: Flags) -> int:
        return self._first("mjrules_kazoe_yakuman", int, han=han, flags=flags) or 0

    def implements(self, hook_name: str) -> bool:
        """Whether any registered plugin implements the hook."""
        return bool(getattr(self.pm.hook, hook_name).get_hookimpls())

    def base_points(self, fu: int | None, han: int, yakuman: int, flags: Flags) -> int | None:
        points: int | None = self._first("mjrules_base_points", int, fu=fu, han=han, yakuman=yakuman, flags=flags)
        return points

    def kiriage_mangan(self, fu: int, han: int, flags: Flags) -> bool:
        return bool(self._first("mjrules_kiriage_mangan", bool, fu=fu, han=han, flags=flags))

    def double_yakuman(self, yaku: Yaku, flags: Flags) -> int:
        r = self._first("mjrules_double_yakuman", int, yaku=yaku, flags=flags)
        return yaku.yakuman if r is None else r

    def yakuman_stacking(self, multiples: Sequence[int], flags: Flags) -> int:
        r = self._first("mjrules_yakuman_stacking", int, multiples=tuple(multiples), flags=flags)
        return sum(multiples) if r is None else r

    def pao(self, reading: Reading, yakuman: Sequence[tuple[str, int]], total: int,
            flags: Flags) -> tuple[Liability, ...]:
        """Every liable player's liability for this yakuman hand; () for none."""
        r = self._first("mjrules_pao", (Liability, tuple, list), reading=reading, yakuman=tuple(yakuman), total=total,
                        flags=flags)
        if r is None or isinstance(r, Liability):
            return () if r is None else (r,)
        if not all(isinstance(one, Liability) for one in r) or sum(one.multiple for one in r) > total:
            hook = self.pm.hook.mjrules_pao
            raise PluginError(f"plugin {self._answerer(hook, dict(reading=reading, yakuman=tuple(yakuman), total=total, flags=flags))!r} "
                              f"returned {r!r} from mjrules_pao; expected Liability objects covering at most "
                              f"{total} yakuman in all")
        return tuple(r)

    def rinshan_pao(self, reading: Reading, flags: Flags) -> int | None:
        """The seat offset of the player who pays this rinshan kaihou win alone, if any."""
        r: int | None = self._first("mjrules_rinshan_pao", int, reading=reading, flags=flags)
        if r is not None and r not in (1, 2, 3):
            raise PluginError(f"plugin {self._answerer(self.pm.hook.mjrules_rinshan_pao, dict(reading=reading, flags=flags))!r} "
                              f"returned {r!r} from mjrules_rinshan_pao; expected a seat offset 1, 2 or 3, or None")
        return r


def yaku_alone(name: str, rules: Rules) -> list[Yaku]:
    """The yaku plugin ``name`` registers on its own, at its flags' defaults, given ``rules``: its
    two hook implementations called directly, no plugin manager built (``installed_tags`` asks
    every installed plugin, and a manager costs some milliseconds to build). An implementation is
    found by its hook's name, as pluggy finds one without ``specname``. Raises what the plugin raises."""
    defaults = Flags({n: f.default for n, f in flags_alone(name).items()})
    out: list[Yaku] = []
    _call_alone(_load(name), "mjrules_register_yaku", register=out.append, flags=defaults, rules=rules)
    return out


def flags_alone(name: str) -> dict[str, Flag]:
    """The flags plugin ``name`` declares, by name, its hook called directly (as ``yaku_alone``)."""
    declared: dict[str, Flag] = {}
    _call_alone(_load(name), "mjrules_register_flags", register=lambda f: declared.setdefault(f.name, f))
    return declared


def _call_alone(plugin: object, hook: str, **kwargs: Any) -> None:
    """Call ``plugin``'s implementation of ``hook`` (if it has one) with the arguments it names."""
    impl = getattr(plugin, hook, None)
    if impl is None or not isinstance(getattr(impl, f"{PROJECT}_impl", None), dict):
        return
    wanted = inspect.signature(impl).parameters
    impl(**{k: v for k, v in kwargs.items() if k in wanted})


def builtin_part(plugin: str, hook: str, expect: type[_P], **kwargs: object) -> _P:
    """What the built-in ``plugin`` answers ``hook`` with at its own flag defaults: the part a
    ruleset gets when it disables that plugin and no other answers."""
    alone = Plugins([plugin])
    defaults = Flags({name: flag.default for name, (_, flag) in alone.flags().items()})
    got = alone.rule_part(hook, expect, flags=defaults, **kwargs)
    if got is None:
        raise PluginError(f"built-in plugin {plugin!r} does not answer {hook}")
    return got
