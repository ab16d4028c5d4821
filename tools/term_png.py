#!/usr/bin/env python3
"""A terminal screen as a PNG: the text `tmux capture-pane -e -p` prints
(ANSI colours in SGR escapes) drawn with ImageMagick, one run of one colour
at a time, in DejaVu Sans Mono on black.

    tmux capture-pane -e -p -t game > screen.txt
    python3 tools/term_png.py screen.txt docs/screenshots/terminal.png

Only what the game draws is read: the sixteen colours (30-37, 90-97, and
38;5 / 48;5 for them), 24-bit colours (38;2, 48;2: the overlay's
backgrounds) and resets. Nothing beyond Python's standard library and ImageMagick's
`convert`.
"""

import re
import subprocess
import sys

# xterm's sixteen colours.
COLOURS = {
    30: "#000000", 31: "#cd0000", 32: "#00cd00", 33: "#cdcd00",
    34: "#4169e1", 35: "#cd00cd", 36: "#00cdcd", 37: "#e5e5e5",
    90: "#7f7f7f", 91: "#ff0000", 92: "#00ff00", 93: "#ffff00",
    94: "#5c5cff", 95: "#ff00ff", 96: "#00ffff", 97: "#ffffff",
}
DEFAULT = "#e5e5e5"
CELL_W, CELL_H, POINT = 10, 20, 16
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def indexed(n):
    """xterm's colour `n` of 256, for the sixteen the game uses."""
    return COLOURS.get(30 + n if n < 8 else 82 + n, DEFAULT)


def runs(line):
    """(column, colour, background, text) for each run of one look in `line`."""
    colour, back, col, out = DEFAULT, None, 0, []
    pos = 0
    for m in SGR.finditer(line):
        chunk = line[pos:m.start()]
        if chunk:
            out.append((col, colour, back, chunk))
            col += len(chunk)
        pos = m.end()
        codes = [int(c) for c in m.group(1).split(";") if c] or [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                colour, back = DEFAULT, None
            elif c == 39:
                colour = DEFAULT
            elif c == 49:
                back = None
            elif c in COLOURS:
                colour = COLOURS[c]
            elif c in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                value = indexed(codes[i + 2])
                colour, back = (value, back) if c == 38 else (colour, value)
                i += 2
            elif c in (38, 48) and i + 4 < len(codes) and codes[i + 1] == 2:
                value = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5])
                colour, back = (value, back) if c == 38 else (colour, value)
                i += 4
            i += 1
    chunk = line[pos:]
    if chunk:
        out.append((col, colour, back, chunk))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: term_png.py SCREEN.txt OUT.png")
    lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
    while lines and not SGR.sub("", lines[-1]).strip():
        lines.pop()
    width = max(len(SGR.sub("", l)) for l in lines) if lines else 80
    width = max(width, 80)
    height = max(len(lines), 24)
    args = ["convert", "-size", f"{width * CELL_W}x{height * CELL_H}", "xc:black",
            "-font", FONT, "-pointsize", str(POINT)]
    for y, line in enumerate(lines):
        for col, colour, back, text in runs(line):
            if back:
                x0, x1 = col * CELL_W, (col + len(text)) * CELL_W - 1
                args += ["-fill", back, "-draw",
                         f"rectangle {x0},{y * CELL_H} {x1},{(y + 1) * CELL_H - 1}"]
            # One draw a character keeps every cell in its column, whatever
            # the font's advance.
            for i, ch in enumerate(text):
                if ch == " ":
                    continue
                x = (col + i) * CELL_W
                args += ["-fill", colour, "-annotate", f"+{x}+{y * CELL_H + POINT}", ch]
    args.append(sys.argv[2])
    subprocess.run(args, check=True)


if __name__ == "__main__":
    main()
