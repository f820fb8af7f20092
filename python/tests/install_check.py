#!/usr/bin/env python3
"""ctest's `python-install` test: installs python/ the way README.md and
docs/python.md say (a venv with Debian's packages, pip without build
isolation, offline), then imports it against fairyc's installed prefix
(found through PATH, then through pkg-config) and runs the example.

Usage: install_check.py PREFIX WORKDIR
Exit status 77 (skipped) when python3-venv or pip is missing.
"""
import ctypes.util
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        print("FAILED: %s\n%s%s" % (" ".join(args), r.stdout, r.stderr))
        sys.exit(1)
    return r.stdout


def main():
    prefix, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    # A copy, so that pip's build/ and egg-info stay out of the source tree.
    src = os.path.join(work, "python")
    shutil.copytree(SOURCE, src, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__", ".pytest_cache"))
    venv = os.path.join(work, "venv")
    r = subprocess.run([sys.executable, "-m", "venv",
                        "--system-site-packages", venv],
                       capture_output=True, text=True)
    if r.returncode != 0:
        print("SKIPPED: python3 -m venv failed (python3-venv missing?)")
        print(r.stderr)
        sys.exit(77)
    python = os.path.join(venv, "bin", "python")
    if subprocess.run([python, "-m", "pip", "--version"],
                      capture_output=True).returncode != 0:
        print("SKIPPED: pip is missing in the venv (python3-pip)")
        sys.exit(77)
    # --no-index: nothing is downloaded, as on a machine offline.
    run([python, "-m", "pip", "install", "--no-build-isolation",
         "--no-index", "--no-cache-dir", src])
    env = dict(os.environ)
    for name in ("FAIRYC_LIBRARY", "PYTHONPATH", "PKG_CONFIG_PATH",
                 "LD_LIBRARY_PATH"):
        env.pop(name, None)
    show = ("import fairyc, sys; print(fairyc.library_path()); "
            "print(fairyc.__file__)")
    env_path = dict(env, PATH=os.path.join(prefix, "bin") + os.pathsep +
                    env.get("PATH", ""))
    env_pc = dict(env, PKG_CONFIG_PATH=os.path.join(prefix, "lib",
                                                    "pkgconfig"))
    for how, e in (("PATH", env_path), ("pkg-config", env_pc)):
        lib, module = run([python, "-c", show], env=e, cwd=work).split()
        want = os.path.realpath(os.path.join(prefix, "lib", "libfairy.so"))
        if os.path.realpath(lib) != want or not module.startswith(venv):
            print("FAILED: through %s, fairyc %s loaded %s, not %s"
                  % (how, module, lib, want))
            sys.exit(1)
        print("through %s: %s" % (how, lib))
    # Nowhere to find it: the import says where it looked.
    if not ctypes.util.find_library("fairy") and not shutil.which("fairyc"):
        r = subprocess.run([python, "-c", "import fairyc"], env=env,
                           cwd=work, capture_output=True, text=True)
        if r.returncode == 0 or "libfairy was not found" not in r.stderr \
                or "a fairyc on PATH" not in r.stderr:
            print("FAILED: without a library, import fairyc said:\n"
                  + r.stderr)
            sys.exit(1)
        print("without: " + r.stderr.strip().splitlines()[-1][:60] + "...")
    # A library bundled into the package: installed with it, found first.
    bundled = os.path.join(work, "bundled")
    shutil.copytree(src, bundled)
    lib = os.path.realpath(os.path.join(prefix, "lib", "libfairy.so"))
    shutil.copy(lib, os.path.join(bundled, "fairyc", "libfairy.so"))
    venv2 = os.path.join(work, "venv-bundled")
    run([sys.executable, "-m", "venv", "--system-site-packages", venv2])
    python2 = os.path.join(venv2, "bin", "python")
    run([python2, "-m", "pip", "install", "--no-build-isolation",
         "--no-index", "--no-cache-dir", bundled])
    found = run([python2, "-c", show], env=env_path, cwd=work).split()[0]
    if found != os.path.join(venv2, "lib", "python%d.%d" % sys.version_info[:2],
                             "site-packages", "fairyc", "libfairy.so"):
        print("FAILED: the bundled library is not the one loaded: " + found)
        sys.exit(1)
    print("bundled: " + found)
    out = run([python, os.path.join(SOURCE, "examples", "where.py")],
              env=env_path, cwd=work)
    print(out, end="")
    print("PASSED: installed into a venv, found %s" % prefix)


if __name__ == "__main__":
    main()
