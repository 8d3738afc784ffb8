"""A rule value declared once, on the field of the rules part that holds it.

``rule(default, doc, …)`` makes an attrs field whose metadata carries its flag (named after the
field unless ``flag=`` names it; type, default, doc, choices and range from the same call), and
whose converter and validator are made from that declaration: a closed set of strings is an enum
(``mjrules.rules.choices``), and a wrong value is refused with the flag's own message. A part's
class is declared ``@attrs.frozen(field_transformer=declared)``, which makes each field's ``Flag``
when the class is made (so a bad default fails at import). Then:

- ``flags_of(Part)``: the flags its fields declare, for ``mjrules_register_flags``;
- ``from_flags(Part, flags, **computed)``: the part a ruleset's resolved flags make, for the
  part's hook.

A field the hook computes rather than copies (``computed``) names the flag it is computed from, if
it has one of its own, and is passed to ``from_flags`` by keyword.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, TypeVar

import attrs

from mjrules.errors import RulesetError
from mjrules.rules.choices import Choice
from mjrules.rules.flags import Flag

KEY = "mjrules.rule"
"""The metadata key of a field's declaration."""

_P = TypeVar("_P")
_LISTS = (list, tuple, frozenset, set)


@attrs.frozen
class Declared:
    """What a field of a rules part declares: ``flag``, the flag it is made from (None for a value
    computed from other plugins' flags); ``enum``, the enum of a closed set of strings (of a list's
    items); ``container``, what holds a list flag's values (``tuple`` or ``frozenset``); and
    ``computed``, whether the part's hook computes the value rather than copying the flag."""

    flag: Flag | None
    enum: type[Choice] | None = None
    container: type | None = None
    computed: bool = False


@attrs.frozen
class _Unnamed:
    """A declaration whose flag is named after its field when the class is made (``declared``)."""

    make: Callable[[str], Declared]


def flag_value(value: Any) -> Any:
    """A part's value as its flag holds it: an enum member as its string, a set or tuple of values
    as a list (a set's in sorted order)."""
    if isinstance(value, Choice):
        return value.value
    if isinstance(value, (frozenset, set)):
        return sorted(flag_value(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [flag_value(v) for v in value]
    return value


def _flag_type(default: Any, enum: type[Choice] | None) -> type:
    if isinstance(default, _LISTS):
        return list
    if enum is not None:
        return str
    return type(default)


def _flag_default(default: Any, enum: type[Choice] | None) -> Any:
    """The default as the flag declares it: a set of an enum's members in the enum's order."""
    if isinstance(default, (frozenset, set)) and enum is not None:
        return tuple(member.value for member in enum if member in default)
    value = flag_value(default)
    return tuple(value) if isinstance(value, list) else value


def _converter(enum: type[Choice] | None, container: type | None) -> Callable[[Any], Any] | None:
    """What a field's value is converted by: strings of the enum to its members (others are left
    for the validator to refuse by name), a list to its container."""
    def member(value: Any) -> Any:
        if enum is not None and isinstance(value, str) and value in enum._value2member_map_:
            return enum(value)
        return value

    if container is not None:
        return lambda value: container(member(v) for v in value) if isinstance(value, _LISTS) else value
    return member if enum is not None else None


def _validate(part: Any, field: attrs.Attribute[Any], value: Any) -> None:
    """Refuse a value the field's flag would refuse, with the flag's message (a ValueError)."""
    flag = declaration(field).flag
    assert flag is not None  # a computed field takes its own validator
    where = f"{type(part).__name__}.{field.name}" + ("" if flag.name == field.name else f" (flag {flag.name})")
    try:
        flag.validate(flag_value(value), where)
    except RulesetError as e:
        raise ValueError(str(e)) from None


def rule(default: Any, doc: str, *, flag: str | None = None, choices: type[Choice] | Iterable[int] | None = None,
         minimum: int | None = None, maximum: int | None = None, item: type | None = None) -> Any:
    """A rules part's field declared with its flag: ``default`` (the field's and the flag's: an enum
    member, a bool, an int, or a tuple or frozenset for a list flag), the flag's one-line ``doc``,
    its name (``flag``; the field's name if None), ``choices`` (an enum of ``Choice`` for a closed
    set of strings, or the whole numbers allowed), ``minimum`` and ``maximum`` of a whole number,
    and ``item``, the type of a list's items where no enum says it (``str`` by default)."""
    enum = choices if isinstance(choices, type) and issubclass(choices, Choice) else None
    numbers = None if enum is not None or choices is None else tuple(choices)
    container = type(default) if isinstance(default, _LISTS) else None
    if container in (list, set):
        container = tuple if container is list else frozenset

    def make(name: str) -> Declared:
        made = Flag(flag or name, _flag_type(default, enum), _flag_default(default, enum), doc,
                    choices=enum.values() if enum is not None else numbers, minimum=minimum, maximum=maximum,
                    item=str if enum is not None else (item or str))
        return Declared(made, enum, container)

    return attrs.field(default=default, converter=_converter(enum, container), validator=_validate,
                       metadata={KEY: _Unnamed(make)})


def computed(flag: Flag | None = None, *, validator: Callable[[Any, attrs.Attribute[Any], Any], None] | None = None) -> Any:
    """A rules part's field that its hook computes (``from_flags(Part, flags, name=value)``), from
    ``flag`` where the value has a flag of its own (``PlayRules.riichi_min_draws`` from
    ``riichi_without_draw`` and the players), else from other plugins' flags or parts; keyword-only,
    without a default."""
    return attrs.field(kw_only=True, validator=validator, metadata={KEY: Declared(flag, computed=True)})


def declared(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """The field transformer of a rules part (``@attrs.frozen(field_transformer=declared)``): makes
    the flag of each ``rule`` field, named after the field unless the declaration names it."""
    out = []
    for field in fields:
        unnamed = field.metadata.get(KEY)
        if isinstance(unnamed, _Unnamed):
            field = field.evolve(metadata={**field.metadata, KEY: unnamed.make(field.name)})
        out.append(field)
    return out


def declaration(field: attrs.Attribute[Any]) -> Declared:
    """The declaration of a part's field; a TypeError for a field declared without one."""
    found = field.metadata.get(KEY)
    if isinstance(found, _Unnamed):
        raise TypeError(f"field {field.name!r}: its class is not made with field_transformer=declared")
    if not isinstance(found, Declared):
        raise TypeError(f"field {field.name!r} declares no rule: declare it with rule() or computed()")
    return found


def _declarations(part: type) -> list[tuple[attrs.Attribute[Any], Declared]]:
    return [(field, declaration(field)) for field in attrs.fields(part) if KEY in field.metadata]


def flag_of(part: type, field: str) -> Flag:
    """The flag ``part``'s field ``field`` declares."""
    flag = declaration(attrs.fields_dict(part)[field]).flag
    if flag is None:
        raise TypeError(f"{part.__name__}.{field} is computed from no flag of its own")
    return flag


def flags_of(part: type, *fields: str, omit: Iterable[str] = ()) -> tuple[Flag, ...]:
    """The flags ``part``'s fields declare, in the fields' order (or in the order of ``fields`` when
    given), but those of the fields in ``omit`` (a flag another plugin declares)."""
    if fields:
        return tuple(flag_of(part, name) for name in fields)
    left = set(omit)
    return tuple(d.flag for field, d in _declarations(part) if d.flag is not None and field.name not in left)


def from_flags(part: type[_P], flags: Mapping[str, Any], **computed_values: Any) -> _P:
    """The ``part`` a ruleset's resolved ``flags`` make: each declared field from its flag (a flag
    that no enabled plugin declares, such as the settlement plugin's ``points_rounding`` where that
    plugin is off, at its declared default), each computed field from ``computed_values``."""
    values: dict[str, Any] = {}
    missing = []
    for field, d in _declarations(part):
        if d.computed:
            if field.name not in computed_values:
                missing.append(field.name)
        elif d.flag is not None:
            values[field.name] = flags[d.flag.name] if d.flag.name in flags else d.flag.default
    if missing:
        raise TypeError(f"{part.__name__}: its hook computes {', '.join(missing)}; pass them by keyword")
    return part(**values, **computed_values)
