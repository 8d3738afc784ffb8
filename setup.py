"""The native kernel's build: setuptools-rust compiles ``mjrules/kernel/rust/`` (Rust, PyO3) into
``mjrules.kernel._native``. Everything else is declared in pyproject.toml.

The extension is optional: without a Rust toolchain (or when its build fails) the install
still succeeds, says so in its log, and mjrules runs on the Python kernel (``mjrules --version``
names the kernel in use).

Where crates.io is out of reach but Debian's packaged crates are installed (``apt install
librust-pyo3-dev``; ``MJRULES_CARGO_REGISTRY`` names another such folder), cargo takes PyO3
from there: the same PyO3 0.17 release, read from a local copy instead of the network.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup
from setuptools_rust import Binding, RustExtension


def cargo_args() -> list[str]:
    registry = Path(os.environ.get("MJRULES_CARGO_REGISTRY", "/usr/share/cargo/registry"))
    if not any(registry.glob("pyo3-0.17.*")):
        return []
    return ["--config", 'source.crates-io.replace-with="local-registry"',
            "--config", f'source.local-registry.directory="{registry}"']


setup(
    rust_extensions=[
        RustExtension("mjrules.kernel._native", path="mjrules/kernel/rust/Cargo.toml", binding=Binding.PyO3,
                      cargo_manifest_args=cargo_args(), optional=True, py_limited_api=True, debug=False),
    ],
)
