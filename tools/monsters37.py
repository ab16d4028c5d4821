#!/usr/bin/env python3
"""Read NetHack 3.7's monster table and turn it into data for this crate.

The table is read straight from the NetHack git mirror (``git show``), so
nothing of NetHack's is kept in this repository; only the numbers end up in
our content.

    python3 tools/monsters37.py --json                 # every monster, as JSON
    python3 tools/monsters37.py --ron tools/new_monsters.ron
    python3 tools/monsters37.py --ron-freq0 FILE       # see freq0_in_mines
    python3 tools/monsters37.py --check tools/monster_check.txt
    python3 tools/monsters37.py --summary              # what the selection holds

The selection for ``--ron`` is what NetHack's rndmonst() can pick in the
Gnomish Mines for a hero of level 1 to 14 on dungeon levels 1 to 13: a
nonzero G_FREQ, none of G_NOGEN, G_UNIQ, G_HELL, and a difficulty of 13 or
less, minus the monsters assets/mines.ron already has rows for.

Standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, OrderedDict

REPO = os.environ.get("NETHACK_REPO", "/work/.mirror/NetHack+NetHack/repo")
REF = os.environ.get("NETHACK_REF", "NetHack-3.7")
HERE = os.path.dirname(os.path.abspath(__file__))
MINES_RON = os.path.join(HERE, "..", "assets", "mines.ron")

# The hardest a random monster gets: (depth 13 + hero level 14) / 2.
MAX_DIFFICULTY = 13
# What the C preprocessor would see defined when the table is compiled.
DEFINED = {"MON", "MAIL_STRUCTURES"}


def git_show(path):
    out = subprocess.run(
        ["git", "-C", REPO, "show", f"{REF}:{path}"],
        capture_output=True, text=True, check=True)
    return out.stdout


# ---------------------------------------------------------------- C helpers

def strip_comments(text):
    """Drop /* */ and // comments, keeping string literals and newlines."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def join_continuations(text):
    return re.sub(r"\\\n", " ", text)


def pp_condition(expr, defined):
    """Evaluate a simple #if expression: defined(X), !, ||, &&, integers."""
    expr = re.sub(r"defined\s*\(\s*(\w+)\s*\)",
                  lambda m: "1" if m.group(1) in defined else "0", expr)
    expr = re.sub(r"defined\s+(\w+)",
                  lambda m: "1" if m.group(1) in defined else "0", expr)
    expr = expr.replace("||", " or ").replace("&&", " and ")
    expr = re.sub(r"!(?!=)", " not ", expr)
    expr = re.sub(r"\b[A-Za-z_]\w*\b",
                  lambda m: m.group(0) if m.group(0) in ("or", "and", "not")
                  else "0", expr)
    return bool(eval(expr, {"__builtins__": {}}, {}))


def preprocess(text, defined):
    """A small C preprocessor: conditionals and object-like #defines.

    Returns the active text (directives removed) and the macros defined in
    active regions, as name -> replacement text.
    """
    text = join_continuations(strip_comments(text))
    defined = set(defined)
    macros = {}
    stack = []  # (enclosing region active, a branch already taken)
    active = True
    out = []
    for line in text.split("\n"):
        s = line.strip()
        m = re.match(r"#\s*(\w+)\s*(.*)", s)
        if not m:
            out.append(line if active else "")
            continue
        word, rest = m.group(1), m.group(2).strip()
        if word in ("if", "ifdef", "ifndef"):
            if word == "ifdef":
                cond = rest in defined
            elif word == "ifndef":
                cond = rest not in defined
            else:
                cond = pp_condition(rest, defined)
            stack.append((active, cond))
            active = active and cond
        elif word == "elif":
            parent, taken = stack[-1]
            cond = not taken and pp_condition(rest, defined)
            active = parent and cond
            stack[-1] = (parent, taken or cond)
        elif word == "else":
            parent, taken = stack[-1]
            active = parent and not taken
            stack[-1] = (parent, True)
        elif word == "endif":
            active = stack.pop()[0]
        elif active and word == "define":
            dm = re.match(r"(\w+)(\([^)]*\))?\s*(.*)", rest)
            defined.add(dm.group(1))
            if not dm.group(2):
                macros[dm.group(1)] = dm.group(3)
        elif active and word == "undef":
            defined.discard(rest)
            macros.pop(rest, None)
        out.append("")
    return "\n".join(out), macros


def expand(text, macros, depth=0):
    if depth > 10 or not macros:
        return text
    pat = re.compile(r"\b(" + "|".join(map(re.escape, macros)) + r")\b")
    new = pat.sub(lambda m: macros[m.group(1)], text)
    return new if new == text else expand(new, macros, depth + 1)


def split_args(s):
    """Split a C argument list at its top-level commas."""
    args, depth, cur, i = [], 0, [], 0
    while i < len(s):
        c = s[i]
        if c in "\"'":
            j = i + 1
            while s[j] != c:
                j += 2 if s[j] == "\\" else 1
            cur.append(s[i:j + 1])
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        args.append("".join(cur).strip())
    return args


def calls(text, name):
    """Yield the argument text of every top-level call `name(...)`."""
    for m in re.finditer(r"\b%s\s*\(" % re.escape(name), text):
        i = m.end()
        depth = 1
        j = i
        while depth:
            c = text[j]
            if c in "\"'":
                k = j + 1
                while text[k] != c:
                    k += 2 if text[k] == "\\" else 1
                j = k + 1
                continue
            depth += (c == "(") - (c == ")")
            j += 1
        yield text[i:j - 1]


def call_args(s, name):
    m = re.match(r"\s*%s\s*\((.*)\)\s*$" % re.escape(name), s, re.S)
    if not m:
        raise ValueError(f"expected {name}(...), got {s!r}")
    return split_args(m.group(1))


def c_string(s):
    s = s.strip()
    if s in ("0", "(const char *) 0", "NULL"):
        return None
    m = re.match(r'"((?:[^"\\]|\\.)*)"$', s)
    if not m:
        raise ValueError(f"not a string: {s!r}")
    return m.group(1).encode().decode("unicode_escape")


class Constants:
    """Integer constants from NetHack's headers, for evaluating the table."""

    def __init__(self):
        self.values = {}
        for path in ("include/monflag.h", "include/monattk.h",
                     "include/color.h", "include/permonst.h",
                     "include/align.h"):
            self.read_header(git_show(path))
        self.letters = {}
        for m in re.finditer(r"MONSYM\(\s*(\d+)\s*,\s*'((?:\\.|[^'])*)'\s*,"
                             r"\s*\w+\s*,\s*(S_\w+)",
                             strip_comments(git_show("include/defsym.h"))):
            self.values[m.group(3)] = int(m.group(1))
            self.letters[m.group(3)] = m.group(2).encode().decode(
                "unicode_escape")

    def read_header(self, text):
        text = join_continuations(strip_comments(text))
        for m in re.finditer(r"#[ \t]*define[ \t]+(\w+)[ \t]+([^\n]+)", text):
            name, body = m.group(1), m.group(2).strip()
            try:
                self.values[name] = self.eval(body)
            except (ValueError, SyntaxError, NameError, TypeError):
                pass
        for m in re.finditer(r"\b([A-Z][A-Z0-9_]*)\s*=\s*(-?\w+)\s*,", text):
            try:
                self.values[m.group(1)] = self.eval(m.group(2))
            except (ValueError, SyntaxError, NameError, TypeError):
                pass

    def eval(self, expr):
        expr = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", expr)

        def ident(m):
            name = m.group(0)
            if name not in self.values:
                raise NameError(name)
            return "(%d)" % self.values[name]
        expr = re.sub(r"\b[A-Za-z_]\w*\b", ident, expr)
        if not re.fullmatch(r"[0-9xXa-fA-F\s|&()+\-*/~<>]*", expr):
            raise ValueError(expr)
        expr = " ".join(expr.split()).replace("/", "//")
        return int(eval(expr, {"__builtins__": {}}, {}))

    def names(self, prefix, value, skip=()):
        """The single-bit `prefix` flags set in `value`, lowest bit first."""
        found = []
        for name, v in self.values.items():
            if (name.startswith(prefix) and name not in skip and v
                    and v & (v - 1) == 0 and value & v):
                found.append((v, name))
        return [n for _, n in sorted(found)]

    def name_of(self, prefix, value, skip=()):
        for name, v in self.values.items():
            if name.startswith(prefix) and name not in skip and v == value:
                return name
        return None


# ---------------------------------------------------------------- the table

G_FLAGS = ["G_UNIQ", "G_NOHELL", "G_HELL", "G_NOGEN", "G_SGROUP",
           "G_LGROUP", "G_GENO", "G_NOCORPSE"]
# Not real flag bits, or aliases of a multi-bit mask.
FLAG_SKIP = {"M1_NOLIMBS", "M1_OMNIVORE", "M3_WANTSALL", "M3_COVETOUS",
             "M3_WAITMASK"}


def parse_monsters():
    k = Constants()
    text, macros = preprocess(git_show("include/monsters.h"), DEFINED)
    text = expand(text, macros)
    mons = []
    for body in calls(text, "MON"):
        a = split_args(body)
        if len(a) != 14:
            raise ValueError(f"MON with {len(a)} arguments: {body[:60]!r}")
        (nam, sym, lvl, gen, atk, siz, mr1, mr2, f1, f2, f3, diff, col,
         bn) = a
        if nam.startswith("NAMS"):
            male, female, neutral = map(c_string, call_args(nam, "NAMS"))
        else:
            male = female = None
            (neutral,) = map(c_string, call_args(nam, "NAM"))
        level, speed, ac, mr, align = map(k.eval, call_args(lvl, "LVL"))
        geno = k.eval(gen)
        attacks = []
        for at in call_args(atk, "A"):
            if at.strip() == "NO_ATTK":
                continue
            t, d, n, s = call_args(at, "ATTK")
            attacks.append({"at": t, "ad": d, "n": k.eval(n),
                            "d": k.eval(s)})
        wt, nut, snd, sz = call_args(siz, "SIZ")
        size = k.eval(sz)
        m1, m2, m3 = k.eval(f1), k.eval(f2), k.eval(f3)
        mres, mconv = k.eval(mr1), k.eval(mr2)
        colour_num = k.eval(col)
        mons.append(OrderedDict([
            ("index", len(mons)),
            ("pm", "PM_" + bn.strip()),
            ("name", male or neutral),
            ("names", {"male": male, "female": female, "neutral": neutral}),
            ("symbol", sym.strip()),
            ("class", k.letters[sym.strip()]),
            ("level", level), ("speed", speed), ("ac", ac), ("mr", mr),
            ("alignment", align),
            ("geno", geno),
            ("freq", geno & k.values["G_FREQ"]),
            ("gflags", [g for g in G_FLAGS if geno & k.values[g]]),
            ("attacks", attacks),
            ("weight", k.eval(wt)), ("nutrition", k.eval(nut)),
            ("sound", snd.strip()),
            ("size", k.name_of("MZ_", size, skip={"MZ_HUMAN"})),
            ("size_num", size),
            ("mresists", k.names("MR_", mres)),
            ("mconveys", k.names("MR_", mconv) + k.names("MR2_", mconv)),
            ("m1", k.names("M1_", m1, FLAG_SKIP)
             + (["M1_NOLIMBS"] if m1 & k.values["M1_NOLIMBS"]
                == k.values["M1_NOLIMBS"] else [])), ("m1_bits", m1),
            ("m2", k.names("M2_", m2, FLAG_SKIP)), ("m2_bits", m2),
            ("m3", k.names("M3_", m3, FLAG_SKIP)), ("m3_bits", m3),
            ("difficulty", k.eval(diff)),
            ("colour", col.strip()),
            ("colour_clr", k.name_of("CLR_", colour_num)),
            ("colour_num", colour_num),
        ]))
    return mons


def random_in_mines(m):
    return (m["freq"] > 0
            and not {"G_NOGEN", "G_UNIQ", "G_HELL"} & set(m["gflags"])
            and m["difficulty"] <= MAX_DIFFICULTY)


def snake(name):
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


# ---------------------------------------------------------------- our rows

AT = {"AT_CLAW": "Claw", "AT_BITE": "Bite", "AT_KICK": "Kick",
      "AT_BUTT": "Butt", "AT_TUCH": "Touch", "AT_STNG": "Sting",
      "AT_HUGS": "Hug", "AT_SPIT": "Spit", "AT_ENGL": "Engulf",
      "AT_BREA": "Breath", "AT_EXPL": "Explode", "AT_BOOM": "Boom",
      "AT_GAZE": "Gaze", "AT_TENT": "Tentacle", "AT_WEAP": "Weapon",
      "AT_MAGC": "Magic", "AT_NONE": "Passive"}
AD = {"AD_PHYS": "Phys", "AD_MAGM": "MagicMissile", "AD_FIRE": "Fire",
      "AD_COLD": "Cold", "AD_SLEE": "Sleep", "AD_DISN": "Disintegrate",
      "AD_ELEC": "Shock", "AD_DRST": "DrainStrength", "AD_ACID": "Acid",
      "AD_BLND": "Blind", "AD_STUN": "Stun", "AD_SLOW": "Slow",
      "AD_PLYS": "Paralyse", "AD_DRLI": "DrainLife", "AD_DREN": "DrainEnergy",
      "AD_LEGS": "Legs", "AD_STON": "Stone", "AD_STCK": "Stick",
      "AD_SGLD": "StealGold", "AD_SITM": "StealItem", "AD_SEDU": "Seduce",
      "AD_SSEX": "Seduce", "AD_TLPT": "Teleport", "AD_RUST": "Rust",
      "AD_CONF": "Confuse", "AD_DGST": "Digest", "AD_HEAL": "Heal",
      "AD_WRAP": "Wrap", "AD_WERE": "Lycanthropy", "AD_DRDX": "DrainDexterity",
      "AD_DRCO": "DrainConstitution", "AD_DRIN": "DrainIntelligence",
      "AD_DISE": "Disease", "AD_DCAY": "Decay", "AD_HALU": "Hallucinate",
      "AD_SLIM": "Slime", "AD_ENCH": "Disenchant", "AD_CORR": "Corrode",
      "AD_POLY": "Polymorph", "AD_CLRC": "Clerical", "AD_SPEL": "Spell",
      "AD_CURS": "Curse"}
SIZE = {"MZ_TINY": "Tiny", "MZ_SMALL": "Small", "MZ_MEDIUM": "Medium",
        "MZ_LARGE": "Large", "MZ_HUGE": "Huge", "MZ_GIGANTIC": "Gigantic"}
SOUND = {"MS_SILENT": "Silent", "MS_ORC": "Orc", "MS_HUMANOID": "Humanoid",
         "MS_GROWL": "Growl", "MS_MEW": "Mew", "MS_BARK": "Bark",
         "MS_HISS": "Hiss", "MS_GROAN": "Groan", "MS_SEDUCE": "Seduce",
         "MS_VAMPIRE": "Vampire", "MS_SELL": "Sell", "MS_PRIEST": "Priest",
         "MS_SOLDIER": "Soldier"}
RESIST = {"MR_FIRE": "Fire", "MR_COLD": "Cold", "MR_SLEEP": "Sleep",
          "MR_DISINT": "Disintegration", "MR_ELEC": "Shock",
          "MR_POISON": "Poison", "MR_ACID": "Acid", "MR_STONE": "Stone"}
RACE = {"M2_GNOME": "gnome", "M2_DWARF": "dwarf", "M2_ELF": "elf",
        "M2_HUMAN": "human", "M2_ORC": "orc"}
# Fallback tints, for a CLR_ no existing row shows.
RGB = {"CLR_BROWN": (150, 100, 40), "CLR_RED": (200, 40, 40),
       "CLR_GREEN": (40, 180, 40), "CLR_BLUE": (60, 80, 220),
       "CLR_MAGENTA": (200, 60, 200), "CLR_CYAN": (40, 180, 180),
       "CLR_GRAY": (170, 170, 170), "CLR_BLACK": (70, 70, 90),
       "CLR_ORANGE": (255, 150, 40), "CLR_BRIGHT_GREEN": (60, 255, 60),
       "CLR_YELLOW": (255, 235, 60), "CLR_BRIGHT_BLUE": (90, 130, 255),
       "CLR_BRIGHT_MAGENTA": (255, 0, 255), "CLR_BRIGHT_CYAN": (60, 255, 255),
       "CLR_WHITE": (255, 255, 255)}
# Ours that are not named as NetHack names them.
OUR_PM = {"priest": "PM_ALIGNED_CLERIC"}
# makedefs-style names that would collide or read badly as ids.
ID_OVERRIDE = {"PM_AMOROUS_DEMON": ("amorous_demon", "amorous demon")}


def read_our_rows(path=MINES_RON):
    """The monster rows of mines.ron, each as (id, text of the row)."""
    with open(path) as f:
        text = f.read()
    start = text.index("\n    monsters: [") + len("\n    monsters: [")
    end = text.index("\n    ],", start)
    section = text[start:end]
    section = re.sub(r"//[^\n]*", "", section)
    rows, depth, i, begin = [], 0, 0, None
    while i < len(section):
        c = section[i]
        if c == '"':
            j = i + 1
            while section[j] != '"':
                j += 2 if section[j] == "\\" else 1
            i = j + 1
            continue
        if c == "'":
            j = i + 1
            while section[j] != "'":
                j += 2 if section[j] == "\\" else 1
            i = j + 1
            continue
        if c == "(":
            if depth == 0:
                begin = i
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                row = section[begin:i + 1]
                rid = re.search(r'\bid:\s*"([^"]*)"', row).group(1)
                rows.append((rid, row))
        i += 1
    return rows


def row_field(row, name, default=None, kind=int):
    m = re.search(r"(?<![\w])%s:\s*(-?\d+|\w+)" % re.escape(name), row)
    if not m:
        return default
    return kind(m.group(1))


def row_attacks(row):
    m = re.search(r"\battacks:\s*\[(.*?)\]", row, re.S)
    if not m:
        return []
    return [(t, d, int(n), int(s)) for t, d, n, s in re.findall(
        r"\((\w+),\s*(\w+),\s*(\d+),\s*(\d+)\)", m.group(1))]


def row_corpse(row):
    m = re.search(r"\bcorpse:\s*Some\(\((.*?)\)\)", row, re.S)
    if not m:
        return None
    body = m.group(1)
    return {"weight": row_field(body, "weight"),
            "nutrition": row_field(body, "nutrition"),
            "of": (re.search(r'of:\s*Some\("([^"]*)"\)', body) or
                   [None, None])[1]}


def row_rgb(row):
    m = re.search(r"\bcolour:\s*\((\d+),\s*(\d+),\s*(\d+)\)", row)
    return tuple(int(x) for x in m.groups())


def row_list(row, name):
    m = re.search(r"\b%s:\s*\[(.*?)\]" % re.escape(name), row, re.S)
    return re.findall(r"\w+", m.group(1)) if m else []


def flag_fields(m):
    """Our boolean fields as NetHack's flags would set them."""
    m1, m2, m3 = set(m["m1"]), set(m["m2"]), set(m["m3"])
    return {
        "animal": "M1_ANIMAL" in m1, "mindless": "M1_MINDLESS" in m1,
        "nohands": "M1_NOHANDS" in m1,
        "herbivore": "M1_HERBIVORE" in m1 and "M1_CARNIVORE" not in m1,
        "undead": is_undead(m), "nonliving": nonliving(m),
        "nasty": "M2_NASTY" in m2, "stalks": "M2_STALK" in m2,
        "infravisible": "M3_INFRAVISIBLE" in m3,
        "sees_invisible": "M1_SEE_INVIS" in m1,
        "weapon_attack": any(a["at"] == "AT_WEAP" for a in m["attacks"]),
        "rideable": can_saddle(m),
    }


def index_by_id(mons):
    """Our id for each NetHack monster, first come first kept."""
    ids = {}
    for m in mons:
        names = [n for n in m["names"].values() if n]
        for n in names:
            ids.setdefault(snake(n), m)
    for ours, pm in OUR_PM.items():
        ids[ours] = next(m for m in mons if m["pm"] == pm)
    return ids


def colour_table(mons, ours):
    """For each CLR_, the tint our rows use most for it."""
    by_id = index_by_id(mons)
    seen = {}
    for rid, row in ours:
        m = by_id.get(rid)
        if m and m["colour_clr"]:
            seen.setdefault(m["colour_clr"], Counter())[row_rgb(row)] += 1
    table = dict(RGB)
    votes = {}
    for clr, counts in seen.items():
        best = max(counts.values())
        tied = [rgb for rgb, c in counts.items() if c == best]
        table[clr] = RGB[clr] if RGB.get(clr) in tied else tied[0]
        votes[clr] = best
    # Two colours our rows paint alike: the one seen less keeps its default.
    for a in votes:
        for b in votes:
            if a != b and table[a] == table[b] and votes[a] < votes[b]:
                table[a] = RGB[a]
    return table, seen


def is_undead(m):
    return "M2_UNDEAD" in m["m2"]


def nonliving(m):
    return (is_undead(m) or m["pm"] == "PM_MANES"
            or m["symbol"] in ("S_GOLEM", "S_VORTEX"))


def can_saddle(m):
    return (m["symbol"] in ("S_QUADRUPED", "S_UNICORN", "S_ANGEL",
                            "S_CENTAUR", "S_DRAGON", "S_JABBERWOCK")
            and m["size_num"] >= 2
            and ("M1_HUMANOID" not in m["m1"] or m["symbol"] == "S_CENTAUR")
            and "M1_AMORPHOUS" not in m["m1"] and m["symbol"] != "S_GHOST"
            and m["symbol"] != "S_VORTEX" and "M1_UNSOLID" not in m["m1"])


def asleep_at_birth(m):
    """makemon(): a leprechaun always, a nymph (or jabberwock) 4 in 5; while
    a level is made, 4 in 5 for a minor demon, a wumpus, a long worm and a
    giant eel."""
    if m["symbol"] == "S_LEPRECHAUN":
        return (1, 1)
    if m["symbol"] in ("S_NYMPH", "S_JABBERWOCK"):
        return (4, 5)
    minor_demon = ("M2_DEMON" in m["m2"] and "M2_LORD" not in m["m2"]
                   and "M2_PRINCE" not in m["m2"])
    if minor_demon or m["pm"] in ("PM_WUMPUS", "PM_LONG_WORM",
                                  "PM_GIANT_EEL"):
        return (4, 5)
    return None


# Engulfing and exploding attacks whose dice are hit points in NetHack
# (gulpmu(), explmu()); the others blind, drain or hold for that long.
ENGULF_HP = {"AD_PHYS", "AD_DGST", "AD_ACID", "AD_ELEC", "AD_COLD",
             "AD_FIRE", "AD_DISE"}
EXPLODE_HP = {"AD_COLD", "AD_FIRE", "AD_ELEC"}


def hp_dice(m, a):
    """The most hit points attack `a` takes in one go, as NetHack rolls it
    (0 when it takes none)."""
    if a["at"] in ("AT_NONE", "AT_BOOM"):
        return 0
    if a["at"] == "AT_MAGC":
        # castmu(): d(level / 2 + n, d), or d(level / 2 + 1, 6) with no dice
        n = m["level"] // 2 + (a["n"] if a["d"] else 1)
        return n * (a["d"] or 6)
    if a["at"] == "AT_ENGL" and a["ad"] not in ENGULF_HP:
        return 0
    if a["at"] == "AT_EXPL" and a["ad"] not in EXPLODE_HP:
        return 0
    if a["ad"] == "AD_BLND":  # a blinding blow's dice are turns
        return 0
    return a["n"] * a["d"]


def blow(m):
    """Our single `damage` blow: the first attack that takes hit points, and
    a note when that is not simply the first attack's dice."""
    active = [a for a in m["attacks"] if a["at"] not in ("AT_NONE",
                                                         "AT_BOOM")]
    if not active:
        return 0, None, None
    for a in active:
        hp = hp_dice(m, a)
        if hp:
            break
    else:
        return 0, active[0], "no-dice"
    note = None
    if a["at"] == "AT_MAGC":
        n = m["level"] // 2 + (a["n"] if a["d"] else 1)
        note = f"blow: its spell, {n}d{a['d'] or 6} at its level"
    elif a is not active[0]:
        note = f"blow: its {AT[a['at']]} {a['n']}d{a['d']}"
    if note and a is not active[0]:
        skipped = active[:active.index(a)]
        dice = all(b["n"] * b["d"] == 0 for b in skipped)
        if len(skipped) == 1:
            why = "has no dice" if dice else "takes no hit points"
            note += f"; the one before {why}"
        else:
            why = "have no dice" if dice else "take no hit points"
            note += f"; those before {why}"
    return hp, a, note


def resists(m):
    out = [RESIST[r] for r in m["mresists"] if r in RESIST]
    if (any(a["ad"] in ("AD_MAGM", "AD_RBRE") for a in m["attacks"])
            or m["pm"] == "PM_BABY_GRAY_DRAGON"):  # as resists_magm()
        out.append("Magic")
    return out


def ron_row(m, colours, notes, water_nymph_damage, place=None):
    pm = m["pm"]
    rid, name = ID_OVERRIDE.get(pm, (snake(m["name"]), m["name"]))
    m1, m2, m3 = set(m["m1"]), set(m["m2"]), set(m["m3"])
    comments = []
    unmapped = notes.setdefault("unmapped", Counter())

    attacks = []
    for a in m["attacks"]:
        t, d = AT.get(a["at"]), AD.get(a["ad"])
        if t is None or d is None:
            unmapped[f"{a['at']}/{a['ad']} ({m['name']})"] += 1
            continue
        attacks.append(f"({t}, {d}, {a['n']}, {a['d']})")
    damage, used, why = blow(m)
    if why == "no-dice":
        damage = water_nymph_damage if m["symbol"] == "S_NYMPH" else 0
        if m["symbol"] == "S_NYMPH":
            comments.append(f"Steals rather than wounds; a d{damage} "
                            "scratch here, as water_nymph's.")
        else:
            notes.setdefault("no_blow", []).append(rid)
            if not any(a["at"] == "AT_EXPL" for a in m["attacks"]):
                comments.append("No attack of its takes hit points: "
                                "no blow.")
    elif why:
        comments.append(why[0].upper() + why[1:] + ".")
    line1 = [f'id: "{rid}"', f'name: "{name}"']
    flags = []
    if "M1_ANIMAL" in m1:
        flags.append("animal: true")
    if "M1_MINDLESS" in m1:
        flags.append("mindless: true")
    if "M1_NOHANDS" in m1:
        flags.append("nohands: true")
    if "M1_HERBIVORE" in m1 and "M1_CARNIVORE" not in m1:
        flags.append("herbivore: true")
    if can_saddle(m):
        flags.append("rideable: true")
    line1 += flags
    glyph = m["class"].replace("\\", "\\\\").replace("'", "\\'")
    rgb = colours[m["colour_clr"]]
    line1 += [f"glyph: '{glyph}'", "tile: 0",
              f"colour: ({rgb[0]}, {rgb[1]}, {rgb[2]})"]

    line2 = []
    sound = SOUND.get(m["sound"])
    if sound is None:
        notes.setdefault("sounds", Counter())[m["sound"]] += 1
    elif sound != "Silent":
        line2.append(f"sound: {sound}")
    if m["mr"]:
        line2.append(f"magic_resistance: {m['mr']}")
    res = resists(m)
    if res:
        line2.append(f"resists: [{', '.join(res)}]")
    if is_undead(m):
        line2.append("undead: true")
    if nonliving(m):
        line2.append("nonliving: true")

    line3 = [f"attacks: [{', '.join(attacks)}]"]
    if "M2_NASTY" in m2:
        line3.append("nasty: true")

    line4 = []
    races = [RACE[f] for f in m["m2"] if f in RACE]
    if races:
        line4.append(f'race: Some("{races[0]}")')
    line4.append(f"alignment: {m['alignment']}")
    if "M2_PEACEFUL" in m2:
        line4.append("temper: Peaceful")
    elif "M2_HOSTILE" in m2:
        line4.append("temper: Hostile")
    if "M2_STALK" in m2:
        line4.append("stalks: true")
    if "M3_INFRAVISIBLE" in m3:
        line4.append("infravisible: true")
    if "M1_SEE_INVIS" in m1:
        line4.append("sees_invisible: true")
    sleep = asleep_at_birth(m)
    if sleep:
        line4.append(f"asleep_at_birth: Some(({sleep[0]}, {sleep[1]}))")

    weapon = any(a["at"] == "AT_WEAP" for a in m["attacks"])
    line5 = [f"level: {m['level']}", f"speed: {m['speed']}",
             f"ac: {m['ac']}", f"hit_dice: {m['level']}",
             f"damage: {damage}"]
    if weapon:
        line5.append("weapon_attack: true")
        if "M2_PRINCE" in m2:
            line5.append("volley: 2")
        elif "M2_LORD" in m2:
            line5.append("volley: 1")
    tentacles = sum(1 for a in m["attacks"] if a["at"] == "AT_TENT")
    if tentacles:
        line5.append(f"tentacles: {tentacles}")
    if used and used["ad"] == "AD_PLYS" and used["at"] != "AT_NONE":
        line5.append("paralyses: true")
    boom = next((a for a in m["attacks"] if a["at"] == "AT_BOOM"), None)
    if boom:
        line5.append(f"explodes: Some(({boom['n']}, {boom['d']}))")
    line5 += [f"frequency: {m['freq']}", f"difficulty: {m['difficulty']}"]
    if place:
        line5.append(f"class_order: {place}")
    if "G_SGROUP" in m["gflags"]:
        line5.append("group: Small")
    elif "G_LGROUP" in m["gflags"]:
        line5.append("group: Large")
    if "M1_NOHANDS" in m1 or m["size_num"] < 1:
        line5.append("opens_doors: false")

    line6 = [f"size: {SIZE[m['size']]}"]
    if "G_NOCORPSE" not in m["gflags"]:
        corpse = [f"weight: {m['weight']}", f"nutrition: {m['nutrition']}"]
        if "M1_POIS" in m1:
            corpse.append("poisonous: true")
        if "M1_ACID" in m1:
            corpse.append("acidic: true")
        line6.append(f"corpse: Some(({', '.join(corpse)}))")

    comments = special_comments(m) + comments
    out = wrap_comment(" ".join(comments)) if comments else []
    lines = [line1, line2, line3, line4, line5, line6]
    lines = [l for l in lines if l]
    body = ",\n         ".join(", ".join(l) for l in lines)
    out.append(f"        ({body}),")
    return rid, "\n".join(out)


def wrap_comment(text, width=78, indent="        // "):
    words, lines, cur = text.split(), [], ""
    for w in words:
        if cur and len(indent) + len(cur) + 1 + len(w) > width:
            lines.append(indent + cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(indent + cur)
    return lines


def special_comments(m):
    """A word on what this game may not model, in our own words."""
    out = []
    pm, m1, m2 = m["pm"], set(m["m1"]), set(m["m2"])
    if m["symbol"] == "S_EEL":
        out.append("NetHack makes it only where it can swim.")
    if pm == "PM_AMOROUS_DEMON":
        out.append("Incubus or succubus, by its sex.")
    if "M2_WERE" in m2 and m["symbol"] == "S_HUMAN":
        out.append("A lycanthrope's human form; its animal's bite infects.")
    if any(a["ad"] == "AD_STON" for a in m["attacks"]):
        out.append("Touching or eating it turns you to stone.")
    if m["symbol"] == "S_UNICORN" and "M2_JEWELS" in m2:
        out.append("Peaceful when its alignment's sign is yours.")
    if "M2_SHAPESHIFTER" in m2:
        out.append("A shapechanger in NetHack; here it keeps its form.")
    if any(a["ad"] == "AD_HEAL" for a in m["attacks"]):
        out.append("Heals a hero with no armour or weapon; hurts the rest.")
    expl = [a for a in m["attacks"] if a["at"] == "AT_EXPL"
            and a["ad"] not in EXPLODE_HP]
    if expl:
        a = expl[0]
        what = {"AD_BLND": "blinds", "AD_HALU": "makes you hallucinate"}.get(
            a["ad"], "acts")
        out.append(f"Its explosion {what} for {a['n']}d{a['d']} turns: "
                   "no blow here.")
    if m["speed"] == 0:
        out.append("It never moves.")
    return out


def freq0_in_mines(m):
    """No G_FREQ, yet rndmonst() can pick it in the lawful Mines: its weight
    there is G_FREQ + align_shift(), (alignment + 20) / 8 (C division)."""
    shift = int((m["alignment"] + 20) / 8)
    return (m["freq"] == 0 and shift > 0
            and not {"G_NOGEN", "G_UNIQ", "G_HELL"} & set(m["gflags"])
            and m["difficulty"] <= MAX_DIFFICULTY)


HEADERS = {
    "main": [
        "// Generated by tools/monsters37.py from NetHack 3.7's monster "
        "table: the",
        "// monsters rndmonst() can make in the Mines (difficulty "
        f"<= {MAX_DIFFICULTY}) that",
        "// assets/mines.ron has no row for, in NetHack's order. Tiles "
        "are placeholders."],
    "freq0": [
        "// Generated by tools/monsters37.py: monsters NetHack 3.7 gives no "
        "frequency",
        "// (G_FREQ 0) that are not G_NOGEN, so that rndmonst() still picks "
        "them in",
        "// the lawful Mines with weight align_shift() = (alignment + 20) / "
        "8 = 2.",
        "// Our random_monster() skips frequency 0 rows, so as written these "
        "are",
        "// never made at random."],
}


def emit_ron(mons, path, which="main"):
    ours = read_our_rows()
    our_ids = {rid for rid, _ in ours}
    by_id = index_by_id(mons)
    have = {by_id[rid]["pm"] for rid in our_ids if rid in by_id}
    colours, _ = colour_table(mons, ours)
    wn = dict(ours).get("water_nymph")
    wn_damage = row_field(wn, "damage", 0) if wn else 0
    main = [m for m in mons if random_in_mines(m) and m["pm"] not in have]
    if which == "main":
        chosen = main
        places = class_places(mons, main, have)
    else:
        chosen = [m for m in mons if freq0_in_mines(m)
                  and m["pm"] not in have]
        places = {}
    notes = {}
    out = HEADERS[which] + [""]
    last = None
    for m in chosen:
        if m["class"] != last:
            if last is not None:
                out.append("")
            out.append(f"        // {m['class']}")
            last = m["class"]
        _, text = ron_row(m, colours, notes, wn_damage, places.get(m["pm"]))
        out.append(text)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    return chosen, notes


# ---------------------------------------------------------------- check

def check(mons, path):
    ours = read_our_rows()
    by_id = index_by_id(mons)
    by_pm = {m["pm"]: m for m in mons}
    lines = ["# Our monster rows (assets/mines.ron) against NetHack 3.7's "
             "monsters.h.",
             "# One line per row that differs; `ours -> NetHack`. Generated "
             "by tools/monsters37.py --check.", ""]
    for rid, row in ours:
        m = by_id.get(rid)
        if not m:
            lines.append(f"{rid}: no NetHack 3.7 monster of that name")
            continue
        diffs = []

        def cmp(field, ours_v, theirs):
            if ours_v != theirs:
                diffs.append(f"{field} {ours_v} -> {theirs}")
        cmp("level", row_field(row, "level"), m["level"])
        cmp("speed", row_field(row, "speed"), m["speed"])
        cmp("ac", row_field(row, "ac"), m["ac"])
        cmp("magic_resistance", row_field(row, "magic_resistance", 0),
            m["mr"])
        cmp("alignment", row_field(row, "alignment", 0), m["alignment"])
        nogen = {"G_NOGEN", "G_UNIQ"} & set(m["gflags"])
        ours_f = row_field(row, "frequency", 0)
        if nogen and ours_f == 0:
            pass  # made only specially in NetHack: 0 is right for us
        else:
            cmp("frequency", ours_f, m["freq"])
        cmp("difficulty", row_field(row, "difficulty", 0), m["difficulty"])
        theirs = [(AT.get(a["at"], a["at"]), AD.get(a["ad"], a["ad"]),
                   a["n"], a["d"]) for a in m["attacks"]]
        mine = row_attacks(row)
        if mine != theirs:
            fmt = lambda l: "[" + ", ".join(  # noqa: E731
                f"({t}, {d}, {n}, {s})" for t, d, n, s in l) + "]"
            diffs.append(f"attacks {fmt(mine)} -> {fmt(theirs)}")
        cmp("size", row_field(row, "size", "Medium", str), SIZE[m["size"]])
        corpse = row_corpse(row)
        if corpse and corpse["of"]:
            # NetHack's make_corpse() leaves the living kind's corpse for a
            # zombie, mummy or vampire, G_NOCORPSE though they are.
            src = by_id.get(corpse["of"], m)
            for f in ("weight", "nutrition"):
                if corpse[f] != src[f]:
                    diffs.append(f"corpse {f} {corpse[f]} -> {src[f]} "
                                 f"(a {src['name']}'s)")
        elif "G_NOCORPSE" in m["gflags"]:
            if corpse:
                diffs.append("corpse Some -> None (G_NOCORPSE)")
        elif corpse is None:
            diffs.append(f"corpse None -> weight {m['weight']}, "
                         f"nutrition {m['nutrition']}")
        else:
            for f in ("weight", "nutrition"):
                if corpse[f] != m[f]:
                    diffs.append(f"corpse {f} {corpse[f]} -> {m[f]}")
            for f, flag in (("poisonous", "M1_POIS"), ("acidic", "M1_ACID")):
                mine_b = bool(re.search(r"\b%s:\s*true" % f, row))
                if mine_b != (flag in m["m1"]):
                    diffs.append(f"corpse {f} {mine_b} -> {not mine_b}")
        also = []
        hd = row_field(row, "hit_dice")
        if hd != m["level"]:
            also.append(f"hit_dice {hd} is not the level {m['level']}")
        res = row_list(row, "resists")
        if sorted(res) != sorted(resists(m)):
            also.append(f"resists {res} -> {resists(m)}")
        for field, want in flag_fields(m).items():
            got = bool(re.search(r"\b%s:\s*true" % field, row))
            if got != want:
                also.append(f"{field} {str(got).lower()} -> "
                            f"{str(want).lower()}")
        race = (re.search(r'race:\s*Some\("(\w+)"\)', row) or [0, None])[1]
        want_race = next((RACE[f] for f in m["m2"] if f in RACE), None)
        if race != want_race:
            also.append(f"race {race} -> {want_race}")
        temper = row_field(row, "temper", "Minded", str)
        want_t = ("Peaceful" if "M2_PEACEFUL" in m["m2"] else "Hostile"
                  if "M2_HOSTILE" in m["m2"] else "Minded")
        if temper != want_t:
            also.append(f"temper {temper} -> {want_t}")
        snd = row_field(row, "sound", "Silent", str)
        want_s = SOUND.get(m["sound"], f"({m['sound']})")
        if snd != want_s:
            also.append(f"sound {snd} -> {want_s}")
        if also:
            diffs.append("also: " + "; ".join(also))
        if diffs:
            lines.append(f"{rid}: " + "; ".join(diffs))
        else:
            lines.append(f"{rid}: matches")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------- main

MODELLED = {"M1_ANIMAL", "M1_MINDLESS", "M1_NOHANDS", "M1_HERBIVORE",
            "M1_CARNIVORE", "M1_SEE_INVIS", "M1_POIS", "M1_ACID",
            "M2_UNDEAD", "M2_HUMAN", "M2_ELF", "M2_DWARF", "M2_GNOME",
            "M2_ORC", "M2_HOSTILE", "M2_PEACEFUL", "M2_STALK", "M2_NASTY",
            "M3_INFRAVISIBLE"}


def class_members(mons, chosen, have):
    """Each class's members made at random, ours and the new, in
    monsters.h's order."""
    members = {}
    for m in mons:
        if random_member(m) and (m["pm"] in have or m in chosen):
            members.setdefault(m["class"], []).append(m)
    return members


def random_member(m):
    return m["freq"] > 0 and not {"G_NOGEN", "G_UNIQ"} & set(m["gflags"])


def class_places(mons, chosen, have):
    """`class_order` for the new rows of a class whose monsters.h order is
    not its order of difficulty: the place among the class's members."""
    places = {}
    for cls, ms in class_members(mons, chosen, have).items():
        diffs = [m["difficulty"] for m in ms]
        if diffs != sorted(diffs):
            for i, m in enumerate(ms, 1):
                if m["pm"] not in have:
                    places[m["pm"]] = i
    return places


def class_order_report(mons, chosen, have):
    """Classes whose random members, ours and the new, are not in order of
    difficulty in monsters.h (mkclass walks monsters.h's order)."""
    members = class_members(mons, chosen, have)
    out = []
    for cls, ms in members.items():
        diffs = [m["difficulty"] for m in ms]
        if diffs != sorted(diffs):
            out.append((cls, [(f"{i}. {m['name']}", m["difficulty"],
                               "ours" if m["pm"] in have else "new")
                              for i, m in enumerate(ms, 1)]))
    return out


def summary(mons):
    ours = read_our_rows()
    by_id = index_by_id(mons)
    have = {by_id[rid]["pm"] for rid, _ in ours if rid in by_id}
    chosen = [m for m in mons if random_in_mines(m) and m["pm"] not in have]
    print(f"{len(chosen)} new rows; classes "
          + "".join(sorted({m['class'] for m in chosen})))
    for m in chosen:
        print(f"  {m['class']} {m['name']:24} d{m['difficulty']:<3} "
              f"f{m['freq']} L{m['level']} sp{m['speed']} "
              f"{' '.join(g for g in m['gflags'])}")
    print("freq 0 but not NOGEN/UNIQ/HELL, difficulty <= 13 "
          "(align_shift in the lawful Mines gives them (al + 20) / 8):")
    for m in mons:
        if (m["freq"] == 0 and m["difficulty"] <= MAX_DIFFICULTY and not
                {"G_NOGEN", "G_UNIQ", "G_HELL"} & set(m["gflags"])):
            print(f"  {m['name']} ({m['class']}, d{m['difficulty']}, "
                  f"al {m['alignment']}, weight "
                  f"{int((m['alignment'] + 20) / 8)})")
    colours, seen = colour_table(mons, ours)
    print("tints:")
    for clr, rgb in sorted(colours.items()):
        print(f"  {clr}: {rgb}  seen {dict(seen.get(clr, {}))}")
    print("classes out of difficulty order in monsters.h:")
    for cls, ms in class_order_report(mons, chosen, have):
        print(f"  {cls}: " + ", ".join(f"{n} {d} ({w})" for n, d, w in ms))
    print("water or odd:")
    for m in chosen:
        f = set(m["m1"])
        if f & {"M1_SWIM", "M1_AMPHIBIOUS"}:
            print(f"  {m['name']}: {' '.join(sorted(f & {'M1_SWIM', 'M1_AMPHIBIOUS', 'M1_FLY'}))}")
    print("flags the rows do not carry (count in the new rows):")
    c = Counter()
    for m in chosen:
        for f in m["m1"] + m["m2"] + m["m3"]:
            if f not in MODELLED:
                c[f] += 1
    for f, n in sorted(c.items()):
        users = [m["name"] for m in chosen if f in m["m1"] + m["m2"] + m["m3"]]
        print(f"  {f} {n}: {', '.join(users[:8])}{' ...' if n > 8 else ''}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--json", action="store_true",
                   help="print every monster as JSON")
    p.add_argument("--selected", action="store_true",
                   help="with --json: only those random in the Mines")
    p.add_argument("--ron", metavar="FILE", help="write the new rows")
    p.add_argument("--ron-freq0", metavar="FILE",
                   help="write rows for the G_FREQ 0 monsters the Mines' "
                   "alignment still lets rndmonst() pick")
    p.add_argument("--check", metavar="FILE",
                   help="write how our rows differ from NetHack's")
    p.add_argument("--summary", action="store_true")
    args = p.parse_args()
    mons = parse_monsters()
    if args.json:
        out = [m for m in mons if random_in_mines(m)] if args.selected \
            else mons
        json.dump(out, sys.stdout, indent=1)
        print()
    if args.ron:
        chosen, notes = emit_ron(mons, args.ron)
        print(f"{len(chosen)} rows -> {args.ron}", file=sys.stderr)
        for k, v in notes.items():
            print(f"  {k}: {dict(v) if isinstance(v, Counter) else v}",
                  file=sys.stderr)
    if args.ron_freq0:
        chosen, _ = emit_ron(mons, args.ron_freq0, "freq0")
        print(f"{len(chosen)} rows -> {args.ron_freq0}", file=sys.stderr)
    if args.check:
        check(mons, args.check)
    if args.summary:
        summary(mons)


if __name__ == "__main__":
    main()
