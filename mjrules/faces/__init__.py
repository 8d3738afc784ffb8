"""SVG faces of the riichi tiles (public domain, CC0: see LICENSE.md here), made from the
FluffyStuff/riichi-mahjong-tiles ``Regular/`` set by ``_optimise.py``."""
