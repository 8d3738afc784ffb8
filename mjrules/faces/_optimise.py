"""Make the shipped tile faces from the source SVGs: ``python -m mjrules.faces._optimise SRC_DIR``.

The sources (FluffyStuff/riichi-mahjong-tiles, ``Regular/``, CC0) are Inkscape files. Kept: the
drawing. Dropped: comments, ``<metadata>``, Inkscape's and Sodipodi's elements and attributes, ids
nothing refers to, and ``<defs>`` entries nothing uses. Coordinates in path data are rounded to
0.01 of the 300 x 400 tile. Every remaining id gets the face's name as a prefix (``Pin1-…``) so
that faces drawn together in one SVG never share an id.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
_REF = re.compile(r"url\(#([^)]+)\)")
_NUMBER = re.compile(r"-?\d*\.\d+(?:[eE][-+]?\d+)?")


def _round(match: re.Match[str]) -> str:
    text = f"{float(match.group(0)):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _refs(el: ET.Element) -> set[str]:
    out = set()
    for value in el.attrib.values():
        out.update(_REF.findall(value))
    href = el.get(f"{{{XLINK}}}href") or el.get("href")
    if href and href.startswith("#"):
        out.add(href[1:])
    return out


def optimise(src: Path, prefix: str) -> ET.Element:
    root = ET.parse(src).getroot()  # ElementTree drops comments when parsing

    def clean(el: ET.Element) -> None:
        for child in list(el):
            if not child.tag.startswith(f"{{{SVG}}}") or child.tag == f"{{{SVG}}}metadata":
                el.remove(child)
                continue
            clean(child)
        for key in list(el.attrib):
            if key.startswith("{") and not key.startswith(f"{{{XLINK}}}"):
                del el.attrib[key]
        if "d" in el.attrib:
            el.set("d", _NUMBER.sub(_round, el.attrib["d"]))

    clean(root)
    # Keep only the defs that the drawing uses, directly or through another def.
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    defs = [d for d in root.iter(f"{{{SVG}}}defs")]
    in_defs = {id(x) for d in defs for x in d.iter()}
    used: set[str] = set()
    todo = [r for el in root.iter() if id(el) not in in_defs for r in _refs(el)]
    while todo:
        ref = todo.pop()
        if ref in used or ref not in by_id:
            continue
        used.add(ref)
        todo.extend(r for x in by_id[ref].iter() for r in _refs(x))
    for d in defs:
        for child in list(d):
            if child.get("id") not in used:
                d.remove(child)
    for el in root.iter():
        if el.get("id") is not None and el.get("id") not in used:
            del el.attrib["id"]
        elif el.get("id") is not None:
            el.set("id", f"{prefix}-{el.get('id')}")
        for key, value in el.attrib.items():
            if key == f"{{{XLINK}}}href" and value.startswith("#"):
                el.set(key, f"#{prefix}-{value[1:]}")
            elif "url(#" in value:
                el.set(key, _REF.sub(lambda m: f"url(#{prefix}-{m.group(1)})", value))
    for d in defs:
        if not len(d):
            root.remove(d) if d in list(root) else None
    for key in ("version",):
        root.attrib.pop(key, None)
    return root


def main(src_dir: str) -> None:
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    out = Path(__file__).parent
    for src in sorted(Path(src_dir).glob("*.svg")):
        text = ET.tostring(optimise(src, src.stem), encoding="unicode")
        text = re.sub(r">\s+<", "><", text)
        (out / src.name).write_text(text + "\n", encoding="utf-8")
    licence = Path(src_dir) / "LICENSE.md"
    (out / "LICENSE.md").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
