"""Tash-Kalar's renderers: its boards, cards, summons, effects and plans, in the terminal, in SVG, in JSON and on the board
page."""
