"""Names renamed in mjrules 0.3, kept as aliases that warn for one release."""

from __future__ import annotations

import warnings
from typing import Any, Callable, Mapping


def warn_renamed(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` (``Class.name`` or ``module.name``) is now ``new``."""
    warnings.warn(f"{old} is now {new}; the old name goes in the next release", DeprecationWarning,
                  stacklevel=stacklevel)


def renamed_names(module: str, renames: Mapping[str, str], namespace: Mapping[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that hands out ``namespace[new]`` for each old name in ``renames``,
    with a DeprecationWarning naming the new one."""

    def __getattr__(name: str) -> Any:
        new = renames.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warn_renamed(f"{module}.{name}", new)
        return namespace[new]

    return __getattr__


def renamed_attribute(old: str, new: str) -> property:
    """A read-only property ``old`` that warns and returns the attribute ``new``."""

    def get(self: object) -> Any:
        warn_renamed(f"{type(self).__name__}.{old}", new)
        return getattr(self, new)

    return property(get, doc=f"Deprecated: use ``{new}``.")
