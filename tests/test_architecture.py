"""The architecture page's promises (docs/architecture.md), read from the source as text: each layer
imports only the layers below it (imports inside functions and type-only imports count), no module
imports itself back through others, the built-in plugins use only the plugin API, and no module,
function or class outgrows the sizes a reader can hold."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mjrules"

FLOORS: list[set[str]] = [
    {"errors", "cache", "_moved", "_checkout", "py.typed"},
    {"model"},
    {"kernel"},
    {"readings", "notation"},
    {"rules"},
    {"plugin_api"},
    {"scoring"},
    {"game", "tools", "pictures", "faces"},
    {"records"},
    {"table"},
    {"web", "dask"},
    {"cli"},
    {"__init__", "__main__"},
]
"""The layers from the bottom up; a layer imports only those of lower floors (and its own modules)."""
FLOOR = {layer: n for n, layers in enumerate(FLOORS) for layer in layers}


def _modules(root: Path, package: str) -> dict[str, Path]:
    out = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join((package, *parts))
        out[name.removesuffix(".__init__")] = path
    return out


MODULES = _modules(PACKAGE, "mjrules")


def _imports(path: Path) -> set[str]:
    """Every mjrules module ``path`` imports, wherever the import stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in MODULES else node.module
                     for a in node.names if (node.module, a.name) != ("mjrules", "__version__")]  # the one number
        else:
            continue
        found.update(n for n in names if n == "mjrules" or n.startswith("mjrules."))
    return found


def _layer(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


GRAPH = {name: {m for m in _imports(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def test_every_layer_has_a_floor():
    assert {_layer(m) for m in MODULES} <= set(FLOOR), {_layer(m) for m in MODULES} - set(FLOOR)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_no_layer_above_its_own(module):
    mine = FLOOR[_layer(module)]
    above = sorted(m for m in GRAPH[module] if _layer(m) != _layer(module) and FLOOR[_layer(m)] >= mine)
    assert not above, f"{module} (floor {mine}) imports {above}"


def test_no_import_circle():
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert not circles, circles


def test_the_game_engine_imports_no_reader_table_tool_or_face():
    for module in (m for m in MODULES if _layer(m) == "game"):
        assert not {_layer(m) for m in GRAPH[module]} & {"records", "table", "tools", "cli", "web", "pictures"}, module


def test_the_built_in_plugins_use_the_plugin_api_alone():
    for path in (ROOT / "plugins").rglob("*.py"):
        used = {m for m in _imports(path) if not m.startswith("mjrules.plugins")}
        assert used <= {"mjrules.plugin_api"}, (path.name, used)


def _sized(root: Path):
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        yield path, text.count("\n"), ast.parse(text)


@pytest.mark.parametrize("root", [PACKAGE, ROOT / "plugins"], ids=["mjrules", "plugins"])
def test_no_module_function_or_class_outgrows_a_reader(root):
    too_big = []
    for path, lines, tree in _sized(root):
        name = path.relative_to(ROOT)
        if lines > 600:
            too_big.append(f"module {name}: {lines} lines")
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                limit = 300 if isinstance(node, ast.ClassDef) else 80
                if size > limit:
                    too_big.append(f"{type(node).__name__} {name}:{node.lineno} {node.name}: {size} lines")
    assert not too_big, too_big


def test_no_kernel_source_outgrows_a_reader():
    """The native kernel's Rust files keep the modules' size too: none over 600 lines (their
    functions are not parsed here)."""
    too_big = []
    for path in sorted((PACKAGE / "kernel" / "rust").rglob("*.rs")):
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > 600:
            too_big.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert not too_big, too_big
