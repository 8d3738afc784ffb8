"""Names renamed in mjrules 0.3, kept as aliases that warn for one release."""

from __future__ import annotations

import warnings
from typing import Any, Callable, Mapping


def renamed_names(module: str, renames: Mapping[str, str], namespace: Mapping[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that hands out ``namespace[new]`` for each old name in ``renames``,
    with a DeprecationWarning naming the new one."""

    def __getattr__(name: str) -> Any:
        new = renames.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is now {new}; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return namespace[new]

    return __getattr__


def renamed_attribute(old: str, new: str) -> property:
    """A read-only property ``old`` that warns and returns the attribute ``new``."""

    def get(self: object) -> Any:
        warnings.warn(f"{type(self).__name__}.{old} is now {new}; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return getattr(self, new)

    return property(get, doc=f"Deprecated: use ``{new}``.")
