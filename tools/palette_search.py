#!/usr/bin/env python3
"""Search for palette colours that stay apart for colour-blind eyes.

How src/palette.rs's ColourBlind colours were found. Each candidate colour is
seen three ways: with normal sight, and as Machado, Oliveira and Fernandes
(2009) simulate deuteranopia and protanopia at full severity (in linear RGB).
Two colours are as far apart as the smallest of their three CIE76 distances in
CIELAB; the search maximises the smallest distance between any two colours of
the set, by hill climbing from random starts over the sRGB cube in steps of 15.

    tools/palette_search.py hues      # the twelve hue colours
    tools/palette_search.py overlay   # the overlay's six colours that the
                                      # default's others came too near

`hues` keeps each colour within 28 CIELAB units of its hue's usual colour and
of that hue (so a red stays red to normal sight); `overlay` holds the default
colours that already stay apart and searches for the rest. Standard library
only; a few minutes each. The tests in src/palette.rs check the result, not
this script.
"""

import math
import random
import sys

DEUTERANOPIA = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881]]
PROTANOPIA = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
              [-0.003882, -0.048116, 1.051998]]


def linear(c):
    c = c / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    r, g, b = (linear(x) for x in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lab(rgb, matrix=None):
    rgb = [linear(x) for x in rgb]
    if matrix:
        rgb = [min(1, max(0, sum(matrix[i][j] * rgb[j] for j in range(3)))) for i in range(3)]
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def hue_of(rgb):
    """The same hues as Hue::of in src/palette.rs, worked out the same way
    (so a colour on a boundary falls on the same side)."""
    r, g, b = (float(x) for x in rgb)
    hi, lo = max(r, g, b), min(r, g, b)
    value = hi / 255
    saturation = 0 if hi == 0 else (hi - lo) / hi
    if saturation < 0.25:
        return "darkgrey" if value < 0.45 else "grey" if value < 0.85 else "white"
    delta = hi - lo
    if hi == r:
        sixth = ((g - b) / delta) % 6
    elif hi == g:
        sixth = (b - r) / delta + 2
    else:
        sixth = (r - g) / delta + 4
    angle = sixth * 60
    if not 15 <= angle < 340:
        return "red"
    if angle < 45:
        return "brown" if value < 0.8 else "orange"
    for limit, name in [(70, "yellow"), (165, "green"), (200, "cyan"), (255, "blue"),
                        (290, "purple")]:
        if angle < limit:
            return name
    return "magenta"


VIEWS = {}


def views(c):
    if c not in VIEWS:
        VIEWS[c] = (lab(c), lab(c, DEUTERANOPIA), lab(c, PROTANOPIA))
    return VIEWS[c]


def apart(a, b):
    va, vb = views(a), views(b)
    return min(math.dist(va[i], vb[i]) for i in range(3))


def worst(colours):
    return min(apart(colours[i], colours[j]) for i in range(len(colours)) for j in range(i))


def climb(candidates, fixed, starts=8, tries=300):
    """The set (a colour for each slot) whose closest two are farthest apart:
    `candidates[i]` are slot i's choices, `fixed[i]` a colour it keeps."""
    best = None
    for _ in range(starts):
        chosen = [fixed[i] or random.choice(candidates[i]) for i in range(len(candidates))]
        score = worst(chosen)
        better = True
        while better:
            better = False
            for i, choices in enumerate(candidates):
                if fixed[i]:
                    continue
                for c in random.sample(choices, min(tries, len(choices))):
                    old, chosen[i] = chosen[i], c
                    s = worst(chosen)
                    if s > score:
                        score, better = s, True
                    else:
                        chosen[i] = old
        if best is None or score > best[0]:
            best = (score, list(chosen))
    return best


CUBE = [(r, g, b) for r in range(0, 256, 15) for g in range(0, 256, 15) for b in range(0, 256, 15)]

USUAL = dict(darkgrey=(90, 90, 95), grey=(170, 170, 175), white=(245, 245, 245),
             red=(230, 50, 50), orange=(255, 150, 40), brown=(170, 120, 65),
             yellow=(255, 235, 60), green=(60, 210, 90), cyan=(70, 205, 255),
             blue=(75, 135, 255), purple=(180, 90, 255), magenta=(255, 60, 255))


def hues():
    names = list(USUAL)

    def fits(c, name):
        if hue_of(c) != name or math.dist(lab(c), lab(USUAL[name])) > 28:
            return False
        if name in ("darkgrey", "grey", "white") and max(c) - min(c) > 20:
            return False
        return luminance(c) >= (0.05 if name == "darkgrey" else 0.12)

    candidates = [[c for c in CUBE if fits(c, n)] for n in names]
    score, chosen = climb(candidates, [None] * len(names))
    return score, list(zip(names, chosen))


def overlay():
    names = ["untouched", "fill", "corridor", "erased", "built"] + [f"pass{i}" for i in range(1, 9)]
    default = [0x3A3A3A, 0xF0E442, 0xE69F00, 0xCC79A7, 0xA0785A, 0x56B4E9, 0xD55E00, 0x009E73,
               0x0072B2, 0x882255, 0x999933, 0x332288, 0xE8E8E8]
    default = [((h >> 16) & 255, (h >> 8) & 255, h & 255) for h in default]
    searched = {"corridor", "built", "pass3", "pass5", "pass6", "pass7"}
    fixed = [None if n in searched else c for n, c in zip(names, default)]
    pool = [c for c in CUBE if luminance(c) >= 0.04]
    score, chosen = climb([pool] * len(names), fixed, starts=6, tries=400)
    return score, list(zip(names, chosen))


def main():
    random.seed(3)
    what = sys.argv[1] if len(sys.argv) > 1 else "hues"
    score, chosen = {"hues": hues, "overlay": overlay}[what]()
    print(f"the closest two are {score:.1f} apart")
    for name, c in chosen:
        print(f"{name:10} #{c[0]:02X}{c[1]:02X}{c[2]:02X}")


if __name__ == "__main__":
    main()
