#!/usr/bin/env python3
"""Frame times of the game in a real window, at three map sizes, idle and flying.

Runs the built game (default: $CARGO_TARGET_DIR/debug/gnomish-mines) on an Xvfb
of its own with `--frame-times`, and for each map size:

- idle: play mode, no input, for SECONDS;
- flying: fly mode (F), the pan keys held (l, then h), for SECONDS;
- new runs: fly mode, Ctrl-N once a second for SECONDS (its slowest frame is
  about what a new run costs in the window).

It prints the median and 99th percentile of the frame times measured, and how
many frames that was. Software rendering (Mesa's llvmpipe) is slow, so the
figures are for comparing sizes on one machine, not absolute. Needs Xvfb and
xdotool (Debian: xvfb xdotool mesa-vulkan-drivers). Python standard library only.

    tools/frame_times.py [--seconds 10] [--game PATH] [--sizes 80x21,512x512,2048x2048]
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
        [game, "--seed", "1", "--width", w, "--height", h, "--new", "--frame-times", log],
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
        if mode != "idle":
            hold(display, "f", 0.12)
            time.sleep(1)
        start = len(lines(log))
        if mode == "flying":
            hold(display, "l", seconds / 2)
            hold(display, "h", seconds / 2)
        elif mode == "new runs":
            for _ in range(int(seconds)):
                hold(display, "ctrl+n", 0.12)
                time.sleep(0.88)
        else:
            time.sleep(seconds)
        # The log is flushed every 30 frames: take what was written by now.
        time.sleep(1.5)
        frames = lines(log)[start:]
    finally:
        child.kill()
        child.wait()
    return frames


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10)
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    ap.add_argument("--game", default=os.path.join(target, "debug", "gnomish-mines"))
    ap.add_argument("--sizes", default="80x21,512x512,2048x2048")
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
            print("| size | mode | frames | median | 99th percentile | slowest |")
            print("|---|---|---|---|---|---|")
            for size in args.sizes.split(","):
                for mode in ["idle", "flying", "new runs"]:
                    t = measure(args.game, display, size, mode, args.seconds, workdir)
                    if len(t) < 2:
                        print(f"| {size} | {mode} | {len(t)} | - | - | - |")
                        continue
                    p99 = statistics.quantiles(t, n=100)[98]
                    print(
                        f"| {size} | {mode} | {len(t)} | {statistics.median(t):.1f} ms "
                        f"| {p99:.1f} ms | {max(t):.0f} ms |",
                        flush=True,
                    )
        finally:
            xvfb.kill()


if __name__ == "__main__":
    main()
