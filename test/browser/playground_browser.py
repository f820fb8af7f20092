#!/usr/bin/python3
"""Drives the playground's page in headless Chromium, as a reader would.

    playground_browser.py FAIRYC OUTDIR [--screenshot PNG] [--static DIR]

Starts `fairyc serve --port=0` (or, with --static, opens DIR/index.html
from file://: the static page scripts/build-wasm.sh writes, answered by
fairyc's WebAssembly module in the page, no server), then runs
drive_page.cjs (Node.js, with the
npm package puppeteer-core driving Debian's Chromium): it types a notation,
places the piece and other pieces by clicking the board, reads the
destinations drawn in the page's SVG and compares them with
`fairyc --emit=json` on the same position, opens the permalink and finds
the same picture, and types a bad notation and checks the diagnostic shown.
OUTDIR/playground.png (OUTDIR/playground-static.png for the static page:
the two tests share OUTDIR and its puppeteer-core) is a screenshot of the
page; --screenshot writes it there too (docs/images/playground.png is made
so).

puppeteer-core is installed into OUTDIR on first run (npm, like the
conformance tests' ffish). Exits 77 with "SKIPPED: ..." when Chromium,
Node.js or npm is missing or npm cannot reach its registry; fails instead
with FAIRY_REQUIRE_RENDER=1 (scripts/fresh-check.sh).
"""
import os
import re
import shutil
import subprocess
import sys
import urllib.request

PUPPETEER_VERSION = "24.43.1"  # the newest that runs on Debian 12's Node 18
HERE = os.path.dirname(os.path.abspath(__file__))


def skip(why, detail=""):
    if detail:
        sys.stderr.write(detail + "\n")
    if os.environ.get("FAIRY_REQUIRE_RENDER") == "1":
        print("FAILED (FAIRY_REQUIRE_RENDER=1): " + why)
        sys.exit(1)
    print("SKIPPED: " + why)
    sys.exit(77)


def find_chromium():
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    skip("Chromium is not installed (scripts/setup.sh installs Debian's "
         "chromium)")


def install_puppeteer(outdir):
    module = os.path.join(outdir, "node_modules", "puppeteer-core")
    if os.path.isfile(os.path.join(module, "package.json")):
        return
    if not shutil.which("node") or not shutil.which("npm"):
        skip("Node.js or npm is not installed (scripts/setup.sh installs "
             "them)")
    os.makedirs(outdir, exist_ok=True)
    # No browser download: the page is driven in Debian's Chromium.
    env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1")
    r = subprocess.run(["npm", "install", "--prefix", outdir, "--no-save",
                        "--no-audit", "--no-fund",
                        "puppeteer-core@" + PUPPETEER_VERSION],
                       capture_output=True, text=True, timeout=600, env=env)
    if r.returncode != 0 or not os.path.isdir(module):
        skip("npm could not install puppeteer-core@%s (is the npm registry "
             "reachable?)" % PUPPETEER_VERSION, r.stderr)


def drive(url, fairyc, chromium, outdir, screenshot, name):
    """Runs drive_page.cjs on the page at url, its screenshot OUTDIR/name;
    its exit status."""
    shot = os.path.join(outdir, name)
    r = subprocess.run(["node", os.path.join(HERE, "drive_page.cjs"),
                        url, fairyc, chromium, outdir, shot],
                       timeout=240)
    if r.returncode == 0 and screenshot:
        shutil.copyfile(shot, screenshot)
        print("wrote " + screenshot)
    return r.returncode


def main():
    args = sys.argv[1:]
    screenshot = None
    if "--screenshot" in args:
        i = args.index("--screenshot")
        screenshot = os.path.abspath(args[i + 1])
        del args[i:i + 2]
    static = None
    if "--static" in args:
        i = args.index("--static")
        static = os.path.abspath(args[i + 1])
        del args[i:i + 2]
    fairyc, outdir = os.path.abspath(args[0]), os.path.abspath(args[1])
    chromium = find_chromium()
    install_puppeteer(outdir)
    if static:
        index = os.path.join(static, "index.html")
        if not os.path.isfile(index):
            print("FAILED: no static page at %s (scripts/build-wasm.sh "
                  "writes it)" % index)
            return 1
        return drive("file://" + urllib.request.pathname2url(index), fairyc,
                     chromium, outdir, screenshot, "playground-static.png")

    server = subprocess.Popen([fairyc, "serve", "--port=0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        line = server.stdout.readline()
        m = re.search(r"(http://\S+/)", line)
        if not m:
            print("FAILED: fairyc serve said %r" % line)
            return 1
        return drive(m.group(1), fairyc, chromium, outdir, screenshot,
                     "playground.png")
    finally:
        server.terminate()
        server.communicate(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
