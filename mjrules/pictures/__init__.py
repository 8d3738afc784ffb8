"""Pictures of hands and results: SVG drawn with the shipped tile faces (``mjrules.faces``), and
HTML cards. Imported only when a picture is asked for, so scoring never loads it.

In IPython and Jupyter a ``Hand`` shows as its tiles and a ``Result`` as its card: ``import mjrules``
in a running shell registers the shell's formatters (``mjrules.show_pictures``), and
``%load_ext mjrules.pictures`` does the same by hand. The model itself knows no pictures.
"""

from __future__ import annotations

from typing import Any

from mjrules.model.hand import Hand
from mjrules.pictures.card import card_rows, result_html, result_svg
from mjrules.pictures.svg import hand_svg, meld_layout
from mjrules.scoring.result import Result

__all__ = ["card_rows", "hand_svg", "load_ipython_extension", "meld_layout", "result_html", "result_svg"]


def load_ipython_extension(shell: Any) -> None:
    """Show hands and results as pictures in ``shell`` (an IPython shell): a ``Hand`` as SVG
    tiles, a ``Result`` as its SVG and HTML card."""
    formatters = shell.display_formatter.formatters
    formatters["image/svg+xml"].for_type(Hand, hand_svg)
    formatters["image/svg+xml"].for_type(Result, result_svg)
    formatters["text/html"].for_type(Hand, hand_svg)
    formatters["text/html"].for_type(Result, result_html)
