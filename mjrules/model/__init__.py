"""The value model: tiles, melds, the hand and the win, as frozen validated attrs objects."""
