"""Byte-compile mjrules before a whole-process benchmark times it.

A regular ``pip install`` writes the ``.pyc`` files of the package; an editable install leaves
them to the first import, and with ``PYTHONDONTWRITEBYTECODE`` set (as on some CI machines) every
process compiles every module again: about 0.13 s of start-up that an installed mjrules does not
pay. The whole-process benchmarks call ``byte_compile()`` first, so they time what a user runs.
"""

from __future__ import annotations

import compileall
from pathlib import Path

import mjrules

ROOT = Path(mjrules.__file__).resolve().parent.parent


def byte_compile() -> None:
    """Write the ``.pyc`` files of the package and its built-in plugins (as pip install does)."""
    for folder in (ROOT / "mjrules", ROOT / "plugins"):
        compileall.compile_dir(folder, quiet=1)
