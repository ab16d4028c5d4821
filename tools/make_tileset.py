#!/usr/bin/env python3
"""Draw assets/tiles.png, the game's tileset, with nothing but the standard library.

Layout (see docs/template.md, "Tileset"): 16 x 16 pixel tiles, 16 columns, 9 rows.
Rows 0 and 3 are the map's normal look; rows 1 and 4 the overlay look of the
tile 16 places before (white ground, dark marks) that the overlay tints with
each cell's provenance colour. Row 2 holds the sprites of the player, monsters
and items: white marks with a dark outline on a transparent ground, tinted by
the game with each row's colour.

  index  0 rock   1 floor   2 up <   3 down >
         4 wall -   5 wall |   6 corner top-left   7 top-right
         8 bottom-left   9 bottom-right   10 cross   11 T up   12 T down
         13 T left   14 T right   15 solid
         48 altar _   49 fountain {   50 closed door +
         51 open door in a horizontal wall   52 open door in a vertical wall
         53 corridor # (a tunnel dug through rock)   54 tree #   55 sink #
         56 iron bars #   57 s (spiders; a sprite, as row 2's)   58 wand /
         59 ring =   60 amulet "   61 spellbook +   62 u (horses; a sprite)
  overlay index = index + 16
  sprites 32 player @  33 G (gnomes)  34 h (dwarves, hobbits)  35 * (gems)
          36 shopkeeper @  37 priest @  38 watchman @  39 candle (  40 lamp (
          41 gold $  42 gray stone *  43 trap ^  44 web "  45 boulder 0
          46 digging tool (  47 other tool (
  objects 80 weapon )  81 armour [  82 potion !  83 scroll ?  84 food %
  letters 85 o  86 M  87 Z  88 V  89 e  90 Y  91 n  92 k  93 f  94 m  95 d
          (monster classes without a picture of their own: the letter)
  more letters, rows 6 to 8, drawn as row 5's (MORE_LETTERS):
          96 a  97 b  98 c  99 i  100 j  101 l  102 p  103 q  104 r  105 t
          106 v  107 w  108 x  109 y  110 z  111 A  112 B  113 C  114 D
          115 E  116 F  117 H  118 J  119 K  120 L  121 N  122 O  123 P
          124 Q  125 R  126 S  127 T  128 U  129 W  130 X  131 :  132 ;
          133 '  134 &  135 g   (136-143 free, transparent)

Walls are drawn as NetHack's line-drawing symbols are: each joins up with the
walls it reaches (north, south, east, west), so a cave's outline reads as one
line of brickwork.
"""
import struct
import sys
import zlib

T = 16
COLS, ROWS = 16, 9

# 7 x 9 glyphs for the marks the tileset needs.
GLYPHS = {
    "<": [
        "....##.",
        "...##..",
        "..##...",
        ".##....",
        "##.....",
        ".##....",
        "..##...",
        "...##..",
        "....##.",
    ],
    ">": [
        ".##....",
        "..##...",
        "...##..",
        "....##.",
        ".....##",
        "....##.",
        "...##..",
        "..##...",
        ".##....",
    ],
    "{": [
        "...###.",
        "..##...",
        "..##...",
        "..##...",
        "###....",
        "..##...",
        "..##...",
        "..##...",
        "...###.",
    ],
    "@": [
        ".#####.",
        "##...##",
        "#..####",
        "#.##.##",
        "#.##.##",
        "#..###.",
        "##.....",
        ".#####.",
        ".......",
    ],
}


SPRITES = {
    "G": [
        "................",
        "................",
        "....######......",
        "...##....##.....",
        "..##......#.....",
        "..##............",
        "..##............",
        "..##...####.....",
        "..##......#.....",
        "..##......#.....",
        "...##....##.....",
        "....######......",
        "................",
        "................",
        "................",
        "................",
    ],
    "h": [
        "................",
        "...##...........",
        "...##...........",
        "...##...........",
        "...##...........",
        "...##.####......",
        "...####..##.....",
        "...###....##....",
        "...##.....##....",
        "...##.....##....",
        "...##.....##....",
        "...##.....##....",
        "................",
        "................",
        "................",
        "................",
    ],
    "*": [
        "................",
        "................",
        "................",
        ".......##.......",
        "...##..##..##...",
        "....##.##.##....",
        ".....######.....",
        "..############..",
        ".....######.....",
        "....##.##.##....",
        "...##..##..##...",
        ".......##.......",
        "................",
        "................",
        "................",
        "................",
    ],
}


def human(hat):
    """The player's @ with something on top: a shopkeeper's cap, a priest's
    cross, a watchman's helmet."""
    rows = [list(r) for r in PLAYER]
    for y, line in enumerate(hat):
        for x, c in enumerate(line):
            if c == "#":
                rows[y][x] = "#"
    return ["".join(r) for r in rows]


HATS = {
    "shopkeeper": ["...#########....", "................"],
    "priest": ["......##........", ".....####......."],
    "watchman": ["....#######.....", "...#########...."],
}

ITEM_SPRITES = {
    # A trap: a sprung jaw of teeth, NetHack's ^.
    "trap": [
        "................",
        "................",
        "................",
        "................",
        ".......##.......",
        "......####......",
        ".....##..##.....",
        "....##....##....",
        "...##......##...",
        "..##..#..#..##..",
        "..#..###.###.#..",
        "..############..",
        "................",
        "................",
        "................",
        "................",
    ],
    # A web: threads from a centre.
    "web": [
        "................",
        "..#....#....#...",
        "...#...#...#....",
        "....#######.....",
        ".....#.#.#......",
        "..####.#.####...",
        ".....#####......",
        "#######.#######.",
        ".....#####......",
        "..####.#.####...",
        ".....#.#.#......",
        "....#######.....",
        "...#...#...#....",
        "..#....#....#...",
        "................",
        "................",
    ],
    # A boulder: a big round stone with a crack, NetHack 3.6's 0.
    # A pick-axe: a curved head on a haft.
    "pick": [
        "................",
        "...#######......",
        "..##.....###....",
        ".##.......###...",
        "..........#.##..",
        ".........#...#..",
        "........#.......",
        ".......#........",
        "......#.........",
        ".....#..........",
        "....#...........",
        "...#............",
        "..#.............",
        "................",
        "................",
        "................",
    ],
    # Any other tool: a parenthesis, NetHack's (.
    "tool": [
        "................",
        "........##......",
        ".......##.......",
        "......##........",
        ".....##.........",
        ".....##.........",
        "....##..........",
        "....##..........",
        "....##..........",
        "....##..........",
        ".....##.........",
        ".....##.........",
        "......##........",
        ".......##.......",
        "........##......",
        "................",
    ],
    "boulder": [
        "................",
        ".....######.....",
        "...##########...",
        "..############..",
        ".######..######.",
        ".#######..#####.",
        "##########.#####",
        "###########.####",
        "################",
        "################",
        ".##############.",
        ".##############.",
        "..############..",
        "...##########...",
        ".....######.....",
        "................",
    ],
    "candle": [
        "................",
        ".......#........",
        "......###.......",
        ".......#........",
        "......###.......",
        "......###.......",
        "......###.......",
        "......###.......",
        "......###.......",
        "......###.......",
        "......###.......",
        ".....#####......",
        "................",
        "................",
        "................",
        "................",
    ],
    "lamp": [
        "................",
        "................",
        ".......#........",
        "......###.......",
        ".......#........",
        ".....#####......",
        "....#######.....",
        "...#########.##.",
        "...#########..#.",
        "...##########.#.",
        "....#######.##..",
        ".....#####......",
        "....#######.....",
        "................",
        "................",
        "................",
    ],
    "$": [
        "................",
        ".......#........",
        ".....#####......",
        "....##.#.##.....",
        "....##.#........",
        ".....###........",
        ".......###......",
        ".......#.##.....",
        "....##.#.##.....",
        ".....#####......",
        ".......#........",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    "stone": [
        "................",
        "................",
        "................",
        "................",
        "......####......",
        "....########....",
        "...##########...",
        "..############..",
        "..############..",
        "..############..",
        "...##########...",
        ".....######.....",
        "................",
        "................",
        "................",
        "................",
    ],
}


PLAYER = [
    "................",
    "................",
    "....#######.....",
    "...##.....##....",
    "..##..####.##...",
    "..#..##..#..#...",
    "..#.##...#..#...",
    "..#.##...#..#...",
    "..#.##..##.##...",
    "..#..####.##....",
    "..##............",
    "...##.....#.....",
    "....#######.....",
    "................",
    "................",
    "................",
]


# Row 5: the object classes' sprites, white like row 2's and tinted the same
# way (a potion with its look's colour).
OBJECT_SPRITES = {
    # A weapon: a short sword, point up, NetHack's ).
    "weapon": [
        "................",
        ".........##.....",
        "........###.....",
        ".......###......",
        "......###.......",
        ".....###........",
        "....###.........",
        "...###..........",
        "#.###...........",
        ".###............",
        "..##............",
        ".#..#...........",
        "#...............",
        "................",
        "................",
        "................",
    ],
    # Armour: a mail shirt with its sleeves, NetHack's [.
    "armour": [
        "................",
        "................",
        "...###....###...",
        "..############..",
        ".##############.",
        ".###.######.###.",
        ".##..######..##.",
        ".....######.....",
        ".....#.##.#.....",
        ".....######.....",
        ".....#.##.#.....",
        ".....######.....",
        ".....######.....",
        "................",
        "................",
        "................",
    ],
    # A potion: a round flask with a cork, NetHack's !.
    "potion": [
        "................",
        "......####......",
        ".......##.......",
        ".......##.......",
        ".......##.......",
        "......#..#......",
        ".....#....#.....",
        "....#......#....",
        "....########....",
        "....########....",
        "....########....",
        ".....######.....",
        "......####......",
        "................",
        "................",
        "................",
    ],
    # A scroll: a sheet rolled at both ends, lines of writing, NetHack's ?.
    "scroll": [
        "................",
        "................",
        "..###########...",
        ".#..........##..",
        "..#.........#...",
        "..#.######..#...",
        "..#.........#...",
        "..#.#####...#...",
        "..#.........#...",
        "..#.######..#...",
        "..#.........#...",
        "..###########...",
        "...#.........#..",
        "....##########..",
        "................",
        "................",
    ],
    # A wand: a slim rod held slanting, a knob at its foot and a star at
    # its tip, NetHack's /.
    "wand": [
        "................",
        "..........#.#...",
        "...........#....",
        "..........#.#...",
        ".........##.....",
        "........##......",
        ".......##.......",
        "......##........",
        ".....##.........",
        "....##..........",
        "...###..........",
        "..####..........",
        "..###...........",
        "................",
        "................",
        "................",
    ],
    # A ring: a band seen from the front, a stone set on top, NetHack's =.
    "ring": [
        "................",
        ".......##.......",
        "......####......",
        ".....######.....",
        "......####......",
        ".......##.......",
        ".....##..##.....",
        "....#......#....",
        "...#........#...",
        "...#........#...",
        "...#........#...",
        "....#......#....",
        ".....######.....",
        "................",
        "................",
        "................",
    ],
    # An amulet: a chain hanging in a V to a round pendant, NetHack's ".
    "amulet": [
        "................",
        "..#..........#..",
        "..#..........#..",
        "...#........#...",
        "...#........#...",
        "....#......#....",
        ".....#....#.....",
        "......#..#......",
        ".......##.......",
        "......####......",
        ".....######.....",
        ".....######.....",
        ".....######.....",
        "......####......",
        "................",
        "................",
    ],
    # A spellbook: a closed book seen from the front, its spine on the
    # left and a clasp on the right, NetHack's +.
    "spellbook": [
        "................",
        "................",
        "...##########...",
        "...#.#......#...",
        "...#.#......#...",
        "...#.#.####.#...",
        "...#.#......##..",
        "...#.#.####.##..",
        "...#.#......#...",
        "...#.#......#...",
        "...#.#......#...",
        "...##########...",
        "................",
        "................",
        "................",
        "................",
    ],
    # Food: a drumstick-shaped ration, NetHack's %.
    "food": [
        "................",
        "................",
        "................",
        ".......#####....",
        "......#######...",
        ".....#########..",
        ".....#########..",
        ".....#########..",
        "......#######...",
        ".....#.#####....",
        "....#...........",
        "..###...........",
        "..##............",
        "................",
        "................",
        "................",
    ],
}


def tile(fill):
    return [[fill for _ in range(T)] for _ in range(T)]


def bricks(ground, brick, mortar, vertical):
    t = tile(ground)
    for y in range(T):
        for x in range(T):
            a, b = (x, y) if not vertical else (y, x)
            row = b // 4
            offset = 4 if row % 2 else 0
            is_mortar = b % 4 == 3 or (a + offset) % 8 == 7
            t[y][x] = mortar if is_mortar else brick
    return t


def glyph(t, ch, colour, ox=4, oy=3):
    for gy, line in enumerate(GLYPHS[ch]):
        for gx, c in enumerate(line):
            if c == "#":
                t[oy + gy][ox + gx] = colour


def dot(t, colour):
    for y in (7, 8):
        for x in (7, 8):
            t[y][x] = colour


# Which ways each wall type joins, in tile order from index 4: N, S, E, W.
WALLS = [
    "EW",    # horizontal
    "NS",    # vertical
    "SE",    # top-left corner
    "SW",    # top-right corner
    "NE",    # bottom-left corner
    "NW",    # bottom-right corner
    "NSEW",  # cross
    "NEW",   # T up
    "SEW",   # T down
    "NSW",   # T left
    "NSE",   # T right
]

BAND = (5, 10)  # the wall's band, pixels 5 to 10 across its middle


def wall(ground, brick, mortar, joins):
    """A band of bricks from the middle to each side the wall joins, outlined
    in mortar wherever it stops; a wall that joins nowhere (a pillar) is a
    block."""
    lo, hi = BAND

    def on(x, y):
        if not (0 <= x < T and 0 <= y < T):
            return True  # bands leave the tile only where they join the next
        across_h, across_v = lo <= y <= hi, lo <= x <= hi
        return (across_h and across_v) or (
            across_h and (("W" in joins and x <= hi) or ("E" in joins and x >= lo))
        ) or (across_v and (("N" in joins and y <= hi) or ("S" in joins and y >= lo)))

    t = tile(ground)
    for y in range(T):
        for x in range(T):
            if not on(x, y):
                continue
            outline = not all(on(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            # Two courses of bricks along the band, their joints staggered.
            if lo <= y <= hi and not (lo <= x <= hi):
                joint = (x + (2 if y > (lo + hi) // 2 else 0)) % 4 == 3
            elif lo <= x <= hi and not (lo <= y <= hi):
                joint = (y + (2 if x > (lo + hi) // 2 else 0)) % 4 == 3
            else:
                joint = False
            t[y][x] = mortar if outline or joint else brick
    return t


def tiles(overlay):
    if overlay:
        ground, rock = (255, 255, 255, 255), (255, 255, 255, 255)
        mark, brick, mortar = (40, 40, 40, 255), (205, 205, 205, 255), (120, 120, 120, 255)
        stair = (20, 20, 20, 255)
    else:
        ground, rock = (26, 22, 18, 255), (0, 0, 0, 255)
        mark, brick, mortar = (150, 140, 120, 255), (128, 118, 104, 255), (62, 56, 50, 255)
        stair = (255, 220, 60, 255)
    out = []
    out.append(tile(rock))
    floor = tile(ground)
    dot(floor, mark)
    out.append(floor)
    for ch in "<>":
        t = tile(ground)
        glyph(t, ch, stair)
        out.append(t)
    for joins in WALLS:
        out.append(wall(ground, brick, mortar, joins))
    out.append(tile((255, 255, 255, 255)))
    return out


def outlined(rows):
    """White marks with a one-pixel dark outline on a transparent ground."""
    t = tile((0, 0, 0, 0))
    for y in range(T):
        for x in range(T):
            if rows[y][x] == "#":
                t[y][x] = (255, 255, 255, 255)
            elif any(
                0 <= y + dy < T and 0 <= x + dx < T and rows[y + dy][x + dx] == "#"
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
            ):
                t[y][x] = (0, 0, 0, 255)
    return t


def player():
    """The player: a bold @ with a dark outline, so it reads on floor, wall and
    every overlay colour alike."""
    return outlined(PLAYER)


def sprites():
    humans = [outlined(human(HATS[who])) for who in ("shopkeeper", "priest", "watchman")]
    items = [outlined(ITEM_SPRITES[what]) for what in ("candle", "lamp", "$", "stone", "trap", "web", "boulder", "pick", "tool")]
    return [player()] + [outlined(SPRITES[ch]) for ch in "Gh*"] + humans + items


# 5 x 7 letters for the monster classes drawn as their letter, doubled.
LETTERS = {
    "o": [".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###."],
    "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
    "Z": ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
    "V": ["#...#", "#...#", "#...#", "#...#", ".#.#.", ".#.#.", "..#.."],
    "e": [".....", ".....", ".###.", "#...#", "#####", "#....", ".###."],
    "Y": ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
    "n": [".....", ".....", "####.", "#...#", "#...#", "#...#", "#...#"],
    "k": ["#....", "#....", "#..#.", "#.#..", "##...", "#.#..", "#..#."],
    "f": ["..##.", ".#...", "####.", ".#...", ".#...", ".#...", ".#..."],
    "m": [".....", ".....", "##.#.", "#.#.#", "#.#.#", "#.#.#", "#.#.#"],
    "d": ["....#", "....#", ".####", "#...#", "#...#", "#...#", ".####"],
    "s": [".....", ".....", ".####", "#....", ".###.", "....#", "####."],
    "u": [".....", ".....", "#...#", "#...#", "#...#", "#..##", ".##.#"],
    # The rest of NetHack's monster classes (rows 6 to 8). Lowercase letters
    # with a descender (j p q y) sit their bowl higher, as a 5 x 7 font does.
    "a": [".....", ".....", ".###.", "....#", ".####", "#...#", ".####"],
    "b": ["#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####."],
    "c": [".....", ".....", ".###.", "#....", "#....", "#...#", ".###."],
    "i": ["..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."],
    "j": ["...#.", ".....", "..##.", "...#.", "...#.", "#..#.", ".##.."],
    "l": [".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "p": [".....", ".....", "####.", "#...#", "####.", "#....", "#...."],
    "q": [".....", ".....", ".####", "#...#", ".####", "....#", "....#"],
    "g": [".....", ".....", ".####", "#...#", ".####", "....#", ".###."],
    "r": [".....", ".....", "#.##.", "##..#", "#....", "#....", "#...."],
    "t": [".#...", ".#...", "###..", ".#...", ".#...", ".#..#", "..##."],
    "v": [".....", ".....", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
    "w": [".....", ".....", "#...#", "#...#", "#.#.#", "#.#.#", ".#.#."],
    "x": [".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#"],
    "y": [".....", ".....", "#...#", "#...#", ".####", "....#", ".###."],
    "z": [".....", ".....", "#####", "...#.", "..#..", ".#...", "#####"],
    "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "B": ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
    "C": [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
    "D": ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
    "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
    "F": ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
    "H": ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "J": ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
    "K": ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
    "L": ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
    "N": ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
    "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "P": ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
    "Q": [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
    "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
    "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
    "T": ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
    "U": ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
    "X": ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
    ":": [".....", ".##..", ".##..", ".....", ".##..", ".##..", "....."],
    ";": [".....", ".##..", ".##..", ".....", ".##..", "..#..", ".#..."],
    "'": [".##..", ".##..", "..#..", ".#...", ".....", ".....", "....."],
    "&": [".##..", "#..#.", "#.#..", ".#...", "#.#.#", "#..#.", ".##.#"],
}

# The monster classes of rows 6 to 8, from index 96 on, in this order.
MORE_LETTERS = "abcijlpqrtvwxyzABCDEFHJKLNOPQRSTUWX:;'&g"


def letter(ch):
    rows = ["." * T for _ in range(T)]
    rows = [list(r) for r in rows]
    for y, line in enumerate(LETTERS[ch]):
        for x, c in enumerate(line):
            if c == "#":
                for dy in (0, 1):
                    for dx in (0, 1):
                        rows[1 + 2 * y + dy][3 + 2 * x + dx] = "#"
    return ["".join(r) for r in rows]


def object_sprites():
    objects = [outlined(OBJECT_SPRITES[what]) for what in ("weapon", "armour", "potion", "scroll", "food")]
    return objects + [outlined(letter(ch)) for ch in "oMZVeYnkfmd"]


def letter_rows():
    """Rows 6 to 8: the rest of NetHack's monster classes drawn as their
    letter, as row 5's are (white, outlined, tinted by the game)."""
    sprites = [outlined(letter(ch)) for ch in MORE_LETTERS]
    return [sprites[i : i + COLS] for i in range(0, len(sprites), COLS)]


def town_tiles(overlay):
    """The tiles level kinds build: altar, fountain, closed door, and the two
    open doors (the leaf swung against the door frame)."""
    if overlay:
        ground, mark, wood, dark = (
            (255, 255, 255, 255),
            (40, 40, 40, 255),
            (170, 170, 170, 255),
            (60, 60, 60, 255),
        )
        stone, water = (150, 150, 150, 255), (40, 40, 40, 255)
    else:
        ground, mark = (26, 22, 18, 255), (150, 140, 120, 255)
        wood, dark = (150, 96, 44, 255), (80, 50, 22, 255)
        stone, water = (190, 190, 210, 255), (90, 160, 255, 255)
    out = []
    altar = tile(ground)
    for y in range(6, 10):
        for x in range(2, 14):
            altar[y][x] = dark if y == 6 or x in (2, 13) else stone
    for y in range(10, 13):
        for x in (4, 5, 10, 11):
            altar[y][x] = stone
    out.append(altar)
    fountain = tile(ground)
    for y in range(T):
        for x in range(T):
            if (x - 7.5) ** 2 + (y - 9) ** 2 <= 30 and y >= 7:
                fountain[y][x] = stone
            if (x - 7.5) ** 2 + (y - 9) ** 2 <= 14 and y >= 7:
                fountain[y][x] = water
    for y in range(2, 7):
        fountain[y][7] = fountain[y][8] = water
    out.append(fountain)
    door = tile(wood)
    for y in range(T):
        for x in range(T):
            if x in (0, 15) or y in (0, 15) or x % 5 == 0:
                door[y][x] = dark
    door[8][11] = door[8][12] = mark
    out.append(door)
    for vertical_leaf in (True, False):
        t = tile(ground)
        for a in range(T):
            for b in (1, 2, 3):
                y, x = (a, b) if vertical_leaf else (b, a)
                t[y][x] = wood if b != 3 else dark
        out.append(t)
    # A corridor dug through rock: rubble-strewn ground, NetHack's #.
    corridor = tile(ground)
    for y in range(T):
        for x in range(T):
            if (x * 7 + y * 13) % 11 == 0 or (x * 5 + y * 3) % 17 == 0:
                corridor[y][x] = mark
    out.append(corridor)
    # A tree: a round green crown on a brown trunk (NetHack's green #).
    leaf, bark = ((90, 90, 90, 255), (40, 40, 40, 255)) if overlay else ((60, 170, 60, 255), (120, 80, 40, 255))
    tree = tile(ground)
    for y in range(T):
        for x in range(T):
            if (x - 7.5) ** 2 + (y - 6) ** 2 <= 26:
                tree[y][x] = leaf
            elif 6 <= x <= 9 and y >= 10:
                tree[y][x] = bark
    out.append(tree)
    # A kitchen sink: a gray basin with a dark drain.
    sink = tile(ground)
    for y in range(4, 13):
        for x in range(2, 14):
            sink[y][x] = dark if y in (4, 12) or x in (2, 13) else stone
    sink[8][7] = sink[8][8] = dark
    out.append(sink)
    # Iron bars: four upright bars and two crossbars, metal cyan as
    # NetHack's HI_METAL (gray in the overlay).
    metal = (150, 150, 150, 255) if overlay else (90, 200, 220, 255)
    bars = tile(ground)
    for y in range(T):
        for x in range(T):
            if x in (2, 3, 6, 7, 10, 11, 14) or y in (2, 3, 12, 13):
                bars[y][x] = metal if x in (2, 6, 10, 14) or y in (2, 12) else dark
    out.append(bars)
    # A sprite in this row (the map rows have room; the sprite rows are
    # full): the giant spider's letter, the same in the overlay row.
    out.append(outlined(letter("s")))
    # The wand's sprite, the first of the object classes that came after
    # row 5 was full (tinted with its look's colour, as a potion is).
    out.append(outlined(OBJECT_SPRITES["wand"]))
    # Then the ring's and the amulet's (tinted with their looks' colours).
    out.append(outlined(OBJECT_SPRITES["ring"]))
    out.append(outlined(OBJECT_SPRITES["amulet"]))
    # And the spellbook's (tinted with its look's colour).
    out.append(outlined(OBJECT_SPRITES["spellbook"]))
    # The horses' letter (a Knight's pony), a sprite as the spider's.
    out.append(outlined(letter("u")))
    return out


def png(width, height, rows):
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main(path):
    image = [[(0, 0, 0, 0)] * (COLS * T) for _ in range(ROWS * T)]
    rows = (tiles(False), tiles(True), sprites(), town_tiles(False), town_tiles(True), object_sprites(), *letter_rows())
    assert len(rows) <= ROWS and all(len(row) <= COLS for row in rows)
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            for y in range(T):
                for x in range(T):
                    image[r * T + y][c * T + x] = t[y][x]
    with open(path, "wb") as f:
        f.write(png(COLS * T, ROWS * T, image))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "assets/tiles.png")
