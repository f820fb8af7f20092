#!/usr/bin/python3
"""Renders fairyc's SVG pictures in headless Chromium and compares them with
the expected images in docs/images (the ones the documentation shows).

    svg_render.py FAIRYC OUTDIR [--update]

Each case runs fairyc --emit=svg, renders the picture at its own size, and
compares the PNG with docs/images/NAME.png: the sizes must be equal, and at
most MAX_DIFFERENT of the pixels may differ by more than THRESHOLD in some
channel (anti-aliasing and font hinting differ a little between machines;
a moved mark, a missing line or another board style differ a lot). On a
difference the actual picture and a difference image are left in OUTDIR.
--update writes the expected images instead.

Exits 77 with "SKIPPED: ..." when Chromium or Pillow (Debian's chromium and
python3-pil, which scripts/setup.sh installs) is missing, or fails then
with FAIRY_REQUIRE_RENDER=1.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

THRESHOLD = 64
MAX_DIFFERENT = 0.005

# name, what it shows, fairyc arguments.
CASES = [
    ("board-chess",
     "a pawn on e2 of a chess board: moves, captures (a black piece on d3, "
     "and f3 where it would capture), the double step only as a first move",
     ["-x", "betza", "fmWfceFifmnD", "--board=8x8", "--from=e2",
      "--position=8/8/8/8/8/3p4/8/8", "--side=white", "--name=pawn"]),
    ("board-xiangqi",
     "a cannon on a xiangqi board (9x10 draws xiangqi): slides, and captures "
     "over a screen, with palaces and the river",
     ["-x", "betza", "mRcpR", "--board=9x10", "--from=b3",
      "--position=9/9/9/9/9/1p7/9/9/1P5p1/9", "--side=white",
      "--name=cannon"]),
    ("board-janggi",
     "a horse on a janggi board (--board-style=janggi): its leaps and the "
     "two a blocker stops",
     ["-x", "betza", "nN", "--board=9x10", "--board-style=janggi",
      "--from=e5", "--position=9/9/9/9/4p4/9/9/9/9/9", "--side=white",
      "--name=horse"]),
    ("board-shogi",
     "a dragon king on a shogi board (--board-style=shogi): rook slides "
     "stopped by a piece it captures, and diagonal steps",
     ["-x", "betza", "RF", "--board=9x9", "--board-style=shogi",
      "--from=e5", "--position=9/9/4p4/9/9/9/9/9/9", "--side=white",
      "--name=dragon"]),
    ("kinds-lion",
     "Chu Shogi's lion among pieces: captures on the way (igui and double "
     "captures) beside its two-step moves",
     ["-x", "betza", "KNADcaKmcabK", "--board=7x7", "--from=d4",
      "--position=7/7/2p4/4p2/7/7/7", "--side=white", "--name=lion"]),
]


def skip(why):
    """Exit 77 (ctest: skipped) with the reason; with FAIRY_REQUIRE_RENDER=1
    (scripts/fresh-check.sh) a test that cannot run fails instead."""
    if os.environ.get("FAIRY_REQUIRE_RENDER") == "1":
        print("FAILED (FAIRY_REQUIRE_RENDER=1): " + why)
        sys.exit(1)
    print("SKIPPED: " + why)
    sys.exit(77)


def svg_size(svg):
    m = re.search(r'<svg[^>]* width="(\d+)" height="(\d+)"', svg)
    return int(m.group(1)), int(m.group(2))


def render(chromium, svg_path, png_path, size, profile):
    subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu",
         "--hide-scrollbars", "--force-device-scale-factor=1",
         "--user-data-dir=" + profile,
         "--window-size=%d,%d" % size, "--screenshot=" + png_path,
         "file://" + os.path.abspath(svg_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120,
        check=True)


def compare(Image, ImageChops, actual, expected, diff_path):
    a = Image.open(actual).convert("RGB")
    e = Image.open(expected).convert("RGB")
    if a.size != e.size:
        return "size %dx%d, expected %dx%d" % (a.size + e.size)
    d = ImageChops.difference(a, e)
    bands = [b.point(lambda v: 255 if v > THRESHOLD else 0) for b in d.split()]
    mask = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    different = mask.histogram()[255]
    share = different / (a.size[0] * a.size[1])
    if share > MAX_DIFFERENT:
        mask.save(diff_path)
        return "%d pixels (%.2f%%) differ, more than %.2f%%" % (
            different, 100 * share, 100 * MAX_DIFFERENT)
    return None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    fairyc, outdir = sys.argv[1], sys.argv[2]
    update = "--update" in sys.argv[3:]
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    images = os.path.join(root, "docs", "images")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        skip("Chromium is not installed (Debian package chromium; "
             "scripts/setup.sh installs it)")
    try:
        from PIL import Image, ImageChops
    except ImportError:
        skip("Pillow is not installed for %s (Debian package python3-pil)"
             % sys.executable)
    os.makedirs(outdir, exist_ok=True)
    failures = 0
    with tempfile.TemporaryDirectory() as profile:
        for name, what, args in CASES:
            svg = os.path.join(outdir, name + ".svg")
            png = os.path.join(outdir, name + ".png")
            subprocess.run([fairyc, *args, "--emit=svg", "-o", svg],
                           check=True)
            render(chromium, svg, png, svg_size(open(svg).read()), profile)
            expected = os.path.join(images, name + ".png")
            if update:
                shutil.copyfile(png, expected)
                print("updated %s (%s)" % (expected, what))
                continue
            if not os.path.exists(expected):
                print("FAIL %s: no expected image %s (run with --update)"
                      % (name, expected))
                failures += 1
                continue
            why = compare(Image, ImageChops, png, expected,
                          os.path.join(outdir, name + ".diff.png"))
            if why:
                print("FAIL %s: %s; actual %s, expected %s" % (
                    name, why, png, expected))
                failures += 1
            else:
                print("ok %s: %s" % (name, what))
    print("svg-render: %d of %d pictures as expected"
          % (len(CASES) - failures, len(CASES)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
