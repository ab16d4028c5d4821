#!/usr/bin/env python3
"""Frame times of the game in a real window, at three map sizes, idle and flying.

Runs the built game (default: $CARGO_TARGET_DIR/debug/gnomish-mines) on an Xvfb
of its own with `--frame-times`, and for each map size:

- idle: play mode, no input, for SECONDS;
- flying: fly mode (F), the pan keys held (l, then h), for SECONDS;
- new runs: fly mode, Ctrl-N once a second for SECONDS (its slowest frame is
  about what a new run costs in the window);
- home: `Home` pressed once from play mode (the whole map framed), then
  SECONDS of frames framed whole;
- zoom: the mouse wheel turned 40 notches out from the close-up view (past
  the whole map), then 40 back in.

It prints the median and 99th percentile of the frame times measured, the
slowest frame, how many frames that was, and the game's peak resident memory
(VmHWM) in that run; for home, also the median and slowest of the frames after
the slowest one, and then each size's first twelve frames after the press. Software rendering (Mesa's llvmpipe) is slow, so the figures
are for comparing sizes on one machine, not absolute. Needs Xvfb and xdotool
(Debian: xvfb xdotool mesa-vulkan-drivers). Python standard library only.

    tools/frame_times.py [--seconds 10] [--game PATH] [--sizes 80x21,512x512,2048x2048]
                         [--modes idle,flying,new runs,home,zoom]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def xdotool(display, *args):
    return subprocess.run(
        ["xdotool", *args],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
    ).stdout


def hold(display, key, seconds):
    """Hold a key down (quick taps are lost to the game's input today)."""
    xdotool(display, "keydown", key)
    time.sleep(seconds)
    xdotool(display, "keyup", key)


def lines(path):
    try:
        with open(path) as f:
            return [float(x) for x in f.read().split()]
    except FileNotFoundError:
        return []


def measure(game, display, size, mode, seconds, workdir):
    w, h = size.split("x")
    log = os.path.join(workdir, f"{size}-{mode.replace(' ', '_')}.txt")
    saves = os.path.join(workdir, "saves")
    env = {**os.environ, "DISPLAY": display, "GNOMISH_MINES_SAVE_DIR": saves}
    errors = open(os.path.join(workdir, f"{size}-{mode.replace(' ', '_')}.err"), "w+")
    child = subprocess.Popen(
        # A hero named, as scripts do: no pick screen to answer first.
        [game, "--seed", "1", "--width", w, "--height", h, "--new",
         "--role", "valkyrie", "--race", "human", "--alignment", "lawful",
         "--frame-times", log],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    try:
        # Up and drawing: the window exists and frames are coming.
        deadline = time.time() + 300
        window = ""
        while time.time() < deadline and (not window or len(lines(log)) < 90):
            if child.poll() is not None:
                errors.seek(0)
                said = [l for l in errors.read().splitlines() if "error" in l]
                sys.exit(f"the game stopped at {size} (exit {child.returncode}): {said[-1:]}")
            window = xdotool(display, "search", "--name", "^gnomish-mines$").strip()
            time.sleep(0.5)
        window = window.splitlines()[0]
        xdotool(display, "mousemove", "640", "360")
        xdotool(display, "windowfocus", window)
        # Esc does nothing in play: a first key to be sure the window hears
        # the ones measured. (It once answered the pick screen, which made
        # the hero's run in that frame: the "slow frame after the first key"
        # of earlier measurements. The pick now makes it in the background.)
        hold(display, "Escape", 0.12)
        time.sleep(0.2)
        if mode in ("flying", "new runs"):
            hold(display, "shift+f", 0.12)
            time.sleep(1)
        start = len(lines(log))
        if mode == "flying":
            hold(display, "l", seconds / 2)
            hold(display, "h", seconds / 2)
        elif mode == "new runs":
            for _ in range(int(seconds)):
                hold(display, "ctrl+n", 0.12)
                time.sleep(0.88)
        elif mode == "home":
            hold(display, "Home", 0.12)
            time.sleep(seconds)
        elif mode == "zoom":
            # Button 5 is the wheel turned toward you: zoom out.
            for button in ("5", "4"):
                for _ in range(40):
                    xdotool(display, "click", button)
                    time.sleep(0.06)
                time.sleep(1)
        else:
            time.sleep(seconds)
        # The log is flushed every 30 frames: take what was written by now.
        time.sleep(1.5)
        frames = lines(log)[start:]
        peak = peak_memory(child.pid)
    finally:
        child.kill()
        child.wait()
    return frames, peak


def peak_memory(pid):
    """The process's peak resident memory so far, in MB (Linux's VmHWM)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10)
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    ap.add_argument("--game", default=os.path.join(target, "debug", "gnomish-mines"))
    ap.add_argument("--sizes", default="80x21,512x512,2048x2048")
    ap.add_argument("--modes", default="idle,flying,new runs,home,zoom")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        display = ":77"
        xvfb = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", "1280x720x24", "-noreset"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1)
        try:
            print("| size | mode | frames | median | 99th percentile | slowest | peak memory | after the slowest: median, slowest |")
            print("|---|---|---|---|---|---|---|---|")
            notes = []
            for size in args.sizes.split(","):
                for mode in args.modes.split(","):
                    t, peak = measure(args.game, display, size, mode, args.seconds, workdir)
                    if len(t) < 2:
                        print(f"| {size} | {mode} | {len(t)} | - | - | - | {peak:.0f} MB | |")
                        continue
                    p99 = statistics.quantiles(t, n=100)[98]
                    slowest = t.index(max(t))
                    after = t[slowest + 1 :]
                    then = (
                        f"{statistics.median(after):.1f} ms, {max(after):.0f} ms"
                        if mode == "home" and after
                        else ""
                    )
                    print(
                        f"| {size} | {mode} | {len(t)} | {statistics.median(t):.1f} ms "
                        f"| {p99:.1f} ms | {max(t):.0f} ms | {peak:.0f} MB | {then} |",
                        flush=True,
                    )
                    if mode == "home":
                        first = " ".join(f"{x:.0f}" for x in t[:12])
                        notes.append(f"home at {size}, the first frames after the press (ms): {first}")
            for note in notes:
                print(note)
        finally:
            xvfb.kill()


if __name__ == "__main__":
    main()
