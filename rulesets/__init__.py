"""Preset rulesets, shipped as package data and found by name."""
