"""Writes fonts/ReelBlock.ttf, the font the Lottie font tests ship beside their documents.

A font no machine has installed, with metrics a test can compute by hand: 1000 units per em,
ascender 800, descender -200; "H" (and "X", which Reel measures baselines with) is a solid
rectangle 1000 wide (its whole advance) and 700 tall standing on the baseline; space advances
500. Set at size 50, "HH" is one solid block
100 points wide and 35 tall, which no installed font draws. Made with fontTools (pip install
fonttools); the output is placed in the public domain (CC0).
"""
import os

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def rectangle(width, height):
    pen = TTGlyphPen(None)
    if width and height:
        pen.moveTo((0, 0))
        pen.lineTo((0, height))
        pen.lineTo((width, height))
        pen.lineTo((width, 0))
        pen.closePath()
    return pen.glyph()


builder = FontBuilder(1000, isTTF=True)
builder.setupGlyphOrder([".notdef", "space", "H", "X"])
builder.setupCharacterMap({0x20: "space", 0x48: "H", 0x58: "X"})
builder.setupGlyf(
    {".notdef": rectangle(0, 0), "space": rectangle(0, 0), "H": rectangle(1000, 700), "X": rectangle(1000, 700)}
)
builder.setupHorizontalMetrics({".notdef": (500, 0), "space": (500, 0), "H": (1000, 0), "X": (1000, 0)})
builder.setupHorizontalHeader(ascent=800, descent=-200)
builder.setupNameTable({"familyName": "Reel Block", "styleName": "Regular", "psName": "ReelBlock-Regular"})
builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, sCapHeight=700)
builder.setupPost()
builder.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts", "ReelBlock.ttf"))
