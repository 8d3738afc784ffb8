"""Pictures of hands and results: SVG drawn with the shipped tile faces (``mjrules.faces``), and
HTML cards. Imported only when a picture is asked for, so scoring never loads it."""

from mjrules.pictures.card import card_rows, result_html, result_svg
from mjrules.pictures.svg import hand_svg, meld_layout

__all__ = ["card_rows", "hand_svg", "meld_layout", "result_html", "result_svg"]
