"""The documentation holds together: every relative link and picture of README.md, of the pages
under docs/ and of the files they include names a file that exists (and a heading of it, where the
link names one), every page under docs/ is in the site's navigation (mkdocs.yml), and every page the
navigation names exists. Nothing is fetched: links to other sites are not followed.

The site itself is built by CI (``mkdocs build --strict``, .ci/run), which checks the same links
once more; this test needs none of the ``docs`` extra."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
SNIPPET = re.compile(r'^--8<-- "([^"]+)"\s*$', re.M)
"""An include of pymdownx.snippets, as the pages write it: a path from the top folder."""


def _expanded(path: Path) -> str:
    """A page's text with the files it includes put in place."""
    text = path.read_text(encoding="utf-8")
    return SNIPPET.sub(lambda m: (ROOT / m.group(1)).read_text(encoding="utf-8"), text)


def _prose(text: str) -> str:
    """The text without its code: neither a fenced block nor inline code holds a link."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor as Python-Markdown's toc extension makes it (MkDocs' default): its text
    without markup, accents or punctuation, lower case, runs of spaces and hyphens as one hyphen."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _anchors(path: Path) -> set[str]:
    text = FENCE.sub("", _expanded(path))
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.M)}


def _links(path: Path) -> list[str]:
    return [target for target in LINK.findall(_prose(_expanded(path)))
            if not re.match(r"[a-z][a-z0-9+.-]*:", target, re.I)]  # http:, https:, mailto: …


def test_the_pages_and_their_links_are_found():
    assert len(PAGES) > 10
    readme = _links(ROOT / "README.md")
    assert "docs/index.md" in readme and "docs/compare.png" in readme
    assert "installation.md#extras" in _links(DOCS / "index.md") or "installation.md" in _links(DOCS / "index.md")


def test_slug_is_the_anchor_mkdocs_makes():
    assert slug("Other rules than the game's") == "other-rules-than-the-games"
    assert slug("`--legal`: every action at the table") == "-legal-every-action-at-the-table"
    assert slug("All cores, many machines, and columns") == "all-cores-many-machines-and-columns"


def test_every_relative_link_names_a_file_and_heading_that_exist():
    broken = []
    for page in PAGES:
        for target in _links(page):
            file, _, anchor = target.partition("#")
            dest = (page.parent / file).resolve() if file else page
            if not dest.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []


def test_every_included_file_exists():
    for page in PAGES:
        for included in SNIPPET.findall(page.read_text(encoding="utf-8")):
            assert (ROOT / included).is_file(), f"{page.relative_to(ROOT)} includes {included}, which is not there"


def _nav() -> list[str]:
    """The pages mkdocs.yml's nav names (paths under docs/), read without a YAML parser: each nav
    entry ends in a page's path."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text[text.index("\nnav:\n"):]
    end = re.search(r"\n\S", nav[1:])
    nav = nav[: end.start() + 1] if end else nav
    return re.findall(r"^\s+-\s+(?:[^\n]*?:\s+)?(\S+\.md)\s*$", nav, re.M)


def test_every_page_is_in_the_navigation_and_every_entry_is_a_page():
    nav = _nav()
    assert "index.md" in nav and "formats/json-hands.md" in nav
    pages = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
    assert sorted(set(nav)) == pages
    assert len(nav) == len(set(nav)), "a page is in the navigation twice"
